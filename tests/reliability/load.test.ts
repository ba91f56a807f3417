// The load figure (full run only): 100 subscribers follow one hive while the
// commit rate steps up; reports the rate at which p99 delivery passes 50 ms,
// with the machine's load average beside it.
import { loadavg, cpus } from "node:os";
import { describe, it } from "vitest";
import { createHiveKey } from "../../cli/commands/hive.ts";
import { followHive } from "../../packages/client/follow.ts";
import { makeArtifact } from "../shared/hive/fixtures.ts";
import { rel } from "./client.ts";
import { FULL, percentile, report } from "./helpers.ts";

describe.runIf(FULL)("reliability: load (full run only)", () => {
  it("measures the commit rate at which p99 delivery to 100 subscribers passes 50 ms", async ({
    expect,
  }) => {
    const hive = `load-${Math.random().toString(36).slice(2, 8)}`;
    const created = await createHiveKey(rel.url, rel.adminToken, hive, "load");
    const latencies: number[] = [];
    const followers = Array.from({ length: 100 }, () =>
      followHive({
        url: rel.url,
        key: created.key,
        hive,
        validate: false,
        onEvent: (e) => {
          const sent = Number((e.artifact.value as { t?: number } | null)?.t ?? 0);
          latencies.push(performance.timeOrigin + performance.now() - sent);
        },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const loadBefore = Number(loadavg()[0]?.toFixed(2));
    const rates = [1, 2, 5, 10, 25, 50, 100, 200, 400];
    const results: Array<{ rate: number; commits: number; p50: number; p99: number }> = [];
    let n = 0;
    let breaking: number | null = null;
    for (const rate of rates) {
      latencies.length = 0;
      // At least 10 commits a step: 1,000 deliveries behind each p99.
      const seconds = Math.max(3, Math.ceil(10 / rate));
      const writes: Array<Promise<unknown>> = [];
      const start = performance.now();
      for (let i = 0; i < rate * seconds; i++) {
        const due = start + (i * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 0) {
          await new Promise((resolve) => setTimeout(resolve, wait));
        }
        n++;
        writes.push(
          fetch(`${rel.url}/v1/hives/${hive}/artifacts`, {
            method: "POST",
            headers: { authorization: `Bearer ${created.key}`, "content-type": "application/json" },
            body: JSON.stringify({
              idempotencyKey: `l${n}`,
              artifact: makeArtifact({
                identifier: `l.${n}`,
                value: { t: performance.timeOrigin + performance.now() },
              }),
            }),
          }),
        );
      }
      await Promise.all(writes);
      await Promise.race([
        Promise.all(followers.map((f) => f.reached(n))),
        new Promise((resolve) => setTimeout(resolve, 20_000)),
      ]);
      const p99 = percentile(latencies, 99);
      results.push({
        rate,
        commits: Math.ceil(rate * seconds),
        p50: Math.round(percentile(latencies, 50)),
        p99: Math.round(p99),
      });
      if (p99 > 50 && breaking === null) {
        breaking = rate;
        break;
      }
    }
    for (const f of followers) {
      f.close();
    }
    report("load", {
      subscribers: 100,
      setup:
        "one local wrangler dev cluster, HTTP puts from this process, latency = commit send to subscriber receipt",
      machine: { cores: cpus().length, loadAverage1m: Number(loadavg()[0]?.toFixed(2)) },
      loadAverageBefore: loadBefore,
      steps: results,
      p99Over50msAtCommitsPerSecond: breaking ?? `not reached up to ${rates.at(-1)}/s`,
    });
    expect(results.length).toBeGreaterThan(0);
  }, 300_000);
});
