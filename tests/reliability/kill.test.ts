// Kill tests: SIGKILL the whole cluster in the middle of a burst of writes,
// restart it on the same state, and check every acknowledged write and the D1
// mirror (reconciled, no gap). Mid-mission kills: tests/e2e/mission-crash.test.ts.
import { afterAll, describe, it } from "vitest";
import { createHiveKey } from "../../cli/commands/hive.ts";
import type { Cluster } from "../../scripts/lib/dev-server.ts";
import { bootCluster, E2E_ADMIN_TOKEN, freshStateDir } from "../e2e/helpers.ts";
import { makeArtifact } from "../shared/hive/fixtures.ts";
import { FULL, report } from "./helpers.ts";

const clusters: Cluster[] = [];

afterAll(async () => {
  for (const c of clusters) {
    await c.stop().catch(() => undefined);
  }
});

describe("reliability: kills", () => {
  it(
    "loses no acknowledged write and leaves no mirror gap across SIGKILLs mid-burst",
    async ({ expect }) => {
      const persistTo = freshStateDir("kill");
      const hive = "killed";
      const rounds = FULL ? 5 : 1;
      const burst = FULL ? 400 : 150;
      let cluster = await bootCluster(0, "kill", persistTo);
      clusters.push(cluster);
      const { key } = await createHiveKey(cluster.url, E2E_ADMIN_TOKEN, hive, "kill");
      const acked = new Set<string>();
      let n = 0;
      for (let round = 0; round < rounds; round++) {
        const url = cluster.url;
        let killed = false;
        const writer = async () => {
          while (!killed) {
            n++;
            const id = `k.${n}`;
            try {
              const response = await fetch(`${url}/v1/hives/${hive}/artifacts`, {
                method: "POST",
                headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
                body: JSON.stringify({
                  idempotencyKey: id,
                  artifact: makeArtifact({ identifier: id, value: n }),
                }),
                signal: AbortSignal.timeout(10_000),
              });
              if (response.status === 200) {
                acked.add(id);
              }
            } catch {
              // The cluster died under this request: it was never acknowledged.
              return;
            }
          }
        };
        const writers = Array.from({ length: 8 }, writer);
        const before = acked.size;
        while (acked.size - before < burst / 2) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await cluster.kill();
        killed = true;
        await Promise.all(writers);
        cluster = await bootCluster(0, "kill", persistTo);
        clusters.push(cluster);
      }
      let lost = 0;
      for (const id of acked) {
        const response = await fetch(`${cluster.url}/v1/hives/${hive}/artifacts/${id}`, {
          headers: { authorization: `Bearer ${key}` },
        });
        if (response.status !== 200) {
          lost++;
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
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      report("kills", {
        kills: rounds,
        acknowledgedWrites: acked.size,
        acknowledgedLost: lost,
        head,
        mirrorConfirmed: mirror.confirmed,
        mirrorGaps: head - mirror.confirmed,
        mirrorResent: resent,
      });
      expect(lost).toBe(0);
      expect(mirror.confirmed).toBe(head);
    },
    FULL ? 1_800_000 : 300_000,
  );
});
