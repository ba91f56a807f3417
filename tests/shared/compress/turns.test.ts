// The protected tail, what a compressed turn keeps, and loss-line ranges.
import { describe, it } from "vitest";
import type { ChatMessage } from "../../../shared/context/messages.ts";
import { refFor } from "../../../shared/context/refs.ts";
import {
  collectTurns,
  ranges,
  SUMMARY_MARKER,
  SUMMARY_MESSAGE_NAME,
  tailStart,
  turnText,
} from "../../../shared/compress/index.ts";

const user = (content: string): ChatMessage => ({ role: "user", content });
const assistant = (content: string): ChatMessage => ({ role: "assistant", content });

describe("tailStart", () => {
  it("starts the protected tail at the second-to-last human message", ({ expect }) => {
    const messages = [user("a"), assistant("b"), user("c"), assistant("d"), user("e")];
    expect(tailStart(messages)).toBe(2);
  });

  it("does not count a summary message as human", ({ expect }) => {
    const summary: ChatMessage = {
      role: "user",
      name: SUMMARY_MESSAGE_NAME,
      content: `${SUMMARY_MARKER}\n- x [turns: 1]`,
    };
    expect(tailStart([user("a"), summary, assistant("b"), user("c")])).toBe(0);
  });

  it("keeps at least the last message when no human spoke", ({ expect }) => {
    expect(tailStart([assistant("a"), assistant("b")])).toBe(1);
  });
});

describe("turnText and collectTurns", () => {
  it("keeps a plain turn's content exactly and lists an assistant's tool calls", ({ expect }) => {
    expect(turnText(user("  spaced\n"))).toBe("  spaced\n");
    const call: ChatMessage = {
      role: "assistant",
      content: null,
      tool_calls: [
        { id: "c", type: "function", function: { name: "search", arguments: '{"q":1}' } },
      ],
    };
    expect(turnText(call)).toBe('[tool call search] {"q":1}');
  });

  it("puts every compressed turn behind the ref of its text", ({ expect }) => {
    const collected = collectTurns(
      [
        { index: 0, message: user("The port is 8443.") },
        { index: 1, message: assistant("") },
      ],
      (i) => i + 10,
    );
    expect(collected.citations).toEqual([
      { turn: 10, ref: refFor("The port is 8443.") },
      { turn: 11, ref: refFor("") },
    ]);
    expect(collected.turns).toEqual([{ turn: 10, role: "user", text: "The port is 8443." }]);
  });
});

describe("ranges", () => {
  it("writes runs of turn numbers compactly", ({ expect }) => {
    expect(ranges([9, 2, 3, 4, 5, 7, 10, 11, 12, 3])).toBe("2-5, 7, 9-12");
    expect(ranges([])).toBe("");
  });
});
