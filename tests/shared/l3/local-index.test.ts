import fc from "fast-check";
import { describe, test } from "vitest";
import { LocalVectorIndex } from "../../../shared/l3/local-index.ts";
import { MemoryVectorRows } from "../../../harness/memory-vector-rows.ts";
import type { IndexVector } from "../../../shared/l3/vector-index.ts";

const DIMS = 6;

/** The reference: score every vector with float64 cosine over the stored float32 values, sort, cut. */
function bruteForce(vectors: IndexVector[], query: number[], topK: number, namespace?: string) {
  const latest = new Map(vectors.map((v) => [v.id, v]));
  const cos = (a: number[], b: number[]) => {
    const dot = a.reduce((s, x, i) => s + x * (b[i] ?? 0), 0);
    const n =
      Math.sqrt(a.reduce((s, x) => s + x * x, 0)) * Math.sqrt(b.reduce((s, x) => s + x * x, 0));
    return n === 0 ? 0 : dot / n;
  };
  return [...latest.values()]
    .filter((v) => namespace === undefined || v.namespace === namespace)
    .map((v) => ({ id: v.id, score: cos(Array.from(v.values, Math.fround), query) }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
    .slice(0, topK);
}

const vectorArb = fc.record({
  id: fc.stringMatching(/^[a-z0-9]{1,8}$/),
  values: fc.array(fc.integer({ min: -5, max: 5 }), { minLength: DIMS, maxLength: DIMS }),
  namespace: fc.constantFrom("h1", "h2"),
});

describe("the local vector index", () => {
  test("query returns what a brute-force reference returns, ids and scores", async ({ expect }) => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(vectorArb, { maxLength: 60 }),
        fc.array(fc.integer({ min: -5, max: 5 }), { minLength: DIMS, maxLength: DIMS }),
        fc.integer({ min: 1, max: 20 }),
        fc.option(fc.constantFrom("h1", "h2"), { nil: undefined }),
        async (vectors, query, topK, namespace) => {
          const index = new LocalVectorIndex(new MemoryVectorRows(), DIMS);
          await index.upsert(vectors);
          const got = await index.query(query, { topK, ...(namespace ? { namespace } : {}) });
          const want = bruteForce(vectors, query, topK, namespace);
          expect(got.matches.map((m) => m.id)).toEqual(want.map((w) => w.id));
          got.matches.forEach((m, i) => expect(m.score).toBeCloseTo(want[i]?.score ?? NaN, 9));
          expect(got.count).toBe(want.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  test("Vectorize semantics: insert keeps, upsert replaces, getByIds, deleteByIds, describe", async ({
    expect,
  }) => {
    const index = new LocalVectorIndex(new MemoryVectorRows(), 2);
    await index.insert([{ id: "a", values: [1, 0], metadata: { path: "x.ts" } }]);
    await index.insert([{ id: "a", values: [0, 1] }]);
    expect(await index.getByIds(["a", "zz"])).toEqual([
      { id: "a", values: [1, 0], metadata: { path: "x.ts" } },
    ]);
    await index.upsert([{ id: "a", values: [0, 1] }]);
    expect((await index.getByIds(["a"]))[0]?.values).toEqual([0, 1]);
    const mutation = await index.deleteByIds(["a"]);
    expect(mutation.mutationId).toMatch(/^local-\d+$/);
    expect(await index.describe()).toMatchObject({ vectorCount: 0, dimensions: 2 });
  });

  test("metadata filters and the topK caps follow Vectorize", async ({ expect }) => {
    const index = new LocalVectorIndex(new MemoryVectorRows(), 2);
    await index.upsert([
      { id: "a", values: [1, 0], metadata: { kind: "symbol", line: 3 } },
      { id: "b", values: [1, 0.1], metadata: { kind: "text", line: 9 } },
    ]);
    const only = await index.query([1, 0], { filter: { kind: "text" }, returnMetadata: "all" });
    expect(only.matches.map((m) => [m.id, m.metadata])).toEqual([["b", { kind: "text", line: 9 }]]);
    const range = await index.query([1, 0], { filter: { line: { $lt: 5 } } });
    expect(range.matches.map((m) => m.id)).toEqual(["a"]);
    const within = await index.query([1, 0], { filter: { kind: { $in: ["symbol", "text"] } } });
    expect(within.count).toBe(2);
    await expect(index.query([1, 0], { topK: 21, returnValues: true })).rejects.toThrow(/topK/);
    await expect(index.query([1, 0], { topK: 101 })).rejects.toThrow(/topK/);
    await expect(index.query([1], {})).rejects.toThrow(/dimensions/);
    await expect(index.upsert([{ id: "x".repeat(65), values: [1, 0] }])).rejects.toThrow(
      /64 bytes/,
    );
  });
});
