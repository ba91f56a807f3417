import { describe, it } from "vitest";
import { embedLexical } from "../../../../shared/embed/lexical.ts";
import { buildRouterSystemPrompt } from "../../../../shared/model/contracts.ts";
import {
  buildSummariseSystemPrompt,
  formatSummariseRequest,
  type SummaryAnswer,
} from "../../../../shared/model/summarise-contract.ts";
import {
  completeChat,
  createEmbeddings,
  listModels,
  LOCAL_CHAT_MODEL,
} from "../../../../workers/model/endpoint.ts";
import { completionSse } from "../../../../harness/local-model-fetch.ts";

const makeRequest = (overrides: Record<string, unknown> = {}) => ({
  model: "lethe-local",
  messages: [
    { role: "system", content: "You are a Lethe agent.\n[MISSION] stage src/app.ts" },
    { role: "user", content: "Begin." },
  ],
  ...overrides,
});
const tools = [
  {
    type: "function",
    function: { name: "stage_context", parameters: { type: "object", properties: { path: {} } } },
  },
  {
    type: "function",
    function: { name: "finish", parameters: { type: "object", properties: { summary: {} } } },
  },
];

function answer(body: unknown, source = {}) {
  const outcome = completeChat(body, source);
  if (!outcome.ok) {
    throw new Error(JSON.stringify(outcome.body));
  }
  return outcome.value.completion;
}

describe("the local endpoint's chat completions", () => {
  it("answers the same request with the same bytes, and another with another id", ({ expect }) => {
    const a = JSON.stringify(completeChat(makeRequest({ tools })));
    const b = JSON.stringify(completeChat(makeRequest({ tools })));
    expect(a).toBe(b);
    const other = answer(makeRequest({ tools, temperature: 0.1 }));
    expect(other.id).not.toBe(answer(makeRequest({ tools })).id);
    expect(answer(makeRequest())).toMatchObject({ model: LOCAL_CHAT_MODEL, created: 0 });
  });

  it("answers with a native tool call when tools are offered", ({ expect }) => {
    const completion = answer(makeRequest({ tools }));
    expect(completion.choices[0]).toMatchObject({
      finish_reason: "tool_calls",
      message: {
        content: null,
        tool_calls: [
          {
            type: "function",
            function: { name: "stage_context", arguments: '{"path":"src/app.ts"}' },
          },
        ],
      },
    });
  });

  it("calls the tool a named tool_choice asks for", ({ expect }) => {
    const completion = answer(
      makeRequest({ tools, tool_choice: { type: "function", function: { name: "finish" } } }),
    );
    expect(completion.choices[0]?.message.tool_calls?.[0]?.function.name).toBe("finish");
  });

  it("answers with a JSON move in JSON mode when tools are turned off", ({ expect }) => {
    const completion = answer(
      makeRequest({ tools, tool_choice: "none", response_format: { type: "json_object" } }),
    );
    expect(JSON.parse(completion.choices[0]?.message.content ?? "")).toEqual({
      tool: "stage_context",
      args: { path: "src/app.ts" },
      rationale: expect.any(String),
    });
  });

  it("routes a [LETHE ROUTER] request by overlap, as JSON", ({ expect }) => {
    const system = buildRouterSystemPrompt([
      {
        name: "editing",
        description: "write files and apply patches",
        tools: ["write_file", "apply_patch"],
      },
      { name: "retrieval", description: "search the index", tools: ["search"] },
    ]);
    const completion = answer(
      makeRequest({
        messages: [
          { role: "system", content: system },
          { role: "user", content: "apply a patch to the file" },
        ],
      }),
    );
    expect(JSON.parse(completion.choices[0]?.message.content ?? "")).toMatchObject({
      domains: ["editing"],
    });
  });

  it("answers a [LETHE SUMMARISE] request with the contract's JSON (the extractive stand-in)", ({
    expect,
  }) => {
    const completion = answer(
      makeRequest({
        messages: [
          { role: "system", content: buildSummariseSystemPrompt() },
          {
            role: "user",
            content: formatSummariseRequest([], [{ turn: 7, role: "tool", text: "PORT=8787" }]),
          },
        ],
      }),
    );
    const content = JSON.parse(completion.choices[0]?.message.content ?? "") as SummaryAnswer;
    expect(content.facts).toEqual([
      { subject: "PORT", value: "8787", status: "current", turns: [7] },
    ]);
  });

  it("streams chunks that reassemble into the plain answer, then [DONE]", ({ expect }) => {
    const outcome = completeChat(
      makeRequest({
        tools,
        tool_choice: "none",
        stream: true,
        stream_options: { include_usage: true },
      }),
    );
    expect(outcome).toMatchObject({ ok: true, value: { stream: true, includeUsage: true } });
    if (!outcome.ok) {
      return;
    }
    const sse = completionSse(outcome.value.completion, true);
    expect(sse.endsWith("data: [DONE]\n\n")).toBe(true);
    const events = sse
      .split("\n\n")
      .filter((e) => e.startsWith("data: {"))
      .map(
        (e) =>
          JSON.parse(e.slice(6)) as { choices: { delta: { content?: string } }[]; usage?: unknown },
      );
    const text = events.map((e) => e.choices[0]?.delta.content ?? "").join("");
    expect(text).toBe(outcome.value.completion.choices[0]?.message.content);
    expect(events.at(-1)?.usage).toEqual(outcome.value.completion.usage);
  });

  it("refuses a malformed request with a typed OpenAI error naming the field", ({ expect }) => {
    expect(completeChat({ model: "x", messages: [] })).toMatchObject({
      ok: false,
      status: 400,
      body: {
        error: { type: "invalid_request_error", param: "messages", code: "invalid_request" },
      },
    });
    expect(completeChat({ messages: [{ role: "wizard", content: "hi" }] })).toMatchObject({
      ok: false,
      status: 400,
    });
  });
});

describe("the local endpoint's embeddings and models", () => {
  it("embeds with the lexical embedder, as floats or base64 float32", ({ expect }) => {
    const floats = createEmbeddings({ model: "any", input: ["alpha beta", "gamma"] });
    expect(floats).toMatchObject({ ok: true, value: { model: "lethe-lexical-384" } });
    const b64 = createEmbeddings({ model: "any", input: "alpha beta", encoding_format: "base64" });
    if (!floats.ok || !b64.ok) {
      throw new Error("embeddings failed");
    }
    const data = (floats.value as { data: { embedding: number[] }[] }).data;
    expect(data[0]?.embedding).toEqual(embedLexical("alpha beta"));
    const encoded = (b64.value as { data: { embedding: string }[] }).data[0]?.embedding ?? "";
    const decoded = Array.from(
      new Float32Array(Uint8Array.from(Buffer.from(encoded, "base64")).buffer),
    );
    expect(decoded).toHaveLength(384);
    decoded.forEach((v, i) => expect(v).toBeCloseTo(data[0]?.embedding[i] ?? 0, 6));
  });

  it("refuses an embeddings body without input", ({ expect }) => {
    expect(createEmbeddings({ model: "x" })).toMatchObject({
      ok: false,
      status: 400,
      body: { error: { param: "input" } },
    });
  });

  it("lists the stand-in models as what they are", ({ expect }) => {
    expect(JSON.stringify(listModels())).toContain("not a language model");
  });
});
