// The record every reduction of context emits (truncate, offload, evict, prune,
// summarise): what a section weighed before and after, what left it, and the
// references under which what left it can be fetched back byte-for-byte.
import { z } from "zod";

export const ReductionKindSchema = z.enum(["truncate", "offload", "evict", "prune", "summarise"]);
export type ReductionKind = z.infer<typeof ReductionKindSchema>;

export const ReductionReportSchema = z.object({
  /** Envelope section or store reduced: "l1", "dynamic", "history", "tool_output:<tool>"… */
  section: z.string().min(1),
  pre_tokens: z.number().int().min(0),
  post_tokens: z.number().int().min(0),
  /** One line per thing that left the section, e.g. "evicted file page src/a.ts (812 tokens)". */
  losses: z.array(z.string()),
  /** `ref:<key>` of every content that left; the caller stores the content under it. */
  kept_refs: z.array(z.string()),
  /** Which reduction produced the report; optional so older producers still parse. */
  kind: ReductionKindSchema.optional(),
});
export type ReductionReport = z.infer<typeof ReductionReportSchema>;

export function reductionReport(
  kind: ReductionKind,
  section: string,
  preTokens: number,
  postTokens: number,
  losses: readonly string[],
  keptRefs: readonly string[],
): ReductionReport {
  return {
    section,
    pre_tokens: preTokens,
    post_tokens: postTokens,
    losses: [...losses],
    kept_refs: [...keptRefs],
    kind,
  };
}
