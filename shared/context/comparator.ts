// The comparator: an explicit, temporary widening of L1 to exactly two pages
// for a diff or a merge, always collapsed into one result page, even when the
// comparison throws. AgentSession calls it around a model call or a diff.
import { describeError } from "../log.ts";
import { ok, type Result } from "../result.ts";
import { applyPagerOp } from "./pager.ts";
import type {
  Page,
  PageInput,
  PagerContext,
  PagerErrorCode,
  PagerState,
  PagerUpdate,
} from "./page.ts";

export interface ComparisonUpdate extends PagerUpdate {
  /** Set when `compare` threw; the result page then says the comparison failed. */
  failure?: string;
}

/**
 * Opens a comparison of pages `a` and `b` (in L1 or prefetched), runs
 * `compare` on them and collapses both into the page it returns. If `compare`
 * throws, a summary page naming the error and both refs takes its place.
 */
export async function runComparison(
  state: PagerState,
  ids: [string, string],
  ctx: PagerContext,
  compare: (a: Page, b: Page) => PageInput | Promise<PageInput>,
): Promise<Result<ComparisonUpdate, PagerErrorCode>> {
  const opened = applyPagerOp(state, { type: "compare_open", ids }, ctx);
  if (!opened.ok) {
    return opened;
  }
  const pages = opened.value.state.pages;
  const a = pages.find((p) => p.id === ids[0]);
  const b = pages.find((p) => p.id === ids[1]);
  let outcome: { ok: true; result: PageInput } | { ok: false; error: string };
  try {
    if (a === undefined || b === undefined) {
      throw new Error("compared pages missing after compare_open");
    }
    outcome = { ok: true, result: await compare(a, b) };
  } catch (error) {
    // Swallowed on purpose: the failure becomes the result page and `failure`,
    // so L1 never stays widened; the caller sees the message, not a throw.
    const message = describeError(error).message;
    outcome = { ok: false, error: typeof message === "string" ? message : String(error) };
  }
  const closed = applyPagerOp(opened.value.state, { type: "compare_close", outcome }, ctx);
  if (!closed.ok) {
    return closed;
  }
  const merged: ComparisonUpdate = {
    state: closed.value.state,
    events: [...opened.value.events, ...closed.value.events],
    reports: [...opened.value.reports, ...closed.value.reports],
    kept: [...opened.value.kept, ...closed.value.kept],
  };
  return ok(outcome.ok ? merged : { ...merged, failure: outcome.error });
}
