import fc from "fast-check";
import { beforeAll, describe, it } from "vitest";
import type { ChatMessage } from "../../../shared/context/messages.ts";
import {
  PRUNE_PRESETS,
  RECOVERY_TAG,
  presetForWindow,
  pruneForRetry,
  truncatedPreview,
} from "../../../shared/context/prune.ts";
import { refFor } from "../../../shared/context/refs.ts";
import { ReductionReportSchema } from "../../../shared/context/report.ts";
import { loadTokenizer, type Tokenizer } from "../../../shared/context/tokens.ts";

let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await loadTokenizer("gpt-4o");
});

type Block = { kind: "system" | "user" | "text" | "calls"; calls: number; size: number };
const blockArb: fc.Arbitrary<Block> = fc.record({
  kind: fc.constantFrom("system", "user", "text", "calls", "calls"),
  calls: fc.integer({ min: 1, max: 3 }),
  size: fc.integer({ min: 0, max: 3_000 }),
});

/** A well-formed conversation: every assistant tool call is followed by all its results. */
function conversation(blocks: readonly Block[], pendingCall: boolean): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: "system", content: "You are Lethe's agent." }];
  let id = 0;
  for (const block of blocks) {
    if (block.kind === "system") {
      messages.push({ role: "system", content: `policy ${id++}` });
    } else if (block.kind === "user") {
      messages.push({ role: "user", content: `please do task ${id++}` });
    } else if (block.kind === "text") {
      messages.push({ role: "assistant", content: `done ${id++}` });
    } else {
      const ids = Array.from({ length: block.calls }, () => `call_${id++}`);
      messages.push({
        role: "assistant",
        content: null,
        tool_calls: ids.map((callId) => ({
          id: callId,
          type: "function",
          function: { name: "read_file", arguments: `{"path":"${callId}.ts"}` },
        })),
      });
      for (const callId of ids) {
        messages.push({
          role: "tool",
          tool_call_id: callId,
          content: `${callId}: ${"x".repeat(block.size)}`,
        });
      }
    }
  }
  if (pendingCall) {
    messages.push({
      role: "assistant",
      content: null,
      tool_calls: [
        { id: "pending", type: "function", function: { name: "shell", arguments: "{}" } },
      ],
    });
  }
  return messages;
}

describe("pruneForRetry", () => {
  it("keeps system messages and the last N×2, never splits tool calls, and ends with the lesson", ({
    expect,
  }) => {
    fc.assert(
      fc.property(
        fc.array(blockArb, { maxLength: 40 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 100, max: 2_000 }),
        (blocks, pending, n, cap) => {
          const messages = conversation(blocks, pending);
          const {
            messages: out,
            kept,
            report,
          } = pruneForRetry(
            messages,
            { code: "SCHEMA_INVALID", message: "missing field path" },
            {
              keepExchanges: n,
              toolOutputCapChars: cap,
              previewChars: 50,
              tokenizer,
              archiveDropped: true,
            },
          );
          const last = out[out.length - 1];
          expect(
            last?.role === "user" &&
              last.content.startsWith(RECOVERY_TAG) &&
              last.content.includes("SCHEMA_INVALID: missing field path"),
          ).toBe(true);
          const body = out.slice(0, -1);
          // Every system message survives, verbatim and in order.
          expect(body.filter((m) => m.role === "system")).toEqual(
            messages.filter((m) => m.role === "system"),
          );
          // The last N×2 messages (before a call that has no results yet) survive, tool outputs at most truncated.
          const answerable = pending ? messages.slice(0, -1) : messages;
          const tail = answerable.slice(-2 * n);
          const bodyTail = body.slice(-tail.length);
          tail.forEach((m, i) => {
            const o = bodyTail[i];
            if (m.role === "tool" && o?.role === "tool") {
              expect(o.tool_call_id).toBe(m.tool_call_id);
              expect(
                o.content === m.content ||
                  (o.content.includes("chars hidden]") &&
                    m.content.startsWith(o.content.split("\n[... ")[0] ?? "∅")),
              ).toBe(true);
            } else {
              expect(o).toEqual(m);
            }
          });
          // Tool call / result pairs are never split.
          const results = new Set(body.flatMap((m) => (m.role === "tool" ? [m.tool_call_id] : [])));
          const calls = new Set(
            body.flatMap((m) =>
              m.role === "assistant" ? (m.tool_calls ?? []).map((c) => c.id) : [],
            ),
          );
          expect([...results].filter((id) => !calls.has(id))).toEqual([]);
          expect([...calls].filter((id) => !results.has(id))).toEqual([]);
          // Whatever was truncated or dropped comes back byte-identical from its ref.
          for (const k of kept) {
            expect(refFor(k.content)).toBe(k.ref);
          }
          for (const m of messages) {
            if (
              m.role === "tool" &&
              !body.some((o) => o.role === "tool" && o.content === m.content)
            ) {
              const fromRef =
                kept.some((k) => k.content === m.content) ||
                kept.some(
                  (k) =>
                    k.content.startsWith("[") &&
                    (JSON.parse(k.content) as ChatMessage[]).some(
                      (d) => d.role === "tool" && d.content === m.content,
                    ),
                );
              expect(fromRef).toBe(true);
            }
          }
          expect(ReductionReportSchema.safeParse(report).success).toBe(true);
          expect(report.post_tokens).toBe(tokenizer.countMessages(out));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("truncates an archived tool output to a preview and a count of hidden characters", ({
    expect,
  }) => {
    expect(truncatedPreview("abcdefghij", 4)).toBe("abcd\n[... 6 chars hidden]");
    const messages = conversation(
      [
        { kind: "calls", calls: 1, size: 5_000 },
        { kind: "user", calls: 0, size: 0 },
        { kind: "calls", calls: 1, size: 5_000 },
      ],
      false,
    );
    const { messages: out } = pruneForRetry(messages, "boom", { preset: "small" });
    const tools = out.filter((m) => m.role === "tool");
    expect(tools[0]?.content).toMatch(/\n\[\.\.\. \d+ chars hidden\]$/);
    // The results the failed step answered stay whole.
    expect(tools[1]?.content).toBe(messages.filter((m) => m.role === "tool")[1]?.content);
  });

  it("picks presets by model window", ({ expect }) => {
    expect(presetForWindow(8_192)).toBe("small");
    expect(presetForWindow(32_000)).toBe("medium");
    expect(presetForWindow(200_000)).toBe("large");
    expect(PRUNE_PRESETS.small.keepExchanges).toBeLessThan(PRUNE_PRESETS.large.keepExchanges);
  });
});
