import fc from "fast-check";
import { describe, it } from "vitest";
import {
  calculate,
  MAX_DEPTH,
  MAX_EXPRESSION_CHARS,
  namesOf,
  parseExpression,
  PRECISION,
} from "../../../shared/tools/decimal-eval.ts";

// Exact rational reference: numerator/denominator as BigInt, denominator > 0.
interface Rational {
  n: bigint;
  d: bigint;
}
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
function rat(n: bigint, d: bigint): Rational {
  const sign = d < 0n ? -1n : 1n;
  const g = gcd(n, d) || 1n;
  return { n: (sign * n) / g, d: (sign * d) / g };
}
function parseRational(text: string): Rational {
  const negative = text.startsWith("-");
  const [whole = "0", fraction = ""] = text.replace(/^-/, "").split(".");
  const scale = 10n ** BigInt(fraction.length);
  const n = BigInt(whole) * scale + BigInt(fraction === "" ? "0" : fraction);
  return rat(negative ? -n : n, scale);
}
const add = (a: Rational, b: Rational) => rat(a.n * b.d + b.n * a.d, a.d * b.d);
const sub = (a: Rational, b: Rational) => rat(a.n * b.d - b.n * a.d, a.d * b.d);
const mul = (a: Rational, b: Rational) => rat(a.n * b.n, a.d * b.d);
const div = (a: Rational, b: Rational) => (b.n === 0n ? null : rat(a.n * b.d, a.d * b.n));
/** Truncated remainder (the sign of the dividend), as decimal.js and JavaScript's %. */
function mod(a: Rational, b: Rational): Rational | null {
  const q = div(a, b);
  return q === null ? null : sub(a, mul(b, rat(q.n / q.d, 1n)));
}
function power(base: Rational, exponent: number): Rational | null {
  if (base.n === 0n && exponent < 0) {
    return null;
  }
  const k = BigInt(Math.abs(exponent));
  const up = rat(base.n ** k, base.d ** k);
  return exponent < 0 ? div(rat(1n, 1n), up) : up;
}

type Tree =
  | { leaf: string }
  | { op: "+" | "-" | "*" | "/" | "%"; left: Tree; right: Tree }
  | { op: "^"; base: Tree; exponent: number };

const leaf = fc
  .tuple(fc.integer({ min: -99_999, max: 99_999 }), fc.integer({ min: 0, max: 3 }))
  .map(([n, places]): Tree => {
    const digits = Math.abs(n)
      .toString()
      .padStart(places + 1, "0");
    const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
    return { leaf: n < 0 ? `-${text}` : text };
  });
const { tree } = fc.letrec<{ tree: Tree }>((t) => ({
  tree: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.record({ op: fc.constantFrom("+", "-", "*", "/", "%"), left: t("tree"), right: t("tree") }),
    fc.record({ op: fc.constant("^"), base: t("tree"), exponent: fc.integer({ min: -3, max: 3 }) }),
  ),
}));

function show(t: Tree): string {
  if ("leaf" in t) {
    return t.leaf.startsWith("-") ? `(${t.leaf})` : t.leaf;
  }
  if (t.op === "^") {
    return `(${show(t.base)} ^ ${t.exponent})`;
  }
  return `(${show(t.left)} ${t.op} ${show(t.right)})`;
}
/** Significant digits of a terminating rational (Infinity when it does not terminate). */
function digits(r: Rational): number {
  if (!terminates(r)) {
    return Number.POSITIVE_INFINITY;
  }
  let scale = 1n;
  while ((r.n * scale) % r.d !== 0n) {
    scale *= 10n;
  }
  const m = abs((r.n * scale) / r.d)
    .toString()
    .replace(/0+$/, "");
  return Math.max(1, m.length);
}

/**
 * The exact value (null: a division by zero), and whether some intermediate
 * needs more than PRECISION digits, where the evaluator must round.
 */
function reference(t: Tree): { value: Rational | null; inexact: boolean } {
  const step = (value: Rational | null, inexact: boolean) => ({
    value,
    inexact: inexact || (value !== null && digits(value) > PRECISION),
  });
  if ("leaf" in t) {
    return step(parseRational(t.leaf), false);
  }
  if (t.op === "^") {
    const base = reference(t.base);
    return base.value === null ? base : step(power(base.value, t.exponent), base.inexact);
  }
  const a = reference(t.left);
  const b = reference(t.right);
  if (a.value === null || b.value === null) {
    return { value: null, inexact: a.inexact || b.inexact };
  }
  const ops = { "+": add, "-": sub, "*": mul, "/": div, "%": mod };
  return step(ops[t.op](a.value, b.value), a.inexact || b.inexact);
}

const abs = (x: bigint) => (x < 0n ? -x : x);
/** Only 2s and 5s in the denominator: the decimal expansion terminates. */
function terminates(r: Rational): boolean {
  let d = r.d;
  for (const p of [2n, 5n]) {
    while (d % p === 0n) {
      d /= p;
    }
  }
  return d === 1n;
}

describe("calculate: exact decimal arithmetic", () => {
  it.for([
    ["0.1 + 0.2", "0.3"],
    ["2 + 3 * 4", "14"],
    ["(2 + 3) * 4", "20"],
    ["-2^2", "-4"],
    ["2^3^2", "512"],
    ["2^-1", "0.5"],
    ["10 % 3", "1"],
    ["-7 % 3", "-1"],
    ["7 / 2", "3.5"],
    ["min(3, 1, 2) + max(4, -5)", "5"],
    ["abs(-3.25)", "3.25"],
    ["round(2.5) + round(-2.5)", "0"],
    ["round(1.005, 2)", "1.01"],
    ["round(2.345, 2)", "2.35"],
    ["1e3 + .5", "1000.5"],
    ["123456789012345678901234567890 + 1", "123456789012345678901234567891"],
    ["0 * -1", "0"],
    ["--3", "3"],
  ] as const)("evaluates %s to %s exactly", ([expression, expected], { expect }) => {
    expect(calculate(expression)).toEqual({ ok: true, value: { value: expected, rounded: false } });
  });

  it("flags a result that had to be rounded to the precision", ({ expect }) => {
    const third = calculate("1 / 3");
    expect(third.ok && third.value).toEqual({ value: `0.${"3".repeat(PRECISION)}`, rounded: true });
  });

  it("binds names to decimal strings and lists the names it reads", ({ expect }) => {
    const parsed = parseExpression("b * (a + b) - max(c, a)");
    expect(parsed.ok && namesOf(parsed.value)).toEqual(["a", "b", "c"]);
    const values = new Map([
      ["a", "30"],
      ["b", "-1.5"],
      ["c", "+2"],
    ]);
    expect(calculate("b * (a + b) - max(c, a)", values)).toEqual({
      ok: true,
      value: { value: "-72.75", rounded: false },
    });
  });

  it.for([
    ["", "EMPTY_EXPRESSION"],
    ["1 +", "SYNTAX_ERROR"],
    ["(1", "SYNTAX_ERROR"],
    ["1 $ 2", "SYNTAX_ERROR"],
    ["1 2", "SYNTAX_ERROR"],
    ["eval('1')", "SYNTAX_ERROR"],
    ["x + 1", "UNKNOWN_NAME"],
    ["constructor + 1", "UNKNOWN_NAME"],
    ["sqrt(4)", "UNKNOWN_FUNCTION"],
    ["abs(1, 2)", "BAD_ARGUMENTS"],
    ["min()", "BAD_ARGUMENTS"],
    ["round(1, 0.5)", "BAD_ARGUMENTS"],
    ["round(1, 65)", "BAD_ARGUMENTS"],
    ["1 / 0", "DIVISION_BY_ZERO"],
    ["5 % (2 - 2)", "DIVISION_BY_ZERO"],
    ["0 ^ -1", "DIVISION_BY_ZERO"],
    ["(-8) ^ 0.5", "NOT_A_NUMBER"],
    ["1e5000", "OUT_OF_RANGE"],
    ["10^999 * 10^999", "OUT_OF_RANGE"],
    ["2 ^ 1001", "EXPONENT_TOO_LARGE"],
  ] as const)("refuses %j with %s", ([expression, code], { expect }) => {
    const result = calculate(expression);
    expect(result.ok ? "ok" : result.code).toBe(code);
    expect(!result.ok && result.message.length > 0).toBe(true);
  });

  it("stops exponent towers, nesting bombs and overlong expressions with typed errors", ({
    expect,
  }) => {
    const codeOf = (text: string) => {
      const r = calculate(text);
      return r.ok ? "ok" : r.code;
    };
    expect(codeOf("9^9^9^9")).toBe("EXPONENT_TOO_LARGE");
    expect(codeOf(`${"(".repeat(10_000)}1${")".repeat(10_000)}`)).toBe("EXPRESSION_TOO_LONG");
    expect(codeOf(`${"(".repeat(MAX_DEPTH + 1)}1${")".repeat(MAX_DEPTH + 1)}`)).toBe("TOO_DEEP");
    expect(codeOf(`${"(".repeat(MAX_DEPTH)}1${")".repeat(MAX_DEPTH)}`)).toBe("ok");
    expect(codeOf(`${"-".repeat(900)}1`)).toBe("TOO_DEEP");
    expect(codeOf(`${"2^".repeat(600)}2`)).toBe("TOO_DEEP");
    expect(codeOf(`${"min(".repeat(300)}1${")".repeat(300)}`)).toBe("TOO_DEEP");
    expect(codeOf("1".padEnd(MAX_EXPRESSION_CHARS + 1, " "))).toBe("EXPRESSION_TOO_LONG");
    // Powers of long operands: answered (rounded), not computed digit by digit for ages.
    const long = calculate(`1.${"0".repeat(1_900)}1 ^ 1000`);
    expect(long.ok && long.value.rounded).toBe(true);
    expect(codeOf(`(${"9".repeat(400)}) ^ 2`)).toBe("ok");
    // A long but flat expression is fine: 1000 additions.
    expect(calculate(`${"1+".repeat(999)}1`)).toEqual({
      ok: true,
      value: { value: "1000", rounded: false },
    });
  });

  it("agrees with exact rational arithmetic wherever the exact value fits the precision", ({
    expect,
  }) => {
    fc.assert(
      fc.property(tree, (t) => {
        const expression = show(t);
        if (expression.length > MAX_EXPRESSION_CHARS) {
          return;
        }
        const exact = reference(t);
        const result = calculate(expression);
        const outcome = result.ok ? "ok" : result.code;
        if (exact.inexact) {
          // Rounding happened on the way: a result that does not say "rounded" must
          // still be exact (e.g. x^0); a bound may refuse a rounded divisor near zero.
          if (!result.ok) {
            expect(["DIVISION_BY_ZERO", "OUT_OF_RANGE"]).toContain(outcome);
          } else if (!result.value.rounded) {
            expect(exact.value && parseRational(result.value.value)).toEqual(exact.value);
          }
          return;
        }
        if (exact.value === null) {
          expect(outcome).toBe("DIVISION_BY_ZERO");
          return;
        }
        if (!result.ok) {
          // Only magnitude bounds may refuse a well-formed expression over small numbers.
          expect(outcome).toBe("OUT_OF_RANGE");
          return;
        }
        expect(result.value.rounded).toBe(false);
        expect(parseRational(result.value.value)).toEqual(exact.value);
      }),
      { numRuns: 1_000 },
    );
  });

  it("rounds a non-terminating quotient to the nearest value at the precision", ({ expect }) => {
    const nonZero = fc.integer({ min: -999_999, max: 999_999 }).filter((n) => n !== 0);
    fc.assert(
      fc.property(nonZero, nonZero, (a, b) => {
        const exact = rat(BigInt(a), BigInt(b));
        const result = calculate(`${a < 0 ? `(${a})` : a} / ${b < 0 ? `(${b})` : b}`);
        expect(result.ok).toBe(true);
        if (!result.ok) {
          return;
        }
        expect(result.value.rounded).toBe(!terminates(exact));
        // |got - exact| ≤ half a unit in the 64th significant digit: |error| ≤ |exact| × 10^-63.
        const error = sub(parseRational(result.value.value), exact);
        expect(abs(error.n) * exact.d * 10n ** 63n <= abs(exact.n) * error.d).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
