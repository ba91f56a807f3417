// The calculate tool: binds an expression's names to artifact values (read now,
// at their active version) or decimal literals, evaluates exactly with
// shared/tools/calculate.ts and shows the bound values next to the result.
import type { z } from "zod";
import {
  evaluateExpression,
  isDecimalText,
  namesOf,
  parseExpression,
  PRECISION,
  type Expr,
} from "../../../shared/tools/decimal-eval.ts";
import {
  failure,
  outcome,
  type ToolOutcome,
  type ToolReads,
} from "../../../shared/tools/tool-ports.ts";
import type { CalculateArgsSchema } from "../../../shared/tools/schemas.ts";
import { fail, NOT_FOUND, oneLine, readFailure } from "./common.ts";

export type CalculateArgs = z.output<typeof CalculateArgsSchema>;

interface Binding {
  value: string;
  /** `key@version` for an artifact, null for a literal. */
  source: string | null;
}

function namePositions(expr: Expr, out: Array<{ name: string; start: number; end: number }> = []) {
  switch (expr.type) {
    case "name":
      out.push({ name: expr.name, start: expr.start, end: expr.end });
      break;
    case "neg":
      namePositions(expr.arg, out);
      break;
    case "bin":
      namePositions(expr.left, out);
      namePositions(expr.right, out);
      break;
    case "call":
      for (const arg of expr.args) {
        namePositions(arg, out);
      }
      break;
    case "num":
      break;
  }
  return out;
}

/** The expression as written, with each name replaced by its value (negatives in parentheses). */
function substituted(text: string, expr: Expr, bindings: ReadonlyMap<string, Binding>): string {
  const positions = namePositions(expr).sort((a, b) => a.start - b.start);
  let out = "";
  let at = 0;
  for (const p of positions) {
    const value = bindings.get(p.name)?.value ?? p.name;
    out += text.slice(at, p.start) + (value.startsWith("-") ? `(${value})` : value);
    at = p.end;
  }
  return (out + text.slice(at)).trim();
}

async function bind(
  name: string,
  target: string,
  reads: ToolReads,
): Promise<Binding | ToolOutcome> {
  if (isDecimalText(target)) {
    return { value: target.trim(), source: null };
  }
  const artifact = await reads.artifact(target);
  if (!artifact.ok) {
    if (artifact.code === NOT_FOUND) {
      return failure(
        NOT_FOUND,
        `${name} is bound to ${target}, which is neither a decimal number nor an active artifact`,
        artifact.hint ?? 'Save the value as an artifact first, or bind a literal such as "12.5".',
      );
    }
    return readFailure(artifact);
  }
  const { value, version } = artifact.value;
  const text =
    typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : null;
  if (text === null || !isDecimalText(text)) {
    return fail(
      "NOT_NUMERIC",
      `${name} is bound to ${target}@${version}, whose value ${oneLine(JSON.stringify(value), 80)} is not a number`,
      "Save the number itself (e.g. 1234.5, no units or thousands separators) under its own key.",
    );
  }
  return { value: text.replace(/^\+/, ""), source: `${target}@${version}` };
}

/** `rule:<key>`: the expression is the value of a rule saved as an artifact. */
const RULE_PREFIX = "rule:";

async function ruleExpression(
  key: string,
  reads: ToolReads,
): Promise<{ expression: string; source: string } | ToolOutcome> {
  const artifact = await reads.artifact(key);
  if (!artifact.ok) {
    return artifact.code === NOT_FOUND
      ? failure(
          NOT_FOUND,
          `no active artifact ${key} holds a rule`,
          "Save the rule first, e.g. save_artifact {key, value: 'weight * rate + base', kind: 'decision'}.",
        )
      : readFailure(artifact);
  }
  const { value, version } = artifact.value;
  const expression =
    typeof value === "string"
      ? value
      : typeof value === "object" &&
          value !== null &&
          !Array.isArray(value) &&
          typeof value.expression === "string"
        ? value.expression
        : null;
  if (expression === null || expression.trim() === "") {
    return fail(
      "NOT_A_RULE",
      `${key}@${version} holds ${oneLine(JSON.stringify(value), 80)}, not an expression`,
      "A rule artifact's value is an expression string, or an object with an expression field.",
    );
  }
  return { expression: expression.trim(), source: `${key}@${version}` };
}

export async function calculateTool(args: CalculateArgs, reads: ToolReads): Promise<ToolOutcome> {
  if (args.expression.trim().startsWith(RULE_PREFIX)) {
    const rule = await ruleExpression(
      args.expression.trim().slice(RULE_PREFIX.length).trim(),
      reads,
    );
    if ("output" in rule) {
      return rule;
    }
    const applied = await calculateTool({ ...args, expression: rule.expression }, reads);
    return applied.error
      ? applied
      : { ...applied, output: `${applied.output}\nrule ${rule.source}` };
  }
  const parsed = parseExpression(args.expression);
  if (!parsed.ok) {
    return failure(parsed.code, parsed.message, parsed.hint);
  }
  const bindings = new Map<string, Binding>();
  // Sorted names: the reads happen in the same order on every run.
  for (const name of namesOf(parsed.value)) {
    // Own keys only: a name such as toString must not find Object.prototype's.
    const target = Object.hasOwn(args.values, name) ? args.values[name] : undefined;
    if (target === undefined) {
      continue; // evaluateExpression reports it as UNKNOWN_NAME with a hint
    }
    const bound = await bind(name, target, reads);
    if ("output" in bound) {
      return bound;
    }
    bindings.set(name, bound);
  }
  const values = new Map([...bindings].map(([name, b]) => [name, b.value]));
  const result = evaluateExpression(parsed.value, values);
  if (!result.ok) {
    return failure(result.code, result.message, result.hint);
  }
  const written = args.expression.trim().replace(/\s+/g, " ");
  const withValues = substituted(args.expression, parsed.value, bindings).replace(/\s+/g, " ");
  const steps = withValues === written ? [written] : [written, withValues];
  // The first line always ends with "= <result>": callers read the result there.
  const lines = [[...steps, result.value.value].join(" = ")];
  const sources = [...bindings].filter(([, b]) => b.source !== null);
  if (sources.length > 0) {
    lines.push(`where ${sources.map(([name, b]) => `${name} = ${b.source ?? ""}`).join(", ")}`);
  }
  if (result.value.rounded) {
    lines.push(`(rounded to ${PRECISION} significant digits)`);
  }
  return outcome(lines.join("\n"));
}
