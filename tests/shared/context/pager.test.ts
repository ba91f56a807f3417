// The L1 pager (shared/context/pager.ts) on worked examples: strict and elastic
// staging, purges on a saved artifact, prefetch, and refusals with their hints.
import { beforeAll, describe, it } from "vitest";
import {
  emptyPagerState,
  type PageInput,
  type PagerContext,
  type PagerOp,
  type PagerState,
} from "../../../shared/context/page.ts";
import { applyPagerOp } from "../../../shared/context/pager.ts";
import { refFor } from "../../../shared/context/refs.ts";
import { loadTokenizer, type Tokenizer } from "../../../shared/context/tokens.ts";

let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await loadTokenizer("gpt-4o");
});
const ctxAt = (step: number): PagerContext => ({ step, count: (text) => tokenizer.count(text) });

const makePage = (overrides: Partial<PageInput> = {}): PageInput => ({
  id: "src/a.ts",
  kind: "file",
  sourceRef: "file:src/a.ts",
  content: "export const a = 1;\n",
  ...overrides,
});

function mustApply(state: PagerState, op: PagerOp, step = 1) {
  const result = applyPagerOp(state, op, ctxAt(step));
  if (!result.ok) {
    throw new Error(`${result.code}: ${result.message}`);
  }
  return result.value;
}

describe("the L1 pager", () => {
  it("unstages the first file when strict mode stages a second, leaving a restorable ref", ({
    expect,
  }) => {
    const s1 = mustApply(emptyPagerState(1_000), { type: "stage", page: makePage() }).state;
    const second = mustApply(
      s1,
      { type: "stage", page: makePage({ id: "src/b.ts", content: "export const b = 2;\n" }) },
      2,
    );
    expect(second.state.pages.map((p) => p.id)).toEqual(["src/b.ts"]);
    expect(second.events[0]).toMatchObject({
      type: "unstaged",
      id: "src/a.ts",
      ref: refFor("export const a = 1;\n"),
    });
    expect(second.kept).toEqual([
      { ref: refFor("export const a = 1;\n"), content: "export const a = 1;\n" },
    ]);
    expect(second.reports[0]).toMatchObject({
      section: "l1",
      kept_refs: [refFor("export const a = 1;\n")],
    });
    const restored = mustApply(
      second.state,
      { type: "restore", ref: refFor("export const a = 1;\n"), content: "export const a = 1;\n" },
      3,
    );
    expect(restored.state.pages.map((p) => p.id)).toEqual(["src/a.ts"]);
  });

  it("holds several files in elastic mode until the budget is reached, then evicts by score", ({
    expect,
  }) => {
    let state = emptyPagerState(25, "elastic");
    state = mustApply(
      state,
      {
        type: "stage",
        page: makePage({
          id: "low",
          content: "one two three four five six seven eight nine ten",
          priority: 1,
        }),
      },
      1,
    ).state;
    state = mustApply(
      state,
      {
        type: "stage",
        page: makePage({
          id: "high",
          content: "one two three four five six seven eight nine ten",
          priority: 9,
        }),
      },
      2,
    ).state;
    expect(state.pages.map((p) => p.id)).toEqual(["low", "high"]);
    const third = mustApply(
      state,
      {
        type: "stage",
        page: makePage({
          id: "new",
          content:
            "eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty twentyone",
        }),
      },
      3,
    );
    expect(third.state.pages.map((p) => p.id)).toEqual(["high", "new"]);
    expect(third.events.find((e) => e.type === "evicted")?.id).toBe("low");
  });

  it("purges every unpinned page when an artifact is saved in strict mode, and keeps pinned ones", ({
    expect,
  }) => {
    let state = emptyPagerState(1_000);
    state = mustApply(state, {
      type: "stage",
      page: makePage({ id: "mission", kind: "mission", pinned: true, content: "Fix the bug." }),
    }).state;
    state = mustApply(state, { type: "stage", page: makePage() }).state;
    state = mustApply(state, {
      type: "stage",
      page: makePage({ id: "out", kind: "tool_output", content: "ok" }),
    }).state;
    const saved = mustApply(state, { type: "artifact_saved" }, 2);
    expect(saved.state.pages.map((p) => p.id)).toEqual(["mission"]);
    expect(
      saved.events
        .filter((e) => e.type === "purged")
        .map((e) => e.id)
        .sort(),
    ).toEqual(["out", "src/a.ts"]);
  });

  it("promotes a prefetched page on access without counting or reading it again", ({ expect }) => {
    let counted = 0;
    const ctx = (step: number): PagerContext => ({
      step,
      count: (t) => (counted++, tokenizer.count(t)),
    });
    const pre = applyPagerOp(
      emptyPagerState(1_000),
      { type: "prefetch", page: makePage({ id: "next.ts" }) },
      ctx(1),
    );
    expect(
      pre.ok && pre.value.state.pages.length === 0 && pre.value.state.prefetched.length === 1,
    ).toBe(true);
    counted = 0;
    const promoted = pre.ok
      ? applyPagerOp(pre.value.state, { type: "access", id: "next.ts" }, ctx(2))
      : pre;
    expect(counted).toBe(0);
    expect(promoted.ok && promoted.value.state.pages.map((p) => p.id)).toEqual(["next.ts"]);
    expect(promoted.ok && promoted.value.events.map((e) => e.type)).toEqual(["promoted"]);
  });

  it("refuses a page larger than L1, a wrong restore and an access to an evicted page, with hints", ({
    expect,
  }) => {
    const tooBig = applyPagerOp(
      emptyPagerState(5),
      { type: "stage", page: makePage({ content: "word ".repeat(50) }) },
      ctxAt(1),
    );
    expect(tooBig).toMatchObject({ ok: false, code: "PAGE_TOO_LARGE" });
    const s = mustApply(
      mustApply(emptyPagerState(100), { type: "stage", page: makePage() }).state,
      { type: "unstage", id: "src/a.ts" },
    ).state;
    expect(applyPagerOp(s, { type: "access", id: "src/a.ts" }, ctxAt(2))).toMatchObject({
      ok: false,
      code: "PAGE_EVICTED",
      hint: `Restore it from ${refFor("export const a = 1;\n")}.`,
    });
    expect(
      applyPagerOp(
        s,
        { type: "restore", ref: refFor("export const a = 1;\n"), content: "tampered" },
        ctxAt(2),
      ),
    ).toMatchObject({ ok: false, code: "REF_MISMATCH" });
  });
});
