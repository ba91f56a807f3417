// Exact decimal arithmetic for the `calculate` tool: evaluates expressions parsed
// by shared/tools/decimal-parse.ts with decimal.js, bounded in exponents and
// magnitude, and flags rounded results. Called by durable-objects/session/tools/calculate.ts.
import Decimal from "decimal.js";
import {
  CalcError,
  FUNCTIONS,
  guarded,
  parseExpression,
  type CalcErrorCode,
  type Expr,
} from "./decimal-parse.ts";
import type { Result } from "../base/result.ts";

export {
  FUNCTIONS,
  MAX_DEPTH,
  MAX_EXPRESSION_CHARS,
  namesOf,
  parseExpression,
  type CalcErrorCode,
  type Expr,
} from "./decimal-parse.ts";

/** |exponent| of `^`: 10^1000 is far beyond any quantity a mission computes. */
export const MAX_EXPONENT = 1_000;
/** Results and intermediates stay within 10^±1000 (decimal.js itself goes to 9e15). */
export const MAX_MAGNITUDE_EXPONENT = 1_000;
/** Significant digits: sums and products of 30-digit amounts stay exact. */
export const PRECISION = 64;
/**
 * Precision at which + - * % of any two operands is exact: a 2,000-character
 * expression holds literals of at most 2,000 digits, a product of two has 4,000
 * and a rounded intermediate has PRECISION. Each operation is redone at this
 * precision to learn whether the PRECISION result was rounded.
 */
const WIDE_PRECISION = 4_200;
/** Fractional powers are irrational almost always: agreement at this precision counts as exact. */
const CHECK_PRECISION = 96;
/** round(x, places): places in 0..MAX_ROUND_PLACES. */
export const MAX_ROUND_PLACES = 64;

const SIGNED_LITERAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** True when `text` is a (signed) decimal literal the evaluator accepts as a value. */
export function isDecimalText(text: string): boolean {
  return SIGNED_LITERAL.test(text.trim());
}

type DecimalCtor = typeof Decimal;

/** Long operands are cut in messages: an error names the value, it does not reprint it. */
function short(text: string): string {
  return text.length > 40 ? `${text.slice(0, 20)}…${text.slice(-10)}` : text;
}

/** Evaluates at PRECISION; `flags.rounded` turns true when any step had to round. */
function evaluateWith(
  D: DecimalCtor,
  expr: Expr,
  values: ReadonlyMap<string, string>,
  flags: { rounded: boolean },
): Decimal {
  const checked = (d: Decimal): Decimal => {
    if (d.isNaN()) {
      throw new CalcError(
        "NOT_A_NUMBER",
        "the result is not a real number (e.g. a negative base to a fractional power)",
        "Raise negative numbers to whole powers only, or take abs() first.",
      );
    }
    if (!d.isFinite() || (!d.isZero() && Math.abs(d.e) > MAX_MAGNITUDE_EXPONENT)) {
      throw new CalcError(
        "OUT_OF_RANGE",
        `a value beyond 10^±${MAX_MAGNITUDE_EXPONENT} came up`,
        "Check the expression's units and exponents.",
      );
    }
    return d;
  };
  const literal = (text: string): Decimal => {
    const exponent = /[eE]([+-]?\d+)$/.exec(text);
    if (exponent?.[1] !== undefined && Math.abs(Number(exponent[1])) > MAX_MAGNITUDE_EXPONENT) {
      throw new CalcError(
        "OUT_OF_RANGE",
        `the literal ${short(text)} is beyond 10^±${MAX_MAGNITUDE_EXPONENT}`,
        "Check the value's units; numbers this large or small describe no real quantity.",
      );
    }
    return checked(new D(text));
  };
  const ev = (e: Expr): Decimal => {
    switch (e.type) {
      case "num":
        return literal(e.text);
      case "name": {
        const value = values.get(e.name);
        if (value === undefined) {
          throw new CalcError(
            "UNKNOWN_NAME",
            `${e.name} is not bound to a value`,
            `Bind it in values, e.g. {"${e.name}": "an.artifact.key"} or {"${e.name}": "12.5"}.`,
          );
        }
        return literal(value.trim().replace(/^\+/, ""));
      }
      case "neg":
        return ev(e.arg).neg();
      case "bin": {
        const a = ev(e.left);
        const b = ev(e.right);
        const result = checked(binary(D, e.op, a, b));
        if (!flags.rounded && !isExact(e.op, a, b, result)) {
          flags.rounded = true;
        }
        return result;
      }
      case "call":
        return checked(call(D, e.fn, e.args.map(ev)));
    }
  };
  return ev(expr);
}

function binary(D: DecimalCtor, op: string, a: Decimal, b: Decimal): Decimal {
  switch (op) {
    case "+":
      return a.plus(b);
    case "-":
      return a.minus(b);
    case "*":
      return a.times(b);
    case "/":
    case "%":
      if (b.isZero()) {
        throw new CalcError(
          "DIVISION_BY_ZERO",
          `${op === "/" ? "division" : "modulo"} by zero`,
          "Check the divisor's artifact value, or guard with max(divisor, …).",
        );
      }
      return op === "/" ? a.div(b) : a.mod(b);
    default: {
      if (b.abs().gt(MAX_EXPONENT)) {
        throw new CalcError(
          "EXPONENT_TOO_LARGE",
          `exponent ${short(b.toString())} is beyond ±${MAX_EXPONENT}`,
          "Exponents this large never describe a real quantity; check the expression.",
        );
      }
      if (a.isZero() && b.isNeg()) {
        throw new CalcError(
          "DIVISION_BY_ZERO",
          "zero to a negative power",
          "Check the base's value: 0^-n divides by zero.",
        );
      }
      // Bound the magnitude before decimal.js computes it: |a|^b has about b×log10|a| digits.
      const digits = b.abs().toNumber() * Math.max(Math.abs(a.e), 1);
      if (!a.isZero() && digits > MAX_MAGNITUDE_EXPONENT * 2 && a.abs().gt(1) === b.isPos()) {
        throw new CalcError(
          "OUT_OF_RANGE",
          `${short(a.toString())}^${short(b.toString())} is beyond 10^±${MAX_MAGNITUDE_EXPONENT}`,
          "Check the expression's units and exponents.",
        );
      }
      return D.pow(a, b);
    }
  }
}

/** Whether `result` (computed at PRECISION) is the exact value of `a op b`. */
function isExact(op: string, a: Decimal, b: Decimal, result: Decimal): boolean {
  switch (op) {
    case "+":
      return Wide.add(a, b).eq(result);
    case "-":
      return Wide.sub(a, b).eq(result);
    case "*":
      return Wide.mul(a, b).eq(result);
    case "%":
      return Wide.mod(a, b).eq(result);
    case "/":
      // The quotient is exact iff multiplying it back gives the dividend (exact at WIDE_PRECISION).
      return Wide.mul(result, b).eq(a);
    default: {
      if (!b.isInteger()) {
        return Check.pow(a, b).eq(result);
      }
      // Past WIDE_PRECISION digits the exact power cannot fit PRECISION: with d > 1
      // significant digits (no trailing zeros) a^n has at least n(d-1)+1 of them,
      // and 1/a^n (d ≥ 5 here, as n ≤ MAX_EXPONENT) either never terminates or
      // has hundreds. Skipping the wide power keeps hostile inputs cheap.
      return a.sd() * b.abs().toNumber() > WIDE_PRECISION ? false : Wide.pow(a, b).eq(result);
    }
  }
}

function call(D: DecimalCtor, fn: string, args: Decimal[]): Decimal {
  const [first, second] = args;
  switch (fn) {
    case "min":
    case "max":
      if (first === undefined) {
        throw new CalcError(
          "BAD_ARGUMENTS",
          `${fn}() needs at least one value`,
          `Write ${fn}(a, b).`,
        );
      }
      return fn === "min" ? D.min(...args) : D.max(...args);
    case "abs":
      if (first === undefined || args.length !== 1) {
        throw new CalcError("BAD_ARGUMENTS", "abs(x) takes exactly one value", "Write abs(a - b).");
      }
      return first.abs();
    case "round": {
      if (first === undefined || args.length > 2) {
        throw new CalcError(
          "BAD_ARGUMENTS",
          "round(x) or round(x, places) takes one or two values",
          "Write round(a / 3, 2).",
        );
      }
      const places = second ?? new D(0);
      if (!places.isInteger() || places.isNeg() || places.gt(MAX_ROUND_PLACES)) {
        throw new CalcError(
          "BAD_ARGUMENTS",
          `round's places must be a whole number from 0 to ${MAX_ROUND_PLACES}, not ${short(places.toString())}`,
          "Write round(x, 2) for cents.",
        );
      }
      // Half away from zero, as people round amounts by hand: round(2.5) = 3, round(-2.5) = -3.
      return first.toDecimalPlaces(places.toNumber(), D.ROUND_HALF_UP);
    }
    default:
      throw new CalcError(
        "UNKNOWN_FUNCTION",
        `${fn}() is not a function here`,
        `Use ${FUNCTIONS.join(", ")}.`,
      );
  }
}

const Exact = Decimal.clone({
  precision: PRECISION,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpPos: 9e15,
  toExpNeg: -9e15,
});
const Wide = Decimal.clone({
  precision: WIDE_PRECISION,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpPos: 9e15,
  toExpNeg: -9e15,
});
const Check = Decimal.clone({
  precision: CHECK_PRECISION,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpPos: 9e15,
  toExpNeg: -9e15,
});

export interface Calculation {
  /** The result in plain decimal notation (no exponent), "-0" normalised to "0". */
  value: string;
  /**
   * True when some step needed more than PRECISION significant digits and was
   * rounded (a non-terminating quotient, a long product). Exact for + - * / % and
   * whole powers; for fractional powers, agreement at CHECK_PRECISION digits counts as exact.
   */
  rounded: boolean;
}

/** Evaluates a parsed expression with names bound to decimal strings. Deterministic. */
export function evaluateExpression(
  expr: Expr,
  values: ReadonlyMap<string, string>,
): Result<Calculation, CalcErrorCode> {
  return guarded(() => {
    const flags = { rounded: false };
    const value = evaluateWith(Exact, expr, values, flags);
    return { value: formatDecimal(value), rounded: flags.rounded };
  });
}

/** Plain notation, never exponential; -0 prints as 0. */
export function formatDecimal(value: Decimal): string {
  return value.isZero() ? "0" : value.toFixed();
}

/** Parses and evaluates in one go (tests and callers with literal values). */
export function calculate(
  text: string,
  values: ReadonlyMap<string, string> = new Map(),
): Result<Calculation, CalcErrorCode> {
  const parsed = parseExpression(text);
  return parsed.ok ? evaluateExpression(parsed.value, values) : parsed;
}
