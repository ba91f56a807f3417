// The compact job's summariser wrapper: a summariser answer that carries a secret
// (plain or base64) reaches map-reduce redacted; a failed call passes through as it was.
import { describe, it } from "vitest";
import type { SummariserClient } from "../../../shared/compress/map-reduce.ts";
import type { CallResult, CallUsage } from "../../../shared/driver/types.ts";
import { redactedSummariser } from "../../../workers/compressor/redacted-summariser.ts";

const SECRET = "ghp_SummaryToken5r4e3w2q1a0s9d8f7g6h5jK";
const usage: CallUsage = {
  role: "compression",
  model: "lethe-local",
  promptTokens: 1,
  completionTokens: 1,
  costUsd: 0,
  priced: false,
  reported: false,
  attempts: 1,
  elapsedMs: 1,
  streamed: false,
};

function answering(content: string): SummariserClient {
  return {
    call: async () =>
      ({
        ok: true,
        value: { content, toolCalls: [], finishReason: "stop", usage },
      }) as CallResult,
  };
}

const request = { role: "compression", messages: [] } as unknown as Parameters<
  SummariserClient["call"]
>[0];

describe("redactedSummariser", () => {
  it("redacts a secret a summariser slips into a bullet, plain or base64", async ({ expect }) => {
    const plain = await redactedSummariser(
      answering(`- The deploy key is ${SECRET}. [turns: 3]`),
    ).call(request);
    expect(plain.ok && plain.value.content).toBe(
      "- The deploy key is [REDACTED:github_token]. [turns: 3]",
    );
    const encoded = Buffer.from(SECRET).toString("base64");
    const hidden = await redactedSummariser(answering(`- key ${encoded} [turns: 2]`)).call(request);
    expect(hidden.ok && hidden.value.content).not.toContain(encoded);
  });

  it("passes a clean answer and a failure through unchanged", async ({ expect }) => {
    const clean = await redactedSummariser(answering("- TIMEOUT is 30. [turns: 1]")).call(request);
    expect(clean.ok && clean.value.content).toBe("- TIMEOUT is 30. [turns: 1]");
    const failure = {
      ok: false,
      code: "TIMEOUT",
      message: "slow",
      raw: "",
      rawRef: "",
      usage,
    } as unknown as CallResult;
    const failed = await redactedSummariser({ call: async () => failure }).call(request);
    expect(failed).toBe(failure);
  });
});
