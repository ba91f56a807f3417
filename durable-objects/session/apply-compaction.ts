// Stores a background compaction (the compressor's `session.compact` job) in a
// session: its kept turn texts and summary behind refs, a `compaction` trace event,
// and the summary as the history the envelope shows. Called by AgentSession.applyCompaction.
import { keep, refMatches } from "../../shared/context/refs.ts";
import {
  parseCompaction,
  staleCompaction,
  type CompactionErrorCode,
} from "../../shared/compress/compaction.ts";
import { err, ok, type Result } from "../../shared/base/result.ts";
import type { SessionStore } from "./session-store.ts";

export interface CompactionHost {
  store: SessionStore;
  ctx: DurableObjectState;
  text(hash: string): Promise<string | null>;
}

/**
 * Keyed by transcript position (the last summarised turn), not by step: steps
 * taken while it was computed keep it valid. Refused with STALE_COMPACTION,
 * changing nothing, when the session was rolled back before the step it was read
 * at or the branch no longer holds the summarised turns; a second delivery
 * changes nothing.
 */
export async function applyCompaction(
  host: CompactionHost,
  input: unknown,
  /** From the compressor's job: its id, and the seq of the last turn it summarised. */
  delivery?: { job: string; seq: number },
): Promise<Result<{ step: number; summaryRef: string }, CompactionErrorCode>> {
  const { store } = host;
  const compaction = parseCompaction(input);
  if (!compaction.ok) {
    return compaction;
  }
  const { step } = store.state();
  const { basedOnStep, kept, summary, method, report, citations } = compaction.value;
  const job = delivery?.job;
  const known = store.compactions().find((e) => job !== undefined && e.job === job);
  if (known !== undefined) {
    return ok({ step, summaryRef: known.summaryRef });
  }
  if (step < basedOnStep) {
    return staleCompaction(basedOnStep, step);
  }
  const last = citations.reduce<{ turn: number; ref: string } | null>(
    (max, c) => (max === null || c.turn > max.turn ? c : max),
    null,
  );
  if (last === null) {
    return err(
      "INVALID_COMPACTION",
      "the compaction cites no turn",
      "send a summary with its citations",
    );
  }
  // The branch must still hold the last summarised turn: the very turn the job read
  // (by its seq), or, without one, a turn whose text is the one cited.
  const seq = store.transcript.seqAt(last.turn);
  const row = seq === null ? undefined : store.transcript.row(seq);
  const text = row === undefined ? null : await host.text(row.hash);
  const same =
    delivery === undefined
      ? text !== null && refMatches(last.ref, text)
      : seq !== null && seq === delivery.seq;
  if (seq === null || !same) {
    return err(
      "STALE_COMPACTION",
      `the branch no longer holds turn ${last.turn} as the compaction read it`,
      "compact again from the current branch; a rolled-back history is never summarised into it",
    );
  }
  const already = store.compactions().find((e) => e.seq === seq);
  if (already !== undefined) {
    return ok({ step, summaryRef: already.summaryRef });
  }
  const summaryKept = keep(summary);
  host.ctx.storage.transactionSync(() => {
    for (const k of kept) {
      store.putRef(k, "compaction", step);
    }
    store.putRef(summaryKept, "summary", step);
    store.addCompaction({
      seq,
      depth: last.turn,
      summary,
      summaryRef: summaryKept.ref,
      basedOnStep,
      job: job ?? null,
      at: Date.now(),
    });
    store.trace.append(
      step,
      {
        kind: "compaction",
        data: {
          summaryRef: summaryKept.ref,
          basedOnStep,
          method,
          citations,
          report,
          depth: last.turn,
          ...(job === undefined ? {} : { job }),
        },
      },
      Date.now(),
    );
  });
  return ok({ step, summaryRef: summaryKept.ref });
}
