// The stand-in's answer from a facts block: lethe/agents' own fact lines parsed
// back, a question answered by the one fact its subject matches, and no answer
// (the policy's usual reply) when the match is ambiguous or absent.
import { describe, it } from "vitest";
import { artifactLine } from "../../../../packages/agents/context-blocks.ts";
import type { Artifact } from "../../../../shared/hive/artifact.ts";
import { completeChat } from "../../../../workers/model/endpoint.ts";
import { answerFromFacts, factsInPrompt } from "../../../../workers/model/policy/fact-answer.ts";
import { ChatRequestSchema } from "../../../../shared/model/openai-schemas.ts";

function artifact(identifier: string, value: number, summary: string): Artifact {
  return {
    identifier,
    version: 1,
    kind: "fact",
    value,
    summary,
    provenance: {
      session: "s1",
      agent: "a1",
      step: 0,
      source: `tool:t#${identifier}`,
      contentHash: "0".repeat(64),
    },
    status: "active",
    supersedes: null,
    supersededBy: null,
    reason: null,
    tags: [],
    validFrom: 0,
    validTo: null,
    seq: 1,
  };
}

const block = [
  "Facts of hive h (current, with provenance):",
  artifactLine(artifact("queue.orders-east.depth", 412, "orders-east holds 412 messages")),
  artifactLine(artifact("queue.orders-west.depth", 97, "orders-west holds 97 messages")),
  artifactLine(artifact("cache.session-store.ttl", 900, "the session store expires after 900 s")),
].join("\n");

const request = (question: string, extra: Record<string, unknown> = {}) =>
  ChatRequestSchema.parse({
    model: "m",
    messages: [
      { role: "system", content: `You help.\n${block}` },
      { role: "user", content: "earlier turn" },
      { role: "assistant", content: "ok" },
      { role: "user", content: question },
    ],
    ...extra,
  });

describe("answerFromFacts", () => {
  it("parses every line the artifacts block renders", ({ expect }) => {
    const facts = factsInPrompt(request("x?"));
    expect(facts.map((f) => [f.identifier, f.value])).toEqual([
      ["queue.orders-east.depth", "412"],
      ["queue.orders-west.depth", "97"],
      ["cache.session-store.ttl", "900"],
    ]);
    expect(facts[0]?.provenance).toContain("source tool:t#queue.orders-east.depth");
  });

  it("answers a question whose subject one fact matches, with the value and provenance", ({
    expect,
  }) => {
    const text = answerFromFacts(request("How deep is the orders-east queue?"));
    expect(text).toContain("queue.orders-east.depth is 412");
    expect(text).toContain("source tool:t#queue.orders-east.depth");
    // Through the endpoint, tools offered or not.
    const completion = completeChat({
      ...request("What is the session store ttl?"),
      tools: [{ type: "function", function: { name: "lookup", parameters: { type: "object" } } }],
    });
    expect(completion.ok && completion.value.completion.choices[0]?.message.content).toContain(
      "cache.session-store.ttl is 900",
    );
  });

  it("gives no answer when two facts match equally, nothing matches, or it is no question", ({
    expect,
  }) => {
    expect(answerFromFacts(request("How deep is the orders queue?"))).toBeNull();
    expect(answerFromFacts(request("Which region is billing in?"))).toBeNull();
    expect(answerFromFacts(request("Tell me the orders-east queue depth."))).toBeNull();
    expect(
      answerFromFacts(
        request("How deep is the orders-east queue?", { response_format: { type: "json_object" } }),
      ),
    ).toBeNull();
  });
});
