// The proxy's pure parts inside workerd: the hash chain, the managed envelope,
// request parsing and the SSE answer.
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import type { ChatMessage } from "../../../../shared/context/messages.ts";
import { loadTokenizer, type Tokenizer } from "../../../../shared/context/tokens.ts";
import { chainOf } from "../../../../workers/gateway/proxy/chain.ts";
import {
  ARCHIVE_BLOCK_MESSAGES,
  buildEnvelope,
  COMPACT_WINDOW_MESSAGES,
  VERBATIM_TAIL_MESSAGES,
  type CompactProse,
} from "../../../../workers/gateway/proxy/envelope.ts";
import { parseProxyRequest } from "../../../../workers/gateway/proxy/request.ts";
import { completionChunks } from "../../../../workers/gateway/proxy/respond.ts";

/** The compaction the proxy route passes: the compressor Worker's, over its binding. */
const compact =
  (tokenizer: Tokenizer): CompactProse =>
  (texts, o) =>
    env.COMPRESSOR.summarise(texts, {
      method: "structural",
      model: tokenizer.encoding,
      section: o.section,
      turnNumbers: o.turnNumbers,
    });

function toolConversation(calls: number, resultLines = 300): ChatMessage[] {
  const messages: ChatMessage[] = [
    { role: "system", content: "sys" },
    { role: "user", content: "the task" },
  ];
  for (let i = 0; i < calls; i++) {
    messages.push({
      role: "assistant",
      content: null,
      tool_calls: [
        { id: `c${i}`, type: "function", function: { name: "read", arguments: `{"n":${i}}` } },
      ],
    });
    const lines = Array.from({ length: resultLines }, (_, j) => `line ${i}.${j} of the result`);
    lines[150] = `FACT key_${i} = value_${i}`;
    messages.push({ role: "tool", tool_call_id: `c${i}`, content: lines.join("\n") });
  }
  return messages;
}

describe("the hash chain", () => {
  it("diverges at the first edited message and nowhere before", ({ expect }) => {
    const a = chainOf(toolConversation(3, 5));
    const edited = toolConversation(3, 5);
    edited[4] = { role: "tool", tool_call_id: "c1", content: "changed" };
    const b = chainOf(edited);
    expect(b.slice(0, 4).map((l) => l.chain)).toEqual(a.slice(0, 4).map((l) => l.chain));
    expect(b.slice(4).every((l, i) => l.chain !== a[4 + i]?.chain)).toBe(true);
    expect(b[4]?.parent).toBe(a[3]?.chain);
  });
});

describe("the managed envelope", () => {
  it("keeps system, anchor and the last turns, lists older calls with their refs, gates large results", async ({
    expect,
  }) => {
    const tokenizer = await loadTokenizer();
    const messages = toolConversation(20);
    const envelope = await buildEnvelope(messages, [], tokenizer, compact(tokenizer));
    const [system, anchor, ...rest] = envelope.messages;
    expect(system?.content).toContain("sys");
    expect(system?.content).toContain("lethe_read_ref");
    expect(anchor).toEqual({ role: "user", content: "the task" });
    const ledger = rest.find((m) => (m.content ?? "").startsWith("[TOOL CALLS]"));
    expect(ledger?.content).toContain('read({"n":0}) → ref:');
    expect(rest.slice(-VERBATIM_TAIL_MESSAGES).map((m) => m.role)).toEqual(
      Array.from({ length: VERBATIM_TAIL_MESSAGES }, (_, i) =>
        i % 2 === 0 ? "assistant" : "tool",
      ),
    );
    const last = rest.at(-1)?.content ?? "";
    expect(last).toContain("[CONTENT OFFLOADED: ref:");
    // Every planted fact is in the prompt or in a text kept behind a ref.
    const kept = new Map(envelope.kept.map((k) => [k.ref, k.content]));
    const prompt = envelope.messages.map((m) => m.content ?? "").join("\n");
    for (let i = 0; i < 20; i++) {
      const fact = `FACT key_${i} = value_${i}`;
      const refs = prompt.match(/ref:[0-9a-f]{32}/g) ?? [];
      expect(prompt.includes(fact) || refs.some((r) => kept.get(r)?.includes(fact))).toBe(true);
    }
    expect(tokenizer.countMessages(envelope.messages) * 5).toBeLessThan(
      tokenizer.countMessages(messages),
    );
  });

  it("archives turns beyond the compaction window in blocks behind refs", async ({ expect }) => {
    const tokenizer = await loadTokenizer();
    const messages = toolConversation(COMPACT_WINDOW_MESSAGES + 150, 3);
    const envelope = await buildEnvelope(messages, [], tokenizer, compact(tokenizer));
    const archived = envelope.messages.find((m) =>
      (m.content ?? "").startsWith("[ARCHIVED TURNS]"),
    );
    expect(archived?.content).toMatch(
      new RegExp(`turns 3-${2 + ARCHIVE_BLOCK_MESSAGES}: ref:[0-9a-f]{32}`),
    );
  });

  it("shows saved artifacts in the system message", async ({ expect }) => {
    const tokenizer = await loadTokenizer();
    const envelope = await buildEnvelope(
      toolConversation(1, 3),
      [{ name: "port", ref: "ref:00000000000000000000000000000000", content: "PORT=9" }],
      tokenizer,
      compact(tokenizer),
    );
    expect(envelope.messages[0]?.content).toContain(
      "## port (ref:00000000000000000000000000000000)\nPORT=9",
    );
  });
});

describe("request parsing and the SSE answer", () => {
  it("refuses orphan tool results and deprecated roles, normalises developer and parts", ({
    expect,
  }) => {
    const orphan = parseProxyRequest({
      model: "m",
      messages: [{ role: "tool", tool_call_id: "x", content: "r" }],
    });
    expect(orphan.ok || orphan.error.code).toBe("invalid_tool_message");
    const old = parseProxyRequest({
      model: "m",
      messages: [{ role: "function", name: "f", content: "r" }],
    });
    expect(old.ok || old.error.code).toBe("unsupported_role");
    const fine = parseProxyRequest({
      model: "m",
      messages: [
        { role: "developer", content: "d" },
        {
          role: "user",
          content: [
            { type: "text", text: "a" },
            { type: "text", text: "b" },
          ],
        },
      ],
    });
    expect(fine.ok && fine.messages).toEqual([
      { role: "system", content: "d" },
      { role: "user", content: "ab" },
    ]);
  });

  it("streams content and tool calls as chunks ending in [DONE]", ({ expect }) => {
    const frames = completionChunks(
      {
        id: "x",
        model: "m",
        content: "",
        toolCalls: [{ id: "c", name: "f", arguments: '{"a":1}' }],
        finishReason: "tool_calls",
        promptTokens: 3,
        completionTokens: 1,
      },
      true,
    );
    expect(frames.at(-1)).toBe("data: [DONE]\n\n");
    const parsed = frames.slice(0, -1).map(
      (f) =>
        JSON.parse(f.slice(6)) as {
          choices: {
            delta: { tool_calls?: { function: { arguments: string } }[] };
            finish_reason: string | null;
          }[];
          usage?: unknown;
        },
    );
    const args = parsed
      .flatMap((p) => p.choices.flatMap((c) => c.delta.tool_calls ?? []))
      .map((c) => c.function.arguments)
      .join("");
    expect(args).toBe('{"a":1}');
    expect(parsed.some((p) => p.choices[0]?.finish_reason === "tool_calls")).toBe(true);
    expect(parsed.at(-1)?.usage).toEqual({
      prompt_tokens: 3,
      completion_tokens: 1,
      total_tokens: 4,
    });
  });
});
