// The compressor's summariser, inside workerd: the one factory gives it Workers AI
// when AI is bound (RecordedWorkersAi), whose recorded map answer becomes the
// summary, named as written by the compression role's Workers AI model and not the
// stand-in; locally, over MODEL, the identity says the stand-in wrote it.
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { compressConversation } from "../../../shared/compress/index.ts";
import { loadTokenizer } from "../../../shared/context/tokens.ts";
import {
  RecordedWorkersAi,
  type WorkersAiRecording,
} from "../../../workers/model/recorded-workers-ai.ts";
import { compressionDriver, summariserIdentity } from "../../../workers/compressor/summariser.ts";
import recordings from "../../fixtures/workers-ai/recordings.json" with { type: "json" };

/** Two facts early, then chatter enough that the early turns must be summarised. */
const TURNS = [
  "We agreed the retry limit is 4 for the payment client.",
  "The deploy region is eu-west for now.",
  ...Array.from(
    { length: 14 },
    (_, i) =>
      `Round ${i + 1}: I went through the dashboards and the logs of the afternoon again, and nothing else of note changed since the last look.`,
  ),
].map((content, i) => ({
  role: i % 2 === 0 ? ("user" as const) : ("assistant" as const),
  content,
}));

describe("the summariser's model", () => {
  it("is Workers AI when AI is bound: the recorded answer is the summary, not the stand-in's", async ({
    expect,
  }) => {
    const ai = new RecordedWorkersAi(recordings as WorkersAiRecording[]);
    const summarisingEnv = { MODEL: env.MODEL, AI: ai, LETHE_ENV: "production" };
    const driver = compressionDriver(summarisingEnv);
    if (!driver.ok) {
      throw new Error(driver.message);
    }
    const run = await compressConversation(TURNS, {
      tokenizer: await loadTokenizer("gpt-4o"),
      client: driver.value,
      budget: { ratio: 0.5 },
    });
    expect(run.ok && run.value.method).toBe("map-reduce");
    // The recorded answer's fact, in the contract's words: the stand-in reads no prose.
    expect(run.ok && run.value.summary).toContain("- deploy region: eu-west [turns: 2]");
    expect(ai.calls.length).toBeGreaterThan(0);
    for (const call of ai.calls) {
      expect(call.model).toBe("@cf/meta/llama-3.3-70b-instruct-fp8-fast");
      expect(call.inputs.temperature).toBe(0.1);
    }
    expect(summariserIdentity(summarisingEnv, driver.value)).toEqual({
      model: "@cf/meta/llama-3.3-70b-instruct-fp8-fast",
      standIn: false,
    });
  });

  it("is the stand-in over MODEL locally, and says so", ({ expect }) => {
    const driver = compressionDriver(env);
    expect(driver.ok && summariserIdentity(env, driver.value)).toMatchObject({
      model: "lethe-local",
      standIn: true,
    });
  });

  it("is refused in production with no model", ({ expect }) => {
    expect(compressionDriver({ MODEL: env.MODEL, LETHE_ENV: "production" } as never)).toMatchObject(
      { ok: false, code: "MODEL_NOT_CONFIGURED" },
    );
  });
});
