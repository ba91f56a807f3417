// A tight budget (shared/compress/compress.ts protectedStart): when the raw tail
// from the second-to-last human message would leave the summary under half the
// budget, only the last human message on stays raw, so the facts still fit; and
// two ways of writing a value the subject reading takes (facts.ts, normalise.ts):
// a label before an assignment, and "make that V for the X".
import { describe, it } from "vitest";
import type { ChatMessage } from "../../../shared/context/messages.ts";
import { loadTokenizer } from "../../../shared/context/tokens.ts";
import {
  compressConversation,
  factSubject,
  summaryTextOf,
} from "../../../shared/compress/index.ts";
import { makeDriver } from "./summariser.ts";

const tokenizer = await loadTokenizer("gpt-4o");
const count = (messages: readonly ChatMessage[]) =>
  messages.reduce((sum, m) => sum + tokenizer.countMessage(m), 0);
const shown = (text: string) => summaryTextOf({ role: "user", content: text }, text);

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
      { role: "user", content: "The clay reorder threshold is 40 kg." },
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

describe("ways of writing a value", () => {
  it("a label before an assignment keys the assignment's subject, not the label", ({ expect }) => {
    expect(
      factSubject(shown("Writing it down before I forget: kiln load limit = 38 pieces.")),
    ).toBe("kiln load limit");
    // A label that opens with a preposition is an adjunct, not a subject.
    expect(
      factSubject(shown("For the record: glaze stock 12 buckets, per the shelf count.")),
    ).not.toBe("for the record");
  });

  it('"make that V for the X" and "let\'s go back to V for the X" set the X', ({ expect }) => {
    expect(shown("Actually, make that 14 buckets for the glaze stock.")).toBe(
      "Actually, the glaze stock is 14 buckets.",
    );
    expect(
      factSubject(
        shown("Let's go back to 12 kg for the clay reorder threshold; the bulk deal fell through."),
      ),
    ).toBe("clay reorder threshold");
  });
});
