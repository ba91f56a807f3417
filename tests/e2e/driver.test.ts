// The whole cluster booted with wrangler; the real `openai` client and the driver
// talk to the local model endpoint through the gateway's /v1, from Node.
import OpenAI from "openai";
import { beforeAll, describe, it } from "vitest";
import { driverConfigFromEnv } from "../../shared/driver/config.ts";
import { Driver } from "../../shared/driver/driver.ts";
import { buildRouterSystemPrompt } from "../../shared/model/contracts.ts";
import { encodeScript, SCRIPT_HEADER } from "../../shared/model/script.ts";
import { hiveClient, sharedCluster, type SharedCluster } from "./helpers.ts";

let cluster: SharedCluster;
let client: OpenAI;
let key: string;

beforeAll(async () => {
  cluster = await sharedCluster();
  // The gateway's /v1/model asks for a hive key, as a deployed one does.
  ({ key } = await hiveClient(cluster, "e2e-driver"));
  client = new OpenAI({ baseURL: `${cluster.url}/v1/model`, apiKey: key });
});

const tools: OpenAI.Chat.Completions.ChatCompletionTool[] = [
  {
    type: "function",
    function: {
      name: "stage_context",
      description: "stage a file into the context",
      parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
    },
  },
];
const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [
  {
    role: "system",
    content: "You are a Lethe agent.\n[MISSION] Read src/main.py and report PORT.",
  },
  { role: "user", content: "Begin." },
];

describe("the local model endpoint through the real openai client", () => {
  it("answers a plain chat completion with a tool call", async ({ expect }) => {
    const completion = await client.chat.completions.create({
      model: "lethe-local",
      messages,
      tools,
    });
    expect(completion.model).toBe("lethe-local");
    expect(completion.choices[0]?.finish_reason).toBe("tool_calls");
    const call = completion.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === "function" && JSON.parse(call.function.arguments)).toEqual({
      path: "src/main.py",
    });
  });

  it("streams the same answer as the plain call, with usage", async ({ expect }) => {
    const body = {
      model: "lethe-local",
      messages,
      response_format: { type: "json_object" as const },
    };
    const plain = await client.chat.completions.create(body);
    const stream = await client.chat.completions.create({
      ...body,
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = "";
    let usage: OpenAI.CompletionUsage | undefined;
    let chunks = 0;
    for await (const chunk of stream) {
      chunks++;
      text += chunk.choices[0]?.delta.content ?? "";
      usage = chunk.usage ?? usage;
    }
    expect(chunks).toBeGreaterThan(2);
    expect(text).toBe(plain.choices[0]?.message.content);
    expect(usage?.total_tokens).toBeGreaterThan(0);
  });

  it("routes an intent in JSON mode", async ({ expect }) => {
    const system = buildRouterSystemPrompt([
      { name: "editing", description: "write files and apply patches", tools: ["write_file"] },
      { name: "retrieval", description: "search the index", tools: ["search"] },
    ]);
    const completion = await client.chat.completions.create({
      model: "lethe-local",
      temperature: 0,
      response_format: { type: "json_object" },
      messages: [
        { role: "system", content: system },
        { role: "user", content: "search the index for the parser" },
      ],
    });
    expect(JSON.parse(completion.choices[0]?.message.content ?? "")).toMatchObject({
      domains: ["retrieval"],
    });
  });

  it("embeds texts (the client's default base64 encoding included)", async ({ expect }) => {
    const result = await client.embeddings.create({
      model: "lethe-lexical-384",
      input: ["parseConfig reads the file", "the sky is blue"],
    });
    expect(result.data).toHaveLength(2);
    expect(result.data[0]?.embedding).toHaveLength(384);
    const norm = Math.hypot(...(result.data[0]?.embedding ?? []));
    expect(norm).toBeCloseTo(1, 5);
  });

  it("lists the models", async ({ expect }) => {
    const models = await client.models.list();
    expect(models.data.map((m) => m.id)).toEqual(["lethe-local", "lethe-lexical-384"]);
  });

  it("answers a bad request with a typed error the client surfaces", async ({ expect }) => {
    await expect(
      client.chat.completions.create({ model: "lethe-local", messages: [] }),
    ).rejects.toMatchObject({ status: 400, code: "invalid_request", param: "messages" });
  });
});

describe("the driver against the running cluster", () => {
  const config = (headers: Record<string, string> = {}) => {
    const built = driverConfigFromEnv(
      { LETHE_MODEL_BASE_URL: `${cluster.url}/v1/model`, LETHE_MODEL_API_KEY: key },
      { headers, retryBaseMs: 1, retryMaxMs: 2 },
    );
    if (!built.ok) {
      throw new Error(built.message);
    }
    return built.value;
  };

  it("makes a move, plain and streaming, with zero cost", async ({ expect }) => {
    const driver = new Driver(config());
    for (const stream of [false, true]) {
      const result = await driver.move({ role: "agent", messages, tools, stream });
      expect(result).toMatchObject({
        ok: true,
        value: {
          move: { kind: "tool", tool: "stage_context", args: { path: "src/main.py" } },
          answer: { usage: { costUsd: 0, streamed: stream, reported: true } },
        },
      });
    }
  });

  it("heals scripted malformed answers across the calls of a conversation", async ({ expect }) => {
    const driver = new Driver(
      config({
        [SCRIPT_HEADER]: encodeScript([
          "Sure!\nTOOL: stage_context\nARGS: {path: 'src/main.py'}",
          '{"answr": "PORT is 8080", "rationate": "read it"}',
        ]),
      }),
    );
    const first = await driver.move({ role: "agent", messages, tools, stream: true });
    expect(first).toMatchObject({ ok: true, value: { move: { tool: "stage_context" } } });
    const second = await driver.move({
      role: "agent",
      stream: true,
      messages: [
        ...messages,
        { role: "assistant", content: "staged" },
        { role: "user", content: "ok" },
      ],
    });
    expect(second).toMatchObject({
      ok: true,
      value: { move: { kind: "final", answer: "PORT is 8080", rationale: "read it" } },
    });
  });
});
