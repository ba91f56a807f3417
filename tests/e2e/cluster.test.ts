import { afterAll, beforeAll, describe, it } from "vitest";
import { freePort, type Cluster } from "../../harness/dev-server.ts";
import { HealthReportSchema } from "../../shared/health.ts";
import { bootCluster, groupAlive, hiveClient, subscribe } from "./helpers.ts";

const PORT = await freePort();
let cluster: Cluster;

beforeAll(async () => {
  cluster = await bootCluster(PORT, "cluster");
});

afterAll(async () => {
  await cluster?.stop();
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
    const { key, call } = await hiveClient(cluster, "e2e");
    const created = await call("POST", "/v1/sessions", { hive: "e2e", mission: "stay connected" });
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

  it("stops with no wrangler or workerd process left behind", async ({ expect }) => {
    const pid = cluster.child.pid ?? -1;
    expect(groupAlive(pid)).toBe(true);
    await cluster.stop();
    expect(groupAlive(pid)).toBe(false);
  });
});
