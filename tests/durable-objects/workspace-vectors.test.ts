// L3 backend selection and the SQLite vector rows, in workerd: the local index
// answers like a brute-force reference, and Vectorize is chosen only when usable.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, it } from "vitest";
import { LocalVectorIndex } from "../../shared/l3/local-index.ts";
import type { IndexInfo, VectorIndex } from "../../shared/l3/vector-index.ts";
import {
  selectVectorIndex,
  SqlVectorRows,
} from "../../durable-objects/hive/workspace/vector-store.ts";

const local = (): VectorIndex =>
  new LocalVectorIndex({ all: () => [], put: () => undefined, delete: () => undefined }, 3);

describe("vector backend selection", () => {
  it("stays local without a binding, in local environments, when forced, and when describe() fails", async ({
    expect,
  }) => {
    expect((await selectVectorIndex({}, 3, local)).why).toBe("no VECTORIZE binding");
    expect(
      (await selectVectorIndex({ VECTORIZE: env.VECTORIZE, LETHE_ENV: "local" }, 3, local)).backend,
    ).toBe("local");
    expect(
      (await selectVectorIndex({ VECTORIZE: env.VECTORIZE, LETHE_L3: "local" }, 3, local)).why,
    ).toBe("LETHE_L3=local");
    const unusable = await selectVectorIndex(
      { VECTORIZE: env.VECTORIZE, LETHE_ENV: "production" },
      3,
      local,
    );
    expect(unusable).toMatchObject({ backend: "local" });
    expect(unusable.why).toMatch(/^VECTORIZE unusable: /);
  });

  it("chooses a binding that answers describe() with the embedder's dimensions", async ({
    expect,
  }) => {
    const answering = new LocalVectorIndex(
      { all: () => [], put: () => undefined, delete: () => undefined },
      3,
    );
    const chosen = await selectVectorIndex(
      { VECTORIZE: answering, LETHE_ENV: "production" },
      3,
      local,
    );
    expect(chosen).toMatchObject({ backend: "vectorize", why: "VECTORIZE answered describe()" });
    expect(chosen.index).toBe(answering);
    const info: IndexInfo = await answering.describe();
    const wrongWidth = await selectVectorIndex(
      { VECTORIZE: answering, LETHE_ENV: "production" },
      info.dimensions + 1,
      local,
    );
    expect(wrongWidth.backend).toBe("local");
  });
});

describe("SQLite vector rows", () => {
  it("round-trip float32 values and metadata, and the index over them matches brute force", async ({
    expect,
  }) => {
    const stub = env.Hive.getByName(`ws-${crypto.randomUUID()}`);
    await stub.health();
    await runInDurableObject(stub, async (_instance, state) => {
      const index = new LocalVectorIndex(new SqlVectorRows(state.storage.sql), 4);
      const vectors = Array.from({ length: 40 }, (_, i) => ({
        id: `v${i}`,
        values: [Math.sin(i), Math.cos(i), (i % 7) - 3, i / 10],
        metadata: { path: `f${i % 5}.ts`, line: i },
      }));
      await index.upsert(vectors);
      const reopened = new LocalVectorIndex(new SqlVectorRows(state.storage.sql), 4);
      const query = [0.3, -0.2, 1, 0.5];
      const got = await reopened.query(query, { topK: 10, returnMetadata: "all" });
      const cos = (a: number[], b: number[]) =>
        a.reduce((s, x, i) => s + x * (b[i] ?? 0), 0) / (Math.hypot(...a) * Math.hypot(...b));
      const want = vectors
        .map((v) => ({ id: v.id, score: cos(v.values.map(Math.fround), query) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, 10);
      expect(got.matches.map((m) => m.id)).toEqual(want.map((w) => w.id));
      got.matches.forEach((m, i) => expect(m.score).toBeCloseTo(want[i]?.score ?? NaN, 6));
      expect(got.matches[0]?.metadata).toEqual(
        vectors.find((v) => v.id === got.matches[0]?.id)?.metadata,
      );
      await reopened.deleteByIds(["v1", "v2"]);
      expect(
        (await new LocalVectorIndex(new SqlVectorRows(state.storage.sql), 4).describe())
          .vectorCount,
      ).toBe(38);
    });
  });
});
