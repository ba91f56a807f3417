import { beforeAll, describe, it } from "vitest";
import { runComparison } from "../../../shared/context/comparator.ts";
import {
  emptyPagerState,
  type PageInput,
  type PagerContext,
} from "../../../shared/context/page.ts";
import { applyPagerOps } from "../../../shared/context/pager.ts";
import { refFor } from "../../../shared/context/refs.ts";
import { loadTokenizer, type Tokenizer } from "../../../shared/context/tokens.ts";

let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await loadTokenizer("gpt-4o");
});
const ctxAt = (step: number): PagerContext => ({ step, count: (text) => tokenizer.count(text) });

const makePage = (overrides: Partial<PageInput> = {}): PageInput => ({
  id: "a.ts",
  kind: "file",
  sourceRef: "file:a.ts",
  content: "const a = 1;",
  ...overrides,
});

function twoFiles(a: string, b: string) {
  const setup = applyPagerOps(
    emptyPagerState(1_000),
    [
      { type: "stage", page: makePage({ id: "a.ts", content: a }) },
      { type: "prefetch", page: makePage({ id: "b.ts", content: b }) },
    ],
    ctxAt(1),
  );
  if (!setup.ok) {
    throw new Error(setup.message);
  }
  return setup.value.state;
}

describe("the comparator", () => {
  it("widens strict mode to two files for a comparison and collapses them into its result", async ({
    expect,
  }) => {
    const state = twoFiles("const a = 1;", "const a = 2;");
    const merged = await runComparison(state, ["a.ts", "b.ts"], ctxAt(2), (a, b) => {
      expect([a.content, b.content]).toEqual(["const a = 1;", "const a = 2;"]);
      return makePage({ id: "a.ts~b.ts", kind: "file", content: `-${a.content}\n+${b.content}` });
    });
    expect(merged.ok && merged.value.state.pages.map((p) => p.id)).toEqual(["a.ts~b.ts"]);
    expect(merged.ok && merged.value.state.comparing).toBe(null);
    expect(merged.ok && merged.value.kept.map((k) => k.content).sort()).toEqual([
      "const a = 1;",
      "const a = 2;",
    ]);
  });

  it("collapses a comparison into one failure page when the comparison throws", async ({
    expect,
  }) => {
    const state = twoFiles("x", "y");
    const result = await runComparison(state, ["a.ts", "b.ts"], ctxAt(2), () => {
      throw new Error("merge conflict");
    });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value.failure).toBe("merge conflict");
      expect(result.value.state.comparing).toBe(null);
      expect(result.value.state.pages.length).toBe(1);
      expect(result.value.state.pages[0]?.content).toContain("[COMPARISON FAILED: merge conflict]");
      expect(result.value.state.pages[0]?.content).toContain(refFor("x"));
    }
  });
});
