// The move envelope: what one agent step asks for, after the driver has healed
// the model's answer. Per-tool argument schemas live in shared/tools/; the
// gatekeeper validates `args` against them. Used by the driver and the model policy.
import { z } from "zod";
import { TOOL_CATALOGUE } from "../tools/catalogue.ts";

/** Lethe's agent tools (issue 9), from the catalogue: misspelt names are healed against these when a step offers no list. */
export const TOOL_NAMES: readonly string[] = TOOL_CATALOGUE.map((t) => t.name);

/** Tool names are snake_case identifiers, as OpenAI function names must be. */
export const TOOL_NAME_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
/** A rationale is a sentence or two; a page of text there is a model rambling. */
export const MAX_RATIONALE_CHARS = 2_000;
/** A final answer may quote a file or a summary, but never an unbounded dump. */
export const MAX_FINAL_ANSWER_CHARS = 64_000;

export const ToolMoveSchema = z.strictObject({
  kind: z.literal("tool"),
  tool: z.string().regex(TOOL_NAME_PATTERN, "a snake_case tool name"),
  args: z.record(z.string(), z.unknown()),
  rationale: z.string().max(MAX_RATIONALE_CHARS).optional(),
});
export type ToolMove = z.infer<typeof ToolMoveSchema>;

export const FinalMoveSchema = z.strictObject({
  kind: z.literal("final"),
  answer: z.string().min(1).max(MAX_FINAL_ANSWER_CHARS),
  rationale: z.string().max(MAX_RATIONALE_CHARS).optional(),
});
export type FinalMove = z.infer<typeof FinalMoveSchema>;

/** One agent move: a tool call or a final answer. Unknown fields are refused (strict). */
export const MoveSchema = z.discriminatedUnion("kind", [ToolMoveSchema, FinalMoveSchema]);
export type Move = z.infer<typeof MoveSchema>;

/**
 * The keys a model may write in its JSON answer (the wire form): a tool call is
 * `{tool, args, rationale?}`, a final answer `{answer, rationale?}`.
 */
export const WIRE_MOVE_KEYS = ["tool", "args", "rationale", "answer"] as const;
export type WireMoveKey = (typeof WIRE_MOVE_KEYS)[number];

/**
 * Names small models use for the wire keys (OpenAI function-call shapes, ReAct
 * prompts). Matched after lower-casing, before edit-distance healing.
 */
export const WIRE_KEY_ALIASES: Readonly<Record<string, WireMoveKey>> = {
  name: "tool",
  tool_name: "tool",
  toolname: "tool",
  function: "tool",
  action: "tool",
  arguments: "args",
  argument: "args",
  parameters: "args",
  params: "args",
  input: "args",
  action_input: "args",
  reason: "rationale",
  reasoning: "rationale",
  thought: "rationale",
  thoughts: "rationale",
  why: "rationale",
  final_answer: "answer",
  final: "answer",
  response: "answer",
  reply: "answer",
};

/** The wire form of a move, as the local model writes it and the prompt asks for it. */
export function moveToWire(move: Move): Record<string, unknown> {
  if (move.kind === "tool") {
    return move.rationale === undefined
      ? { tool: move.tool, args: move.args }
      : { tool: move.tool, args: move.args, rationale: move.rationale };
  }
  return move.rationale === undefined
    ? { answer: move.answer }
    : { answer: move.answer, rationale: move.rationale };
}
