import { afterAll, describe, it } from "vitest";
import { freePort, type Cluster } from "../../harness/dev-server.ts";
import { bootCluster, groupAlive, hiveClient } from "./helpers.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";

const PORT = await freePort();
const persistTo = tempDir("crash");
let cluster: Cluster | undefined;

afterAll(async () => {
  await cluster?.stop();
});

let key = "";
const headers = () => ({ "content-type": "application/json", authorization: `Bearer ${key}` });

async function post(path: string, body: unknown) {
  const response = await fetch(`http://127.0.0.1:${PORT}${path}`, {
    method: "POST",
    headers: headers(),
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function get(path: string) {
  const response = await fetch(`http://127.0.0.1:${PORT}${path}`, { headers: headers() });
  return (await response.json()) as Record<string, unknown>;
}

const stepBody = (i: number) => ({
  turns: [{ role: "user", content: `turn ${i}` }],
  ops: [
    {
      type: "stage",
      page: {
        id: `f${i}.ts`,
        kind: "file",
        sourceRef: `file:f${i}.ts`,
        content: `export const v${i} = ${i};`,
      },
    },
  ],
});

describe("durable execution", () => {
  it("after SIGKILL and a restart, a session is exactly its last committed step", async ({
    expect,
  }) => {
    cluster = await bootCluster(PORT, "crash", persistTo);
    key = (await hiveClient(cluster, "crash")).key;
    const created = await post("/v1/sessions", { hive: "crash", mission: "survive" });
    const id = String(created.body.id);
    for (let i = 1; i <= 5; i++) {
      expect((await post(`/v1/sessions/${id}/steps`, stepBody(i))).status).toBe(201);
    }
    // Fire more steps and kill the whole cluster while they are in flight.
    const inFlight = [6, 7, 8].map((i) =>
      post(`/v1/sessions/${id}/steps`, stepBody(i)).catch(() => null),
    );
    const pid = cluster.child.pid ?? -1;
    await cluster.kill();
    await Promise.all(inFlight);
    expect(groupAlive(pid)).toBe(false);

    cluster = await bootCluster(PORT, "crash", persistTo);
    const view = (await get(`/v1/sessions/${id}`)).view as {
      step: number;
      transcriptLength: number;
    };
    expect(view.step).toBeGreaterThanOrEqual(5);
    expect(view.step).toBeLessThanOrEqual(8);
    // Every part of the session agrees on the same step: no half-written step.
    expect(view.transcriptLength).toBe(view.step);
    const transcript = await get(`/v1/sessions/${id}/transcript?limit=100`);
    expect((transcript.turns as Array<{ content: string }>).map((t) => t.content)).toEqual(
      Array.from({ length: view.step }, (_, i) => `turn ${i + 1}`),
    );
    const state = await get(`/v1/sessions/${id}/state`);
    expect((state.pager as { pages: Array<{ id: string }> }).pages.map((p) => p.id)).toEqual([
      `f${view.step}.ts`,
    ]);
    const checkpoints = await get(`/v1/sessions/${id}/checkpoints`);
    expect((checkpoints.checkpoints as Array<{ step: number }>)[0]?.step).toBe(view.step);
    // And it carries on from there.
    const next = await post(`/v1/sessions/${id}/steps`, stepBody(view.step + 1));
    expect(next).toMatchObject({ status: 201, body: { step: view.step + 1 } });
  });
});
