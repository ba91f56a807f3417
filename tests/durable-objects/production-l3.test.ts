// Production L3, in workerd: with LETHE_ENV=production and the bindings present, the
// Hive's L3 selects Vectorize and embeds through the `AI` binding. Neither has a
// local version, so each is an implementation of the same interface, named as such:
// an in-memory index with Vectorize's methods, and a Workers AI stand-in that
// answers `run(model, { text })` with the lexical stand-in's vectors.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, it } from "vitest";
import { L3Store, selectVectorIndex } from "../../durable-objects/hive/workspace/vector-store.ts";
import { embedLexical } from "../../shared/embed/lexical.ts";
import {
  embedderFromEnv,
  WORKERS_AI_EMBEDDING_DIMENSIONS,
  WORKERS_AI_EMBEDDING_MODEL,
  type WorkersAiBinding,
} from "../../shared/l3/embedder.ts";
import { LocalVectorIndex } from "../../shared/l3/local-index.ts";
import { MemoryVectorRows } from "../../harness/memory-vector-rows.ts";

/** Stand-in for the Workers AI binding (no local version exists): records its calls. */
class WorkersAiStandIn implements WorkersAiBinding {
  readonly calls: { model: string; texts: number }[] = [];
  async run(model: string, input: { text: string[] }) {
    this.calls.push({ model, texts: input.text.length });
    return {
      shape: [input.text.length, WORKERS_AI_EMBEDDING_DIMENSIONS],
      data: input.text.map((t) => embedLexical(t, WORKERS_AI_EMBEDDING_DIMENSIONS)),
    };
  }
}

describe("production L3", () => {
  it("selects Vectorize and the AI binding by configuration, and a search goes through both", async ({
    expect,
  }) => {
    const ai = new WorkersAiStandIn();
    const vectorize = new LocalVectorIndex(new MemoryVectorRows(), WORKERS_AI_EMBEDDING_DIMENSIONS);
    const production = { LETHE_ENV: "production", AI: ai, VECTORIZE: vectorize };

    const embedder = embedderFromEnv(production);
    expect(embedder.model).toBe(WORKERS_AI_EMBEDDING_MODEL);
    const selected = await selectVectorIndex(production, embedder.dimensions, () => {
      throw new Error("the local index must not be chosen in production");
    });
    expect(selected).toMatchObject({ backend: "vectorize" });
    expect(selected.index).toBe(vectorize);

    const stub = env.Hive.getByName(`prod-l3-${crypto.randomUUID()}`);
    await stub.health();
    const found = await runInDurableObject(stub, async (_instance, state) => {
      const l3 = new L3Store(
        state.storage.sql,
        embedder,
        async () => selected,
        () => "prod",
      );
      await l3.replaceFile("src/retry.ts", [
        {
          id: "retry#1",
          path: "src/retry.ts",
          kind: "symbol",
          name: "backoff",
          startLine: 1,
          endLine: 3,
          text: "export function backoff(attempt) { return 2 ** attempt * 100; }",
        },
      ]);
      await l3.replaceFile("src/config.ts", [
        {
          id: "config#1",
          path: "src/config.ts",
          kind: "symbol",
          name: "PORT",
          startLine: 1,
          endLine: 1,
          text: "export const PORT = 8080;",
        },
      ]);
      return l3.search("exponential backoff attempt", 2);
    });
    expect(found[0]?.path).toBe("src/retry.ts");
    expect(ai.calls.length).toBeGreaterThan(0);
    expect(ai.calls.every((c) => c.model === WORKERS_AI_EMBEDDING_MODEL)).toBe(true);
    expect((await vectorize.describe()).vectorCount).toBe(2);
  });

  it("keeps the lexical stand-in locally, even when an AI binding is present, unless asked", ({
    expect,
  }) => {
    const ai = new WorkersAiStandIn();
    expect(embedderFromEnv({ LETHE_ENV: "local", AI: ai }).model).toBe("lethe-lexical-384");
    expect(
      embedderFromEnv({ LETHE_ENV: "local", AI: ai, LETHE_EMBEDDINGS: "workers-ai" }).model,
    ).toBe(WORKERS_AI_EMBEDDING_MODEL);
    expect(
      embedderFromEnv({ LETHE_ENV: "production", AI: ai, LETHE_EMBEDDINGS: "lexical" }).model,
    ).toBe("lethe-lexical-384");
    expect(embedderFromEnv({ LETHE_ENV: "production" }).model).toBe("lethe-lexical-384");
  });

  it("refuses a Workers AI answer of the wrong width with a typed error", async ({ expect }) => {
    const broken: WorkersAiBinding = { run: async () => ({ data: [[1, 2, 3]] }) };
    const embedder = embedderFromEnv({ LETHE_ENV: "production", AI: broken });
    await expect(embedder.embed(["x"])).rejects.toThrow(/not 384 numbers/);
  });
});
