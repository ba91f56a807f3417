// A tight budget (shared/compress/compress.ts protectedStart): when the raw tail
// from the second-to-last human message would leave the summary under half the
// budget, only the last human message on stays raw, so the facts still fit.
import { describe, it } from "vitest";
import type { ChatMessage } from "../../../shared/context/messages.ts";
import { loadTokenizer } from "../../../shared/context/tokens.ts";
import { compressConversation } from "../../../shared/compress/index.ts";
import { makeDriver } from "./summariser.ts";

const tokenizer = await loadTokenizer("gpt-4o");
const count = (messages: readonly ChatMessage[]) =>
  messages.reduce((sum, m) => sum + tokenizer.countMessage(m), 0);

describe("a tight budget", () => {
  it("keeps only the last human message raw when the usual tail would crowd out the facts", async ({
    expect,
  }) => {
    const chatter = Array.from({ length: 40 }, (_, i): ChatMessage[] => [
      {
        role: "user",
        content: `Round ${i}: let us look at the shelf layout again, nothing decided.`,
      },
      { role: "assistant", content: "Looked at it again; it stays as it is for now, no change." },
    ]).flat();
    const bulky = "lorem ipsum dolor sit amet ".repeat(120);
    const messages: ChatMessage[] = [
      { role: "user", content: "clay_reorder_threshold: 40 kg" },
      ...chatter,
      { role: "user", content: `Here is the supplier's whole catalogue page: ${bulky}` },
      { role: "assistant", content: `Read it: ${bulky}` },
      { role: "user", content: "Thanks, that is all for today." },
    ];
    const input = count(messages);
    const budget = Math.floor(input * 0.25);
    const result = await compressConversation(messages, {
      tokenizer,
      client: makeDriver(),
      windowTokens: 8_192,
      budget: { tokens: budget },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) {
      return;
    }
    expect(result.value.budget.met).toBe(true);
    expect(count(result.value.messages)).toBeLessThanOrEqual(budget);
    expect(result.value.summary).toContain("40 kg");
    expect(result.value.report.losses.join("\n")).toMatch(
      /tight budget: the raw tail starts at the last human message/,
    );
    // The last human message is still returned verbatim.
    expect(result.value.messages.at(-1)?.content).toBe("Thanks, that is all for today.");
  });
});
