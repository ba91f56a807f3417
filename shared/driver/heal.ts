// Healing: turns a model's raw answer into a typed move, or a typed refusal that
// keeps the raw answer for a `ref:` handle. Stages, in order: reasoning tags, code
// fences and chatter, JSON repair, `KEY: value` lines, misspelt keys, validation.
import { contentKey } from "../base/hash.ts";
import type { Err, Ok } from "../base/result.ts";
import { extractJson, parseKeyValueLines, stripFences, stripThinking } from "./extract.ts";
import { healName, normaliseName } from "./heal-keys.ts";
import {
  MoveSchema,
  TOOL_NAMES,
  WIRE_KEY_ALIASES,
  WIRE_MOVE_KEYS,
  type Move,
  type WireMoveKey,
} from "./move.ts";

/** Answers past this many characters are refused before parsing (the transport caps bytes too). */
export const MAX_ANSWER_CHARS = 256 * 1024;
/** Single-key objects that small models wrap their move in: `{"move": {...}}`. */
const WRAPPER_KEYS: ReadonlySet<string> = new Set([
  "move",
  "next_move",
  "result",
  "output",
  "data",
  "response",
  "tool_call",
]);

export type HealErrorCode = "EMPTY_ANSWER" | "ANSWER_TOO_LARGE" | "UNPARSEABLE" | "INVALID_MOVE";

/** Which stages changed the answer, for the trace. */
export type HealStep =
  | "think"
  | "fence"
  | "chatter"
  | "repair"
  | "key-value"
  | "unwrap"
  | "keys"
  | "tool-name"
  | "nested-args"
  | "prose";

export interface Healed {
  move: Move;
  steps: HealStep[];
  /** Fields the answer carried that a move may not (e.g. `budgets`, `system`): never applied. */
  dropped: string[];
}

/** A refusal keeps the raw answer; the caller stores it under `rawRef` (contentKey of the raw text). */
export type HealFailure<C extends string = HealErrorCode> = Err<C> & {
  raw: string;
  rawRef: string;
};
export type HealResult = Ok<Healed> | HealFailure;

export interface HealOptions {
  /** Tool names offered this step: the tool must be one of them (healed by edit distance). */
  offeredTools?: readonly string[];
  /** When no tools were offered, plain prose is a final answer rather than a refusal. */
  allowProse?: boolean;
}

export function rawRef(raw: string): string {
  return `ref:${contentKey(raw)}`;
}

export function healFailure<C extends string>(
  code: C,
  message: string,
  hint: string,
  raw: string,
): HealFailure<C> {
  return { ok: false, code, message, hint, raw, rawRef: rawRef(raw) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function asText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Unwraps arrays of one move, `{"move": …}` wrappers and OpenAI function-call shapes. */
function unwrap(value: unknown, steps: HealStep[]): unknown {
  let current = value;
  for (let depth = 0; depth < 4; depth++) {
    if (Array.isArray(current) && current.length === 1) {
      current = current[0];
    } else if (isRecord(current) && Array.isArray(current.tool_calls)) {
      current = current.tool_calls[0];
    } else if (isRecord(current) && isRecord(current.function)) {
      const fn = current.function;
      current = { tool: fn.name, args: fn.arguments ?? fn.parameters };
    } else if (isRecord(current) && Object.keys(current).length === 1) {
      const [key] = Object.keys(current);
      const inner = key === undefined ? undefined : current[key];
      if (key === undefined || !WRAPPER_KEYS.has(normaliseName(key)) || !isRecord(inner)) {
        break;
      }
      current = inner;
    } else {
      break;
    }
    steps.push("unwrap");
  }
  return current;
}

function parseArgs(value: unknown, steps: HealStep[]): Record<string, unknown> | undefined {
  if (value === undefined || value === null || value === "") {
    return {};
  }
  if (isRecord(value)) {
    return value;
  }
  if (typeof value === "string") {
    const nested = extractJson(value);
    if (nested && isRecord(nested.value)) {
      steps.push("nested-args");
      return nested.value;
    }
  }
  return undefined;
}

/** Turns a parsed object into a validated move: keys healed, unknown fields dropped. */
export function moveFromValue(
  value: unknown,
  raw: string,
  options: HealOptions,
  steps: HealStep[],
): HealResult {
  const unwrapped = unwrap(value, steps);
  if (Array.isArray(unwrapped)) {
    return healFailure(
      "INVALID_MOVE",
      `the answer holds ${unwrapped.length} moves; one step makes exactly one move`,
      "answer with one JSON object: {tool, args, rationale} or {answer}",
      raw,
    );
  }
  if (!isRecord(unwrapped)) {
    return healFailure(
      "INVALID_MOVE",
      "the answer is not a JSON object",
      "answer with one JSON object: {tool, args, rationale} or {answer}",
      raw,
    );
  }
  const fields: Partial<Record<WireMoveKey, unknown>> = {};
  const dropped: string[] = [];
  for (const [key, field] of Object.entries(unwrapped)) {
    const healed = healName(key, WIRE_MOVE_KEYS, WIRE_KEY_ALIASES);
    if (healed === undefined || healed in fields) {
      dropped.push(key);
      continue;
    }
    if (healed !== key) {
      steps.push("keys");
    }
    fields[healed] = field;
  }
  const rationale = fields.rationale === undefined ? undefined : asText(fields.rationale);
  const withRationale = <T extends object>(move: T) =>
    rationale === undefined ? move : { ...move, rationale };

  let candidate: unknown;
  if (typeof fields.tool === "string" && fields.tool.trim().length > 0) {
    if (fields.answer !== undefined) {
      dropped.push("answer");
    }
    const known = options.offeredTools ?? TOOL_NAMES;
    const tool =
      healName(fields.tool, known) ??
      (options.offeredTools ? undefined : normaliseName(fields.tool));
    if (tool === undefined) {
      return healFailure(
        "INVALID_MOVE",
        `the tool "${fields.tool.slice(0, 64)}" is not offered this step`,
        `use one of: ${known.join(", ")}`,
        raw,
      );
    }
    if (tool !== fields.tool) {
      steps.push("tool-name");
    }
    const args = parseArgs(fields.args, steps);
    if (args === undefined) {
      return healFailure(
        "INVALID_MOVE",
        "the tool's args are not a JSON object",
        'pass args as an object, e.g. {"tool": "search", "args": {"query": "…"}}',
        raw,
      );
    }
    candidate = withRationale({ kind: "tool", tool, args });
  } else if (fields.answer !== undefined && fields.answer !== null) {
    candidate = withRationale({ kind: "final", answer: asText(fields.answer) });
  } else {
    return healFailure(
      "INVALID_MOVE",
      "the answer names neither a tool nor a final answer",
      "answer with {tool, args, rationale} to act or {answer} to finish",
      raw,
    );
  }
  const parsed = MoveSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return healFailure(
      "INVALID_MOVE",
      `${issue?.path.join(".") || "move"}: ${issue?.message ?? "invalid"}`,
      "answer with {tool, args, rationale} to act or {answer} to finish",
      raw,
    );
  }
  return { ok: true, value: { move: parsed.data, steps, dropped } };
}

function holdsObject(value: object): boolean {
  return !Array.isArray(value) || value.some((v) => v !== null && typeof v === "object");
}

/** The whole healing pipeline over one raw answer. Pure and synchronous. */
export function healMove(raw: string, options: HealOptions = {}): HealResult {
  if (raw.length > MAX_ANSWER_CHARS) {
    return healFailure(
      "ANSWER_TOO_LARGE",
      `the answer is ${raw.length} characters; at most ${MAX_ANSWER_CHARS} are parsed`,
      "ask for one short JSON move; large content belongs in a workspace file",
      raw,
    );
  }
  if (raw.trim().length === 0) {
    return healFailure("EMPTY_ANSWER", "the model answered nothing", "retry the step", raw);
  }
  const steps: HealStep[] = [];
  const thought = stripThinking(raw);
  if (thought !== raw.trim()) {
    steps.push("think");
  }
  if (thought.length === 0) {
    return healFailure(
      "EMPTY_ANSWER",
      "the answer holds only reasoning, no move",
      "retry with a larger max_tokens or ask for the move first",
      raw,
    );
  }
  const unfenced = stripFences(thought);
  if (unfenced !== thought) {
    steps.push("fence");
  }
  const json = extractJson(unfenced);
  if (json && holdsObject(json.value) && !json.kvValue) {
    if (json.chatter) {
      steps.push("chatter");
    }
    if (json.repaired) {
      steps.push("repair");
    }
    return moveFromValue(json.value, raw, options, steps);
  }
  const kv = parseKeyValueLines(unfenced);
  if (kv) {
    const keys = Object.keys(kv).map((k) => healName(k, WIRE_MOVE_KEYS, WIRE_KEY_ALIASES));
    if (keys.includes("tool") || keys.includes("answer")) {
      steps.push("key-value");
      return moveFromValue(kv, raw, options, steps);
    }
  }
  if (json && holdsObject(json.value)) {
    // A JSON value after a `KEY:` prefix that named no move: the value is the move.
    steps.push("chatter");
    return moveFromValue(json.value, raw, options, steps);
  }
  if (options.allowProse) {
    steps.push("prose");
    return moveFromValue({ answer: unfenced }, raw, options, steps);
  }
  return healFailure(
    "UNPARSEABLE",
    "no JSON move and no KEY: value lines in the answer",
    'answer with one JSON object, e.g. {"tool": "search", "args": {"query": "…"}}',
    raw,
  );
}

/** A native OpenAI tool call (function name and JSON-string arguments) as a move. */
export function moveFromToolCall(
  call: { name: string; arguments: string },
  options: HealOptions = {},
): HealResult {
  const raw = JSON.stringify({ tool: call.name, args: call.arguments });
  return moveFromValue({ tool: call.name, args: call.arguments }, raw, options, []);
}
