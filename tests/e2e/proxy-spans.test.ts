// One OpenTelemetry span per proxy call: an `openai` client's calls through the
// running gateway appear as `proxy chat.completions` spans on GET
// /v1/sessions/:id/spans (plain and streaming, with their token counts and
// status); another hive's key gets the same 404 as a missing session.
import OpenAI from "openai";
import { afterAll, beforeAll, describe, it } from "vitest";
import type { TestUpstream } from "../../harness/proxy-upstream.ts";
import { TASK_PROMPT, TASK_TOOLS } from "../fixtures/proxy-task.ts";
import type { OtlpExport } from "../../shared/observe/spans.ts";
import type { Cluster } from "../../harness/dev-server.ts";
import { startProxyCluster, type ProxyCluster } from "./proxy-cluster.ts";

let upstream: TestUpstream;
let cluster: Cluster;
let keyA = "";
let keyB = "";
let proxy: ProxyCluster | undefined;

beforeAll(async () => {
  proxy = await startProxyCluster("spans");
  ({ upstream, cluster, keyA, keyB } = proxy);
}, 360_000);

afterAll(async () => {
  await proxy?.stop();
});

async function spans(id: string, key: string) {
  const response = await fetch(`${cluster.url}/v1/sessions/${id}/spans`, {
    headers: { authorization: `Bearer ${key}` },
  });
  return { status: response.status, body: (await response.json()) as OtlpExport };
}

describe("proxy spans", () => {
  it("exports one span per proxy call through the session's OTel JSON route", async ({
    expect,
  }) => {
    const session = `spans-${Math.random().toString(36).slice(2, 8)}`;
    const client = new OpenAI({
      baseURL: `${cluster.url}/v1`,
      apiKey: keyA,
      defaultHeaders: { "x-lethe-session": session },
    });
    const tools = TASK_TOOLS.map((t) => ({
      type: "function" as const,
      function: { name: t.name, description: t.description, parameters: t.parameters },
    }));
    const messages = [{ role: "user" as const, content: TASK_PROMPT }];
    const before = Date.now();
    const plain = await client.chat.completions
      .create({ model: "any-model", messages, tools })
      .withResponse();
    const upstreamTokens = Number(plain.response.headers.get("x-lethe-upstream-prompt-tokens"));
    expect(upstreamTokens).toBeGreaterThan(0);
    const streamed = await client.chat.completions.create({
      model: "any-model",
      messages,
      tools,
      stream: true,
    });
    for await (const chunk of streamed) {
      expect(chunk.object).toBe("chat.completion.chunk");
    }
    // A failed upstream answer on a bound conversation is a span too, with its error code.
    upstream.fault = "500";
    const failed = await fetch(`${cluster.url}/v1/chat/completions`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${keyA}`,
        "content-type": "application/json",
        "x-lethe-session": session,
      },
      body: JSON.stringify({ model: "any-model", messages, tools }),
    });
    upstream.fault = undefined;
    expect(failed.status).toBeGreaterThanOrEqual(500);
    const failure = (await failed.json()) as { error: { code: string } };

    const got = await spans(session, keyA);
    expect(got.status).toBe(200);
    const all = got.body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
    const proxySpans = all.filter((s) => s.name === "proxy chat.completions");
    const attrs = (s: (typeof all)[number]) =>
      Object.fromEntries(s.attributes.map((a) => [a.key, Object.values(a.value)[0]]));
    expect(proxySpans.map((s) => attrs(s)["http.response.status_code"])).toEqual([
      "200",
      "200",
      String(failed.status),
    ]);
    expect(proxySpans.map((s) => attrs(s)["lethe.stream"])).toEqual([false, true, false]);
    expect(attrs(proxySpans[0] as (typeof all)[number])["lethe.upstreamTokens"]).toBe(
      String(upstreamTokens),
    );
    expect(attrs(proxySpans[2] as (typeof all)[number])["error.type"]).toBe(failure.error.code);
    for (const s of proxySpans) {
      expect(s.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(s.spanId).toMatch(/^[0-9a-f]{16}$/);
      const start = Number(BigInt(s.startTimeUnixNano) / 1_000_000n);
      const end = Number(BigInt(s.endTimeUnixNano) / 1_000_000n);
      expect(start).toBeGreaterThanOrEqual(before - 1_000);
      expect(end).toBeGreaterThanOrEqual(start);
    }
    expect(new Set(proxySpans.map((s) => s.spanId)).size).toBe(3);

    // Another hive's key cannot tell this conversation from a missing one.
    expect((await spans(session, keyB)).status).toBe(404);
    expect((await spans("no-such-conversation", keyA)).status).toBe(404);
  });
});
