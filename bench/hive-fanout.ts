// `npm run bench:hive -- --fanout` (issue 43): a hive's fan-out at 10, 100 and 1,000
// subscribers, straight from the Hive and through relays. The subscribers are raw
// `ws` sockets in a child process (hive-subscribers.ts), so the cluster's CPU per
// commit (read from /proc, hive-proc.ts) is apart from theirs, and the Hive
// object's and the relays' JS time per commit is sampled through workerd's V8
// inspector (hive-isolate-cpu.ts; LETHE_FANOUT_PROFILE=0 turns it off). Rows:
// delivery p50/p99, gaps and duplicates, CPU and JS time per commit; the ratio of
// the Hive's JS time per commit at 1,000 through relays to 10 direct; the highest
// rate keeping p99 < 250 ms at 1,000; and a relay ended mid-run.
// `--fanout-rows=audiences,rates,kill` picks the groups of rows (all by default).
// Load is printed beside every figure; missed targets say MISSED.
import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Lethe } from "../packages/client/lethe.ts";
import { createHiveKey, newAdminToken } from "../harness/admin.ts";
import { freePort, startCluster } from "../harness/dev-server.ts";
import type { RelayMode } from "../shared/hive/relays.ts";
import { IsolateProfiler, isolateUrl, wranglerIsolateUrl } from "./hive-isolate-cpu.ts";
import { workerdInspector, workerdSeconds } from "./hive-proc.ts";

const SHORT = process.argv.includes("--short");
const COUNTS = [10, 100, 1_000];
const RATE = 50;
const COMMITS = SHORT ? 100 : 400;
const P99_TARGET_MS = 250;
const CPU_RATIO_TARGET = 1.2;
const HERE = path.dirname(fileURLToPath(import.meta.url));
const PROFILE = process.env.LETHE_FANOUT_PROFILE !== "0";
const ROWS = new Set(
  (
    process.argv.find((a) => a.startsWith("--fanout-rows="))?.slice("--fanout-rows=".length) ??
    "audiences,rates,kill"
  ).split(","),
);
/** The Hive's modules in the gateway's source map (the class and its folder). */
const HIVE_MODULES = /(^|\/)durable-objects\/hive(\.ts$|\/)/;

function line(label: string, figure: string, target = ""): void {
  const load = `load ${loadavg()[0]?.toFixed(1)}`;
  process.stdout.write(`${label.padEnd(58)} ${figure.padEnd(46)} ${load.padEnd(9)} ${target}\n`);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

interface Report {
  latencies: number[];
  gaps: number;
  duplicates: number;
  reconnects: number;
}

class Subscribers {
  readonly #child: ChildProcess;
  readonly #waiting: Array<(m: { type: string; count?: number } & Partial<Report>) => void> = [];

  constructor(start: object) {
    this.#child = fork(path.join(HERE, "hive-subscribers.ts"), [JSON.stringify(start)], {
      execPath: process.execPath,
    });
    this.#child.on("message", (m) => this.#waiting.shift()?.(m as never));
  }

  #ask(message: object): Promise<{ type: string; count?: number } & Partial<Report>> {
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
      this.#child.send(message);
    });
  }

  /** Polls until `count` subscribers answer `question` (or the deadline passes). */
  async until(question: object, count: number, ms: number): Promise<number> {
    const deadline = Date.now() + ms;
    let got = 0;
    while (Date.now() < deadline) {
      got = (await this.#ask(question)).count ?? 0;
      if (got >= count) {
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return got;
  }

  async report(): Promise<Report> {
    const r = await this.#ask({ type: "report" });
    return {
      latencies: r.latencies ?? [],
      gaps: r.gaps ?? 0,
      duplicates: r.duplicates ?? 0,
      reconnects: r.reconnects ?? 0,
    };
  }

  stop(): void {
    this.#child.send({ type: "stop" });
  }
}

interface Row {
  p50: number;
  p99: number;
  gaps: number;
  duplicates: number;
  reconnects: number;
  cpuMs: number;
  /** The Hive object's JS ms per commit (sampled; NaN when not profiled). */
  hiveMs: number;
  /** The relays' isolate's JS ms per commit (sampled; NaN when not profiled). */
  relayMs: number;
  reached: number;
  rate: number;
}

async function main(): Promise<void> {
  const port = await freePort();
  const persistTo = mkdtempSync(path.join(tmpdir(), "lethe-bench-fanout-"));
  const admin = newAdminToken();
  process.stdout.write(`starting the cluster on port ${port}...\n`);
  const cluster = await startCluster({ port, persistTo, vars: { LETHE_ADMIN_TOKEN: admin } });
  const root = cluster.child.pid ?? 0;
  // The gateway's isolate (the Hive's) through wrangler's inspector proxy, which
  // serves the first Worker; the relays' through workerd's own inspector.
  let hiveProfiler: IsolateProfiler | null = null;
  let relayProfiler: IsolateProfiler | null = null;
  if (PROFILE) {
    const direct = await workerdInspector(root, port);
    const gateway =
      cluster.inspectorPort === undefined
        ? direct === null
          ? null
          : await isolateUrl(direct, "lethe-gateway")
        : await wranglerIsolateUrl(cluster.inspectorPort);
    const relay = direct === null ? null : await isolateUrl(direct, "lethe-relay");
    hiveProfiler = gateway === null ? null : await IsolateProfiler.open(gateway);
    if (hiveProfiler !== null && !hiveProfiler.holds(HIVE_MODULES)) {
      // wrangler's proxy served another Worker's isolate: no Hive figure rather than 0.
      hiveProfiler.close();
      hiveProfiler = null;
    }
    relayProfiler = relay === null ? null : await IsolateProfiler.open(relay);
  }
  const adminCall = (method: string, route: string, body?: object) =>
    fetch(`${cluster.url}/v1/admin${route}`, {
      method,
      headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  /** One row: `count` subscribers, relays in `mode`, `commits` paced at `rate`; optionally a relay ended halfway. */
  async function run(
    count: number,
    mode: RelayMode,
    commits: number,
    rate: number,
    kill = false,
  ): Promise<Row> {
    const hive = `fanout-${count}-${mode}-${Date.now().toString(36)}`;
    const { key } = await createHiveKey(cluster.url, admin, hive, "bench");
    await adminCall("PUT", `/hives/${hive}/relays`, { mode });
    const subs = new Subscribers({ url: cluster.url, hive, key, count, since: 0 });
    const lethe = new Lethe({ url: cluster.url, key });
    try {
      await subs.until({ type: "synced?" }, count, 120_000);
      const before = workerdSeconds(root, port);
      await Promise.all([hiveProfiler?.start(), relayProfiler?.start()]);
      const started = performance.now();
      const puts: Promise<unknown>[] = [];
      for (let i = 0; i < commits; i++) {
        const due = started + (i * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 0) {
          await new Promise((r) => setTimeout(r, wait));
        }
        puts.push(
          lethe.putArtifact(hive, {
            idempotencyKey: `f${i}`,
            artifact: {
              identifier: `fan.${i}`,
              kind: "fact",
              value: i,
              provenance: {
                session: "bench",
                agent: "bench",
                step: i,
                source: "bench/hive-fanout.ts",
              },
            },
          } as never),
        );
        if (kill && i === Math.floor(commits / 2)) {
          const status = (await (await adminCall("GET", `/hives/${hive}/relays`)).json()) as {
            relays: string[];
          };
          const relay = status.relays[0];
          if (relay !== undefined) {
            await adminCall("POST", `/hives/${hive}/relays/${encodeURIComponent(relay)}/abort`);
          }
        }
      }
      await Promise.all(puts);
      const seconds = (performance.now() - started) / 1000;
      const reached = await subs.until({ type: "reached?", head: commits }, count, 60_000);
      const cpuMs = ((workerdSeconds(root, port) - before) * 1000) / commits;
      const hiveJs = await hiveProfiler?.stop(HIVE_MODULES);
      const relayJs = await relayProfiler?.stop(/./);
      const r = await subs.report();
      return {
        p50: percentile(r.latencies, 50),
        p99: percentile(r.latencies, 99),
        gaps: r.gaps + (count - reached),
        duplicates: r.duplicates,
        reconnects: r.reconnects,
        cpuMs,
        hiveMs: (hiveJs?.moduleMs ?? Number.NaN) / commits,
        relayMs: (relayJs?.totalMs ?? Number.NaN) / commits,
        reached,
        rate: commits / seconds,
      };
    } finally {
      subs.stop();
    }
  }

  const js = (ms: number) => (Number.isNaN(ms) ? "-" : ms.toFixed(3));
  const show = (label: string, row: Row, target = "") =>
    line(
      label,
      `p50 ${row.p50} / p99 ${row.p99} ms, gaps ${row.gaps}, dups ${row.duplicates}, workerd ${row.cpuMs.toFixed(2)} ms/commit, JS Hive ${js(row.hiveMs)} relays ${js(row.relayMs)} ms/commit`,
      target,
    );

  try {
    line("machine", `${availableParallelism()} CPUs; subscribers in a child process`);
    line(
      "JS time",
      PROFILE
        ? `V8 samples every 1 ms, wall clock while JS runs (not CPU time)${hiveProfiler && relayProfiler ? `; ${hiveProfiler.modules} modules in the gateway's bundle` : ": the Hive's or the relays' isolate was not found (its figures print -)"}`
        : "not profiled (LETHE_FANOUT_PROFILE=0)",
    );
    const rows = new Map<string, Row>();
    if (ROWS.has("audiences")) {
      for (const count of COUNTS) {
        for (const mode of ["never", "always"] as const) {
          const row = await run(count, mode, COMMITS, RATE);
          rows.set(`${count}-${mode}`, row);
          show(
            `${count} subscribers, ${mode === "never" ? "direct" : "relays"}, ${RATE}/s (${row.rate.toFixed(0)}/s reached)`,
            row,
          );
        }
      }
    }
    const at1000 = rows.get("1000-always");
    const at10 = rows.get("10-never");
    if (at1000 && at10) {
      const ratio = at1000.hiveMs / at10.hiveMs;
      line(
        "Hive JS per commit: 1,000 via relays ÷ 10 direct",
        `${ratio.toFixed(2)}× (${js(at1000.hiveMs)} / ${js(at10.hiveMs)} ms)`,
        `target ≤ ${CPU_RATIO_TARGET}×: ${ratio <= CPU_RATIO_TARGET ? "met" : "MISSED"}`,
      );
      line(
        "workerd CPU per commit: 1,000 via relays ÷ 10 direct",
        `${(at1000.cpuMs / at10.cpuMs).toFixed(2)}× (${at1000.cpuMs.toFixed(2)} / ${at10.cpuMs.toFixed(2)} ms)`,
        "Hive + relays + gateway in one workerd (no target)",
      );
      const ok = at1000.gaps === 0 && at1000.duplicates === 0 && at1000.p99 < P99_TARGET_MS;
      line(
        `1,000 subscribers via relays at ${RATE}/s`,
        `p99 ${at1000.p99} ms, gaps ${at1000.gaps}, dups ${at1000.duplicates}`,
        `target p99 < ${P99_TARGET_MS} ms, 0 gaps, 0 dups: ${ok ? "met" : "MISSED"}`,
      );
    }
    if (ROWS.has("rates")) {
      let best = 0;
      for (const rate of [50, 100, 200, 400]) {
        const row = await run(1_000, "always", Math.max(COMMITS, rate * 2), rate);
        show(`1,000 via relays at ${rate}/s (${row.rate.toFixed(0)}/s reached)`, row);
        if (row.p99 >= P99_TARGET_MS || row.gaps > 0) {
          break;
        }
        best = rate;
      }
      line(
        "highest rate tried with p99 < 250 ms at 1,000 via relays",
        best > 0 ? `${best}/s` : "none",
        best > 0 ? "" : "MISSED",
      );
    }
    if (ROWS.has("kill")) {
      const killed = await run(1_000, "always", COMMITS, RATE, true);
      show(
        `1,000 via relays, a relay ended halfway (${killed.reconnects} reconnects)`,
        killed,
        `target 0 gaps: ${killed.gaps === 0 && killed.reconnects > 0 ? "met" : "MISSED"}`,
      );
    }
  } finally {
    hiveProfiler?.close();
    relayProfiler?.close();
    await cluster.stop();
    rmSync(persistTo, { recursive: true, force: true });
  }
}

await main();
