import { describe, it } from "vitest";
import { formatTurns, parseBullets, SUMMARY_NONE } from "../../../shared/model/contracts.ts";
import { factKey, factSentences, summarise } from "../../../shared/model/summarise-policy.ts";

const turns = formatTurns([
  { turn: 1, text: "Hi there! Let us look at the billing module today." },
  { turn: 2, text: "The tax rate is 20%. It lives in src/billing/tax.ts." },
  { turn: 3, text: "Sounds good. I like it." },
  { turn: 4, text: "We decided to keep the legacy API for now." },
  { turn: 5, text: "Update: the tax rate is now 25%. MAX_RETRIES = 3." },
  { turn: 6, text: "It lives in src/billing/tax.ts." },
]);

describe("the summarise policy", () => {
  it("keeps a time with a.m. or p.m. in one sentence", ({ expect }) => {
    expect(factSentences("The web launch time stays 6 a.m. PT. Dev has the copy.")).toEqual([
      "The web launch time stays 6 a.m. PT.",
    ]);
  });

  it("keeps fact sentences with citations, drops chatter, latest value wins", ({ expect }) => {
    const bullets = parseBullets(summarise(turns));
    const texts = bullets.map((b) => b.text);
    expect(texts).toContain("We decided to keep the legacy API for now.");
    expect(texts).toContain("MAX_RETRIES = 3.");
    expect(texts).toContain("Update: the tax rate is now 25%.");
    expect(texts).not.toContain("The tax rate is 20%.");
    expect(texts.some((t) => /sounds good|hi there/i.test(t))).toBe(false);
    expect(bullets.find((b) => b.text === "It lives in src/billing/tax.ts.")?.turns).toEqual([
      2, 6,
    ]);
    expect(bullets.find((b) => b.text.startsWith("Update"))?.turns).toEqual([5]);
  });

  it("cites only turns that exist in the request", ({ expect }) => {
    for (const bullet of parseBullets(summarise(turns))) {
      expect(bullet.turns.every((t) => t >= 1 && t <= 6)).toBe(true);
      expect(bullet.turns.length).toBeGreaterThan(0);
    }
  });

  it("reduces earlier bullets, merging duplicates and superseded values", ({ expect }) => {
    const reduce = [
      "- The tax rate is 20%. [turns: 2]",
      "- It lives in src/billing/tax.ts. [turns: 2]",
      "- The tax rate is 25%. [turns: 9]",
      "- It lives in src/billing/tax.ts. [turns: 11]",
    ].join("\n");
    expect(parseBullets(summarise(reduce))).toEqual([
      { text: "It lives in src/billing/tax.ts.", turns: [2, 11] },
      { text: "The tax rate is 25%.", turns: [9] },
    ]);
  });

  it("in one turn, the row said last wins, even when an earlier turn said it first", ({
    expect,
  }) => {
    // A history table's rows, oldest first; the newest value was also said before.
    const map = formatTurns([
      { turn: 4, text: "The reserve rate is `400 bps`." },
      {
        turn: 9,
        text: "The reserve rate is `175 bps`.\nThe reserve rate is `300 bps`.\nThe reserve rate is `400 bps`.",
      },
    ]);
    expect(parseBullets(summarise(map))).toEqual([
      { text: "The reserve rate is `400 bps`.", turns: [4, 9] },
    ]);
  });

  it("answers NONE when nothing carries a fact", ({ expect }) => {
    expect(summarise(formatTurns([{ turn: 1, text: "Thanks, that is great." }]))).toBe(
      SUMMARY_NONE,
    );
  });

  it("keys assignments by their subject", ({ expect }) => {
    expect(factKey("The tax rate is 20%.")).toBe("tax rate");
    expect(factKey("MAX_RETRIES = 3")).toBe("max_retries");
  });

  it("joins a sentence that sets 'it' to the one naming its subject, which it supersedes", ({
    expect,
  }) => {
    const texts = parseBullets(
      summarise(
        formatTurns([
          { turn: 1, text: "The lead chiller is CH-1. The approach target is 8 degF." },
          { turn: 2, text: "Rejected the request to take the lead chiller to CH-4. Keeping CH-2." },
          {
            turn: 3,
            text: "Priya went through the approach target after the complaints on 6. She bumped it to 4 degF this morning.",
          },
        ]),
      ),
    ).map((b) => b.text);
    expect(texts).toEqual([
      "Rejected the request to take the lead chiller to CH-4. Keeping CH-2.",
      "Priya went through the approach target after the complaints on 6. She bumped it to 4 degF this morning.",
    ]);
  });

  it("keys a subject named before 'it', a settled clause and where a value is kept", ({
    expect,
  }) => {
    expect(
      factKey("On the marketing version string, I double-checked with QA and it's 5.13.2 now."),
    ).toBe("marketing version string");
    expect(factKey("That printout is stale; the trend retention is 730 days today.")).toBe(
      "trend retention",
    );
    expect(
      factKey("Understood, the ALT limit in the edit checks and the listings is 33 U/L."),
    ).toBe("alt limit");
    expect(factKey("fyi peak demand limit = 1,450 kW, don't change it without me.")).toBe(
      "peak demand limit",
    );
    expect(factKey("As agreed, the kit reorder trigger for this study is 8 kits.")).toBe(
      "kit reorder trigger",
    );
    expect(factKey("I looked up the lab vendor in the binder. It is Q2 Solutions.")).toBe(
      "lab vendor",
    );
  });
});
