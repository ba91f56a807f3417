// Benchmark of the workspace (issue 6): indexes 1,000 generated files (~5 MB of
// TypeScript, JavaScript and Python) and measures indexing time, query latency
// and recall@5 of identifier and doc-comment queries generated from the corpus and
// of held-out queries (paraphrases, task descriptions, typos) that avoid its words.
// Part 1 runs the pure modules in Node (mapper, L3 documents, local vector index,
// BM25, hybrid search); part 2 runs the same corpus end to end through a local
// cluster (startCluster on a free port, a temp persist dir). Baselines measured
// in the same run: tree-sitter parsing alone (index), and lexical-only and
// vector-only retrieval (recall, latency). Prints figures; never asserts.
// `npm run bench:workspace` (`-- --node-only`, or `-- --short`, skips the cluster).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createHiveKey, newAdminToken } from "../harness/admin.ts";
import { freePort, startCluster } from "../harness/dev-server.ts";
import { Bm25Index } from "../shared/l3/bm25.ts";
import { documentsFor, type L3Document } from "../shared/l3/documents.ts";
import { lexicalEmbedder } from "../shared/l3/embedder.ts";
import { hybridSearch, type Candidate } from "../shared/l3/hybrid.ts";
import { LocalVectorIndex } from "../shared/l3/local-index.ts";
import { MemoryVectorRows } from "../harness/memory-vector-rows.ts";
import { nodeMapper } from "../harness/node-mapper.ts";
import { FILES, generate, type QuerySet, querySets, type Sym } from "./workspace-corpus.ts";
import { Lethe } from "../packages/client/lethe.ts";

const PORT = await freePort();
const TOP_K = 5;
/** Files per upload request: ~250 KB of JSON, under the gateway's 1 MB body limit. */
const UPLOAD_BATCH = 50;

/** The set's data source beside its target and verdict. */
function verdict(set: QuerySet, recall: number): string {
  const target =
    set.target === undefined
      ? "no target"
      : `target >= ${set.target}: ${recall >= set.target ? "PASS" : "FAIL"}`;
  return `${target} [${set.queries.length} queries: ${set.source}]`;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function line(label: string, figure: string, note = ""): void {
  process.stdout.write(`${label.padEnd(66)} ${figure.padEnd(22)} ${note}\n`);
}

const ms = (n: number) => `${n.toFixed(2)} ms`;

async function nodeRun(files: Record<string, string>, symbols: Sym[]): Promise<void> {
  process.stdout.write(
    `\n== Node, pure modules (${FILES} files, ${(Object.values(files).join("").length / 1e6).toFixed(2)} MB) ==\n`,
  );
  const mapper = await nodeMapper();
  const t0 = performance.now();
  let definitions = 0;
  const embedder = lexicalEmbedder();
  const vectors = new LocalVectorIndex(new MemoryVectorRows(), embedder.dimensions);
  const lexical = new Bm25Index();
  const docs = new Map<string, L3Document>();
  let mapMs = 0;
  for (const [p, text] of Object.entries(files)) {
    const m0 = performance.now();
    const mapped = mapper.map(p, text);
    mapMs += performance.now() - m0;
    const map = mapped.ok ? mapped.value : null;
    definitions += map?.definitions.length ?? 0;
    const fileDocs = documentsFor(p, text, map);
    for (const d of fileDocs) {
      docs.set(d.id, d);
      lexical.add(d.id, d.text);
    }
    const values = await embedder.embed(fileDocs.map((d) => d.text));
    await vectors.upsert(fileDocs.map((d, i) => ({ id: d.id, values: values[i] ?? [] })));
  }
  const total = performance.now() - t0;
  line(
    "index: total (map + documents + embed + BM25)",
    ms(total),
    `${definitions} definitions, ${docs.size} documents`,
  );
  line("index: per file", ms(total / FILES));
  line(
    "baseline: tree-sitter map alone, per file",
    ms(mapMs / FILES),
    `index/map = ${(total / mapMs).toFixed(2)}x`,
  );
  const sources = { vectors, lexical, embedder, document: (id: string) => docs.get(id) ?? null };
  for (const set of querySets(symbols)) {
    const latencies: number[] = [];
    let hybridHits = 0;
    let lexicalHits = 0;
    let vectorHits = 0;
    const lexLatencies: number[] = [];
    for (const q of set.queries) {
      const q0 = performance.now();
      const hits = await hybridSearch(sources, q.text, TOP_K);
      latencies.push(performance.now() - q0);
      hybridHits += hits.some((h) => h.path === q.path) ? 1 : 0;
      const l0 = performance.now();
      const lex = lexical.search(q.text, TOP_K);
      lexLatencies.push(performance.now() - l0);
      lexicalHits += lex.some((h) => docs.get(h.id)?.path === q.path) ? 1 : 0;
      const [embedding] = await embedder.embed([q.text]);
      const vec = await vectors.query(embedding ?? [], { topK: TOP_K });
      vectorHits += vec.matches.some((m) => docs.get(m.id)?.path === q.path) ? 1 : 0;
    }
    const n = set.queries.length;
    const recall = hybridHits / n;
    line(`${set.kind}: recall@${TOP_K} hybrid`, recall.toFixed(3), verdict(set, recall));
    line(
      `${set.kind}: recall@${TOP_K} lexical only / vector only (baselines)`,
      `${(lexicalHits / n).toFixed(3)} / ${(vectorHits / n).toFixed(3)}`,
    );
    line(
      `${set.kind}: hybrid query p50 / p99`,
      `${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 99))}`,
    );
    line(`${set.kind}: BM25-only query p50 (baseline)`, ms(percentile(lexLatencies, 50)));
  }
}

async function clusterRun(files: Record<string, string>, symbols: Sym[]): Promise<void> {
  process.stdout.write(
    `\n== local cluster (wrangler dev, port ${PORT}; Hive Durable Object, local SQLite L3) ==\n`,
  );
  const persistTo = mkdtempSync(path.join(tmpdir(), "lethe-bench-workspace-"));
  const admin = newAdminToken();
  const cluster = await startCluster({ port: PORT, persistTo, vars: { LETHE_ADMIN_TOKEN: admin } });
  try {
    const hive = `bench-ws-${Date.now().toString(36)}`;
    const { key } = await createHiveKey(cluster.url, admin, hive, "bench");
    const lethe = new Lethe({ url: cluster.url, key, timeoutMs: 300_000 });
    const base = `/v1/hives/${hive}/workspace`;
    const entries = Object.entries(files);
    const t0 = performance.now();
    for (let i = 0; i < entries.length; i += UPLOAD_BATCH) {
      const batch = entries
        .slice(i, i + UPLOAD_BATCH)
        .map(([p, content]) => ({ path: p, content }));
      await lethe.request("POST", `${base}/files`, { files: batch });
    }
    const total = performance.now() - t0;
    line(
      "upload + index over HTTP: total",
      ms(total),
      `${entries.length / UPLOAD_BATCH} requests of ${UPLOAD_BATCH} files`,
    );
    line("upload + index over HTTP: per file", ms(total / FILES));
    const status = await lethe.request<{
      pending: number;
      documents: number;
      vectorBackend: string;
    }>("GET", `${base}/status`);
    line(
      "index state after upload",
      `pending ${status.pending}`,
      `${status.documents} documents, backend ${status.vectorBackend}`,
    );
    for (const set of querySets(symbols)) {
      const latencies: number[] = [];
      let hits = 0;
      for (const q of set.queries) {
        const q0 = performance.now();
        const found = await lethe.request<Candidate[]>("POST", `${base}/search`, {
          query: q.text,
          topK: TOP_K,
        });
        latencies.push(performance.now() - q0);
        hits += found.some((c) => c.path === q.path) ? 1 : 0;
      }
      const recall = hits / set.queries.length;
      line(`${set.kind}: recall@${TOP_K} over HTTP`, recall.toFixed(3), verdict(set, recall));
      line(
        `${set.kind}: search over HTTP p50 / p99`,
        `${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 99))}`,
      );
    }
    const defLatencies: number[] = [];
    const statusLatencies: number[] = [];
    for (const s of symbols.slice(0, 100)) {
      const d0 = performance.now();
      await lethe.request("GET", `${base}/definitions?name=${encodeURIComponent(s.name)}`);
      defLatencies.push(performance.now() - d0);
      const b0 = performance.now();
      await lethe.request("GET", `${base}/manifests?limit=1`);
      statusLatencies.push(performance.now() - b0);
    }
    line(
      "definitions?name= over HTTP p50 / p99",
      `${ms(percentile(defLatencies, 50))} / ${ms(percentile(defLatencies, 99))}`,
    );
    line(
      "baseline: manifests?limit=1 over HTTP p50",
      ms(percentile(statusLatencies, 50)),
      "(round trip to the same Hive)",
    );
  } finally {
    await cluster.stop();
    rmSync(persistTo, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { files, symbols } = generate();
  await nodeRun(files, symbols);
  if (!process.argv.includes("--node-only") && !process.argv.includes("--short")) {
    await clusterRun(files, symbols);
  }
}

await main();
