// A proposal in one message accepted by the next (shared/compress/replies.ts), and
// the prose phrasings added with it (normalise.ts): "<someone> settled on V as the
// X", "let's treat w as the X", "so that is settled — the X is V", "we agreed the
// X is w w" (plain words), "That is the new X …" (a pronoun is no value); then end
// to end: the accepted value supersedes the one before it, a refused one does not.
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../shared/context/messages.ts";
import { loadTokenizer } from "../../../shared/context/tokens.ts";
import {
  chosenOption,
  confirmedAcrossTurns,
  normaliseProse,
  sentenceSubject,
} from "../../../shared/compress/index.ts";
import { compressLocally } from "./summariser.ts";

describe("a proposal the next message accepts", () => {
  it("becomes the statement it proposes", () => {
    const out = confirmedAcrossTurns([
      { turn: 4, text: "Could we make the greenhouse night temperature 14 C instead?" },
      { turn: 5, text: "Yes — done. I changed it on the controller." },
      { turn: 6, text: "Should I switch the irrigation cycle length to 25 min? It saves water." },
      { turn: 7, text: "Yes, go ahead." },
    ]);
    expect(out[0]?.text).toBe("The greenhouse night temperature is 14 C instead.");
    expect(out[2]?.text).toBe("The irrigation cycle length is 25 min. It saves water.");
    expect(out[1]?.text).toBe("Yes — done. I changed it on the controller.");
  });

  it("a refusal, a hedged yes, a reply that is not the next turn, or no value leaves the question", () => {
    const asks = (reply: string, gap = 1) =>
      confirmedAcrossTurns([
        { turn: 1, text: "Should we move the irrigation cycle length to 30 min?" },
        { turn: 1 + gap, text: reply },
      ])[0]?.text;
    expect(asks("No — I'd leave it.")).toMatch(/\?$/);
    expect(asks("No, leave it as it is.")).toMatch(/\?$/);
    expect(asks("Yes, but keep 25 min for now.")).toMatch(/\?$/);
    expect(asks("Yes, done.", 3)).toMatch(/\?$/);
    expect(
      confirmedAcrossTurns([
        { turn: 1, text: "Can you check the irrigation cycle length?" },
        { turn: 2, text: "Yes." },
      ])[0]?.text,
    ).toBe("Can you check the irrigation cycle length?");
  });
});

describe("prose phrasings of a decision", () => {
  it("reads the value named before its subject by a decision or a 'treat as'", () => {
    expect(normaliseProse("The growers settled on 16 h as the greenhouse light period.")).toBe(
      "The greenhouse light period is 16 h.",
    );
    expect(normaliseProse("Let's treat weekly as the seed order cadence from here on.")).toBe(
      "The seed order cadence is `weekly` from here on.",
    );
    expect(
      normaliseProse("Going forward we count 12 days for the seedling hardening period."),
    ).toBe("The seedling hardening period is 12 days.");
  });

  it("splits 'so that is settled — the X is V' and marks 'we agreed the X is w w'", () => {
    const settled = normaliseProse(
      "So that's settled — the greenhouse night temperature is now 13 C and stays there.",
    );
    expect(settled.split("\n").map((l) => sentenceSubject(l))).toContain(
      "greenhouse night temperature",
    );
    expect(normaliseProse("- we agreed the seed order cadence is twice a month")).toBe(
      "- we agreed the seed order cadence is `twice a month`",
    );
    // One plain word is not marked: "good" says how, not what.
    expect(normaliseProse("We agreed the plan is good.")).toBe("We agreed the plan is good.");
  });

  it("a pronoun before 'is the new X' is no value", () => {
    expect(
      normaliseProse("That's the new irrigation cycle length as the controller reports it."),
    ).not.toMatch(/is That/);
  });
});

describe("end to end", () => {
  const filler = (n: number): ChatMessage[] =>
    Array.from({ length: n }, (_, i): ChatMessage[] => [
      { role: "user", content: `Let us look at the pest log again, page ${i}.` },
      { role: "assistant", content: "Nothing new there; same as before." },
    ]).flat();

  it("an accepted proposal supersedes the earlier value; a refused one does not", async () => {
    const tokenizer = await loadTokenizer("gpt-4o");
    const messages: ChatMessage[] = [
      { role: "system", content: "You help run a greenhouse." },
      {
        role: "user",
        content: "The irrigation cycle length is 20 min. The greenhouse night temperature is 15 C.",
      },
      ...filler(4),
      { role: "assistant", content: "Should I switch the irrigation cycle length to 25 min?" },
      { role: "user", content: "Yes, go ahead." },
      ...filler(4),
      { role: "user", content: "Should we move the greenhouse night temperature to 11 C?" },
      { role: "assistant", content: "No — I'd leave it; the seedlings need the warmth." },
      ...filler(6),
      { role: "user", content: "Thanks. What is next?" },
      { role: "assistant", content: "The seed order." },
      { role: "user", content: "Go ahead." },
    ];
    const run = await compressLocally(messages, tokenizer);
    const current = run.bullets.map((b) => b.text).join("\n");
    expect(current).toContain("The irrigation cycle length is 25 min.");
    expect(current).not.toContain("20 min");
    expect(current).toContain("15 C");
    expect(current).not.toMatch(/night temperature is 11 C/);
  });
});

describe("an option the next message picks", () => {
  it("states the option picked; neither, or a refusal, states nothing", () => {
    const q = "For the firing date I could use May 3 or May 10, which do you prefer?";
    expect(chosenOption(q, "ok go with May 10")).toBe("The firing date is May 10.");
    expect(chosenOption("Should we set the kiln cooldown to 8 h or 9 h?", "8 h, please")).toBe(
      "The kiln cooldown is 8 h.",
    );
    expect(chosenOption(q, "no, neither works")).toBeUndefined();
    expect(chosenOption(q, "either is fine")).toBeUndefined();
    expect(
      confirmedAcrossTurns([
        { turn: 3, text: q },
        { turn: 4, text: "ok go with May 10" },
      ])[0]?.text,
    ).toBe("The firing date is May 10.");
  });
});
