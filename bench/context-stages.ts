// The per-step cost of the agent step's stages (prepare, route, model, admit, tool,
// effects, gate, checkpoint) on a real cluster: the demo's two missions run on the
// offline model, then every committed step's `stages` timings are read back from the
// session traces over the typed client. Called by bench/context.ts; `--no-stages` skips it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Lethe } from "../packages/client/lethe.ts";
import { parseTraceEvent } from "../shared/session/trace.ts";
import { createHiveKey, newAdminToken } from "../harness/admin.ts";
import { DEMO_HIVE, runDemo } from "../scripts/lib/demo.ts";
import { freePort, startCluster } from "../harness/dev-server.ts";

export interface StageFigures {
  name: string;
  /** Steps in which the stage ran. */
  steps: number;
  meanMs: number;
  p95Ms: number;
  /** Share of the summed stage time of every step. */
  share: number;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
}

/** Boots a cluster on a free port, runs the demo missions and aggregates their stage timings. */
export async function measureStages(): Promise<{ steps: number; stages: StageFigures[] }> {
  const persistTo = mkdtempSync(join(tmpdir(), "lethe-bench-stages-"));
  const adminToken = newAdminToken();
  const cluster = await startCluster({
    port: await freePort(),
    persistTo,
    vars: { LETHE_ADMIN_TOKEN: adminToken },
  });
  try {
    const { key } = await createHiveKey(cluster.url, adminToken, DEMO_HIVE, "bench-stages");
    const demo = await runDemo(cluster.url, key, () => {});
    const client = new Lethe({ url: cluster.url, key });
    const byStage = new Map<string, number[]>();
    let steps = 0;
    for (const session of demo.sessions) {
      let after = 0;
      for (;;) {
        const page = await client.session(session.id, `/trace?after=${after}&limit=100`);
        const rows = Array.isArray(page.events)
          ? (page.events as Array<{ ord: number; kind: string; data: unknown }>)
          : [];
        for (const row of rows) {
          after = row.ord;
          const event = parseTraceEvent(row);
          if (event?.kind !== "step" || event.data.stages === undefined) {
            continue;
          }
          steps += 1;
          for (const stage of event.data.stages) {
            const list = byStage.get(stage.name) ?? [];
            list.push(stage.ms);
            byStage.set(stage.name, list);
          }
        }
        if (rows.length < 100) {
          break;
        }
      }
    }
    const total = [...byStage.values()].flat().reduce((s, ms) => s + ms, 0);
    const stages = [...byStage.entries()].map(([name, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      const sum = list.reduce((s, ms) => s + ms, 0);
      return {
        name,
        steps: list.length,
        meanMs: sum / list.length,
        p95Ms: quantile(sorted, 0.95),
        share: total === 0 ? 0 : sum / total,
      };
    });
    return { steps, stages };
  } finally {
    await cluster.stop();
    rmSync(persistTo, { recursive: true, force: true });
  }
}
