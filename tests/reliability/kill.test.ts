// Kill tests: SIGKILL the whole cluster while a mission is mid-flight and a
// burst of writes is under way, restart it on the same state, and check every
// acknowledged write, every mission's answer and the D1 mirror (reconciled, no gap).
import { afterAll, describe, it } from "vitest";
import { createHiveKey } from "../../cli/commands/hive.ts";
import type { Cluster } from "../../harness/dev-server.ts";
import { E2E_ADMIN_TOKEN } from "../e2e/helpers.ts";
import { makeArtifact } from "../shared/hive/fixtures.ts";
import { FULL, bootReliabilityCluster, report } from "./helpers.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";

const clusters: Cluster[] = [];

afterAll(async () => {
  for (const c of clusters) {
    await c.stop().catch(() => undefined);
  }
});

const FILES = [
  { path: "src/config.ts", content: "export const TIMEOUT = 30;\n" },
  { path: "src/retry.ts", content: "export const RETRIES = 4;\n" },
  { path: "src/limits.ts", content: "export const MAX_WAIT = 0;\n" },
];
const MISSION =
  "Find TIMEOUT in src/config.ts and RETRIES in src/retry.ts, save both, compute their sum and set MAX_WAIT in src/limits.ts to it.";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(url: string, key: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as Record<string, unknown> };
}

describe("reliability: kills", () => {
  it(
    "loses no acknowledged write, resumes every mission and leaves no mirror gap across SIGKILLs mid-mission and mid-burst",
    async ({ expect }) => {
      const persistTo = tempDir("kill");
      const hive = "killed";
      const rounds = FULL ? 5 : 1;
      // Writes acknowledged in a round before its kill (the writers keep going).
      const burst = FULL ? 40 : 30;
      const started = performance.now();
      let cluster = await bootReliabilityCluster(persistTo);
      clusters.push(cluster);
      const bootMs = [Math.round(performance.now() - started)];
      const { key } = await createHiveKey(cluster.url, E2E_ADMIN_TOKEN, hive, "kill");
      const acked = new Set<string>();
      const missions: Array<{
        hive: string;
        key: string;
        id: string;
        stepAtKill: number;
        running: boolean;
      }> = [];
      let n = 0;
      for (let round = 0; round < rounds; round++) {
        const url = cluster.url;
        // A mission of its own hive (its own files), started before the burst.
        const mHive = `crash-${round}`;
        const m = await createHiveKey(url, E2E_ADMIN_TOKEN, mHive, "kill");
        expect(
          (await call(url, m.key, "POST", `/v1/hives/${mHive}/workspace/files`, { files: FILES }))
            .status,
        ).toBe(201);
        const created = await call(url, m.key, "POST", "/v1/sessions", {
          hive: mHive,
          mission: MISSION,
          l1Tokens: 512,
        });
        const id = String(created.body.id);
        let killed = false;
        const writer = async () => {
          while (!killed) {
            n++;
            const wid = `k.${n}`;
            try {
              const response = await fetch(`${url}/v1/hives/${hive}/artifacts`, {
                method: "POST",
                headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
                body: JSON.stringify({
                  idempotencyKey: wid,
                  artifact: makeArtifact({ identifier: wid, value: n }),
                }),
                signal: AbortSignal.timeout(10_000),
              });
              if (response.status === 200) {
                acked.add(wid);
              }
            } catch {
              // The cluster died under this request: it was never acknowledged.
              return;
            }
          }
        };
        const writers = Array.from({ length: 8 }, writer);
        const before = acked.size;
        // The burst first (or 60 s on a slow machine), then the mission: the kill
        // lands as soon as the mission has committed a step, while it still runs.
        const deadline = Date.now() + 60_000;
        while (Date.now() < deadline && acked.size - before < burst) {
          await sleep(20);
        }
        await call(url, m.key, "POST", `/v1/sessions/${id}/start`);
        let step = 0;
        let status = "";
        const stepDeadline = Date.now() + 60_000;
        while (Date.now() < stepDeadline && step < 1) {
          const view = await call(url, m.key, "GET", `/v1/sessions/${id}`).catch(() => null);
          const v = view?.body.view as { step?: number; status?: string } | undefined;
          step = Number(v?.step ?? 0);
          status = String(v?.status ?? "");
          await sleep(step < 1 ? 20 : 0);
        }
        await cluster.kill();
        killed = true;
        await Promise.all(writers);
        const running = status === "running";
        missions.push({ hive: mHive, key: m.key, id, stepAtKill: step, running });
        const boot = performance.now();
        cluster = await bootReliabilityCluster(persistTo);
        clusters.push(cluster);
        bootMs.push(Math.round(performance.now() - boot));
      }
      let lost = 0;
      for (const wid of acked) {
        const response = await fetch(`${cluster.url}/v1/hives/${hive}/artifacts/${wid}`, {
          headers: { authorization: `Bearer ${key}` },
        });
        if (response.status !== 200) {
          lost++;
        }
      }
      // Every mission resumes from its last committed step and finishes with the answer.
      let resumed = 0;
      for (const m of missions) {
        let state = (await call(cluster.url, m.key, "GET", `/v1/sessions/${m.id}/state`)).body;
        const until = Date.now() + 120_000;
        while (state.status === "running" && Date.now() < until) {
          await sleep(250);
          state = (await call(cluster.url, m.key, "GET", `/v1/sessions/${m.id}/state`)).body;
        }
        const file = await fetch(
          `${cluster.url}/v1/hives/${m.hive}/workspace/file?path=src/limits.ts`,
          { headers: { authorization: `Bearer ${m.key}` } },
        );
        const achieved = (state.outcome as { status?: string } | undefined)?.status === "achieved";
        if (state.status === "finished" && achieved && (await file.text()).includes("= 34;")) {
          resumed++;
        }
      }
      // The mirror: reconcile until D1 holds every event through the head.
      const events = await fetch(`${cluster.url}/v1/hives/${hive}/events?since=0&limit=1`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const head = ((await events.json()) as { head: number }).head;
      let mirror = { sent: 0, confirmed: 0, resent: 0 };
      let resent = 0;
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        const r = await fetch(`${cluster.url}/v1/hives/${hive}/mirror/reconcile`, {
          method: "POST",
          headers: { authorization: `Bearer ${key}` },
        });
        mirror = (await r.json()) as typeof mirror;
        resent += mirror.resent;
        if (mirror.confirmed >= head) {
          break;
        }
        await sleep(1_000);
      }
      report("kills", {
        kills: rounds,
        bootMs,
        missionsKilled: missions.length,
        missionsKilledAfterAStep: missions.filter((m) => m.stepAtKill >= 1).length,
        missionsRunningAtKill: missions.filter((m) => m.running).length,
        missionsResumedWithAnswer: resumed,
        acknowledgedWrites: acked.size,
        acknowledgedLost: lost,
        head,
        mirrorConfirmed: mirror.confirmed,
        mirrorGaps: head - mirror.confirmed,
        mirrorResent: resent,
        seconds: Math.round((performance.now() - started) / 1000),
      });
      expect(lost).toBe(0);
      expect(resumed).toBe(missions.length);
      expect(mirror.confirmed).toBe(head);
    },
    FULL ? 1_500_000 : 300_000,
  );
});
