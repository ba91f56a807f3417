// The model driver on Workers AI, inside workerd, against RecordedWorkersAi (the
// binding's stand-in): the factory picks the binding, each role calls its default
// model, JSON mode answers an object that reaches the caller as JSON text, a stream
// of `data: {"response"}` events reads as OpenAI's, tool calls of both shapes become
// moves, and a cut stream, a platform error and a refused input fail as typed values.
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { modelDriver } from "../../../shared/driver/factory.ts";
import { WORKERS_AI_DEFAULTS } from "../../../shared/driver/workers-ai-models.ts";
import {
  RecordedWorkersAi,
  type WorkersAiRecording,
} from "../../../workers/model/recorded-workers-ai.ts";
import recordings from "../../fixtures/workers-ai/recordings.json" with { type: "json" };

/** A production Worker's environment with the recorded binding as AI (MODEL still bound). */
function production(extra: Record<string, unknown> = {}) {
  const ai = new RecordedWorkersAi(recordings as WorkersAiRecording[]);
  const built = modelDriver({
    MODEL: env.MODEL,
    LETHE_ENV: "production",
    AI: ai,
    LETHE_MODEL_RETRY_BASE_MS: "0",
    ...extra,
  });
  if (!built.ok) {
    throw new Error(built.message);
  }
  return { ai, ...built.value };
}

const user = (content: string) => [{ role: "user" as const, content }];

describe("the driver on Workers AI (RecordedWorkersAi)", () => {
  it("is what the factory builds when AI is bound, with each role's default model", ({
    expect,
  }) => {
    const { serving, driver } = production();
    expect(serving).toEqual({ source: "workers-ai", standIn: false, models: WORKERS_AI_DEFAULTS });
    expect(driver.config.roles.router.model).toBe("@cf/meta/llama-3.1-8b-instruct");
  });

  it("answers a router call in JSON mode: the binding's object arrives as JSON text, priced", async ({
    expect,
  }) => {
    const { ai, driver } = production();
    const answer = await driver.call({
      role: "router",
      messages: [
        { role: "system", content: "[LETHE ROUTER]\nClassify." },
        { role: "user", content: "save the port" },
      ],
      jsonMode: true,
      stream: true,
    });
    expect(answer.ok && JSON.parse(answer.value.content)).toEqual({
      domains: ["search"],
      confidence: 0.88,
    });
    // Workers AI does not stream JSON mode: the call went unstreamed, replayed as one chunk.
    expect(ai.calls[0]?.inputs).toMatchObject({
      response_format: { type: "json_object" },
      temperature: 0,
    });
    expect(ai.calls[0]?.inputs.stream).toBeUndefined();
    expect(answer.ok && answer.value.usage).toMatchObject({
      model: "@cf/meta/llama-3.1-8b-instruct",
      promptTokens: 312,
      completionTokens: 19,
      reported: true,
      priced: true,
    });
    expect(answer.ok && answer.value.usage.costUsd).toBeGreaterThan(0);
  });

  it("reads a stream of response events, and its usage", async ({ expect }) => {
    const { ai, driver } = production();
    const answer = await driver.call({
      role: "agent",
      messages: user("Say hello in three words."),
      stream: true,
    });
    expect(ai.calls[0]?.inputs.stream).toBe(true);
    expect(answer.ok && answer.value.content).toBe("Hello there, friend.");
    expect(answer.ok && answer.value.finishReason).toBe("stop");
    expect(answer.ok && answer.value.usage).toMatchObject({
      promptTokens: 14,
      completionTokens: 5,
      streamed: true,
    });
  });

  it("heals tool calls of both shapes into moves, streamed or not", async ({ expect }) => {
    const { driver } = production();
    const tools = [
      { type: "function" as const, function: { name: "save_artifact", parameters: {} } },
      { type: "function" as const, function: { name: "finish", parameters: {} } },
    ];
    for (const stream of [false, true]) {
      const older = await driver.move({
        role: "agent",
        messages: user("Record the retry limit"),
        tools,
        stream,
      });
      expect(older.ok && older.value.move).toMatchObject({
        kind: "tool",
        tool: "save_artifact",
        args: { key: "config.retries", value: 4 },
      });
      const openAiShape = await driver.move({
        role: "agent",
        messages: user("Record the retry limit; config.retries = 4 is saved"),
        tools,
        stream,
      });
      expect(openAiShape.ok && openAiShape.value.move).toMatchObject({
        kind: "tool",
        tool: "finish",
        args: { status: "achieved" },
      });
    }
  });

  it("calls a stream cut before [DONE] interrupted, keeping its text", async ({ expect }) => {
    const { driver } = production({ LETHE_MODEL_MAX_ATTEMPTS: "1" });
    const answer = await driver.call({
      role: "agent",
      messages: user("Count to ten slowly."),
      stream: true,
    });
    expect(answer).toMatchObject({ ok: false, code: "STREAM_INTERRUPTED" });
    expect(!answer.ok && answer.raw).toContain("three");
  });

  it("retries a capacity error as a 429 and refuses an input nothing answers without retrying", async ({
    expect,
  }) => {
    const { ai, driver } = production({ LETHE_MODEL_MAX_ATTEMPTS: "2" });
    const busy = await driver.call({ role: "agent", messages: user("Are you busy?") });
    expect(busy).toMatchObject({ ok: false, code: "MODEL_HTTP_ERROR", status: 429 });
    expect(!busy.ok && busy.usage.attempts).toBe(2);
    expect(ai.calls).toHaveLength(2);
    const refused = await driver.call({ role: "agent", messages: user("anything unrecorded") });
    expect(refused).toMatchObject({ ok: false, code: "MODEL_HTTP_ERROR", status: 400 });
    expect(!refused.ok && refused.usage.attempts).toBe(1);
  });

  it("times out a binding that never answers", async ({ expect }) => {
    const built = modelDriver({
      LETHE_ENV: "production",
      AI: { run: () => new Promise(() => undefined) },
      LETHE_MODEL_TIMEOUT_MS: "50",
      LETHE_MODEL_MAX_ATTEMPTS: "1",
    });
    if (!built.ok) {
      throw new Error(built.message);
    }
    const answer = await built.value.driver.call({ role: "agent", messages: user("hello") });
    expect(answer).toMatchObject({ ok: false, code: "MODEL_TIMEOUT" });
  });

  it("leaves Workers AI for an endpoint when LETHE_MODEL_BASE_URL is set", ({ expect }) => {
    const built = modelDriver({
      AI: new RecordedWorkersAi([]),
      LETHE_MODEL_BASE_URL: "https://models.example/v1",
      LETHE_MODEL: "gpt-4o-mini",
    });
    expect(built.ok && built.value.serving).toMatchObject({
      source: "endpoint",
      models: { agent: "gpt-4o-mini" },
    });
  });

  it("refuses the stand-in in production unless allowed", ({ expect }) => {
    expect(modelDriver({ MODEL: env.MODEL, LETHE_ENV: "production" })).toMatchObject({
      ok: false,
      code: "MODEL_NOT_CONFIGURED",
    });
    const allowed = modelDriver({
      MODEL: env.MODEL,
      LETHE_ENV: "production",
      LETHE_MODEL_STAND_IN: "allow",
    });
    expect(allowed.ok && allowed.value.serving).toMatchObject({
      source: "stand-in",
      standIn: true,
    });
  });
});
