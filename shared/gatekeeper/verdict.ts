// The shape of every gatekeeper decision: what was decided, by which rule, why,
// and what the model should do instead. Serialisable across RPC (arguments are
// typed as JSON so the RPC types stay precise).
import { z } from "zod";
import type { JsonValue } from "../tools/catalogue.ts";

// Typed with the catalogue's interface-based JSON type: RPC stubs stay shallow.
const JsonArgsSchema: z.ZodType<JsonValue> = z.json();

export const RuleSourceSchema = z.enum([
  "loop", // the same move twice in a row
  "thrash", // a short cycle of moves repeated (failures.ts)
  "deadlock", // moves in a row without progress (failures.ts)
  "errors", // too many consecutive errors
  "catalogue", // the tool does not exist
  "permission", // persona grants (deny by default)
  "skill", // the active skill's allowed tools (re-anchoring)
  "schema", // argument validation
  "path", // path isolation
  "firewall", // the hive's firewall.yaml
  "human", // a person approved or denied an ASK
  "timeout", // nobody answered an ASK in time
]);
export type RuleSource = z.infer<typeof RuleSourceSchema>;

export const RuleRefSchema = z.object({
  source: RuleSourceSchema,
  id: z.string(),
  /** Line in the file the rule came from (firewall.yaml), when there is one. */
  line: z.number().int().optional(),
});
export type RuleRef = z.infer<typeof RuleRefSchema>;

export const PendingDecisionSchema = z.object({
  decisionId: z.string(),
  tool: z.string(),
  args: JsonArgsSchema,
  rule: RuleRefSchema,
  /** Epoch milliseconds after which the move counts as denied. */
  expiresAt: z.number(),
});
export type PendingDecision = z.infer<typeof PendingDecisionSchema>;

/** A failure the agent loop recovers from on its own (thrash, deadlock): it travels
 * back to the checkpoint taken before the failure's first move, prunes and retries. */
export const FailureSchema = z.object({
  kind: z.enum(["thrash", "deadlock"]),
  /** How many trailing moves belong to the failure, counting the refused one. */
  moves: z.number().int().min(1),
  /** The gatekeeper move number (`state.moves` once it was admitted) of the failure's
   * first move: travel back to the last checkpoint whose gatekeeper.moves is below it. */
  fromMove: z.number().int().min(1),
});
export type Failure = z.infer<typeof FailureSchema>;

export const VerdictSchema = z.object({
  verdict: z.enum(["allow", "deny", "ask"]),
  rule: RuleRefSchema,
  reason: z.string(),
  /** What to do instead; empty only on allow. */
  hint: z.string(),
  /** The text the model reads for a refusal ([GATEKEEPER REFUSAL] / [SYSTEM NOTICE] ... [HINT] ...). */
  message: z.string().optional(),
  /** The arguments the tool runs with: validated, defaults filled, paths normalised. */
  args: JsonArgsSchema.optional(),
  /** ask only. */
  pending: PendingDecisionSchema.optional(),
  /** The session should stop and involve the person (loops, error streaks). */
  escalate: z.boolean().optional(),
  /** Thrash and deadlock: the loop recovers automatically instead of asking a person. */
  failure: FailureSchema.optional(),
});
export type Verdict = z.infer<typeof VerdictSchema>;

export function refusal(
  rule: RuleRef,
  reason: string,
  hint: string,
  tag: "[GATEKEEPER REFUSAL]" | "[SYSTEM NOTICE]" = "[GATEKEEPER REFUSAL]",
): Verdict {
  return { verdict: "deny", rule, reason, hint, message: `${tag} ${reason}\n[HINT] ${hint}` };
}
