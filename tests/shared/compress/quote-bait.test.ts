// Quote-bait: the exact last raw assistant turn, never a summary of it.
import { describe, it } from "vitest";
import type { ChatMessage } from "../../../shared/context/messages.ts";
import { answerQuoteBait, isQuoteBait, SUMMARY_MARKER } from "../../../shared/compress/index.ts";

const last = "The deploy window is Tuesday 14:00 UTC.  Two spaces and a trailing newline.\n";
const tail: ChatMessage[] = [
  { role: "user", content: "When do we deploy?" },
  { role: "assistant", content: last },
  { role: "user", content: "What was your last sentence?" },
];

describe("isQuoteBait", () => {
  it.for([
    "What was your last sentence?",
    "what was your previous message",
    "Repeat your last answer, please.",
    "Can you repeat what you just said?",
    "What did you just say?",
    "quote yourself",
    "What was the last thing you said?",
    "你的上一句是什么",
    "你上一句说了什么？",
    "你刚才说了什么",
    "重复你刚才的话",
    "最后一句话是什么",
  ])("detects %s", (question, { expect }) => {
    expect(isQuoteBait(question)).toBe(true);
  });

  it.for([
    "Summarise our conversation.",
    "What is the last sentence of the README?",
    "What did the user say about the budget?",
    "Tell me the previous release tag.",
    "上一版本的发布说明是什么",
  ])("leaves %s alone", (question, { expect }) => {
    expect(isQuoteBait(question)).toBe(false);
  });
});

describe("answerQuoteBait", () => {
  it("answers with the exact last assistant turn, byte for byte", ({ expect }) => {
    expect(answerQuoteBait("What was your last sentence?", tail)).toEqual({
      bait: true,
      found: true,
      quote: last,
      index: 1,
    });
    expect(answerQuoteBait("你的上一句是什么", tail)).toMatchObject({ quote: last });
  });

  it("skips summary blocks and tool-call-only turns: never a summary", ({ expect }) => {
    const messages: ChatMessage[] = [
      { role: "assistant", content: last },
      { role: "assistant", content: `${SUMMARY_MARKER}\n- The deploy is Tuesday [turns: 1]` },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "c1", type: "function", function: { name: "search", arguments: "{}" } }],
      },
      { role: "tool", content: "result", tool_call_id: "c1" },
    ];
    expect(answerQuoteBait("repeat your last message", messages)).toMatchObject({
      found: true,
      quote: last,
      index: 0,
    });
  });

  it("says so when there is nothing to quote, and ignores other questions", ({ expect }) => {
    expect(answerQuoteBait("your last sentence?", [{ role: "user", content: "hi" }])).toMatchObject(
      {
        bait: true,
        found: false,
      },
    );
    expect(answerQuoteBait("What is the invoice limit?", tail)).toEqual({ bait: false });
  });
});
