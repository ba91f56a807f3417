// The local model endpoint inside workerd: over its service binding, through the
// gateway's /v1 forwarding, and driven by the real `openai` client (the driver)
// whose fetch goes through the binding, as AgentSession will call it.
import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { driverConfigFromEnv } from "../../../shared/driver/config.ts";
import { Driver } from "../../../shared/driver/driver.ts";
import { encodeScript, SCRIPT_HEADER } from "../../../shared/model/script.ts";
import { createHiveKey } from "../../../workers/gateway/request/auth.ts";

const chatBody = (overrides: Record<string, unknown> = {}) => ({
  model: "lethe-local",
  messages: [
    { role: "system", content: "You are a Lethe agent.\n[MISSION] stage docs/readme.md" },
    { role: "user", content: "Begin." },
  ],
  tools: [
    {
      type: "function",
      function: { name: "stage_context", parameters: { type: "object", properties: { path: {} } } },
    },
  ],
  ...overrides,
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`http://model.local${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

function bindingDriver(headers: Record<string, string> = {}) {
  const config = driverConfigFromEnv(
    { LETHE_MODEL_BASE_URL: "http://model.local/v1" },
    { headers },
  );
  if (!config.ok) {
    throw new Error(config.message);
  }
  return new Driver(config.value, {
    fetch: (input, init) => env.MODEL.fetch(new Request(input, init)),
  });
}

describe("the model Worker over its binding", () => {
  it("answers a chat completion with a tool call, identically twice", async ({ expect }) => {
    const first = await env.MODEL.fetch(post("/v1/chat/completions", chatBody()));
    const second = await env.MODEL.fetch(post("/v1/chat/completions", chatBody()));
    expect(first.status).toBe(200);
    const text = await first.text();
    expect(text).toBe(await second.text());
    expect(JSON.parse(text)).toMatchObject({
      object: "chat.completion",
      choices: [{ message: { tool_calls: [{ function: { name: "stage_context" } }] } }],
    });
  });

  it("streams SSE ending in [DONE]", async ({ expect }) => {
    const response = await env.MODEL.fetch(
      post("/v1/chat/completions", chatBody({ stream: true, tool_choice: "none" })),
    );
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const text = await response.text();
    expect(text.startsWith("data: {")).toBe(true);
    expect(text.endsWith("data: [DONE]\n\n")).toBe(true);
  });

  it("answers bad requests with typed OpenAI error bodies", async ({ expect }) => {
    const notJson = await env.MODEL.fetch(
      new Request("http://model.local/v1/chat/completions", { method: "POST", body: "{nope" }),
    );
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({
      error: { code: "bad_json", type: "invalid_request_error" },
    });
    const invalid = await env.MODEL.fetch(post("/v1/chat/completions", { model: "x" }));
    expect(await invalid.json()).toMatchObject({ error: { param: "messages" } });
    const wrongMethod = await env.MODEL.fetch(new Request("http://model.local/v1/embeddings"));
    expect(wrongMethod.status).toBe(405);
    const unknown = await env.MODEL.fetch(new Request("http://model.local/v2/nothing"));
    expect(unknown.status).toBe(404);
  });

  it("reports its health as a deterministic policy", async ({ expect }) => {
    expect(await env.MODEL.health()).toMatchObject({
      component: "model",
      ok: true,
      detail: { kind: "deterministic-policy" },
    });
  });
});

describe("the gateway's /v1/model forwarding", () => {
  it("forwards chat completions, embeddings and the model list, with a hive key only", async ({
    expect,
  }) => {
    const anonymous = await SELF.fetch("http://gateway.local/v1/model/chat/completions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(chatBody()),
    });
    expect(anonymous.status).toBe(401);
    const { key } = await createHiveKey(env.DB, "model-routes", "test");
    const auth = { authorization: `Bearer ${key}` };
    const chat = await SELF.fetch("http://gateway.local/v1/model/chat/completions", {
      method: "POST",
      headers: { "content-type": "application/json", ...auth },
      body: JSON.stringify(chatBody()),
    });
    expect(chat.status).toBe(200);
    expect(await chat.json()).toMatchObject({ model: "lethe-local" });
    const embeddings = await SELF.fetch("http://gateway.local/v1/embeddings", {
      method: "POST",
      headers: { "content-type": "application/json", ...auth },
      body: JSON.stringify({ model: "lethe-lexical-384", input: ["camelCaseName"] }),
    });
    const body = (await embeddings.json()) as { data: { embedding: number[] }[] };
    expect(body.data[0]?.embedding).toHaveLength(384);
    const models = await SELF.fetch("http://gateway.local/v1/models", { headers: auth });
    expect(await models.json()).toMatchObject({
      data: [{ id: "lethe-local" }, { id: "lethe-lexical-384" }],
    });
  });

  it("keeps the gateway's 1 MiB body limit on /v1", async ({ expect }) => {
    const response = await SELF.fetch("http://gateway.local/v1/model/chat/completions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(chatBody({ padding: "x".repeat(1024 * 1024 + 1) })),
    });
    expect(response.status).toBe(413);
  });
});

describe("the driver inside workerd, through the service binding", () => {
  it("heals the endpoint's tool call into a move, plain and streaming", async ({ expect }) => {
    const driver = bindingDriver();
    const request = {
      role: "agent" as const,
      messages: [
        {
          role: "system" as const,
          content: "You are a Lethe agent.\n[MISSION] stage docs/readme.md",
        },
        { role: "user" as const, content: "Begin." },
      ],
      tools: [
        {
          type: "function" as const,
          function: {
            name: "stage_context",
            parameters: { type: "object", properties: { path: {} } },
          },
        },
      ],
    };
    for (const stream of [false, true]) {
      const result = await driver.move({ ...request, stream });
      expect(result).toMatchObject({
        ok: true,
        value: {
          move: { kind: "tool", tool: "stage_context", args: { path: "docs/readme.md" } },
          answer: { usage: { model: "lethe-local", costUsd: 0, priced: true, streamed: stream } },
        },
      });
    }
  });

  it("heals a scripted malformed answer and refuses a scripted empty choice list", async ({
    expect,
  }) => {
    const script = encodeScript([
      "<think>let me see</think>```json\n{tool: 'stage_context', args: {path: 'a.ts'},}\n```",
    ]);
    const healed = await bindingDriver({ [SCRIPT_HEADER]: script }).move({
      role: "agent",
      messages: [{ role: "user", content: "go" }],
    });
    expect(healed).toMatchObject({
      ok: true,
      value: {
        move: { tool: "stage_context", args: { path: "a.ts" } },
        steps: ["think", "fence", "repair"],
      },
    });
    const empty = await bindingDriver({
      [SCRIPT_HEADER]: encodeScript([{ empty_choices: true }]),
    }).call({
      role: "agent",
      messages: [{ role: "user", content: "go" }],
    });
    expect(empty).toMatchObject({ ok: false, code: "EMPTY_CHOICES" });
  });

  it("gets a scripted 500 as MODEL_HTTP_ERROR after its bounded retries", async ({ expect }) => {
    const config = driverConfigFromEnv(
      { LETHE_MODEL_BASE_URL: "http://model.local/v1" },
      {
        retryBaseMs: 1,
        retryMaxMs: 2,
        headers: { [SCRIPT_HEADER]: encodeScript([{ error: { status: 500 } }]) },
      },
    );
    if (!config.ok) {
      throw new Error(config.message);
    }
    let calls = 0;
    const driver = new Driver(config.value, {
      fetch: (input, init) => {
        calls++;
        return env.MODEL.fetch(new Request(input, init));
      },
    });
    const result = await driver.call({
      role: "router",
      messages: [{ role: "user", content: "x" }],
    });
    expect(result).toMatchObject({
      ok: false,
      code: "MODEL_HTTP_ERROR",
      status: 500,
      usage: { attempts: 3 },
    });
    expect(calls).toBe(3);
  });
});
