// The proxy's current-facts block inside workerd, on the envelope the route sends
// upstream: the latest value of each key from tool results (JSON, diff, env, CSV)
// and saved artifacts, superseded values never listed, a dump of hundreds of
// settings kept to its share, and the raw text still behind the ledger's ref.
import { describe, it } from "vitest";
import type { ChatMessage } from "../../../../shared/context/messages.ts";
import { loadTokenizer } from "../../../../shared/context/tokens.ts";
import { buildEnvelope, type CompactProse } from "../../../../workers/gateway/proxy/envelope.ts";
import {
  FACTS_BUDGET_TOKENS,
  FACTS_PER_TURN,
} from "../../../../workers/gateway/proxy/facts-block.ts";

const noCompaction: CompactProse = () => Promise.resolve({ ok: false });

/** System, task, then one (call, result) pair per result, then `logs` pairs of plain log lines. */
function conversation(results: readonly string[], logs: number): ChatMessage[] {
  const messages: ChatMessage[] = [
    { role: "system", content: "sys" },
    { role: "user", content: "the task" },
  ];
  const all = [
    ...results,
    ...Array.from({ length: logs }, (_, i) =>
      Array.from({ length: 30 }, (_, j) => `step ${i}.${j}: module ok in ${j}ms`).join("\n"),
    ),
  ];
  all.forEach((content, i) => {
    messages.push({
      role: "assistant",
      content: null,
      tool_calls: [{ id: `c${i}`, type: "function", function: { name: "read", arguments: "{}" } }],
    });
    messages.push({ role: "tool", tool_call_id: `c${i}`, content });
  });
  return messages;
}

/** The facts block's lines of the system message the upstream is sent. */
function factLines(system: string): string[] {
  const at = system.indexOf("Current facts");
  return at < 0 ? [] : system.slice(at).split("\n").slice(1);
}

describe("the current-facts block", () => {
  it("lists each key's latest value from JSON, diff, env and CSV results, never a replaced one", async ({
    expect,
  }) => {
    const tokenizer = await loadTokenizer();
    const messages = conversation(
      [
        JSON.stringify({ settings: { pool_max: "10", region: "eu-west-1" } }, null, 2),
        [
          "--- a/config.yaml",
          "+++ b/config.yaml",
          "@@ -1,3 +1,3 @@ settings:",
          "   owner: ops",
          "-  pool_max: 10",
          "+  pool_max: 40",
        ].join("\n"),
        "# .env\nREGION=us-east-2\nCACHE_TTL=300",
        "key,value\nretry_limit,7",
      ],
      12,
    );
    const envelope = await buildEnvelope(messages, [], tokenizer, noCompaction);
    const lines = factLines(envelope.messages[0]?.content ?? "");
    const block = lines.join("\n");
    expect(block).toMatch(/pool_max = 40 \(turn \d+\)/);
    expect(block).toMatch(/REGION = us-east-2/);
    expect(block).toContain("CACHE_TTL = 300");
    expect(block).toContain("retry_limit = 7");
    expect(block).not.toMatch(/= 10 \(/);
    expect(block).not.toContain("eu-west-1");
    // The raw results left the verbatim tail; the ledger still gives each one's ref.
    const ledger = envelope.messages.find((m) => (m.content ?? "").startsWith("[TOOL CALLS]"));
    expect(ledger?.content).toMatch(/turn 3\] read\(\{\}\) → ref:[0-9a-f]{32}/);
    const kept = envelope.kept.map((k) => k.content).join("\n");
    expect(kept).toContain("eu-west-1");
  });

  it("shows a saved artifact's values until a tool result states the key again", async ({
    expect,
  }) => {
    const tokenizer = await loadTokenizer();
    const artifacts = [
      { name: "findings", ref: `ref:${"0".repeat(32)}`, content: "deploy_port: 8080\nowner: ops" },
    ];
    const envelope = await buildEnvelope(
      conversation(["deploy_port: 9090"], 2),
      artifacts,
      tokenizer,
      noCompaction,
    );
    const block = factLines(envelope.messages[0]?.content ?? "").join("\n");
    expect(block).toMatch(/deploy_port = 9090 \(turn \d+\)/);
    expect(block).toContain("owner = ops (artifact findings)");
    expect(block).not.toContain("deploy_port = 8080");
  });

  it("keeps a dump of 400 settings to its share and the block within its budget", async ({
    expect,
  }) => {
    const tokenizer = await loadTokenizer();
    const dump = Array.from({ length: 400 }, (_, i) => `SETTING_${i}=value-${i}`).join("\n");
    const envelope = await buildEnvelope(
      conversation(["LATER_KEY=kept", dump], 1),
      [],
      tokenizer,
      noCompaction,
    );
    const system = envelope.messages[0]?.content ?? "";
    const lines = factLines(system);
    expect(lines.filter((l) => l.startsWith("- SETTING_"))).toHaveLength(FACTS_PER_TURN);
    expect(lines).toContain(
      `- ${400 - FACTS_PER_TURN} more keys not listed (their turns' results hold them)`,
    );
    expect(lines.some((l) => l.startsWith("- LATER_KEY = kept"))).toBe(true);
    const block = system.slice(system.indexOf("Current facts"));
    expect(tokenizer.count(block)).toBeLessThanOrEqual(FACTS_BUDGET_TOKENS + 20);
  });
});
