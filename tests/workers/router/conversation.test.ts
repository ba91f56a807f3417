import { describe, it } from "vitest";
import { isPlainConversation } from "../../../workers/router/conversation.ts";

describe("isPlainConversation", () => {
  it.for([
    "hello",
    "Hey there!",
    "thanks",
    "Thank you very much.",
    "good evening",
    "how's it going",
    "what's up?",
    "ＨＥＬＬＯ",
    "cheers, have a nice weekend",
  ])("detects %j", (text, { expect }) => {
    expect(isPlainConversation(text)).toBe(true);
  });

  it.for([
    "",
    "fix the tests",
    "hello, read src/app.ts",
    "thanks! what is 2 + 2",
    "hi, how are you? can you find the bug in the pager",
    "ok, do it",
    "hello hello hello hello hello hello hello hello hello hello hello",
  ])("does not take %j for chit-chat", (text, { expect }) => {
    expect(isPlainConversation(text)).toBe(false);
  });
});
