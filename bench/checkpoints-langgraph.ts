// The LangGraph half of `npm run bench:checkpoints`: one real 1,000-step LangGraph
// graph (a node appending one message per step to a growing list) run three ways
// in the same process: lethe/langgraph against the cluster, LangGraph's own
// SqliteSaver (better-sqlite3, a file on disk), and a hand-made full snapshot.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Annotation, END, START, StateGraph } from "@langchain/langgraph";
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { LetheSaver } from "../shared/langgraph/saver.ts";

const STEPS = Number(process.env.BENCH_GRAPH_STEPS ?? 1_000);
const GETS = 200;

type Message = { role: string; content: string };

const State = Annotation.Root({
  messages: Annotation<Message[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
  step: Annotation<number>({ reducer: (_a, b) => b, default: () => 0 }),
});

function graphWith(saver: BaseCheckpointSaver) {
  return new StateGraph(State)
    .addNode("agent", (s) => ({
      messages: [
        {
          role: "assistant",
          content: `step ${s.step}: looked up value ${s.step * 7} ${"and noted the result ".repeat(6)}`,
        },
      ],
      step: s.step + 1,
    }))
    .addEdge(START, "agent")
    .addConditionalEdges("agent", (s) => (s.step >= STEPS ? END : "agent"))
    .compile({ checkpointer: saver });
}

interface Timings {
  put: number[];
  get: number[];
  /** What a naive store writes: every checkpoint LangGraph hands the saver, whole. */
  fullSnapshotBytes: number;
  ids: string[];
}

/** Times the saver's put and getTuple where LangGraph calls them. */
function instrument(saver: BaseCheckpointSaver): Timings {
  const timings: Timings = { put: [], get: [], fullSnapshotBytes: 0, ids: [] };
  const put = saver.put.bind(saver);
  saver.put = async (config, checkpoint, metadata, versions) => {
    timings.fullSnapshotBytes += Buffer.byteLength(JSON.stringify({ checkpoint, metadata }));
    const t0 = performance.now();
    const result = await put(config, checkpoint, metadata, versions);
    timings.put.push(performance.now() - t0);
    timings.ids.push(checkpoint.id);
    return result;
  };
  return timings;
}

async function run(saver: BaseCheckpointSaver, thread: string): Promise<Timings> {
  const timings = instrument(saver);
  const out = await graphWith(saver).invoke(
    { messages: [{ role: "user", content: "start" }] },
    { configurable: { thread_id: thread }, recursionLimit: STEPS + 10 },
  );
  if (out.messages.length !== STEPS + 1) {
    throw new Error(`the graph ended with ${out.messages.length} messages, not ${STEPS + 1}`);
  }
  const ids = timings.ids;
  for (let i = 0; i < GETS; i++) {
    const id = ids[(i * 7919) % ids.length] ?? "";
    const t0 = performance.now();
    const tuple = await saver.getTuple({ configurable: { thread_id: thread, checkpoint_id: id } });
    timings.get.push(performance.now() - t0);
    if (tuple === undefined) {
      throw new Error(`checkpoint ${id} did not read back`);
    }
  }
  return timings;
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (values: number[]) =>
  `p50 ${pct(values, 50).toFixed(2)} ms, p99 ${pct(values, 99).toFixed(2)} ms`;
const mib = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MiB`;

/**
 * The LangGraph comparison on a running cluster. `sqliteUnavailable` is why
 * better-sqlite3 does not load (scripts/build-native.ts ran before the bench), or null.
 */
export async function benchLangGraph(
  url: string,
  hive: string,
  key: string,
  sqliteUnavailable: string | null,
): Promise<void> {
  console.log(
    `\nLangGraph: one StateGraph, ${STEPS} steps, one message appended per step (messages channel grows to ${STEPS + 1}); put timed where LangGraph calls it, getTuple on ${GETS} checkpoints`,
  );
  const lethe = new LetheSaver({ url, hive, key });
  const letheTimes = await run(lethe, "bench-thread");
  const storage = await fetch(`${url}/v1/hives/${hive}/langgraph/storage`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const figures = (
    (await storage.json()) as {
      value: { chunkBytes: number; rowBytes: number; sqliteBytes: number; checkpoints: number };
    }
  ).value;
  const letheBytes = figures.chunkBytes + figures.rowBytes;
  console.log(
    `  lethe/langgraph (cluster, over HTTP):        ${mib(letheBytes)} stored (chunks + rows; DO SQLite file ${mib(figures.sqliteBytes)}), ${figures.checkpoints} checkpoints; put ${ms(letheTimes.put)}; get ${ms(letheTimes.get)}`,
  );

  if (sqliteUnavailable !== null) {
    console.log(`  LangGraph SqliteSaver: not measured (${sqliteUnavailable})`);
  } else {
    const { SqliteSaver } = await import("@langchain/langgraph-checkpoint-sqlite");
    const dir = mkdtempSync(path.join(tmpdir(), "lethe-bench-sqlite-"));
    const file = path.join(dir, "graph.db");
    const sqlite = SqliteSaver.fromConnString(file);
    const sqliteTimes = await run(sqlite, "bench-thread");
    const db = sqlite.db;
    db.pragma("wal_checkpoint(TRUNCATE)");
    const payload = db
      .prepare(
        `SELECT (SELECT coalesce(sum(length(checkpoint) + length(metadata)), 0) FROM checkpoints)
              + (SELECT coalesce(sum(length(value)), 0) FROM writes) AS bytes`,
      )
      .get() as { bytes: number };
    const fileBytes = statSync(file).size;
    console.log(
      `  LangGraph SqliteSaver (same process, file):  ${mib(payload.bytes)} stored (payload columns; file ${mib(fileBytes)}); put ${ms(sqliteTimes.put)}; get ${ms(sqliteTimes.get)}`,
    );
    console.log(
      `    ratio SqliteSaver / Lethe: ${(payload.bytes / letheBytes).toFixed(1)}x the bytes (file: ${(fileBytes / figures.sqliteBytes).toFixed(1)}x Lethe's DO file)`,
    );
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `  hand-made full snapshot (every checkpoint LangGraph handed the saver, as JSON): ${mib(letheTimes.fullSnapshotBytes)}; ratio full snapshot / Lethe: ${(letheTimes.fullSnapshotBytes / letheBytes).toFixed(1)}x`,
  );
}
