// Exact decimal arithmetic for the `calculate` tool: a hand-written
// recursive-descent parser (never eval) and a decimal.js evaluator with bounds on
// length, nesting, exponents and magnitude. Called by shared/tools/run/calculate.ts.
import Decimal from "decimal.js";
import { err, ok, type Result } from "../result.ts";

/** Same bound as the tool schema's `expression` (CalculateArgsSchema). */
export const MAX_EXPRESSION_CHARS = 2_000;
/** Nesting of parentheses, unary signs and powers; real formulas stay under ten. */
export const MAX_DEPTH = 64;
/** |exponent| of `^`: 10^1000 is far beyond any quantity a mission computes. */
export const MAX_EXPONENT = 1_000;
/** Results and intermediates stay within 10^±1000 (decimal.js itself goes to 9e15). */
export const MAX_MAGNITUDE_EXPONENT = 1_000;
/** Significant digits: sums and products of 30-digit amounts stay exact. */
export const PRECISION = 64;
/** A second evaluation at this precision detects results that were rounded at PRECISION. */
const CHECK_PRECISION = 96;
/** round(x, places): places in 0..MAX_ROUND_PLACES. */
export const MAX_ROUND_PLACES = 64;

export type CalcErrorCode =
  | "EMPTY_EXPRESSION"
  | "EXPRESSION_TOO_LONG"
  | "SYNTAX_ERROR"
  | "TOO_DEEP"
  | "UNKNOWN_NAME"
  | "UNKNOWN_FUNCTION"
  | "BAD_ARGUMENTS"
  | "DIVISION_BY_ZERO"
  | "EXPONENT_TOO_LARGE"
  | "OUT_OF_RANGE"
  | "NOT_A_NUMBER";

export type Expr =
  | { type: "num"; text: string }
  | { type: "name"; name: string; start: number; end: number }
  | { type: "neg"; arg: Expr }
  | { type: "bin"; op: "+" | "-" | "*" | "/" | "%" | "^"; left: Expr; right: Expr }
  | { type: "call"; fn: string; args: Expr[] };

export const FUNCTIONS = ["min", "max", "abs", "round"] as const;
/** A decimal literal as the parser and the bindings accept it (no sign: that is unary minus). */
export const DECIMAL_LITERAL = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const SIGNED_LITERAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

class CalcError extends Error {
  readonly code: CalcErrorCode;
  readonly hint: string | undefined;
  constructor(code: CalcErrorCode, message: string, hint?: string) {
    super(message);
    this.code = code;
    this.hint = hint;
  }
}

type Token =
  | { type: "num"; text: string; start: number; end: number }
  | { type: "name"; text: string; start: number; end: number }
  | { type: "op"; text: string; start: number; end: number };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const number = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
  const name = /[A-Za-z_][A-Za-z0-9_]*/y;
  let i = 0;
  while (i < text.length) {
    const c = text.charAt(i);
    if (c === " " || c === "\t" || c === "\n" || c === "\r") {
      i++;
      continue;
    }
    number.lastIndex = i;
    name.lastIndex = i;
    const n = number.exec(text);
    if (n !== null) {
      tokens.push({ type: "num", text: n[0], start: i, end: i + n[0].length });
      i += n[0].length;
      continue;
    }
    const id = name.exec(text);
    if (id !== null) {
      tokens.push({ type: "name", text: id[0], start: i, end: i + id[0].length });
      i += id[0].length;
      continue;
    }
    if ("+-*/%^(),".includes(c)) {
      tokens.push({ type: "op", text: c, start: i, end: i + 1 });
      i++;
      continue;
    }
    throw new CalcError(
      "SYNTAX_ERROR",
      `unexpected character ${JSON.stringify(c)} at ${i + 1}`,
      "Use numbers, names, + - * / % ^, parentheses and min, max, abs, round.",
    );
  }
  return tokens;
}

class Parser {
  readonly #tokens: Token[];
  #at = 0;
  #depth = 0;

  constructor(tokens: Token[]) {
    this.#tokens = tokens;
  }

  parse(): Expr {
    const expr = this.#sum();
    const extra = this.#tokens[this.#at];
    if (extra !== undefined) {
      throw new CalcError(
        "SYNTAX_ERROR",
        `unexpected ${JSON.stringify(extra.text)} at ${extra.start + 1}`,
      );
    }
    return expr;
  }

  #peek(): Token | undefined {
    return this.#tokens[this.#at];
  }

  #isOp(text: string): boolean {
    const t = this.#peek();
    return t !== undefined && t.type === "op" && t.text === text;
  }

  #expect(text: string): void {
    const t = this.#peek();
    if (t === undefined || t.type !== "op" || t.text !== text) {
      const where = t === undefined ? "the end" : `${JSON.stringify(t.text)} at ${t.start + 1}`;
      throw new CalcError("SYNTAX_ERROR", `expected ${JSON.stringify(text)} but found ${where}`);
    }
    this.#at++;
  }

  #enter(): void {
    this.#depth++;
    if (this.#depth > MAX_DEPTH) {
      throw new CalcError(
        "TOO_DEEP",
        `nesting deeper than ${MAX_DEPTH} levels`,
        "Split the computation into several calculate calls.",
      );
    }
  }

  #sum(): Expr {
    let left = this.#product();
    while (this.#isOp("+") || this.#isOp("-")) {
      const op = this.#isOp("+") ? "+" : "-";
      this.#at++;
      left = { type: "bin", op, left, right: this.#product() };
    }
    return left;
  }

  #product(): Expr {
    let left = this.#unary();
    while (this.#isOp("*") || this.#isOp("/") || this.#isOp("%")) {
      const t = this.#peek();
      const op = t?.text === "*" ? "*" : t?.text === "/" ? "/" : "%";
      this.#at++;
      left = { type: "bin", op, left, right: this.#unary() };
    }
    return left;
  }

  // Unary minus binds looser than ^, as in mathematics: -2^2 = -4.
  #unary(): Expr {
    if (this.#isOp("-") || this.#isOp("+")) {
      const negate = this.#isOp("-");
      this.#at++;
      this.#enter();
      const arg = this.#unary();
      this.#depth--;
      return negate ? { type: "neg", arg } : arg;
    }
    return this.#power();
  }

  // ^ is right-associative: 2^3^2 = 2^9.
  #power(): Expr {
    const base = this.#primary();
    if (!this.#isOp("^")) {
      return base;
    }
    this.#at++;
    this.#enter();
    const exponent = this.#unary();
    this.#depth--;
    return { type: "bin", op: "^", left: base, right: exponent };
  }

  #primary(): Expr {
    const t = this.#peek();
    if (t === undefined) {
      throw new CalcError("SYNTAX_ERROR", "the expression ends where a value was expected");
    }
    if (t.type === "num") {
      this.#at++;
      return { type: "num", text: t.text };
    }
    if (t.type === "name") {
      this.#at++;
      if (!this.#isOp("(")) {
        return { type: "name", name: t.text, start: t.start, end: t.end };
      }
      this.#at++;
      this.#enter();
      const args: Expr[] = [];
      if (!this.#isOp(")")) {
        args.push(this.#sum());
        while (this.#isOp(",")) {
          this.#at++;
          args.push(this.#sum());
        }
      }
      this.#expect(")");
      this.#depth--;
      return { type: "call", fn: t.text, args };
    }
    if (t.text === "(") {
      this.#at++;
      this.#enter();
      const inner = this.#sum();
      this.#expect(")");
      this.#depth--;
      return inner;
    }
    throw new CalcError("SYNTAX_ERROR", `unexpected ${JSON.stringify(t.text)} at ${t.start + 1}`);
  }
}

function guarded<T>(run: () => T): Result<T, CalcErrorCode> {
  try {
    return ok(run());
  } catch (error) {
    if (error instanceof CalcError) {
      return err(error.code, error.message, error.hint);
    }
    // Anything else is a bug in this module, not a bad expression: let it surface.
    throw error;
  }
}

/** Parses an expression; bounded in length and nesting before any recursion starts. */
export function parseExpression(text: string): Result<Expr, CalcErrorCode> {
  if (text.trim() === "") {
    return err("EMPTY_EXPRESSION", "the expression is empty", "Write e.g. a + b.");
  }
  if (text.length > MAX_EXPRESSION_CHARS) {
    return err(
      "EXPRESSION_TOO_LONG",
      `the expression has ${text.length} characters, more than ${MAX_EXPRESSION_CHARS}`,
      "Split it into several calculate calls and save intermediate results as artifacts.",
    );
  }
  return guarded(() => new Parser(tokenize(text)).parse());
}

/** The names an expression reads, sorted and unique (function names excluded). */
export function namesOf(expr: Expr): string[] {
  const names = new Set<string>();
  const walk = (e: Expr): void => {
    switch (e.type) {
      case "name":
        names.add(e.name);
        return;
      case "neg":
        walk(e.arg);
        return;
      case "bin":
        walk(e.left);
        walk(e.right);
        return;
      case "call":
        e.args.forEach(walk);
        return;
      case "num":
        return;
    }
  };
  walk(expr);
  return [...names].sort();
}

/** True when `text` is a (signed) decimal literal the evaluator accepts as a value. */
export function isDecimalText(text: string): boolean {
  return SIGNED_LITERAL.test(text.trim());
}

type DecimalCtor = typeof Decimal;

function evaluateWith(D: DecimalCtor, expr: Expr, values: ReadonlyMap<string, string>): Decimal {
  const checked = (d: Decimal): Decimal => {
    if (d.isNaN()) {
      throw new CalcError(
        "NOT_A_NUMBER",
        "the result is not a real number (e.g. a negative base to a fractional power)",
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
        `the literal ${text} is beyond 10^±${MAX_MAGNITUDE_EXPONENT}`,
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
      case "bin":
        return checked(binary(D, e.op, ev(e.left), ev(e.right)));
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
        throw new CalcError("DIVISION_BY_ZERO", `${op === "/" ? "division" : "modulo"} by zero`);
      }
      return op === "/" ? a.div(b) : a.mod(b);
    default: {
      if (b.abs().gt(MAX_EXPONENT)) {
        throw new CalcError(
          "EXPONENT_TOO_LARGE",
          `exponent ${b.toString()} is beyond ±${MAX_EXPONENT}`,
          "Exponents this large never describe a real quantity; check the expression.",
        );
      }
      if (a.isZero() && b.isNeg()) {
        throw new CalcError("DIVISION_BY_ZERO", "zero to a negative power");
      }
      // Bound the magnitude before decimal.js computes it: |a|^b has about b×log10|a| digits.
      const digits = b.abs().toNumber() * Math.max(Math.abs(a.e), 1);
      if (!a.isZero() && digits > MAX_MAGNITUDE_EXPONENT * 2 && a.abs().gt(1) === b.isPos()) {
        throw new CalcError(
          "OUT_OF_RANGE",
          `${a.toString()}^${b.toString()} is beyond 10^±${MAX_MAGNITUDE_EXPONENT}`,
        );
      }
      return D.pow(a, b);
    }
  }
}

function call(D: DecimalCtor, fn: string, args: Decimal[]): Decimal {
  const [first, second] = args;
  switch (fn) {
    case "min":
    case "max":
      if (first === undefined) {
        throw new CalcError("BAD_ARGUMENTS", `${fn}() needs at least one value`);
      }
      return fn === "min" ? D.min(...args) : D.max(...args);
    case "abs":
      if (first === undefined || args.length !== 1) {
        throw new CalcError("BAD_ARGUMENTS", "abs(x) takes exactly one value");
      }
      return first.abs();
    case "round": {
      if (first === undefined || args.length > 2) {
        throw new CalcError(
          "BAD_ARGUMENTS",
          "round(x) or round(x, places) takes one or two values",
        );
      }
      const places = second ?? new D(0);
      if (!places.isInteger() || places.isNeg() || places.gt(MAX_ROUND_PLACES)) {
        throw new CalcError(
          "BAD_ARGUMENTS",
          `round's places must be a whole number from 0 to ${MAX_ROUND_PLACES}, not ${places.toString()}`,
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
const Check = Decimal.clone({
  precision: CHECK_PRECISION,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpPos: 9e15,
  toExpNeg: -9e15,
});

export interface Calculation {
  /** The result in plain decimal notation (no exponent), "-0" normalised to "0". */
  value: string;
  /** True when the result needed more than PRECISION significant digits and was rounded. */
  rounded: boolean;
}

/** Evaluates a parsed expression with names bound to decimal strings. Deterministic. */
export function evaluateExpression(
  expr: Expr,
  values: ReadonlyMap<string, string>,
): Result<Calculation, CalcErrorCode> {
  return guarded(() => {
    const value = evaluateWith(Exact, expr, values);
    const check = evaluateWith(Check, expr, values);
    return { value: formatDecimal(value), rounded: !check.eq(value) };
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
