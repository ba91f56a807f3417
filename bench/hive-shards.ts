// `npm run bench:hive -- --shards` (issue 43): a hive made with 1, 2 and 4 artifact
// shards, driven by HTTP writers creating keys spread by the shards' hash: closed-
// loop rows (the rate this machine reaches), then rows paced open-loop at the same
// rate per shard (the per-shard cost at an equal per-shard load). Per row: commits/s reached, the cluster's workerd CPU per commit (/proc,
// hive-proc.ts) and the Hive objects' JS time per commit (V8 samples of the
// gateway's isolate, hive-isolate-cpu.ts; every shard is a Hive object, and each
// commit runs on exactly one shard, so this is the JS time per commit per shard).
// The acceptance, on the paced rows: per-shard JS time per commit does not grow
// with the shard count (the 1-shard row is the baseline, measured in the same run).
// Then the projected rate of a sharded hive on Cloudflare, with its assumptions.
// Load is printed beside every figure; missed targets say MISSED.
import { availableParallelism, loadavg } from "node:os";
import { shardOf } from "../shared/hive/shards.ts";
import { bootHiveBench, HIVE_MODULES } from "./hive-bench-cluster.ts";
import { settle, workerdSeconds } from "./hive-proc.ts";

const SHORT = process.argv.includes("--short");
const SHARD_COUNTS = [1, 2, 4];
const SECONDS = SHORT ? 4 : 10;
const WRITERS = 32;
/** Per-shard JS time per commit at 4 shards ÷ at 1: "does not grow" within sampling noise. */
const GROWTH_TARGET = 1.2;
/**
 * The paced rows give every shard the same rate (4 shards: 4× the hive's rate),
 * below this machine's ceiling at 4 shards, so a shard's group commits, mirror
 * flushes and timers are the same size at every shard count: the comparison of
 * per-shard cost is not confounded by each shard getting a quarter of a fixed total.
 */
const PER_SHARD_RATE = 30;
/**
 * Cloudflare's guidance for one Durable Object: about 1,000 requests per second
 * before queueing grows (projected; docs/scale.md). A shard's projected rate is
 * the lower of this and what its measured JS time per commit allows.
 */
const OBJECT_REQUESTS_PER_SECOND = 1_000;
/** V8 samples every 200 µs: about five per commit of the Hive's JS, so a row of a few thousand commits is not sampling noise. */
const SAMPLING_INTERVAL_US = 200;
const PROFILE = process.env.LETHE_FANOUT_PROFILE !== "0";

function line(label: string, figure: string, target = ""): void {
  const load = `load ${loadavg()[0]?.toFixed(1)}`;
  process.stdout.write(`${label.padEnd(52)} ${figure.padEnd(58)} ${load.padEnd(9)} ${target}\n`);
}

interface Row {
  shards: number;
  commits: number;
  rate: number;
  refused: number;
  cpuMs: number;
  hiveMs: number;
  spread: number[];
}

/** Rows of one shard count as one: per-commit figures weighted by commits, rates averaged. */
function pool(rows: Row[]): Row {
  const commits = rows.reduce((sum, row) => sum + row.commits, 0);
  const weighted = (of: (row: Row) => number) =>
    rows.reduce((sum, row) => sum + of(row) * row.commits, 0) / commits;
  return {
    shards: rows[0]?.shards ?? 0,
    commits,
    rate: rows.reduce((sum, row) => sum + row.rate, 0) / rows.length,
    refused: rows.reduce((sum, row) => sum + row.refused, 0),
    cpuMs: weighted((row) => row.cpuMs),
    hiveMs: weighted((row) => row.hiveMs),
    spread: rows[0]?.spread ?? [],
  };
}

async function main(): Promise<void> {
  const bench = await bootHiveBench("shards", PROFILE);
  const { cluster, port, root, admin } = bench;
  const profiler = bench.hiveProfiler;

  /** One row: closed-loop writers, or with `perShardRate` an open loop paced per shard. */
  async function run(shards: number, perShardRate?: number): Promise<Row> {
    const hive = `shards-${shards}-${Date.now().toString(36)}`;
    const made = await fetch(`${cluster.url}/v1/admin/hives/${hive}/keys`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
      body: JSON.stringify({ label: "bench", shards }),
    });
    if (made.status !== 201) {
      throw new Error(`making ${hive}: ${made.status} ${await made.text()}`);
    }
    const { key } = (await made.json()) as { key: string };
    let next = 0;
    let refused = 0;
    const spread = Array.from({ length: shards }, () => 0);
    const put = async (i: number) => {
      const identifier = `bench.${i}`;
      const response = await fetch(`${cluster.url}/v1/hives/${hive}/artifacts`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({
          idempotencyKey: `k${i}`,
          artifact: {
            identifier,
            kind: "fact",
            value: i,
            provenance: {
              session: "bench",
              agent: "bench",
              step: i,
              source: "bench/hive-shards.ts",
            },
          },
        }),
      });
      await response.arrayBuffer();
      if (response.status === 200) {
        const shard = shardOf(identifier, shards);
        spread[shard] = (spread[shard] ?? 0) + 1;
      } else {
        refused++;
      }
    };
    // Warm every shard object before measuring (first requests create them).
    await Promise.all(Array.from({ length: WRITERS }, async () => put(next++)));
    const committedBefore = spread.reduce((a, b) => a + b, 0);
    await settle(root, port);
    const before = workerdSeconds(root, port);
    await profiler?.start(SAMPLING_INTERVAL_US);
    const started = performance.now();
    const until = started + SECONDS * 1000;
    if (perShardRate === undefined) {
      await Promise.all(
        Array.from({ length: WRITERS }, async () => {
          while (performance.now() < until) {
            await put(next++);
          }
        }),
      );
    } else {
      // Open loop on a clock: every shard receives `perShardRate` commits/s.
      const puts: Promise<void>[] = [];
      const interval = 1000 / (perShardRate * shards);
      for (let i = 0; started + i * interval < until; i++) {
        const wait = started + i * interval - performance.now();
        if (wait > 0) {
          await new Promise((r) => setTimeout(r, wait));
        }
        puts.push(put(next++));
      }
      await Promise.all(puts);
    }
    const seconds = (performance.now() - started) / 1000;
    const js = await profiler?.stop(HIVE_MODULES);
    const cpu = workerdSeconds(root, port) - before;
    const commits = spread.reduce((a, b) => a + b, 0) - committedBefore;
    return {
      shards,
      commits,
      rate: commits / seconds,
      refused,
      cpuMs: (cpu * 1000) / commits,
      hiveMs: (js?.moduleMs ?? Number.NaN) / commits,
      spread,
    };
  }

  const ms = (v: number) => (Number.isNaN(v) ? "-" : v.toFixed(3));
  try {
    line(
      "machine",
      `${availableParallelism()} CPUs; ${WRITERS} closed-loop HTTP writers, ${SECONDS} s per row`,
    );
    line(
      "JS time",
      profiler === null
        ? "not profiled (LETHE_FANOUT_PROFILE=0, or the gateway's isolate was not found): prints -"
        : `V8 samples every ${SAMPLING_INTERVAL_US} µs of the gateway's isolate, Hive modules only (not CPU time)`,
    );
    const rows: Row[] = [];
    for (const shards of SHARD_COUNTS) {
      const row = await run(shards);
      rows.push(row);
      line(
        `${shards} shard${shards === 1 ? "" : "s"}, closed loop: commits/s reached`,
        `${row.rate.toFixed(0)}/s, workerd ${row.cpuMs.toFixed(2)} ms/commit, JS per commit per shard ${ms(row.hiveMs)} ms`,
        `per shard ${row.spread.join(" / ")}; refused ${row.refused}`,
      );
    }
    // Paced rows in the order 1, 2, 4, 4, 2, 1: a drift of the machine's load over
    // the run weighs on every shard count alike; each count's two rows are pooled.
    const byCount = new Map<number, Row[]>();
    for (const shards of [...SHARD_COUNTS, ...[...SHARD_COUNTS].reverse()]) {
      const row = await run(shards, PER_SHARD_RATE);
      byCount.set(shards, [...(byCount.get(shards) ?? []), row]);
      line(
        `${shards} shard${shards === 1 ? "" : "s"}, ${PER_SHARD_RATE}/s per shard: reached`,
        `${row.rate.toFixed(0)}/s, workerd ${row.cpuMs.toFixed(2)} ms/commit, JS per commit per shard ${ms(row.hiveMs)} ms`,
        `per shard ${row.spread.join(" / ")}; refused ${row.refused}`,
      );
    }
    const paced = SHARD_COUNTS.map((shards) => pool(byCount.get(shards) ?? []));
    const one = paced[0];
    const four = paced.at(-1);
    const closedOne = rows[0];
    const closedFour = rows.at(-1);
    if (closedOne && closedFour) {
      line(
        "closed loop, JS per commit per shard: 4 shards ÷ 1",
        `${(closedFour.hiveMs / closedOne.hiveMs).toFixed(2)}× (${ms(closedFour.hiveMs)} / ${ms(closedOne.hiveMs)} ms)`,
        "each of 4 shards gets a quarter of this machine's total: smaller groups, the same timers (no target)",
      );
      line(
        "closed loop, commits/s reached: 4 shards ÷ 1",
        `${(closedFour.rate / closedOne.rate).toFixed(2)}× (${closedFour.rate.toFixed(0)} / ${closedOne.rate.toFixed(0)}/s)`,
        "locally every shard shares one workerd and 2 cores with this client: no scale-out expected",
      );
    }
    const paceMissed = paced.filter((row) => row.rate < 0.9 * PER_SHARD_RATE * row.shards);
    for (const row of paceMissed) {
      line(
        `${row.shards} shards: the pace was not reached`,
        `${row.rate.toFixed(0)}/s of ${PER_SHARD_RATE * row.shards}/s`,
        "this machine's load: the per-shard comparison below is not at an equal load",
      );
    }
    if (one && four) {
      const growth = four.hiveMs / one.hiveMs;
      line(
        `JS per commit per shard at ${PER_SHARD_RATE}/s per shard (2 rows pooled): 4 ÷ 1`,
        Number.isNaN(growth)
          ? "- (not profiled)"
          : `${growth.toFixed(2)}× (${ms(four.hiveMs)} / ${ms(one.hiveMs)} ms)`,
        Number.isNaN(growth)
          ? "MISSED (no figure)"
          : `target ≤ ${GROWTH_TARGET}× (does not grow): ${growth <= GROWTH_TARGET && paceMissed.length === 0 ? "met" : "MISSED"}`,
      );
      const two = paced[1];
      if (two) {
        line(
          `JS per commit per shard at ${PER_SHARD_RATE}/s per shard (2 rows pooled): 2 ÷ 1`,
          `${(two.hiveMs / one.hiveMs).toFixed(2)}× (${ms(two.hiveMs)} / ${ms(one.hiveMs)} ms)`,
          "(no target)",
        );
      }
      line(
        `workerd CPU per commit at ${PER_SHARD_RATE}/s per shard: 4 ÷ 1`,
        `${(four.cpuMs / one.cpuMs).toFixed(2)}× (${four.cpuMs.toFixed(2)} / ${one.cpuMs.toFixed(2)} ms)`,
        "gateway + every shard + D1 mirror in one workerd (no target)",
      );
      // Projected: one object runs one commit at a time on its own thread on Cloudflare.
      const perObject = Number.isNaN(one.hiveMs)
        ? OBJECT_REQUESTS_PER_SECOND
        : Math.min(OBJECT_REQUESTS_PER_SECOND, 1000 / one.hiveMs);
      for (const shards of [1, 4, 16]) {
        line(
          `PROJECTED on Cloudflare, ${shards} shard${shards === 1 ? "" : "s"}`,
          `≈ ${Math.round(perObject * shards).toLocaleString("en")} commits/s`,
          `assumes: one object ≈ ${Math.round(perObject)} commits/s = min(${OBJECT_REQUESTS_PER_SECOND}/s Cloudflare guidance, 1 / ${ms(one.hiveMs)} ms JS per commit measured here) × ${shards} shards, keys spread evenly (spread measured above), one key per batch, gateway scaled out; not measured`,
        );
      }
    }
  } finally {
    await bench.stop();
  }
}

await main();
