// The local cluster booted with wrangler (the project's shared one): health, a
// socket held open while requests are served, hostile HTTP. That a stopped cluster
// leaves no process behind is asserted in processes.test.ts, on a cluster of its own.
import { beforeAll, describe, it } from "vitest";
import { HealthReportSchema } from "../../shared/health.ts";
import { hiveClient, sharedCluster, subscribe, type SharedCluster } from "./helpers.ts";

let cluster: SharedCluster;
const hive = `cluster-${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  cluster = await sharedCluster();
});

describe("the local cluster booted with wrangler", () => {
  it("answers /health with every component ok", async ({ expect }) => {
    const response = await fetch(`${cluster.url}/health`);
    const report = HealthReportSchema.parse(await response.json());
    expect(response.status).toBe(200);
    expect(Object.keys(report.components).sort()).toEqual(
      ["AgentSession", "Hive", "compressor", "d1", "gatekeeper", "model", "queue", "router"].sort(),
    );
    expect(report.ok).toBe(true);
  });

  it("holds a partysocket WebSocket open to a session while serving requests", async ({
    expect,
  }) => {
    const { key, call } = await hiveClient(cluster, hive);
    const created = await call("POST", "/v1/sessions", { hive, mission: "stay connected" });
    const client = subscribe(cluster, "agent-session", String(created.body.id), { key });
    expect(await client.next()).toMatchObject({ type: "sys.welcome", server: "AgentSession" });
    expect(await client.next()).toMatchObject({ type: "session.state", state: { step: 0 } });
    for (let i = 0; i < 3; i++) {
      const health = await fetch(`${cluster.url}/health`);
      expect(health.status).toBe(200);
      client.socket.send(JSON.stringify({ type: "session.ping", nonce: String(i) }));
      expect(await client.next()).toMatchObject({ type: "session.pong", nonce: String(i) });
    }
    client.socket.send("garbage");
    expect(await client.next()).toMatchObject({ type: "sys.error", code: "BAD_FRAME" });
    expect(client.socket.readyState).toBe(1);
    client.close();
    // The key rode in the socket's URL; the cluster's log names the request without it.
    await expect
      .poll(() =>
        cluster.output().includes(`GET /parties/agent-session/${String(created.body.id)}`),
      )
      .toBe(true);
    expect(cluster.output()).not.toContain(key);
  });

  it("answers hostile HTTP with JSON errors and keeps serving", async ({ expect }) => {
    const unknown = await fetch(`${cluster.url}/nope`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
    const bad = await fetch(`${cluster.url}/v1/sessions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: "BAD_JSON" } });
    expect((await fetch(`${cluster.url}/health`)).status).toBe(200);
  });
});
