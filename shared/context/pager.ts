// The L1 pager: pure operations over a JSON PagerState. AgentSession loads the
// state, applies an op with the step number and counter, stores the returned
// state and the kept contents (under their refs), and persists nothing else.
import { err, ok } from "../base/result.ts";
import {
  DEFAULT_PRIORITY,
  PagerOpSchema,
  PREFETCH_SLOTS,
  type Page,
  type PageInput,
  type PagerContext,
  type PagerEvent,
  type PagerOp,
  type PagerState,
  type PagerUpdate,
} from "./page.ts";
import {
  admit,
  draftOf,
  enforceStrict,
  finish,
  isComparing,
  makePage,
  makeRoom,
  mark,
  notFound,
  removePage,
  rollback,
  type Draft,
  type PagerResult,
} from "./pager-draft.ts";
import { keep, refFor, type KeptContent } from "./refs.ts";

/** Applies one operation. Never mutates `state`; same inputs give the same output. */
export function applyPagerOp(state: PagerState, op: PagerOp, ctx: PagerContext): PagerResult {
  const parsed = PagerOpSchema.safeParse(op);
  if (!parsed.success) {
    return err("INVALID_OP", parsed.error.issues[0]?.message ?? "invalid pager op");
  }
  const o = parsed.data;
  const draft = draftOf(state);
  const s = draft.state;
  const indexOf = (id: string) => s.pages.findIndex((p) => p.id === id);
  switch (o.type) {
    case "stage": {
      const page = makePage(o.page, ctx);
      const failed = admit(draft, page, ctx.step);
      if (failed !== undefined) {
        return failed;
      }
      draft.events.push({ type: "staged", id: page.id });
      return finish(draft);
    }
    case "unstage": {
      const i = indexOf(o.id);
      if (i < 0) {
        return notFound(o.id);
      }
      removePage(draft, i, "unstaged", "unstaged on request");
      return finish(draft);
    }
    case "access":
      return access(draft, o.id, ctx);
    case "pin":
    case "unpin": {
      const i = indexOf(o.id);
      const page = s.pages[i];
      if (page === undefined) {
        return notFound(o.id);
      }
      const pinned = o.type === "pin";
      s.pages[i] = { ...page, pinned, lastAccessStep: ctx.step };
      draft.events.push({ type: pinned ? "pinned" : "unpinned", id: o.id });
      if (!pinned && page.kind === "file") {
        enforceStrict(draft, o.id);
      }
      return finish(draft);
    }
    case "prefetch": {
      const page = makePage(o.page, ctx);
      if (page.tokens > s.capacity) {
        return err("PAGE_TOO_LARGE", `page ${page.id} is larger than L1`, "Prefetch a slice.");
      }
      s.prefetched = s.prefetched.filter((p) => p.id !== page.id);
      s.prefetched.push(page);
      draft.events.push({ type: "prefetched", id: page.id });
      while (s.prefetched.length > PREFETCH_SLOTS) {
        const dropped = s.prefetched.shift();
        if (dropped !== undefined) {
          const kept = keep(dropped.content);
          draft.kept.push(kept);
          draft.events.push({ type: "prefetch_dropped", id: dropped.id, ref: kept.ref });
        }
      }
      return finish(draft);
    }
    case "restore":
      return restore(draft, o.ref, o.content, ctx, o.id);
    case "artifact_saved": {
      if (s.mode === "strict") {
        for (let i = s.pages.length - 1; i >= 0; i--) {
          const page = s.pages[i];
          if (page !== undefined && !page.pinned && !isComparing(s, page.id)) {
            removePage(draft, i, "purged", "artifact saved: facts now live in L2");
          }
        }
      }
      return finish(draft);
    }
    case "set_capacity": {
      s.capacity = o.capacity;
      if (!makeRoom(draft, 0, ctx.step, "")) {
        return err(
          "OVER_CAPACITY",
          `pinned pages need more than ${o.capacity} tokens`,
          "Unpin pages before shrinking L1.",
        );
      }
      return finish(draft);
    }
    case "compare_open":
      return compareOpen(draft, o.ids, ctx);
    case "compare_close":
      return compareClose(draft, o.outcome, ctx);
  }
}

function access(draft: Draft, id: string, ctx: PagerContext): PagerResult {
  const s = draft.state;
  const i = s.pages.findIndex((p) => p.id === id);
  const page = s.pages[i];
  if (page !== undefined) {
    s.pages[i] = { ...page, lastAccessStep: ctx.step };
    draft.events.push({ type: "accessed", id });
    return finish(draft);
  }
  const prefetched = s.prefetched.find((p) => p.id === id);
  if (prefetched !== undefined) {
    // Promotion reuses the prefetched content: the source is not read again.
    const failed = admit(draft, { ...prefetched, lastAccessStep: ctx.step }, ctx.step);
    if (failed !== undefined) {
      return failed;
    }
    draft.events.push({ type: "promoted", id });
    return finish(draft);
  }
  const stub = s.evicted.find((e) => e.id === id);
  if (stub !== undefined) {
    return err("PAGE_EVICTED", `page ${id} left L1`, `Restore it from ${stub.ref}.`);
  }
  return notFound(id);
}

function restore(
  draft: Draft,
  ref: string,
  content: string,
  ctx: PagerContext,
  id?: string,
): PagerResult {
  const stub = draft.state.evicted.findLast(
    (e) => e.ref === ref && (id === undefined || e.id === id),
  );
  if (stub === undefined) {
    return err("REF_UNKNOWN", `no evicted page has ${ref}`, "Stage the content as a new page.");
  }
  if (refFor(content) !== ref) {
    return err(
      "REF_MISMATCH",
      `content does not hash to ${ref}`,
      "Fetch the stored content again.",
    );
  }
  // Same key order as a staged page, so the restored page serialises identically.
  const page: Page = {
    id: stub.id,
    kind: stub.kind,
    sourceRef: stub.sourceRef,
    content,
    tokens: stub.tokens,
    priority: stub.priority,
    pinned: stub.pinned,
    lastAccessStep: ctx.step,
  };
  const failed = admit(draft, page, ctx.step);
  if (failed !== undefined) {
    return failed;
  }
  draft.events.push({ type: "restored", id: page.id, ref });
  return finish(draft);
}

function compareOpen(draft: Draft, ids: [string, string], ctx: PagerContext): PagerResult {
  const s = draft.state;
  if (s.comparing !== null) {
    return err("COMPARATOR_BUSY", `already comparing ${s.comparing.join(" and ")}`);
  }
  if (ids[0] === ids[1]) {
    return err("INVALID_OP", "a comparison needs two different pages");
  }
  s.comparing = [ids[0], ids[1]];
  for (const id of ids) {
    const page = s.pages.find((p) => p.id === id) ?? s.prefetched.find((p) => p.id === id);
    if (page === undefined) {
      return notFound(id);
    }
    const failed = admit(draft, { ...page, lastAccessStep: ctx.step }, ctx.step);
    if (failed !== undefined) {
      return failed;
    }
  }
  draft.events.push({ type: "compare_opened", id: `${ids[0]}+${ids[1]}` });
  return finish(draft);
}

type CompareOutcome = { ok: true; result: PageInput } | { ok: false; error: string };

function compareClose(draft: Draft, outcome: CompareOutcome, ctx: PagerContext): PagerResult {
  const s = draft.state;
  const pair = s.comparing;
  if (pair === null) {
    return err("COMPARATOR_IDLE", "no comparison is open", "Open one with compare_open.");
  }
  draft.reduction = "summarise";
  const sources = pair.map((id) => s.pages.find((p) => p.id === id));
  s.comparing = null;
  const refs: string[] = [];
  for (const id of pair) {
    const i = s.pages.findIndex((p) => p.id === id);
    const ref = i >= 0 ? removePage(draft, i, "unstaged", "collapsed into the result") : undefined;
    refs.push(ref ?? "(not in L1)");
  }
  const priority = Math.max(...sources.map((p) => p?.priority ?? DEFAULT_PRIORITY));
  const failurePage = (error: string): PageInput => ({
    id: `compare:${pair[0]}+${pair[1]}`,
    kind: "summary",
    sourceRef: `compare:${pair[0]}+${pair[1]}`,
    content: `[COMPARISON FAILED: ${error}] ${pair[0]} (${refs[0] ?? "?"}) vs ${pair[1]} (${refs[1] ?? "?"})`,
    priority,
  });
  let input = outcome.ok ? outcome.result : failurePage(outcome.error);
  let page = makePage(input, ctx);
  const before = mark(draft);
  let failed = admit(draft, page, ctx.step);
  if (failed !== undefined && outcome.ok) {
    // The result does not fit: collapse into the failure page instead, never stay widened.
    rollback(draft, before);
    input = failurePage(`result rejected: ${failed.ok ? "" : failed.message}`);
    page = makePage(input, ctx);
    failed = admit(draft, page, ctx.step);
  }
  if (failed !== undefined) {
    rollback(draft, before);
    draft.events.push({ type: "compare_closed", id: input.id, reason: "no room for a result" });
    return finish(draft);
  }
  draft.events.push({ type: "compare_closed", id: page.id });
  return finish(draft);
}

/** Applies ops in order, stopping at the first failure; merges their outputs. */
export function applyPagerOps(
  state: PagerState,
  ops: readonly PagerOp[],
  ctx: PagerContext,
): PagerResult {
  let current = state;
  const events: PagerEvent[] = [];
  const kept: KeptContent[] = [];
  const reports: PagerUpdate["reports"] = [];
  for (const op of ops) {
    const result = applyPagerOp(current, op, ctx);
    if (!result.ok) {
      return result;
    }
    current = result.value.state;
    events.push(...result.value.events);
    kept.push(...result.value.kept);
    reports.push(...result.value.reports);
  }
  return ok({ state: current, events, reports, kept });
}
