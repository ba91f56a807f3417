// Talk about a value that does not set it (shared/compress/hedges.ts): questions,
// proposals, what-ifs and quoted stale sources are hedged; a contrast names a
// subject to set another's value. End to end, neither replaces the statement
// before it nor shows as current.
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../shared/context/messages.ts";
import { loadTokenizer } from "../../../shared/context/tokens.ts";
import { isContrast, isHedged, isHedgedText } from "../../../shared/compress/index.ts";
import { compressLocally } from "./summariser.ts";

describe("hedged talk about a value", () => {
  it("is a question, a proposal, a rejected option, a what-if or a stale source", () => {
    for (const sentence of [
      "Want me to set the kiln cooldown to 9 h?",
      "Marta asked whether the kiln cooldown could be 10 h instead.",
      "For the record: 11 h was proposed for the kiln cooldown and not chosen.",
      "Purely a what-if: if the kiln cooldown were 12 h, we would lose a firing a week.",
      "We considered 13 h for the kiln cooldown, but the glaze crazed.",
      "Last week's notes still say the kiln cooldown is 6 h.",
      "Ola floated taking the kiln cooldown to 5 h; we said no.",
      "Ola floated taking the kiln cooldown to 5 h; we said no, it stays where it is.",
      "If the kiln trips: set the kiln cooldown to 3 h",
      "Proposal to set the kiln cooldown to 7 h. Resolution: Won't Do.",
      "Let's not touch the kiln cooldown until QA finishes the regression pass.",
      "Marcus wants the kiln cooldown called out in the weekly summary.",
      "Should I also touch the kiln cooldown? I could set it to 14 h in the same commit",
      "I have not touched the kiln cooldown yet; it is on the list after the sweep.",
      "Quebecor offer on the kiln cooldown: 15 h (not taken)",
      "Marco suggested 16 h for the kiln cooldown, but Dani said no.",
      "Marco suggested 17 h for the kiln cooldown and the lead vetoed it.",
      "The sub floated 18 h for the kiln cooldown; we turned that down.",
      "Opposing counsel proposed 19 h for the kiln cooldown; we are not agreeing to that.",
      "We won't accept 20 h for the kiln cooldown.",
    ]) {
      expect([sentence, isHedged(sentence)]).toEqual([sentence, true]);
    }
  });

  it("is not a statement, nor an option weighed and then settled", () => {
    for (const sentence of [
      "The kiln cooldown is 8 h.",
      "The proposed 8 h for the kiln cooldown was approved.",
      "Still 8 h for the kiln cooldown; that PDF is out of date.",
      "We considered 13 h for the kiln cooldown, but the glaze crazed, so it's 8 h now.",
      "Bump the kiln cooldown to 8 h.",
      "If anyone asks, the kiln cooldown has been 8 h for months.",
      "The vendor proposed 9 h for the kiln cooldown; we said not now, it stays 8 h.",
      "That printout is stale; the kiln cooldown is 8 h today.",
      "ok Ignore the old sheet, the kiln cooldown is still 8 h.",
      "As agreed at the studio meeting, the kiln cooldown is 8 h.",
      "Re-checked in the log, the kiln cooldown still reads 8 h.",
      "That export is stale. kiln cooldown is 8 h, full stop.",
    ]) {
      expect([sentence, isHedged(sentence)]).toEqual([sentence, false]);
    }
    // A stale source quoted after its staleness is said stays hedged.
    expect(isHedged("That export is stale. It still says the kiln cooldown is 13 h.")).toBe(true);
    expect(isHedged("The wiki still says the kiln cooldown is 13 h.")).toBe(true);
    // A proposal turned down after a comma or semicolon, a check still to make.
    expect(isHedged("Planning floated 9 h for the kiln cooldown; engineering said no.")).toBe(true);
    expect(isHedged("I'll cross-check the kiln cooldown against the manual tonight.")).toBe(true);
    expect(isHedged("The kiln cooldown is 8 h, the lead said no change is needed.")).toBe(false);
    // A bullet states its subject if any of its value sentences does.
    expect(isHedgedText("The kiln cooldown is 8 h. Should we keep it?")).toBe(false);
    expect(isHedgedText("Should we raise the kiln cooldown to 9 h?")).toBe(true);
  });

  it("tells a contrast from a statement", () => {
    expect(isContrast("For comparison, the kiln cooldown in the Oslo studio sits at 4 h.")).toBe(
      true,
    );
    expect(isContrast("Don't mix that up with the kiln cooldown for raku, which is 2 h.")).toBe(
      true,
    );
    expect(isContrast("FYI the kiln cooldown for raku is 2 h, different thing entirely.")).toBe(
      true,
    );
    expect(isContrast("Separate thing, but the kiln cooldown in Oslo is 4 h.")).toBe(true);
    expect(isContrast("The kiln cooldown is 8 h.")).toBe(false);
  });

  it("never replaces the statement before it, nor shows as current", async () => {
    const tokenizer = await loadTokenizer("gpt-4o");
    const chatter = (i: number): ChatMessage =>
      i % 2 === 0
        ? { role: "user", content: `Glazing batch ${i} went into the kiln this morning.` }
        : { role: "assistant", content: `Noted, batch ${i} is logged in the studio sheet.` };
    const messages: ChatMessage[] = [
      { role: "system", content: "You help a pottery studio keep its kiln schedule." },
      { role: "user", content: "The kiln cooldown is 8 h from now on." },
      ...Array.from({ length: 12 }, (_, i) => chatter(i)),
      {
        role: "user",
        content: "For the record: 11 h was proposed for the kiln cooldown and not chosen.",
      },
      { role: "assistant", content: "Want me to set the kiln cooldown to 9 h?" },
      {
        role: "user",
        content: "For comparison, the kiln cooldown in the Oslo studio sits at 4 h.",
      },
      ...Array.from({ length: 6 }, (_, i) => chatter(i + 20)),
      { role: "user", content: "What is left for today?" },
      { role: "assistant", content: "Only the shelf inventory." },
      { role: "user", content: "Thanks." },
    ];
    const run = await compressLocally(messages, tokenizer);
    expect(run.summary).toContain("The kiln cooldown is 8 h");
    expect(run.summary).not.toMatch(/\b(?:11|9) h\b/);
    expect(run.report.losses.join("\n")).toMatch(
      /ask, propose or quote a value without setting it/,
    );
  });
});
