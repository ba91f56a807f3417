// A cluster started with model settings (LETHE_MODEL_BASE_URL and a model per
// role) uses them in every Worker: the agent loop in the gateway, the router's
// classifier and the compressor's summariser all call the configured endpoint,
// each with its own role's model. The endpoint here is a real HTTP server that
// records each request and answers with the local endpoint's policy.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, it } from "vitest";
import { startCluster, type Cluster } from "../../harness/dev-server.ts";
import { makeConversation } from "../fixtures/conversation.ts";
import { answerWithStandIn } from "../../harness/service-calls.ts";
import { ROUTER_MARKER, SUMMARISE_MARKER } from "../../shared/model/contracts.ts";
import { E2E_ADMIN_TOKEN, hiveClient } from "./helpers.ts";
import { openHive } from "./scenarios/harness.ts";
import { SUM_MISSION, TWO_FILES } from "./scenarios/fixtures.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";

interface Received {
  model: string;
  /** The first line of the request's system message. */
  marker: string;
}

const received: Received[] = [];
let server: Server;
let cluster: Cluster;
let stateDir: string;

async function startRecordingEndpoint(): Promise<string> {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const body = JSON.parse(text) as {
        model: string;
        messages: { role: string; content?: string | null }[];
      };
      const system = body.messages.find((m) => m.role === "system")?.content ?? "";
      received.push({ model: body.model, marker: system.split("\n", 1)[0] ?? "" });
      void answerWithStandIn(body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

beforeAll(async () => {
  const baseURL = await startRecordingEndpoint();
  stateDir = tempDir("model-settings");
  cluster = await startCluster({
    persistTo: stateDir,
    vars: {
      LETHE_ADMIN_TOKEN: E2E_ADMIN_TOKEN,
      LETHE_MODEL_BASE_URL: baseURL,
      LETHE_MODEL_API_KEY: "sk-model-settings",
      LETHE_MODEL_AGENT: "probe-agent",
      LETHE_MODEL_ROUTER: "probe-router",
      LETHE_MODEL_COMPRESSION: "probe-compressor",
    },
  });
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
  await new Promise((resolve) => server?.close(resolve));
});

describe("model settings reach every Worker", () => {
  it("the compressor summarises with the configured endpoint and its compression model", async ({
    expect,
  }) => {
    const hive = `settings-${Math.random().toString(36).slice(2, 8)}`;
    const client = await hiveClient(cluster, hive);
    const before = received.length;
    const { status, body } = await client.call("POST", `/v1/hives/${hive}/compress`, {
      messages: makeConversation({ seed: 3, turns: 120, filler: 3 }).messages,
      budget: { ratio: 0.25 },
    });
    expect(status).toBe(200);
    expect(body.method).toBe("map-reduce");
    const calls = received.slice(before);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.model === "probe-compressor")).toBe(true);
    expect(calls.every((c) => c.marker === SUMMARISE_MARKER)).toBe(true);
  });

  it("a session's steps call the endpoint with the agent's and the router's models", async ({
    expect,
  }) => {
    const hive = await openHive(cluster, "settings-session", TWO_FILES);
    const before = received.length;
    const run = await hive.run({ mission: SUM_MISSION });
    expect(run.state.outcome?.status).toBe("achieved");
    const calls = received.slice(before);
    const router = calls.filter((c) => c.marker === ROUTER_MARKER);
    expect(router.length).toBeGreaterThan(0);
    expect(router.every((c) => c.model === "probe-router")).toBe(true);
    const agent = calls.filter((c) => c.marker !== ROUTER_MARKER && c.marker !== SUMMARISE_MARKER);
    expect(agent.length).toBeGreaterThan(0);
    expect(agent.every((c) => c.model === "probe-agent")).toBe(true);
  });
});
