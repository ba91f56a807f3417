import { describe, test } from "vitest";
import { embedLexical } from "../../../shared/embed/lexical.ts";
import { Bm25Index } from "../../../shared/l3/bm25.ts";
import { documentsFor, type L3Document } from "../../../shared/l3/documents.ts";
import { embedderFromEnv, lexicalEmbedder } from "../../../shared/l3/embedder.ts";
import { hybridSearch } from "../../../shared/l3/hybrid.ts";
import { LocalVectorIndex } from "../../../shared/l3/local-index.ts";
import { MemoryVectorRows } from "../../../harness/memory-vector-rows.ts";
import { createEmbeddings } from "../../../workers/model/endpoint.ts";
import { pythonRepo, typescriptRepo } from "../../fixtures/repos/index.ts";
import { mapRepo } from "../../durable-objects/hive/workspace/mapper/fixture-graph.ts";

async function indexRepo(repo: Record<string, string>) {
  const { maps } = await mapRepo(repo);
  const embedder = lexicalEmbedder();
  const vectors = new LocalVectorIndex(new MemoryVectorRows(), embedder.dimensions);
  const lexical = new Bm25Index();
  const docs = new Map<string, L3Document>();
  for (const [path, text] of Object.entries(repo)) {
    for (const doc of documentsFor(path, text, maps.find((m) => m.path === path) ?? null)) {
      docs.set(doc.id, doc);
      lexical.add(doc.id, doc.text);
    }
  }
  const all = [...docs.values()];
  const values = await embedder.embed(all.map((d) => d.text));
  await vectors.upsert(all.map((d, i) => ({ id: d.id, values: values[i] ?? [] })));
  return { vectors, lexical, embedder, document: (id: string) => docs.get(id) ?? null };
}

describe("hybrid search over a fixture repository", () => {
  test("an identifier query finds its definition first, with its location", async ({ expect }) => {
    const sources = await indexRepo(typescriptRepo());
    const [top] = await hybridSearch(sources, "formatName", 5);
    expect(top).toMatchObject({
      path: "src/util/format.ts",
      kind: "symbol",
      name: "formatName",
      startLine: 2,
      endLine: 4,
    });
    expect(top?.lexicalScore).toBeGreaterThan(0);
    expect(top?.vectorScore).toBeGreaterThan(0);
  });

  test("a description query finds the documented symbol and text chunks", async ({ expect }) => {
    const ts = await indexRepo(typescriptRepo());
    expect((await hybridSearch(ts, "trim display name", 3)).map((c) => c.name)).toContain(
      "formatName",
    );
    expect(
      (await hybridSearch(ts, "application that greets people", 3)).map((c) => c.path),
    ).toContain("README.md");
    const py = await indexRepo(pythonRepo());
    expect((await hybridSearch(py, "handles a request for a user", 3))[0]?.name).toBe("handle");
  });

  test("a path prefix restricts the candidates", async ({ expect }) => {
    const sources = await indexRepo(typescriptRepo());
    const hits = await hybridSearch(sources, "sum", 10, "src/util/");
    expect(hits.every((h) => h.path.startsWith("src/util/"))).toBe(true);
  });
});

describe("embedder selection", () => {
  test("lexical unless an endpoint is configured; the endpoint embedder speaks the OpenAI embeddings API", async ({
    expect,
  }) => {
    expect(embedderFromEnv({}).model).toBe("lethe-lexical-384");
    const requests: unknown[] = [];
    // The local model endpoint's /v1/embeddings handler answers the requests.
    const localEndpoint: typeof fetch = async (_url, init) => {
      const body: unknown = JSON.parse(String(init?.body));
      requests.push(body);
      const outcome = createEmbeddings(body);
      return outcome.ok
        ? Response.json(outcome.value)
        : Response.json({ error: "refused" }, { status: 400 });
    };
    const embedder = embedderFromEnv(
      {
        LETHE_EMBEDDINGS_BASE_URL: "http://model.test/v1",
        LETHE_EMBEDDINGS_MODEL: "lethe-lexical-64",
        LETHE_EMBEDDINGS_DIMENSIONS: "64",
      },
      localEndpoint,
    );
    expect(embedder.dimensions).toBe(64);
    expect(await embedder.embed(["parseConfig", "load the file"])).toEqual([
      embedLexical("parseConfig", 64),
      embedLexical("load the file", 64),
    ]);
    expect(requests).toEqual([
      {
        model: "lethe-lexical-64",
        input: ["parseConfig", "load the file"],
        dimensions: 64,
        encoding_format: "float",
      },
    ]);
  });
});
