// Lethe in production shape inside workerd (Miniflare), with Workers AI bound as
// `AI` in the gateway, router and compressor: the binding is RecordedWorkersAi
// (workers/model's entrypoint, answering from tests/fixtures/workers-ai), because
// Workers AI has no local version. /health names the Workers AI model of every
// role; a mission's router calls and steps, and a compression's summary, are
// answered by it; the local stand-in, still bound as MODEL, answers nothing.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Miniflare, convertV4MiniflareOptions, type Json, type V4WorkerOptions } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WORKERS_AI_DEFAULTS } from "../../../shared/driver/workers-ai-models.ts";
import { HealthReportSchema } from "../../../shared/health.ts";
import {
  LETHE_GATEWAY,
  letheWorkerOptions,
  migrateLethe,
  newHiveKey,
  registerHiveKeys,
} from "../../../packages/testing/miniflare.ts";

const RECORDINGS = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, "../../fixtures/workers-ai/recordings.json"),
    "utf8",
  ),
) as Json;
const MODEL_CALLERS = new Set(["lethe-gateway", "lethe-router", "lethe-compressor"]);
const HIVE = "workers-ai";
const MISSION =
  "Record the retry limit of the payment client, which is 4, as the fact config.retries.";

let mf: Miniflare;
const key = newHiveKey(HIVE);

/** Lethe's Workers as deployed: LETHE_ENV production, `AI` bound where the model is called. */
function withWorkersAi(worker: V4WorkerOptions): V4WorkerOptions {
  if (worker.name === "lethe-model") {
    return { ...worker, bindings: { ...worker.bindings, WORKERS_AI_RECORDINGS: RECORDINGS } };
  }
  if (!MODEL_CALLERS.has(worker.name ?? "")) {
    return worker;
  }
  return {
    ...worker,
    // Lexical L3: the recordings hold no embeddings (the gateway would embed with AI too).
    bindings: { ...worker.bindings, LETHE_ENV: "production", LETHE_EMBEDDINGS: "lexical" },
    serviceBindings: {
      ...worker.serviceBindings,
      AI: { name: "lethe-model", entrypoint: "RecordedWorkersAi" },
    },
  };
}

async function gateway(p: string, init: RequestInit = {}): Promise<Response> {
  const fetcher = await mf.getWorker(LETHE_GATEWAY);
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  return (await fetcher.fetch(`http://lethe.local${p}`, {
    ...init,
    headers: { ...headers, ...(init.headers as Record<string, string> | undefined) },
  } as never)) as unknown as Response;
}

beforeAll(async () => {
  const workers = letheWorkerOptions({ adminToken: `admin-${crypto.randomUUID()}` });
  mf = new Miniflare(convertV4MiniflareOptions({ workers: workers.map(withWorkersAi) }));
  await mf.ready;
  await migrateLethe(mf);
  await registerHiveKeys(mf, { [HIVE]: key });
}, 240_000);
afterAll(async () => mf?.dispose());

describe("Lethe with Workers AI bound (RecordedWorkersAi)", () => {
  it("names the Workers AI model of every role in /health", async () => {
    const report = HealthReportSchema.parse(await (await gateway("/health")).json());
    const role = (model: string) => ({ model, source: "workers-ai", standIn: false });
    expect(report.models).toEqual({
      router: role(WORKERS_AI_DEFAULTS.router),
      compression: role(WORKERS_AI_DEFAULTS.compression),
      agent: role(WORKERS_AI_DEFAULTS.agent),
    });
  });

  it("runs a mission whose routing and steps Workers AI answers", async () => {
    const created = await gateway("/v1/sessions", {
      method: "POST",
      body: JSON.stringify({ hive: HIVE, mission: MISSION, stepBudget: 5 }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await gateway(`/v1/sessions/${id}/start`, { method: "POST" })).status).toBeLessThan(
      300,
    );
    let state: { status: string; outcome: { status: string; summary: string } | null } = {
      status: "running",
      outcome: null,
    };
    for (let i = 0; i < 300 && state.status === "running"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (await (await gateway(`/v1/sessions/${id}/state`)).json()) as typeof state;
    }
    expect(state.outcome).toMatchObject({
      status: "achieved",
      summary: "config.retries = 4 is saved.",
    });
    const artifacts = (await (await gateway(`/v1/hives/${HIVE}/artifacts`)).json()) as {
      artifacts: { identifier: string; value: unknown }[];
    };
    expect(artifacts.artifacts.find((a) => a.identifier === "config.retries")?.value).toBe(4);
    const trace = (await (await gateway(`/v1/sessions/${id}/trace?limit=100`)).json()) as {
      events: { kind: string; data: { route?: string; tool?: string; costUsd?: number } }[];
    };
    const moves = trace.events.filter((e) => e.data.route !== undefined);
    expect(moves.length).toBeGreaterThanOrEqual(2);
    for (const move of moves) {
      // The router's JSON-mode answer chose the tools; Cloudflare's price table priced the step.
      expect(move.data.route).toBe("model");
      expect(move.data.costUsd).toBeGreaterThan(0);
    }
  });

  it("summarises with Workers AI's compression model, not the stand-in", async () => {
    const messages = [
      { role: "user", content: "We agreed the retry limit is 4 for the payment client." },
      { role: "assistant", content: "The deploy region is eu-west for now." },
      ...Array.from({ length: 14 }, (_, i) => ({
        role: i % 2 === 0 ? "user" : "assistant",
        content: `Round ${i + 1}: I went through the dashboards and the logs of the afternoon again, and nothing else of note changed since the last look.`,
      })),
    ];
    const response = await gateway(`/v1/hives/${HIVE}/compress`, {
      method: "POST",
      body: JSON.stringify({ messages, budget: { ratio: 0.5 } }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      method: string;
      summary: string;
      summariser?: { model: string; standIn: boolean };
    };
    expect(body.method).toBe("map-reduce");
    // The recorded answer's fact, in the contract's words: the stand-in reads no prose.
    expect(body.summary).toContain("- deploy region: eu-west [turns: 2]");
    expect(body.summariser).toEqual({ model: WORKERS_AI_DEFAULTS.compression, standIn: false });
  });
});
