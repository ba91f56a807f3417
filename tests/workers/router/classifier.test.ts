// The router's classifier, inside workerd, on whichever model serves the router:
// with Workers AI bound (RecordedWorkersAi) it asks the router's default model in
// JSON mode at temperature 0 and routes by its answer; in production with no model
// it fails, and routing falls back to keywords with the reason.
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import {
  RecordedWorkersAi,
  type WorkersAiRecording,
} from "../../../workers/model/recorded-workers-ai.ts";
import { modelClassifier } from "../../../workers/router/classifier.ts";
import { routeStep } from "../../../workers/router/route.ts";
import recordings from "../../fixtures/workers-ai/recordings.json" with { type: "json" };

describe("modelClassifier", () => {
  it("routes by Workers AI in JSON mode at temperature 0 with the router's model", async ({
    expect,
  }) => {
    const ai = new RecordedWorkersAi(recordings as WorkersAiRecording[]);
    const classify = modelClassifier({ AI: ai, MODEL: env.MODEL, LETHE_ENV: "production" });
    const decision = await routeStep({ intent: "remember that the port is 8080" }, classify);
    expect(decision).toMatchObject({
      method: "model",
      domains: ["search", "control"],
      confidence: 0.88,
    });
    expect(ai.calls).toHaveLength(1);
    expect(ai.calls[0]).toMatchObject({
      model: "@cf/meta/llama-3.1-8b-instruct",
      inputs: { temperature: 0, response_format: { type: "json_object" } },
    });
    expect(JSON.stringify(ai.calls[0]?.inputs.messages)).toContain(
      "remember that the port is 8080",
    );
  });

  it("falls back to keywords, saying why, when production has no model", async ({ expect }) => {
    const classify = modelClassifier({ MODEL: env.MODEL, LETHE_ENV: "production" });
    const decision = await routeStep({ intent: "calculate the sum and save it" }, classify);
    expect(decision.method).toBe("keywords");
    expect(decision.fallback).toMatchObject({ code: "MODEL_ERROR" });
    expect(decision.fallback?.message).toContain("MODEL_NOT_CONFIGURED");
  });

  it("routes by the local stand-in over MODEL where it is allowed", async ({ expect }) => {
    const decision = await routeStep(
      { intent: "calculate the sum of the two totals" },
      modelClassifier(env),
    );
    expect(decision.fallback?.code).not.toBe("MODEL_ERROR");
  });
});
