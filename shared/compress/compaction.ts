// A background compaction as the compressor hands it back to AgentSession: the
// summary computed from the session as it was at `basedOnStep`, the turn texts it
// keeps behind refs, and its report. The session validates it here (it crosses an
// RPC boundary) and refuses it when it has moved past `basedOnStep`.
import { z } from "zod";
import { refMatches } from "../context/refs.ts";
import { ReductionReportSchema } from "../context/report.ts";
import { err, ok, type Result } from "../base/result.ts";
import { SUMMARY_MARKER } from "./block.ts";

export const KeptContentSchema = z.object({ ref: z.string(), content: z.string() });

export const CompactionSchema = z.object({
  /** The step the compressor read; the session refuses the compaction once past it. */
  basedOnStep: z.number().int().min(0),
  method: z.enum(["map-reduce", "structural"]),
  summary: z.string().startsWith(SUMMARY_MARKER),
  /** The compressed turns' full texts, each stored under its ref. */
  kept: z.array(KeptContentSchema),
  citations: z.array(z.object({ turn: z.number().int(), ref: z.string() })),
  report: ReductionReportSchema,
});
export type Compaction = z.infer<typeof CompactionSchema>;

export type CompactionErrorCode = "INVALID_COMPACTION" | "STALE_COMPACTION";

/** Parses a compaction and checks that every kept content is what its ref names. */
export function parseCompaction(value: unknown): Result<Compaction, "INVALID_COMPACTION"> {
  const parsed = CompactionSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return err(
      "INVALID_COMPACTION",
      `compaction ${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`,
      "send the CompressionRun fields the compressor produced, unchanged",
    );
  }
  const forged = parsed.data.kept.find((k) => !refMatches(k.ref, k.content));
  if (forged !== undefined) {
    return err(
      "INVALID_COMPACTION",
      `kept content does not match ${forged.ref}`,
      "refs are content hashes: keep each content under refFor(content)",
    );
  }
  const held = new Set(parsed.data.kept.map((k) => k.ref));
  const unheld = parsed.data.report.kept_refs.find((r) => !held.has(r));
  if (unheld !== undefined) {
    return err(
      "INVALID_COMPACTION",
      `the report names ${unheld} but no kept content has it`,
      "send every kept content with its compaction",
    );
  }
  return ok(parsed.data);
}

/** The session's refusal when it moved past the step the compaction was computed from. */
export function staleCompaction(
  basedOnStep: number,
  step: number,
): Result<never, "STALE_COMPACTION"> {
  return err(
    "STALE_COMPACTION",
    `the compaction was computed from step ${basedOnStep} and the session is at step ${step}`,
    "compact again from the current step; newer state is never overwritten",
  );
}
