// A contended row for the Hive (issue 41): N writers running compare-and-swap loops on
// ONE identifier, beside the same N writers on one identifier each (the baseline, same
// run, same hive), with latency measured from the client's send: to the writer's
// answer and to delivery at every subscriber, both clocks in this process. Starts a
// local cluster on a free port and stops it. Never asserts.
// `npm run bench:hive-contended` (`-- --short` for a quick run; HIVE_WRITERS=N).
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import WebSocket from "ws";
import { createHiveKey, newAdminToken } from "../harness/admin.ts";
import { freePort, startCluster } from "../harness/dev-server.ts";
import { followHive, type HiveFollower } from "../packages/client/follow.ts";
import { Lethe } from "../packages/client/lethe.ts";

const PORT = await freePort();
const SHORT = process.argv.includes("--short");
/** Writers, one socket and one CAS loop each. */
const WRITERS = Number(process.env.HIVE_WRITERS ?? 8);
const SUBSCRIBERS = SHORT ? 20 : 100;
const SECONDS = SHORT ? 3 : 8;
const PINGS = SHORT ? 100 : 300;
/** issue 5's delivery target, now judged from the client's send. */
const DELIVERY_P99_MS = 50;
const provenance = { session: "bench", agent: "bench", step: 0, source: "bench/hive-contended.ts" };

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
const pp = (xs: readonly number[]) =>
  `${percentile(xs, 50).toFixed(1)} / ${percentile(xs, 99).toFixed(1)} ms`;
function line(label: string, figure: string, verdict = ""): void {
  const load = `load ${loadavg()[0]?.toFixed(1)}`;
  process.stdout.write(`${label.padEnd(66)} ${figure.padEnd(30)} ${load.padEnd(9)} ${verdict}\n`);
}

interface Sent {
  /** When the writer first sent this update (its first attempt). */
  first: number;
  /** When it sent the attempt that committed. */
  won: number;
}

interface RunFigures {
  commits: number;
  perSecond: number;
  conflicts: number;
  /** Attempts per committed update. */
  attempts: number[];
  /** Send of the committing attempt → its answer at the writer. */
  ack: number[];
  /** Send of the committing attempt → delivery at each subscriber. */
  deliveryFromSend: number[];
  /** First attempt's send → delivery (retries included: what a contended writer waits). */
  deliveryFromFirst: number[];
  /** The old figure: the Hive's commit stamp (event.at) → delivery. */
  deliveryFromStamp: number[];
  gaps: number;
  /** Commits won by each writer: how fairly the identifier is shared. */
  byWriter: number[];
}

/**
 * WRITERS CAS loops for SECONDS: each sends a put at the version it last saw and, on
 * VERSION_CONFLICT, retries at the version in force (the conflict carries it).
 * `hot`: every loop writes the same identifier; else each its own.
 */
async function run(
  url: string,
  hive: string,
  key: string,
  hot: boolean,
  followers: HiveFollower[],
  sent: Map<string, Sent>,
  figures: RunFigures,
): Promise<void> {
  const lethe = new Lethe({ url, key });
  const writers = Array.from({ length: WRITERS }, () =>
    lethe.writer(hive, { group: false, validate: false }),
  );
  await Promise.all(writers.map((w) => w.ready()));
  const tag = `${hot ? "hot" : "own"}${Date.now().toString(36)}`;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  let head = 0;
  await Promise.all(
    writers.map(async (writer, w) => {
      const id = hot ? `${tag}.key` : `${tag}.key.${w}`;
      let version = 0;
      for (let k = 0; performance.now() < deadline; k++) {
        const value = `${tag}.${w}.${k}`;
        const first = performance.now();
        for (let attempt = 1; ; attempt++) {
          const sentAt = performance.now();
          sent.set(value, { first, won: sentAt });
          const outcome = await writer.commit({
            idempotencyKey: `${value}.${attempt}`,
            writes: [
              {
                op: "put",
                expectedVersion: version,
                artifact: { identifier: id, kind: "fact", value, provenance },
              },
            ],
          });
          if (outcome.ok) {
            figures.ack.push(performance.now() - sentAt);
            figures.attempts.push(attempt);
            figures.commits++;
            figures.byWriter[w] = (figures.byWriter[w] ?? 0) + 1;
            version++;
            head = Math.max(head, outcome.result.seq);
            break;
          }
          if (outcome.conflict === undefined) {
            throw new Error(`commit refused: ${outcome.code} ${outcome.message}`);
          }
          figures.conflicts++;
          version = outcome.conflict.currentVersion;
          if (performance.now() >= deadline + 5_000) {
            // A loop that cannot win for five seconds past the deadline is reported by the counts; stop it.
            break;
          }
        }
      }
    }),
  );
  figures.perSecond = (figures.commits / (performance.now() - started)) * 1000;
  for (const writer of writers) {
    writer.close();
  }
  await Promise.all(followers.map((f) => f.reached(head)));
}

async function main(): Promise<void> {
  const persistTo = mkdtempSync(path.join(tmpdir(), "lethe-bench-hive-contended-"));
  const admin = newAdminToken();
  process.stdout.write(`starting the cluster on port ${PORT}...\n`);
  const cluster = await startCluster({ port: PORT, persistTo, vars: { LETHE_ADMIN_TOKEN: admin } });
  const followers: HiveFollower[] = [];
  try {
    const hive = `bench-contended-${Date.now().toString(36)}`;
    const { key } = await createHiveKey(cluster.url, admin, hive, "bench");
    line("machine", `${availableParallelism()} CPUs`);
    line(
      "setup",
      `${SHORT ? "--short" : "full"}: ${WRITERS} writers, ${SUBSCRIBERS} subscribers, ${SECONDS} s per row`,
      "one `wrangler dev` + this process as every client, same CPUs; one write in flight per writer, one commit per frame",
    );
    const rtts = await pingRtts(cluster.url, hive, key, PINGS);
    line(`baseline: WebSocket ping RTT p50 / p99 (${PINGS} pings)`, pp(rtts));

    const sent = new Map<string, Sent>();
    const current: { figures: RunFigures | null } = { figures: null };
    const synced: Promise<void>[] = [];
    for (let i = 0; i < SUBSCRIBERS; i++) {
      let resolve!: () => void;
      synced.push(new Promise<void>((r) => (resolve = r)));
      followers.push(
        followHive({
          url: cluster.url,
          key,
          hive,
          validate: false,
          onEvent: (e) => {
            const now = performance.now();
            const s = typeof e.artifact.value === "string" ? sent.get(e.artifact.value) : undefined;
            const f = current.figures;
            if (s === undefined || f === null) {
              return;
            }
            f.deliveryFromSend.push(now - s.won);
            f.deliveryFromFirst.push(now - s.first);
            f.deliveryFromStamp.push(Date.now() - e.at);
          },
          onMessage: (m) => {
            if (m.type === "hive.synced") {
              resolve();
            }
          },
        }),
      );
    }
    await Promise.all(synced);
    const rows: Array<{ name: string; f: RunFigures }> = [];
    for (const hot of [false, true]) {
      const f: RunFigures = {
        commits: 0,
        perSecond: 0,
        conflicts: 0,
        attempts: [],
        ack: [],
        deliveryFromSend: [],
        deliveryFromFirst: [],
        deliveryFromStamp: [],
        gaps: 0,
        byWriter: Array.from({ length: WRITERS }, () => 0),
      };
      current.figures = f;
      const gaps0 = followers.reduce((n, x) => n + x.gaps + x.duplicates, 0);
      await run(cluster.url, hive, key, hot, followers, sent, f);
      f.gaps = followers.reduce((n, x) => n + x.gaps + x.duplicates, 0) - gaps0;
      current.figures = null;
      const name = hot
        ? `contended: ${WRITERS} writers on ONE identifier`
        : `baseline: ${WRITERS} writers, one identifier each`;
      rows.push({ name, f });
      line(name, `${f.perSecond.toFixed(0)} commits/s (${f.commits})`);
      line(
        "  conflicts; attempts per commit p50 / p99 / max",
        `${f.conflicts}; ${percentile(f.attempts, 50)} / ${percentile(f.attempts, 99)} / ${Math.max(...f.attempts)}`,
      );
      line(
        "  commits per writer, fewest / most",
        `${Math.min(...f.byWriter)} / ${Math.max(...f.byWriter)}`,
      );
      line("  client send → answer at the writer, p50 / p99", pp(f.ack));
      const p99 = percentile(f.deliveryFromSend, 99);
      line(
        "  client send (committing attempt) → delivery, p50 / p99",
        pp(f.deliveryFromSend),
        `target p99 < ${DELIVERY_P99_MS} ms: ${p99 < DELIVERY_P99_MS ? "MET" : "MISSED"}`,
      );
      const p99First = percentile(f.deliveryFromFirst, 99);
      line(
        "  client's first send (retries included) → delivery, p50 / p99",
        pp(f.deliveryFromFirst),
        `target p99 < ${DELIVERY_P99_MS} ms: ${p99First < DELIVERY_P99_MS ? "MET" : "MISSED"}`,
      );
      line(
        "  the Hive's commit stamp → delivery (the old figure), p50 / p99",
        pp(f.deliveryFromStamp),
      );
      line(
        "  deliveries; gaps + duplicates",
        `${f.deliveryFromSend.length} (${f.commits * SUBSCRIBERS} expected); ${f.gaps}`,
      );
    }
    const [base, hot] = rows.map((r) => r.f);
    if (base !== undefined && hot !== undefined) {
      line(
        "contended / baseline (same run)",
        `rate ${(hot.perSecond / base.perSecond).toFixed(2)}×, delivery p99 from first send ${(percentile(hot.deliveryFromFirst, 99) / percentile(base.deliveryFromFirst, 99)).toFixed(2)}×`,
      );
    }
    line("machine after the run", "-");
  } finally {
    for (const f of followers) {
      f.close();
    }
    await cluster.stop();
    rmSync(persistTo, { recursive: true, force: true });
  }
}

async function pingRtts(url: string, hive: string, key: string, count: number): Promise<number[]> {
  const ws = new WebSocket(`${url.replace(/^http/, "ws")}/parties/hive/${hive}?key=${key}`, {
    perMessageDeflate: false,
  });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  const rtts: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await new Promise<void>((resolve) => {
      const onMessage = (data: WebSocket.RawData) => {
        if (String(data).includes(`"nonce":"${i}"`)) {
          ws.off("message", onMessage);
          resolve();
        }
      };
      ws.on("message", onMessage);
      ws.send(JSON.stringify({ type: "sys.ping", nonce: String(i) }));
    });
    rtts.push(performance.now() - t);
  }
  ws.close();
  return rtts;
}

await main();
