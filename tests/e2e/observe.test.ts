// Metrics, spans and logs of a whole cluster: a scripted mission's figures on the
// Prometheus routes equal the counts recomputed here from its trace; the routes'
// keys are checked; every request logs one JSON line with ids and no secret.
import { beforeAll, describe, it } from "vitest";
import { encodeScript, type ScriptEntry } from "../../shared/model/script.ts";
import { E2E_ADMIN_TOKEN, hiveClient, sharedCluster, type SharedCluster } from "./helpers.ts";

const call = (name: string, args: Record<string, unknown>): ScriptEntry => ({
  tool_calls: [{ name, arguments: args }],
});

interface Row {
  ord: number;
  step: number;
  kind: string;
  data: Record<string, unknown>;
}

let cluster: SharedCluster;
const hive = `obs-${Math.random().toString(36).slice(2, 8)}`;
let client: Awaited<ReturnType<typeof hiveClient>>;

beforeAll(async () => {
  cluster = await sharedCluster();
  client = await hiveClient(cluster, hive);
});

async function text(path: string, token: string): Promise<{ status: number; body: string }> {
  const r = await fetch(`${cluster.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: r.status, body: await r.text() };
}

/** Prometheus text → "name{labels}" → value, for lines of this hive. */
function parsePrometheus(body: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of body.split("\n")) {
    if (line.startsWith("#") || line.trim() === "") {
      continue;
    }
    const at = line.lastIndexOf(" ");
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}

async function runMission(): Promise<string> {
  const created = await client.call("POST", "/v1/sessions", {
    hive,
    mission: "Write two files, try one outside the workspace, then finish.",
    script: encodeScript([
      call("write_file", { path: "src/a.ts", content: "export const a = 1;\n" }),
      call("write_file", { path: "../../etc/passwd", content: "x" }),
      call("search", { query: "a" }),
      call("write_file", { path: "src/b.ts", content: "export const b = 2;\n" }),
      call("finish", { status: "achieved", summary: "done" }),
    ]),
  });
  const id = String(created.body.id);
  await client.call("POST", `/v1/sessions/${id}/start`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const state = await client.call("GET", `/v1/sessions/${id}/state`);
    if (state.body.status !== "running" && state.body.status !== "idle") {
      break;
    }
    if (Date.now() > deadline) {
      throw new Error(`mission still ${String(state.body.status)}`);
    }
    // Polling the state is how the CLI waits too; the loop runs in the session's alarm.
    await new Promise((r) => setTimeout(r, 200));
  }
  return id;
}

async function traceOf(id: string): Promise<Row[]> {
  const rows: Row[] = [];
  let after = 0;
  for (;;) {
    const page = await client.call("GET", `/v1/sessions/${id}/trace?after=${after}&limit=1000`);
    const events = page.body.events as Row[];
    rows.push(...events);
    if (events.length < 1000) {
      return rows;
    }
    after = events.at(-1)?.ord ?? after;
  }
}

describe("metrics, spans and logs", () => {
  it("reports, per hive, exactly the counts recomputed from the mission's trace", async ({
    expect,
  }) => {
    const id = await runMission();
    const timeline = await client.call("GET", `/v1/sessions/${id}/timeline`);
    const first = (timeline.body.timeline as Array<{ id: string; step: number }>).find(
      (c) => c.step === 1,
    );
    expect(
      (await client.call("POST", `/v1/sessions/${id}/rollback`, { checkpoint: first?.id })).status,
    ).toBe(200);

    const rows = await traceOf(id);
    const count = (kind: string) => rows.filter((r) => r.kind === kind).length;
    const model = rows.filter((r) => "promptTokens" in r.data);
    const sum = (field: string) => model.reduce((t, r) => t + Number(r.data[field] ?? 0), 0);
    const refused = new Map<string, number>();
    for (const r of rows.filter((r) => r.kind === "refused")) {
      const key = `verdict="${String(r.data.verdict)}",rule="${String(r.data.rule ?? "none")}"`;
      refused.set(key, (refused.get(key) ?? 0) + 1);
    }
    const routes = new Map<string, number>();
    for (const r of model) {
      routes.set(String(r.data.route), (routes.get(String(r.data.route)) ?? 0) + 1);
    }
    expect(count("step")).toBeGreaterThanOrEqual(5);
    expect(refused.size).toBeGreaterThan(0);

    const metrics = await text(`/v1/hives/${hive}/metrics`, client.key);
    expect(metrics.status).toBe(200);
    const m = parsePrometheus(metrics.body);
    const h = `hive="${hive}"`;
    expect(m.get(`lethe_steps_total{${h}}`)).toBe(count("step"));
    expect(m.get(`lethe_model_calls_total{${h}}`)).toBe(model.length);
    expect(m.get(`lethe_model_tokens_total{${h},direction="prompt"}`)).toBe(sum("promptTokens"));
    expect(m.get(`lethe_model_tokens_total{${h},direction="completion"}`)).toBe(
      sum("completionTokens"),
    );
    expect(m.get(`lethe_model_cost_usd_total{${h}}`)).toBeCloseTo(sum("costUsd"), 9);
    expect(m.get(`lethe_tool_calls_total{${h}}`)).toBe(count("tool"));
    expect(m.get(`lethe_rollbacks_total{${h}}`)).toBe(1);
    expect(m.get(`lethe_rollbacks_total{${h}}`)).toBe(count("rollback"));
    expect(m.get(`lethe_compactions_total{${h}}`)).toBe(count("compaction"));
    for (const [labels, n] of refused) {
      expect(m.get(`lethe_gatekeeper_verdicts_total{${h},${labels}}`)).toBe(n);
    }
    for (const [method, n] of routes) {
      expect(m.get(`lethe_router_decisions_total{${h},method="${method}"}`)).toBe(n);
    }
    const status = String((await client.call("GET", `/v1/sessions/${id}/state`)).body.status);
    expect(m.get(`lethe_sessions{${h},status="${status}"}`)).toBe(1);

    // The admin route carries the same lines for this hive.
    const admin = await text("/v1/admin/metrics", E2E_ADMIN_TOKEN);
    expect(admin.status).toBe(200);
    expect(parsePrometheus(admin.body).get(`lethe_steps_total{${h}}`)).toBe(count("step"));

    // The session's JSON figures and its spans come from the same trace.
    const own = await client.call("GET", `/v1/sessions/${id}/metrics`);
    expect((own.body.metrics as { steps: number }).steps).toBe(count("step"));
    const spans = await client.call("GET", `/v1/sessions/${id}/spans`);
    const exported =
      (
        spans.body as {
          resourceSpans: Array<{
            scopeSpans: Array<{ spans: Array<{ name: string; traceId: string }> }>;
          }>;
        }
      ).resourceSpans[0]?.scopeSpans[0]?.spans ?? [];
    const steps = new Set(rows.filter((r) => r.kind !== "compaction").map((r) => r.step));
    expect(exported.filter((s) => s.name.startsWith("step ")).length).toBe(steps.size);
    expect(new Set(exported.map((s) => s.traceId)).size).toBe(1);

    // Sessions of the hive, newest first, for the dashboard.
    const listed = await client.call("GET", `/v1/hives/${hive}/sessions`);
    expect((listed.body.sessions as Array<{ id: string }>).map((s) => s.id)).toContain(id);
  });

  it("guards the routes: no key, another hive's key, no admin token", async ({ expect }) => {
    const other = await hiveClient(cluster, `${hive}-x`);
    const none = await fetch(`${cluster.url}/v1/hives/${hive}/metrics`);
    expect(none.status).toBe(401);
    const foreign = await text(`/v1/hives/${hive}/metrics`, other.key);
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body)).toMatchObject({ error: { code: "FORBIDDEN_HIVE" } });
    expect((await text("/v1/admin/metrics", client.key)).status).toBe(401);
    const sessions = await client.call("GET", `/v1/hives/${hive}/sessions`);
    const first = (sessions.body.sessions as Array<{ id: string }>)[0]?.id ?? "s-none";
    // Another hive's session answers exactly as a missing one, on every observe route.
    const missing = await text(`/v1/sessions/s-missing/metrics`, client.key);
    expect(missing.status).toBe(404);
    for (const route of ["metrics", "steps", "spans"]) {
      const foreignSession = await text(`/v1/sessions/${first}/${route}`, other.key);
      expect(foreignSession.status, route).toBe(404);
      expect(foreignSession.body, route).toBe(missing.body);
    }
    expect((await text(`/v1/hives/${hive}/sessions?limit=0`, client.key)).status).toBe(400);
  });

  it("logs one JSON line per request with its ids, and never a key", async ({ expect }) => {
    const response = await fetch(`${cluster.url}/v1/hives/${hive}/artifacts`, {
      headers: { authorization: `Bearer ${client.key}`, "x-request-id": "req-observe-0001" },
    });
    expect(response.headers.get("x-request-id")).toBe("req-observe-0001");
    await expect
      .poll(() => cluster.output().includes('"requestId":"req-observe-0001"'), { timeout: 10_000 })
      .toBe(true);
    const line = cluster
      .output()
      .split("\n")
      .find((l) => l.includes('"requestId":"req-observe-0001"'));
    const json = line?.slice(line.indexOf("{")) ?? "{}";
    expect(JSON.parse(json)).toMatchObject({
      level: "info",
      component: "gateway",
      event: "http.request",
      hive,
      status: 200,
    });
    expect(cluster.output()).not.toContain(client.key);
    expect(cluster.output()).not.toContain(E2E_ADMIN_TOKEN);
  });
});
