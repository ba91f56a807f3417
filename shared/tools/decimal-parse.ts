// The parser of the `calculate` tool's expressions: a tokenizer and a hand-written
// recursive-descent parser (never eval), bounded in length and nesting before any
// recursion starts. Evaluated by shared/tools/decimal-eval.ts.
import { err, ok, type Result } from "../base/result.ts";

/** Same bound as the tool schema's `expression` (CalculateArgsSchema). */
export const MAX_EXPRESSION_CHARS = 2_000;
/** Nesting of parentheses, unary signs and powers; real formulas stay under ten. */
export const MAX_DEPTH = 64;

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

/** The grammar in one line, for every syntax error's hint. */
export const SYNTAX_HINT =
  "Write numbers and names with + - * / % ^ and parentheses, e.g. round((a + b) / 2, 2); functions: min, max, abs, round.";

export class CalcError extends Error {
  readonly code: CalcErrorCode;
  readonly hint: string;
  constructor(code: CalcErrorCode, message: string, hint: string) {
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
      SYNTAX_HINT,
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
        SYNTAX_HINT,
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
      throw new CalcError(
        "SYNTAX_ERROR",
        `expected ${JSON.stringify(text)} but found ${where}`,
        SYNTAX_HINT,
      );
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
      throw new CalcError(
        "SYNTAX_ERROR",
        "the expression ends where a value was expected",
        SYNTAX_HINT,
      );
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
    throw new CalcError(
      "SYNTAX_ERROR",
      `unexpected ${JSON.stringify(t.text)} at ${t.start + 1}`,
      SYNTAX_HINT,
    );
  }
}

export function guarded<T>(run: () => T): Result<T, CalcErrorCode> {
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
