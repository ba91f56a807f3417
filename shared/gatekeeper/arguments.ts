// Validates a move's arguments against its tool's zod schema and turns zod's
// issues into a refusal the model can act on: which field, what was expected,
// and an example of a valid call.
import type { z } from "zod";
import type { ToolSpec } from "../tools/catalogue.ts";
import { err, ok, type Result } from "../base/result.ts";

/** Issues spelled out in one refusal; more would bury the first one. */
export const MAX_REPORTED_ISSUES = 3;
/** Arguments larger than this (JSON characters) are refused before parsing. */
export const MAX_ARGS_CHARS = 1_000_000;

/** Nesting depth of arguments: tool arguments are shallow; deep nesting is an attack on the stack. */
export const MAX_ARGS_DEPTH = 32;

export type ArgumentErrorCode = "ARGS_INVALID";

/**
 * Why `value` is not plain JSON (a function, a class instance, a circular or
 * shared reference, a non-finite number, nesting deeper than MAX_ARGS_DEPTH),
 * or undefined. Iterative, so hostile nesting cannot overflow the stack.
 */
export function jsonProblem(value: unknown): string | undefined {
  const stack: [unknown, number][] = [[value, 0]];
  const seen = new Set<object>();
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [v, depth] = item;
    if (v === null || v === undefined || typeof v === "string" || typeof v === "boolean") {
      continue;
    }
    if (typeof v === "number") {
      if (!Number.isFinite(v)) {
        return "a number that is not finite";
      }
      continue;
    }
    if (typeof v !== "object") {
      return `a ${typeof v} value`;
    }
    if (depth >= MAX_ARGS_DEPTH) {
      return `nesting deeper than ${MAX_ARGS_DEPTH} levels`;
    }
    if (seen.has(v)) {
      return "a circular or repeated reference";
    }
    seen.add(v);
    const proto: unknown = Object.getPrototypeOf(v);
    if (!Array.isArray(v) && proto !== Object.prototype && proto !== null) {
      return "an object that is not plain JSON (a Date, Map, class instance...)";
    }
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      stack.push([child, depth + 1]);
    }
  }
  return undefined;
}

function where(path: readonly PropertyKey[]): string {
  return path.length === 0 ? "the arguments" : `field \`${path.map(String).join(".")}\``;
}

function describeValue(value: unknown): string {
  if (value === null) {
    return "null";
  }
  return Array.isArray(value) ? "an array" : typeof value;
}

function explain(issue: z.core.$ZodIssue, input: unknown): string {
  const at = where(issue.path);
  switch (issue.code) {
    case "invalid_type": {
      const received = issue.path.reduce<unknown>(
        (v, k) =>
          v !== null && typeof v === "object" ? (v as Record<PropertyKey, unknown>)[k] : undefined,
        input,
      );
      return received === undefined
        ? `${at} is missing: expected ${issue.expected}`
        : `${at} must be ${issue.expected}, not ${describeValue(received)}`;
    }
    case "unrecognized_keys":
      return `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `\`${k}\``).join(", ")} in ${where(issue.path)}: remove ${issue.keys.length > 1 ? "them" : "it"}`;
    case "too_big":
      return issue.origin === "string"
        ? `${at} is too long: at most ${String(issue.maximum)} characters (split the content or pass a ref)`
        : `${at} is too big: at most ${String(issue.maximum)}`;
    case "too_small":
      return issue.origin === "string" && issue.minimum === 1
        ? `${at} must not be empty`
        : `${at} is too small: at least ${String(issue.minimum)}`;
    case "invalid_value":
      return `${at} must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "invalid_format":
      return `${at} has the wrong format: ${issue.message}`;
    default:
      return `${at}: ${issue.message}`;
  }
}

function allowedFields(tool: ToolSpec): string[] {
  const shape = (tool.schema as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

/** Parsed arguments (defaults filled) or a [GATEKEEPER REFUSAL] with a [HINT]. */
export function validateArguments(
  tool: ToolSpec,
  args: unknown,
): Result<unknown, ArgumentErrorCode> {
  const example = JSON.stringify({ tool: tool.name, args: tool.example });
  if (args === null || typeof args !== "object" || Array.isArray(args)) {
    return err(
      "ARGS_INVALID",
      `[GATEKEEPER REFUSAL] ${tool.name} takes a JSON object of arguments, not ${describeValue(args)}`,
      `[HINT] call it with an object, for example ${example}`,
    );
  }
  const problem = jsonProblem(args);
  if (problem !== undefined) {
    return err(
      "ARGS_INVALID",
      `[GATEKEEPER REFUSAL] the arguments of ${tool.name} are not plain JSON: they contain ${problem}`,
      `[HINT] send a plain JSON object of strings, numbers, booleans, arrays and objects, for example ${example}`,
    );
  }
  const size = JSON.stringify(args)?.length ?? 0;
  if (size > MAX_ARGS_CHARS) {
    return err(
      "ARGS_INVALID",
      `[GATEKEEPER REFUSAL] the arguments of ${tool.name} are ${size} characters; at most ${MAX_ARGS_CHARS} are accepted`,
      `[HINT] save large content as an artifact or write it in smaller pieces, then pass its key or ref. A valid call: ${example}`,
    );
  }
  const parsed = tool.schema.safeParse(args);
  if (parsed.success) {
    return ok(parsed.data);
  }
  const issues = parsed.error.issues;
  const lines = issues.slice(0, MAX_REPORTED_ISSUES).map((i) => explain(i, args));
  const more =
    issues.length > MAX_REPORTED_ISSUES ? ` (and ${issues.length - MAX_REPORTED_ISSUES} more)` : "";
  const fields = allowedFields(tool);
  return err(
    "ARGS_INVALID",
    `[GATEKEEPER REFUSAL] invalid arguments for ${tool.name}: ${lines.join("; ")}${more}`,
    `[HINT] fix ${where(issues[0]?.path ?? [])}${fields.length > 0 ? `; the fields are ${fields.join(", ")}` : ""}. A valid call: ${example}`,
  );
}
