// The envelope's compaction added to a step draft: what it kept, its trace event and
// the L1 pages it cut, unstaged. Called by agent-step.ts on every step's exit.
import type { PagerOp } from "../../../shared/context/page.ts";
import type { StepDraft } from "./commit-step.ts";
import type { EnvelopeView } from "../envelope-view.ts";

/** The L1 page ids a pager operation names. */
function pagesOf(op: PagerOp): string[] {
  switch (op.type) {
    case "stage":
    case "prefetch":
      return [op.page.id];
    case "unstage":
    case "access":
    case "pin":
    case "unpin":
      return [op.id];
    case "restore":
      return op.id === undefined ? [] : [op.id];
    case "compare_open":
      return [...op.ids];
    default:
      return [];
  }
}

/**
 * Adds the envelope's compaction to a step draft: kept content, one trace event, and
 * the unstaging of the L1 pages it cut (first, and only those the step's own
 * operations leave alone), so the next envelope does not cut them again.
 */
export function withCompaction(
  draft: StepDraft,
  compaction: EnvelopeView["compaction"],
): StepDraft {
  if (compaction === null) {
    return draft;
  }
  const touched = new Set(draft.ops.flatMap(pagesOf));
  const unstage = compaction.unstagePageIds
    .filter((id) => !touched.has(id))
    .map((id) => ({ type: "unstage" as const, id }));
  return {
    ...draft,
    ops: [...unstage, ...draft.ops],
    kept: [...(draft.kept ?? []), ...compaction.kept.map((k) => ({ ...k, kind: "compaction" }))],
    trace: [
      ...(draft.trace ?? []),
      {
        kind: "compaction",
        data: {
          tokensBefore: compaction.tokensBefore,
          tokensAfter: compaction.tokensAfter,
          sections: compaction.reports.map((r) => r.section),
          refs: compaction.kept.map((k) => k.ref),
        },
      },
    ],
  };
}
