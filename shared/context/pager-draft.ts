// The pager's working copy and the rules every operation shares: admitting a
// page (strict mode, capacity, eviction by score), removing one (keeping its
// content under a ref) and the report of what left L1. Used by pager.ts only.
import { err, ok, type Result } from "../base/result.ts";
import {
  DEFAULT_PRIORITY,
  MAX_EVICTED_STUBS,
  evictionScore,
  usedTokens,
  type Page,
  type PageInput,
  type PageStub,
  type PagerContext,
  type PagerErrorCode,
  type PagerEvent,
  type PagerState,
  type PagerUpdate,
} from "./page.ts";
import { keep, type KeptContent } from "./refs.ts";
import { reductionReport, type ReductionKind } from "./report.ts";

export type PagerResult = Result<PagerUpdate, PagerErrorCode>;

/** A working copy: arrays are fresh, page objects are replaced, never mutated. */
export interface Draft {
  state: PagerState;
  events: PagerEvent[];
  kept: KeptContent[];
  losses: string[];
  preTokens: number;
  reduction: ReductionKind;
}

export function draftOf(state: PagerState): Draft {
  return {
    state: {
      mode: state.mode,
      capacity: state.capacity,
      pages: state.pages.slice(),
      prefetched: state.prefetched.slice(),
      evicted: state.evicted.slice(),
      comparing: state.comparing === null ? null : [state.comparing[0], state.comparing[1]],
    },
    events: [],
    kept: [],
    losses: [],
    preTokens: usedTokens(state),
    reduction: "evict",
  };
}

export function finish(draft: Draft): PagerResult {
  const { state, events, kept, losses } = draft;
  const reports =
    losses.length === 0
      ? []
      : [
          reductionReport(
            draft.reduction,
            "l1",
            draft.preTokens,
            usedTokens(state),
            losses,
            kept.map((k) => k.ref),
          ),
        ];
  return ok({ state, events, reports, kept });
}

export function makePage(input: PageInput, ctx: PagerContext): Page {
  return {
    id: input.id,
    kind: input.kind,
    sourceRef: input.sourceRef,
    content: input.content,
    tokens: ctx.count(input.content),
    priority: input.priority ?? DEFAULT_PRIORITY,
    pinned: input.pinned ?? false,
    lastAccessStep: ctx.step,
  };
}

export function stubOf(page: Page, ref: string): PageStub {
  const { id, kind, sourceRef, tokens, priority, pinned } = page;
  return { id, kind, sourceRef, tokens, priority, pinned, ref };
}

/** Takes a page out of L1, keeping its content under a ref. */
export function removePage(
  draft: Draft,
  index: number,
  type: PagerEvent["type"],
  reason: string,
): string | undefined {
  const [page] = draft.state.pages.splice(index, 1);
  if (page === undefined) {
    return undefined;
  }
  const kept = keep(page.content);
  draft.kept.push(kept);
  const evicted = draft.state.evicted.filter((s) => s.id !== page.id);
  evicted.push(stubOf(page, kept.ref));
  draft.state.evicted = evicted.slice(-MAX_EVICTED_STUBS);
  draft.events.push({ type, id: page.id, ref: kept.ref, reason });
  draft.losses.push(`${type} ${page.kind} page ${page.id} (${page.tokens} tokens): ${reason}`);
  return kept.ref;
}

export interface DraftMark {
  state: PagerState;
  events: number;
  kept: number;
  losses: number;
}

export function mark(draft: Draft): DraftMark {
  return {
    state: structuredClone(draft.state),
    events: draft.events.length,
    kept: draft.kept.length,
    losses: draft.losses.length,
  };
}

export function rollback(draft: Draft, to: DraftMark): void {
  draft.state = to.state;
  draft.events.length = to.events;
  draft.kept.length = to.kept;
  draft.losses.length = to.losses;
}

export function isComparing(state: PagerState, id: string): boolean {
  return state.comparing !== null && (state.comparing[0] === id || state.comparing[1] === id);
}

/** Strict mode: at most one unpinned file page; `keepId` is the one that stays. */
export function enforceStrict(draft: Draft, keepId: string): void {
  const { state } = draft;
  if (state.mode !== "strict") {
    return;
  }
  for (let i = state.pages.length - 1; i >= 0; i--) {
    const page = state.pages[i];
    if (
      page !== undefined &&
      page.kind === "file" &&
      !page.pinned &&
      page.id !== keepId &&
      !isComparing(state, page.id)
    ) {
      removePage(draft, i, "unstaged", "strict mode holds one unpinned file");
    }
  }
}

/** Evicts by score until `incoming` more tokens fit; false when pinned pages leave no room. */
export function makeRoom(draft: Draft, incoming: number, step: number, protect: string): boolean {
  const { state } = draft;
  while (usedTokens(state) + incoming > state.capacity) {
    let victim = -1;
    for (let i = 0; i < state.pages.length; i++) {
      const page = state.pages[i];
      if (page === undefined || page.pinned || page.id === protect || isComparing(state, page.id)) {
        continue;
      }
      const best = victim < 0 ? undefined : state.pages[victim];
      if (best === undefined || lowerScore(page, best, step)) {
        victim = i;
      }
    }
    if (victim < 0) {
      return false;
    }
    removePage(draft, victim, "evicted", "over capacity");
  }
  return true;
}

function lowerScore(a: Page, b: Page, step: number): boolean {
  const sa = evictionScore(a, step);
  const sb = evictionScore(b, step);
  return sa !== sb ? sa < sb : a.lastAccessStep < b.lastAccessStep;
}

/** Puts a page into L1 under every rule; the draft is unusable if this fails. */
export function admit(draft: Draft, page: Page, step: number): PagerResult | undefined {
  const { state } = draft;
  if (page.tokens > state.capacity) {
    return err(
      "PAGE_TOO_LARGE",
      `page ${page.id} has ${page.tokens} tokens, L1 holds ${state.capacity}`,
      "Stage a symbol or a slice of the source, or offload it and stage the preview.",
    );
  }
  const existing = state.pages.findIndex((p) => p.id === page.id);
  if (existing >= 0) {
    const old = state.pages[existing];
    if (old !== undefined && old.content !== page.content) {
      removePage(draft, existing, "replaced", "new content for the same id");
    } else {
      state.pages.splice(existing, 1);
    }
  }
  if (
    state.mode === "strict" &&
    page.kind === "file" &&
    !page.pinned &&
    state.comparing !== null &&
    !isComparing(state, page.id)
  ) {
    return err(
      "COMPARATOR_BUSY",
      `a comparison of ${state.comparing.join(" and ")} is open`,
      "Close the comparison before staging another file.",
    );
  }
  if (page.kind === "file" && !page.pinned) {
    enforceStrict(draft, page.id);
  }
  if (!makeRoom(draft, page.tokens, step, page.id)) {
    return err(
      "OVER_CAPACITY",
      `pinned pages leave no room for ${page.tokens} tokens`,
      "Unpin a page or raise the L1 capacity.",
    );
  }
  state.pages.push(page);
  state.evicted = state.evicted.filter((s) => s.id !== page.id);
  state.prefetched = state.prefetched.filter((p) => p.id !== page.id);
  return undefined;
}

export function notFound(id: string): PagerResult {
  return err("PAGE_NOT_FOUND", `no page ${id} in L1`, "Stage it first.");
}
