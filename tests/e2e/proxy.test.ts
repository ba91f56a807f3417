// The context-managing proxy on a running cluster with real clients: the `openai`
// client (plain, streaming, tools) and an @openai/agents agent complete a task
// whose last step needs a fact the proxy moved behind a ref; hostile inputs and
// upstream faults get typed OpenAI-style errors and leave stored state intact.
import {
  Agent,
  run,
  setDefaultOpenAIClient,
  setOpenAIAPI,
  setTracingDisabled,
  tool,
} from "@openai/agents";
import OpenAI from "openai";
import type {
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import { afterAll, beforeAll, describe, it as vitestIt, type TestContext } from "vitest";
import { z } from "zod";
import type { TestUpstream, UpstreamRequest } from "../../harness/proxy-upstream.ts";
import { DEPLOY_PORT, TASK_PROMPT, TASK_TOOLS } from "../fixtures/proxy-task.ts";
import { afterCrash, startProxyCluster, type ProxyCluster } from "./proxy-cluster.ts";

let upstream: TestUpstream;
let keyA = "";
let keyB = "";
let proxy: ProxyCluster | undefined;

beforeAll(async () => {
  proxy = await startProxyCluster(
    "proxy",
    {
      LETHE_MODEL_TIMEOUT_MS: "1500",
      LETHE_MODEL_MAX_ATTEMPTS: "2",
      LETHE_MODEL_RETRY_BASE_MS: "10",
      LETHE_MODEL_RETRY_MAX_MS: "20",
    },
    ["alpha", "beta"],
  );
  ({ upstream, keyA, keyB } = proxy);
}, 360_000);

afterAll(async () => {
  await proxy?.stop();
});

/** The running cluster's URL (a new one if a workerd crash restarted it). */
function clusterUrl(): string {
  return (proxy as ProxyCluster).cluster.url;
}

/** A test that is rerun once on a restarted cluster if workerd crashes under it (afterCrash). */
function it(name: string, test: (context: TestContext) => Promise<void>, timeout?: number): void {
  // oxlint-disable-next-line vitest/expect-expect, vitest/valid-title -- a wrapper: `test` asserts
  vitestIt(name, (context) => afterCrash(proxy as ProxyCluster, () => test(context)), timeout);
}

const tools: ChatCompletionTool[] = TASK_TOOLS.map((t) => ({
  type: "function",
  function: { name: t.name, description: t.description, parameters: t.parameters },
}));

function runTool(name: string, args: string): string {
  const found = TASK_TOOLS.find((t) => t.name === name);
  return found ? found.run(JSON.parse(args) as Record<string, unknown>) : `no tool ${name}`;
}

function promptText(request: UpstreamRequest): string {
  return request.messages
    .map((m) => [m.content ?? "", ...(m.tool_calls ?? []).map((c) => c.function.name)].join(" "))
    .join("\n");
}

/** Reads of a ref since request `from`, and whether the prompt that led to the first showed the fact. */
function refReads(from: number) {
  const requests = upstream.requests.slice(from);
  const reads = (r: UpstreamRequest) =>
    r.messages.some((m) => m.tool_calls?.some((c) => c.function.name === "lethe_read_ref"));
  const first = requests.findIndex(
    (r, i) =>
      !reads(r) && requests[i + 1] !== undefined && reads(requests[i + 1] as UpstreamRequest),
  );
  return {
    reads: requests.filter(reads).length,
    factShownBeforeRead:
      first < 0
        ? undefined
        : promptText(requests[first] as UpstreamRequest).includes(`deploy_port=${DEPLOY_PORT}`),
  };
}

/** The fields these tests read from the proxy's answers (each test reads the ones its route has). */
interface ProxyJson {
  error: { type: string; code: string; message: string };
  session: string;
  links: number;
  refs: number;
  calls: number;
  content: string;
}

async function proxyFetch(
  path: string,
  init: RequestInit & { key?: string | null; session?: string } = {},
) {
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json");
  if (init.key !== null) {
    headers.set("authorization", `Bearer ${init.key ?? keyA}`);
  }
  if (init.session !== undefined) {
    headers.set("x-lethe-session", init.session);
  }
  const response = await fetch(`${clusterUrl()}${path}`, { ...init, headers });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: () => JSON.parse(text) as ProxyJson,
  };
}

describe("the proxy with the openai client", () => {
  for (const stream of [false, true]) {
    it(`completes the task ${stream ? "streaming" : "plain"}, reading the moved fact back through a ref`, async ({
      expect,
    }) => {
      const client = new OpenAI({ baseURL: `${clusterUrl()}/v1`, apiKey: keyA });
      const messages: ChatCompletionMessageParam[] = [
        { role: "system", content: "You are a careful deploy agent." },
        { role: "user", content: TASK_PROMPT },
      ];
      const before = upstream.requests.length;
      let session: string | undefined;
      let final = "";
      let lastHeaders: Headers | undefined;
      for (let turn = 0; turn < 12 && final === ""; turn++) {
        const options = session === undefined ? {} : { headers: { "x-lethe-session": session } };
        let content = "";
        let calls: { id: string; name: string; arguments: string }[] = [];
        if (stream) {
          const { data, response } = await client.chat.completions
            .create({ model: "any-model", messages, tools, stream: true }, options)
            .withResponse();
          lastHeaders = response.headers;
          const byIndex = new Map<number, { id: string; name: string; arguments: string }>();
          for await (const chunk of data) {
            const delta = chunk.choices[0]?.delta;
            content += delta?.content ?? "";
            for (const call of delta?.tool_calls ?? []) {
              const entry = byIndex.get(call.index) ?? { id: "", name: "", arguments: "" };
              entry.id = call.id ?? entry.id;
              entry.name = call.function?.name ?? entry.name;
              entry.arguments += call.function?.arguments ?? "";
              byIndex.set(call.index, entry);
            }
          }
          calls = [...byIndex.values()];
        } else {
          const { data, response } = await client.chat.completions
            .create({ model: "any-model", messages, tools }, options)
            .withResponse();
          lastHeaders = response.headers;
          const message = data.choices[0]?.message;
          content = message?.content ?? "";
          calls = (message?.tool_calls ?? []).flatMap((c) =>
            c.type === "function"
              ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }]
              : [],
          );
        }
        session ??= lastHeaders.get("x-lethe-session") ?? undefined;
        if (calls.length === 0) {
          final = content;
          break;
        }
        expect(calls.every((c) => !c.name.startsWith("lethe_"))).toBe(true);
        messages.push({
          role: "assistant",
          content: null,
          tool_calls: calls.map((c) => ({
            id: c.id,
            type: "function",
            function: { name: c.name, arguments: c.arguments },
          })),
        });
        for (const call of calls) {
          messages.push({
            role: "tool",
            tool_call_id: call.id,
            content: runTool(call.name, call.arguments),
          });
        }
      }
      expect(final).toBe(`done: deployed on port ${DEPLOY_PORT}`);
      expect(session).toMatch(/^px-/);
      const seen = refReads(before);
      expect(seen.reads).toBeGreaterThan(0);
      expect(seen.factShownBeforeRead).toBe(false);
      const sent = Number(lastHeaders?.get("x-lethe-upstream-prompt-tokens"));
      const history = Number(lastHeaders?.get("x-lethe-client-prompt-tokens"));
      expect(sent).toBeGreaterThan(0);
      expect(sent).toBeLessThan(history);
    }, 120_000);
  }
});

describe("the proxy with an @openai/agents agent (chat completions mode)", () => {
  it("completes the task; the model reaches the moved fact through lethe_read_ref", async ({
    expect,
  }) => {
    setOpenAIAPI("chat_completions");
    setTracingDisabled(true);
    setDefaultOpenAIClient(
      new OpenAI({
        baseURL: `${clusterUrl()}/v1`,
        apiKey: keyA,
        defaultHeaders: { "x-lethe-session": "agents-sdk-1" },
      }),
    );
    const agentTools = TASK_TOOLS.map((t) =>
      tool({
        name: t.name,
        description: t.description,
        parameters: t.name === "deploy" ? z.object({ port: z.string() }) : z.object({}),
        execute: async (args) => t.run(args as Record<string, unknown>),
      }),
    );
    const agent = new Agent({
      name: "deployer",
      instructions: "You are a careful deploy agent.",
      tools: agentTools,
      model: "any-model",
    });
    const before = upstream.requests.length;
    const result = await run(agent, TASK_PROMPT, { maxTurns: 20 });
    expect(result.finalOutput).toBe(`done: deployed on port ${DEPLOY_PORT}`);
    const seen = refReads(before);
    expect(seen.reads).toBeGreaterThan(0);
    expect(seen.factShownBeforeRead).toBe(false);
    const stats = await proxyFetch("/v1/chat/sessions/agents-sdk-1");
    expect(stats.json()).toMatchObject({ session: "agents-sdk-1", calls: expect.any(Number) });
  }, 120_000);
});

describe("hostile input to the proxy", () => {
  const body = (messages: unknown[], extra: Record<string, unknown> = {}) =>
    JSON.stringify({ model: "m", messages, tools, ...extra });
  const start = [
    { role: "system", content: "s" },
    { role: "user", content: TASK_PROMPT },
  ];
  const leaks = (text: string) =>
    text.includes(upstream.secret) || /\bat .*\.(js|ts):\d+/.test(text);

  it("refuses a missing key, an unknown key, and another hive's session", async ({ expect }) => {
    const none = await proxyFetch("/v1/chat/completions", {
      method: "POST",
      key: null,
      body: body(start),
    });
    expect(none.status).toBe(401);
    expect(none.json().error).toMatchObject({
      type: "authentication_error",
      code: "missing_api_key",
    });
    const bad = await proxyFetch("/v1/chat/completions", {
      method: "POST",
      key: "lethe_alpha_0000",
      body: body(start),
    });
    expect(bad.status).toBe(401);
    expect(bad.json().error.code).toBe("invalid_api_key");
    const mine = await proxyFetch("/v1/chat/completions", {
      method: "POST",
      session: "hostile-a",
      body: body(start),
    });
    expect(mine.status).toBe(200);
    const theirs = await proxyFetch("/v1/chat/completions", {
      method: "POST",
      key: keyB,
      session: "hostile-a",
      body: body(start),
    });
    expect(theirs.status).toBe(403);
    expect(theirs.json().error).toMatchObject({
      type: "permission_error",
      code: "forbidden_session",
    });
    const peek = await proxyFetch("/v1/chat/sessions/hostile-a", { key: keyB });
    expect(peek.status).toBe(403);
  });

  it("stores a rewritten history as a new branch and keeps the old one", async ({ expect }) => {
    const history = [
      ...start,
      { role: "assistant", content: "first answer" },
      { role: "user", content: "go on" },
    ];
    expect(
      (
        await proxyFetch("/v1/chat/completions", {
          method: "POST",
          session: "rewrite",
          body: body(history),
        })
      ).status,
    ).toBe(200);
    const before = (await proxyFetch("/v1/chat/sessions/rewrite")).json();
    const again = await proxyFetch("/v1/chat/completions", {
      method: "POST",
      session: "rewrite",
      body: body(history),
    });
    expect(again.status).toBe(200);
    expect((await proxyFetch("/v1/chat/sessions/rewrite")).json().links).toBe(before.links);
    const edited = [
      ...start,
      { role: "assistant", content: "a different answer" },
      { role: "user", content: "go on" },
    ];
    expect(
      (
        await proxyFetch("/v1/chat/completions", {
          method: "POST",
          session: "rewrite",
          body: body(edited),
        })
      ).status,
    ).toBe(200);
    expect((await proxyFetch("/v1/chat/sessions/rewrite")).json().links).toBe(before.links + 2);
    const truncated = start;
    expect(
      (
        await proxyFetch("/v1/chat/completions", {
          method: "POST",
          session: "rewrite",
          body: body(truncated),
        })
      ).status,
    ).toBe(200);
    expect((await proxyFetch("/v1/chat/sessions/rewrite")).json().links).toBe(before.links + 2);
  });

  it("takes 10,000 messages and sends a small envelope upstream", async ({ expect }) => {
    const many: unknown[] = [...start];
    for (let i = 0; i < 9_998; i++) {
      many.push(
        i % 2 === 0
          ? { role: "assistant", content: `note ${i}: step ${i} done` }
          : { role: "user", content: `continue ${i}` },
      );
    }
    const response = await proxyFetch("/v1/chat/completions", {
      method: "POST",
      session: "ten-thousand",
      body: body(many),
    });
    expect(response.status).toBe(200);
    const sent = Number(response.headers.get("x-lethe-upstream-prompt-tokens"));
    const history = Number(response.headers.get("x-lethe-client-prompt-tokens"));
    expect(sent * 5).toBeLessThan(history);
    expect((await proxyFetch("/v1/chat/sessions/ten-thousand")).json().links).toBe(10_000);
  }, 120_000);

  it("keeps a 20 MB tool result behind a ref and sends a sandwich", async ({ expect }) => {
    const huge = `HEAD-MARK ${"x".repeat(20 * 1024 * 1024)} TAIL-MARK`;
    const history = [
      ...start,
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "c1", type: "function", function: { name: "lookup_config", arguments: "{}" } },
        ],
      },
      { role: "tool", tool_call_id: "c1", content: huge },
    ];
    const at = upstream.requests.length;
    const response = await proxyFetch("/v1/chat/completions", {
      method: "POST",
      session: "huge",
      body: body(history),
    });
    expect(response.status).toBe(200);
    const sent = upstream.requests[at];
    const toolMessage = sent?.messages.find((m) => m.role === "tool");
    expect(toolMessage?.content).toContain("HEAD-MARK");
    expect(toolMessage?.content).toContain("TAIL-MARK");
    const ref = /ref:[0-9a-f]{32}/.exec(toolMessage?.content ?? "")?.[0];
    expect(ref).toBeDefined();
    expect((toolMessage?.content ?? "").length).toBeLessThan(20_000);
    const read = await proxyFetch(`/v1/chat/sessions/huge/refs/${ref}`);
    expect(read.status).toBe(200);
    expect(read.json().content).toBe(huge);
  }, 120_000);

  it("answers malformed tool calls with typed 400s", async ({ expect }) => {
    const orphan = await proxyFetch("/v1/chat/completions", {
      method: "POST",
      body: body([...start, { role: "tool", tool_call_id: "nope", content: "x" }]),
    });
    expect(orphan.status).toBe(400);
    expect(orphan.json().error).toMatchObject({
      type: "invalid_request_error",
      code: "invalid_tool_message",
    });
    for (const call of [
      { id: "c", type: "function", function: { arguments: "{}" } },
      { id: "c", type: "function", function: { name: "x", arguments: { not: "a string" } } },
      { type: "function", function: { name: "x", arguments: "{}" } },
    ]) {
      const response = await proxyFetch("/v1/chat/completions", {
        method: "POST",
        body: body([...start, { role: "assistant", content: null, tool_calls: [call] }]),
      });
      expect(response.status).toBe(400);
      expect(response.json().error.code).toBe("invalid_body");
    }
    const reserved = await proxyFetch("/v1/chat/completions", {
      method: "POST",
      body: body(start, { tools: [{ type: "function", function: { name: "lethe_read_ref" } }] }),
    });
    expect(reserved.json().error.code).toBe("reserved_tool_name");
    const notJson = await proxyFetch("/v1/chat/completions", { method: "POST", body: "{nope" });
    expect(notJson.json().error.code).toBe("invalid_json");
  });

  it("maps upstream faults to typed errors without leaking the upstream's key, state intact", async ({
    expect,
  }) => {
    const history = [
      ...start,
      { role: "assistant", content: "ok" },
      { role: "user", content: "next" },
    ];
    expect(
      (
        await proxyFetch("/v1/chat/completions", {
          method: "POST",
          session: "faults",
          body: body(history),
        })
      ).status,
    ).toBe(200);
    const before = (await proxyFetch("/v1/chat/sessions/faults")).json();
    const expected = {
      timeout: [504, "upstream_timeout"],
      "500": [502, "upstream_failed"],
      "429": [429, "upstream_rate_limited"],
      "half-stream": [502, undefined],
      "invalid-json": [502, undefined],
    } as const;
    try {
      for (const [fault, [status, code]] of Object.entries(expected)) {
        upstream.fault = fault as keyof typeof expected;
        for (const stream of [false, true]) {
          const response = await proxyFetch("/v1/chat/completions", {
            method: "POST",
            session: "faults",
            body: body(history, { stream }),
          });
          expect(response.status, `${fault} stream=${stream}`).toBe(status);
          const error = response.json().error;
          expect(error.type).toMatch(/upstream_error|rate_limit_error/);
          if (code !== undefined) {
            expect(error.code).toBe(code);
          }
          expect(leaks(response.text)).toBe(false);
        }
      }
    } finally {
      upstream.fault = undefined;
    }
    expect((await proxyFetch("/v1/chat/sessions/faults")).json()).toMatchObject({
      links: before.links,
      refs: before.refs,
    });
    const after = await proxyFetch("/v1/chat/completions", {
      method: "POST",
      session: "faults",
      body: body(history),
    });
    expect(after.status).toBe(200);
  }, 120_000);
});
