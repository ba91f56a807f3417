// The L1 pager (shared/context/pager.ts) under generated operation sequences: every
// invariant after every op, byte-for-byte restores from refs, and determinism.
import fc from "fast-check";
import { beforeAll, describe, it } from "vitest";
import {
  emptyPagerState,
  usedTokens,
  type L1Mode,
  type PageKind,
  type PagerContext,
  type PagerOp,
  type PagerState,
} from "../../../shared/context/page.ts";
import { applyPagerOp } from "../../../shared/context/pager.ts";
import { refFor } from "../../../shared/context/refs.ts";
import { ReductionReportSchema } from "../../../shared/context/report.ts";
import { loadTokenizer, type Tokenizer } from "../../../shared/context/tokens.ts";

let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await loadTokenizer("gpt-4o");
});
const ctxAt = (step: number): PagerContext => ({ step, count: (text) => tokenizer.count(text) });

// A generated op; "restore" picks the n-th stub of whatever state it meets.
type GenOp = PagerOp | { type: "restore_nth"; n: number; corrupt: boolean };

const IDS = ["f1", "f2", "s1", "t1"];
const KINDS: PageKind[] = ["file", "file", "symbol", "tool_output", "turn", "artifact", "summary"];
const WORDS = [
  "alpha",
  " beta",
  " gamma\n",
  " δέλτα",
  " 中文",
  " 😀",
  " return x;",
  "  ",
  "<|endoftext|>",
];
const contentArb = fc.array(fc.constantFrom(...WORDS), { maxLength: 40 }).map((w) => w.join(""));
const pageArb = fc.record({
  id: fc.constantFrom(...IDS),
  kind: fc.constantFrom(...KINDS),
  sourceRef: fc.constantFrom("file:x", "artifact:plan", "turn:3"),
  content: contentArb,
  priority: fc.integer({ min: 0, max: 10 }),
  pinned: fc.boolean(),
});
const idArb = fc.constantFrom(...IDS);
const opArb: fc.Arbitrary<GenOp> = fc.oneof(
  { weight: 6, arbitrary: pageArb.map((page): GenOp => ({ type: "stage", page })) },
  { weight: 2, arbitrary: idArb.map((id): GenOp => ({ type: "unstage", id })) },
  { weight: 2, arbitrary: idArb.map((id): GenOp => ({ type: "access", id })) },
  { weight: 2, arbitrary: idArb.map((id): GenOp => ({ type: "pin", id })) },
  { weight: 2, arbitrary: idArb.map((id): GenOp => ({ type: "unpin", id })) },
  { weight: 2, arbitrary: pageArb.map((page): GenOp => ({ type: "prefetch", page })) },
  {
    weight: 2,
    arbitrary: fc
      .record({ n: fc.nat(), corrupt: fc.boolean() })
      .map((r): GenOp => ({ type: "restore_nth", ...r })),
  },
  { weight: 1, arbitrary: fc.constant<GenOp>({ type: "artifact_saved" }) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 20, max: 300 })
      .map((capacity): GenOp => ({ type: "set_capacity", capacity })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(idArb, idArb)
      .map(([a, b]): GenOp => ({ type: "compare_open", ids: [a, b] })),
  },
  {
    weight: 2,
    arbitrary: fc.oneof(
      pageArb.map((result): GenOp => ({ type: "compare_close", outcome: { ok: true, result } })),
      fc.constant<GenOp>({
        type: "compare_close",
        outcome: { ok: false, error: "diff tool crashed" },
      }),
    ),
  },
);
const scenarioArb = fc.record({
  capacity: fc.integer({ min: 30, max: 150 }),
  mode: fc.constantFrom("strict" as const, "elastic" as const),
  ops: fc.array(opArb, { minLength: 15, maxLength: 60 }),
});

function resolve(op: GenOp, state: PagerState, store: Map<string, string>): PagerOp | undefined {
  if (op.type !== "restore_nth") {
    return op;
  }
  const stub = state.evicted[op.n % Math.max(1, state.evicted.length)];
  const content = stub === undefined ? undefined : store.get(stub.ref);
  if (stub === undefined || content === undefined) {
    return undefined;
  }
  return { type: "restore", ref: stub.ref, content: op.corrupt ? `${content}!` : content };
}

const seen = new Map<string, number>();

/** Runs a scenario, checking every invariant after every op; returns the final state. */
function run(
  scenario: { capacity: number; mode: L1Mode; ops: GenOp[] },
  expect: (
    v: unknown,
    m?: string,
  ) => { toBe: (x: unknown) => void; toBeLessThanOrEqual: (x: number) => void },
): PagerState {
  let state = emptyPagerState(scenario.capacity, scenario.mode);
  const store = new Map<string, string>();
  scenario.ops.forEach((generated, step) => {
    const op = resolve(generated, state, store);
    if (op === undefined) {
      return;
    }
    const before = JSON.stringify(state);
    const result = applyPagerOp(state, op, ctxAt(step));
    expect(JSON.stringify(state), "the input state is never mutated").toBe(before);
    if (!result.ok) {
      seen.set(`${op.type}:${result.code}`, (seen.get(`${op.type}:${result.code}`) ?? 0) + 1);
      return;
    }
    const next = result.value.state;
    for (const event of result.value.events) {
      seen.set(event.type, (seen.get(event.type) ?? 0) + 1);
    }
    // L1 never over capacity.
    expect(usedTokens(next)).toBeLessThanOrEqual(next.capacity);
    // Pinned pages are never evicted or purged (only an explicit unstage or a comparison removes one).
    for (const event of result.value.events) {
      if (
        event.type === "evicted" ||
        event.type === "purged" ||
        (event.type === "unstaged" && op.type !== "unstage" && op.type !== "compare_close")
      ) {
        expect(
          state.pages.find((p) => p.id === event.id)?.pinned ?? false,
          `${event.type} ${event.id}`,
        ).toBe(false);
      }
    }
    // Strict mode never holds two unpinned files (outside an open comparison).
    if (next.mode === "strict" && next.comparing === null) {
      expect(next.pages.filter((p) => p.kind === "file" && !p.pinned).length).toBeLessThanOrEqual(
        1,
      );
    }
    for (const kept of result.value.kept) {
      expect(refFor(kept.content), "a ref names its content").toBe(kept.ref);
      store.set(kept.ref, kept.content);
    }
    for (const report of result.value.reports) {
      expect(ReductionReportSchema.safeParse(report).success).toBe(true);
    }
    state = next;
  });
  return state;
}

describe("the L1 pager", () => {
  it("keeps every invariant under random operation sequences", ({ expect }) => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        run(scenario, expect);
      }),
      { numRuns: 300 },
    );
    // The generated sequences really exercise every path they check.
    for (const type of [
      "evicted",
      "unstaged",
      "purged",
      "restored",
      "promoted",
      "compare_closed",
      "replaced",
    ]) {
      expect(seen.get(type) ?? 0, type).toBeGreaterThan(0);
    }
  });

  it("restores every page that left L1 byte-for-byte from its reference", ({ expect }) => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        let state = emptyPagerState(scenario.capacity, scenario.mode);
        const store = new Map<string, string>();
        const left = new Map<string, string>();
        scenario.ops.forEach((generated, step) => {
          const op = resolve(generated, state, store);
          const result = op === undefined ? undefined : applyPagerOp(state, op, ctxAt(step));
          if (result?.ok !== true) {
            return;
          }
          for (const page of state.pages) {
            if (
              !result.value.state.pages.some((p) => p.id === page.id && p.content === page.content)
            ) {
              left.set(refFor(page.content), page.content);
            }
          }
          for (const kept of result.value.kept) {
            store.set(kept.ref, kept.content);
          }
          state = result.value.state;
        });
        for (const [ref, content] of left) {
          expect(store.get(ref), "kept under its ref").toBe(content);
        }
        for (const stub of state.evicted) {
          const content = store.get(stub.ref) ?? "";
          const restored = applyPagerOp(
            emptyPagerState(10_000, "elastic"),
            { type: "stage", page: { ...stub, content } },
            ctxAt(0),
          );
          const fresh = applyPagerOp(
            { ...state, capacity: 100_000, comparing: null },
            { type: "restore", ref: stub.ref, content, id: stub.id },
            ctxAt(99),
          );
          expect(restored.ok && fresh.ok).toBe(true);
          if (fresh.ok) {
            const page = fresh.value.state.pages.find((p) => p.id === stub.id);
            expect(page?.content).toBe(content);
            expect(page?.tokens).toBe(stub.tokens);
            expect(page?.priority).toBe(stub.priority);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it("is deterministic: the same operations give byte-identical state", ({ expect }) => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        expect(JSON.stringify(run(scenario, expect))).toBe(JSON.stringify(run(scenario, expect)));
      }),
      { numRuns: 50 },
    );
  });
});
