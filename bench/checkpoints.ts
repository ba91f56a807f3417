// `npm run bench:checkpoints`: a synthetic 1,000-step session against the running
// local cluster (booted here). Lethe stores checkpoint manifests of content hashes;
// the baseline is what a full snapshot of the whole state at every step would
// store, measured in the same run. Prints the storage ratio and rollback latency,
// then the LangGraph comparison (bench/checkpoints-langgraph.ts) on the same cluster.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createHiveKey, newAdminToken } from "../harness/admin.ts";
import { freePort, startCluster } from "../harness/dev-server.ts";
import { ensureBetterSqlite } from "../scripts/build-native.ts";
import { benchLangGraph } from "./checkpoints-langgraph.ts";

const STEPS = Number(process.env.BENCH_STEPS ?? 1_000);
const ROLLBACKS = 200;
// Built at install (npm's prepare); built here only if it still does not load, before
// the cluster boots and anything is timed.
const sqliteUnavailable = ensureBetterSqlite();
const PORT = await freePort();

const admin = newAdminToken();
// ~870 MB after 1,000 steps and 200 rollbacks: removed when the bench ends.
const persistTo = mkdtempSync(path.join(tmpdir(), "lethe-bench-cp-"));
const cluster = await startCluster({
  port: PORT,
  persistTo,
  vars: { LETHE_ADMIN_TOKEN: admin },
});
const base = `${cluster.url}/v1/sessions`;
const { key } = await createHiveKey(cluster.url, admin, "bench", "bench");

async function call(method: string, url: string, body?: unknown) {
  const response = await fetch(url, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) {
    throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as Record<string, unknown>;
}

function fileContent(i: number): string {
  return Array.from(
    { length: 24 },
    (_, l) => `export const f${i}_${l} = ${(i * 31 + l) % 997}; // line ${l}`,
  ).join("\n");
}

try {
  const created = await call("POST", base, {
    hive: "bench",
    mission: "synthetic checkpoint benchmark",
    l1Tokens: 2_048,
    retention: { keepLast: 10_000, everyNth: 0 },
  });
  const id = String(created.id);
  const transcript: Array<{ role: string; content: string }> = [];
  let baselineBytes = 0;
  const started = performance.now();
  for (let i = 1; i <= STEPS; i++) {
    const toolCall = {
      id: `call-${i}`,
      type: "function",
      function: { name: "search", arguments: JSON.stringify({ query: `value ${i}` }) },
    };
    const turns = [
      { role: "assistant", content: `step ${i}: looking for value ${i}`, toolCalls: [toolCall] },
      { role: "tool", content: `result ${i}: ${"value ".repeat(20)}${i}`, toolCallId: toolCall.id },
    ];
    const ops =
      i % 3 === 0
        ? [
            {
              type: "stage",
              page: {
                id: `f${i % 40}.ts`,
                kind: "file",
                sourceRef: `file:f${i % 40}.ts`,
                content: fileContent(i % 40),
              },
            },
          ]
        : i % 3 === 1
          ? [
              {
                type: "stage",
                page: {
                  id: `note-${i}`,
                  kind: "artifact",
                  sourceRef: `artifact:n${i}`,
                  content: `fact ${i}: limit = ${i}`,
                  priority: 3,
                },
              },
            ]
          : [];
    await call("POST", `${base}/${id}/steps`, { turns, ops });
    transcript.push(...turns);
    // Baseline: the whole state serialised at this step (what a naive store writes).
    const state = await call("GET", `${base}/${id}/state`);
    baselineBytes += Buffer.byteLength(JSON.stringify({ state, transcript }));
  }
  const stepMs = (performance.now() - started) / STEPS;
  const storage = (await call("GET", `${base}/${id}/storage`)) as {
    blobBytes: number;
    checkpointBytes: number;
    sqliteBytes: number;
    checkpoints: number;
  };
  const listed = (await call("GET", `${base}/${id}/checkpoints?limit=1000`)).checkpoints as Array<{
    id: string;
  }>;
  const latencies: number[] = [];
  for (let r = 0; r < ROLLBACKS; r++) {
    const target = listed[(r * 7919) % listed.length]?.id ?? "";
    const t0 = performance.now();
    await call("POST", `${base}/${id}/rollback`, { checkpoint: target });
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  const mib = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MiB`;
  console.log(
    `checkpoints: ${STEPS} steps, ${storage.checkpoints} checkpoints kept (retention off)`,
  );
  console.log(
    "setup: one session on a local cluster (wrangler dev, this machine), steps posted over HTTP; each step adds an\n" +
      "       assistant turn with a tool call and its result, and stages a file (every 3rd step, 40 files) or a note;\n" +
      "       bytes as stored: Lethe's from the session's SQLite, the baseline's as JSON",
  );
  console.log(`  full-snapshot baseline (whole state at every step): ${mib(baselineBytes)}`);
  console.log(`  Lethe blobs (content-addressed, deduplicated):      ${mib(storage.blobBytes)}`);
  console.log(
    `  Lethe checkpoint data (blobs + rows, no trace):     ${mib(storage.checkpointBytes)}`,
  );
  console.log(`  Lethe SQLite file (everything, trace, page slack):  ${mib(storage.sqliteBytes)}`);
  // A full snapshot re-writes the whole transcript at every step, so it grows with the
  // square of the steps: a ratio against it follows from the design and carries no target.
  // The peer comparison (LangGraph's own saver on the same graph) follows below.
  console.log(
    `  ratio checkpoint data / full snapshot (bytes): ${(storage.checkpointBytes / baselineBytes).toFixed(4)} (1/${Math.round(baselineBytes / storage.checkpointBytes)}); no target (the snapshot grows with steps², so the ratio follows from the design)`,
  );
  console.log(
    `  ratio SQLite file / full snapshot (bytes): ${(storage.sqliteBytes / baselineBytes).toFixed(4)} (1/${Math.round(baselineBytes / storage.sqliteBytes)}); no target`,
  );
  console.log(`  step commit over HTTP: ${stepMs.toFixed(2)} ms mean`);
  console.log(
    `  rollback over HTTP (${ROLLBACKS} random checkpoints): p50 ${pct(50).toFixed(2)} ms, p99 ${pct(99).toFixed(2)} ms`,
  );
  const graphKey = await createHiveKey(cluster.url, admin, "bench-graph", "bench");
  await benchLangGraph(cluster.url, "bench-graph", graphKey.key, sqliteUnavailable);
} finally {
  await cluster.stop();
  rmSync(persistTo, { recursive: true, force: true, maxRetries: 3 });
}
