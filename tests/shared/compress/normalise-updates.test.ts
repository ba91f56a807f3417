// How people and tools state an update, read by prose normalisation and subject
// reading (shared/compress/normalise.ts, facts.ts, supersede.ts): a quoted question
// answered on the next line, a value asked for and given, the value named before its
// subject, a correction, "let's make the X V — done", Old/New tables, an appositive
// key, a location sentence that sets nothing; then end to end with the local summariser.
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../shared/context/messages.ts";
import { loadTokenizer } from "../../../shared/context/tokens.ts";
import {
  compressConversation,
  confirmedProposals,
  hasValue,
  isCodeLine,
  normaliseProse,
  sentenceSubject,
} from "../../../shared/compress/index.ts";
import { makeDriver } from "./summariser.ts";

const tokenizer = await loadTokenizer("gpt-4o");

describe("a question and the reply on its next line", () => {
  it("a quoted proposal confirmed below it is a statement", () => {
    expect(
      confirmedProposals("> Could we set the kiln ramp rate to 90 C/h?\n\nDone, merged.").split(
        "\n",
      )[0],
    ).toBe("The kiln ramp rate is 90 C/h.");
    expect(
      confirmedProposals("> can you lower the glaze batch to 12 L?\nYes — pushed.").split("\n")[0],
    ).toBe("The glaze batch is 12 L.");
  });
  it("one plain word in the 'to' or 'be' slot of a confirmed proposal is the value", () => {
    expect(
      confirmedProposals("> can you switch the tide gauge mode to verbose?\n\nDone.").split(
        "\n",
      )[0],
    ).toBe("The tide gauge mode is `verbose`.");
    expect(
      confirmedProposals("> Should the tide gauge mode be quiet?\n\nYes, changed.").split("\n")[0],
    ).toBe("The tide gauge mode is `quiet`.");
  });
  it("one author's question and a 'Done.' on the next line about something else stay apart", () => {
    const own = "Should we move the kiln ramp rate to 90 C/h?\nDone. The queue has 6 tickets left.";
    expect(confirmedProposals(own).split("\n")[0]).toBe(
      "Should we move the kiln ramp rate to 90 C/h?",
    );
  });
  it("a refused or unanswered quoted proposal stays a question", () => {
    const refused = "> Should the kiln ramp rate be 90 C/h?\n\nNo, keep 75.";
    expect(confirmedProposals(refused)).toBe(refused);
    const open = "> Should the kiln ramp rate be 90 C/h?\n\nLet me check the logs first.";
    expect(confirmedProposals(open)).toBe(open);
  });
  it("a decimal or a one-word value given in reply is the value", () => {
    expect(
      normaliseProse("> what's the glaze cone supposed to be?\n\n6.5, per the chart.").split(
        "\n",
      )[0],
    ).toBe("The glaze cone is 6.5.");
    expect(
      normaliseProse("> what's the tide gauge mode supposed to be?\n\nverbose, per Marta.").split(
        "\n",
      )[0],
    ).toBe("The tide gauge mode is `verbose`.");
  });
  it("a value asked for and given is a statement; a reply without a value is not", () => {
    expect(
      normaliseProse(
        "> what's the night shift lead supposed to be?\n\nMarguerite Olsen, per the rota.",
      ).split("\n")[0],
    ).toBe("The night shift lead is Marguerite Olsen.");
    const vague = "> what's the night shift lead supposed to be?\n\ngood question, ask around.";
    expect(normaliseProse(vague).split("\n")[0]).toBe(
      "> what is the night shift lead supposed to be?",
    );
  });
});

describe("the value before its subject, corrections, changes made", () => {
  it.each([
    [
      "14 days — that's the new invoice grace period (it was 10 days until Friday).",
      "The invoice grace period is 14 days (it was 10 days until Friday).",
    ],
    [
      "We're going with 3 shards for the audit index instead of 2.",
      "The audit index is 3 shards instead of 2.",
    ],
    [
      "Oops, typo: I meant 7 seats for the design plan, not 5.",
      "Oops, typo: the design plan is 7 seats, not 5.",
    ],
    ["Let's make the crane lift limit 42 t — done.", "The crane lift limit is 42 t."],
    ["We set the Harbour crane lift limit 40 t.", "The Harbour crane lift limit is 40 t."],
    ["9 am is what we use for the standup slot.", "The standup slot is 9 am."],
  ])("%s", (input, statement) => {
    expect(normaliseProse(input)).toBe(statement);
  });
  it("a confirmed 'make the X W' with a plain word: the last word is the value", () => {
    expect(normaliseProse("Let's make the tide gauge mode verbose — done.")).toBe(
      "The tide gauge mode is `verbose`.",
    );
    expect(normaliseProse("Let's make the build faster — done.")).toBe(
      "Let's make the build faster — done.",
    );
  });
  it("a relayed decision and a value opening with a capitalised word", () => {
    expect(normaliseProse("ok so kiln door seal temperature — marta wants 210 C.")).toBe(
      "The kiln door seal temperature is 210 C.",
    );
    expect(normaliseProse("ok so tide gauge mode — marta wants verbose.")).toBe(
      "The tide gauge mode is `verbose`.",
    );
    expect(normaliseProse("Let's make the night shift slot Thu 22:00–06:00 — done.")).toBe(
      "The night shift slot is Thu 22:00–06:00.",
    );
  });
  it("a proposal not confirmed sets nothing", () => {
    expect(normaliseProse("Let's make the crane lift limit 42 t.")).toBe(
      "Let's make the crane lift limit 42 t.",
    );
  });
  it("an Old/New table row is the change from the old to the new value", () => {
    expect(
      normaliseProse("| Knob | Old | New |\n|---|---|---|\n| `drip rate` | slow | fast |").split(
        "\n",
      )[2],
    ).toBe("`drip rate`: `slow` → `fast`");
  });
  it("a bold value after a label stays a value; a key with its phrase reads as the phrase", () => {
    expect(normaliseProse("Glaze finish: **matte**.")).toBe("Glaze finish: `matte`.");
    expect(normaliseProse("FYI the `CRANE_LIFT_T` setting (the crane lift limit) is 42 t.")).toBe(
      "FYI the crane lift limit is 42 t.",
    );
  });
  it("a label that ends before a whole statement is not cut inside it", () => {
    expect(normaliseProse("No longer 12: the warmup API timeout is 15 s.")).toBe(
      "No longer 12: the warmup API timeout is 15 s.",
    );
  });
});

describe("subjects", () => {
  it("reads the subject of a decision label, a PR that sets it, and a time adjunct", () => {
    expect(sentenceSubject("Final answer on the crane lift limit: 42 t.")).toBe("crane lift limit");
    expect(sentenceSubject("We merged the PR that sets the crane lift limit to 42 t.")).toBe(
      "crane lift limit",
    );
    expect(sentenceSubject("The day crane operator this week is Ines Moreau.")).toBe(
      "day crane operator this week",
    );
  });
  it("reads 'X → V (was A)' and 'Update on the X: V'; 'Change to the X is live' sets no X", () => {
    expect(sentenceSubject("tide gauge owner → @harbour-ops (was @river-ops).")).toBe(
      "tide gauge owner",
    );
    expect(sentenceSubject("Update on the crane lift limit: 42 t.")).toBe("crane lift limit");
    expect(sentenceSubject("Change to the crane lift limit is live.")).not.toBe("crane lift limit");
    expect(sentenceSubject("800 rows → 1200 rows")).toBeUndefined();
  });
  it("a history aside makes plain words values, and the label's value ends where 'I …' starts", () => {
    expect(normaliseProse("Tide gauge mode: verbose (previously quiet) I pushed the change.")).toBe(
      "Tide gauge mode: `verbose` (previously `quiet`)\nI pushed the change.",
    );
  });
  it("a transition, a Value column and a corrected plain word are values; a time range is one value", () => {
    expect(normaliseProse("After the storm we switched the tide gauge mode to verbose.")).toBe(
      "After the storm we switched the tide gauge mode to `verbose`.",
    );
    expect(normaliseProse("- Changed the tide gauge mode from quiet to verbose.")).toBe(
      "- Changed the tide gauge mode from `quiet` to `verbose`.",
    );
    expect(
      normaliseProse("| Knob | Value |\n|---|---|\n| tide gauge mode | quiet |").split("\n")[2],
    ).toBe("| tide gauge mode | `quiet` |");
    expect(normaliseProse("Oops: I meant verbose for the tide gauge mode, not quiet.")).toBe(
      "Oops: the tide gauge mode is `verbose`, not quiet.",
    );
    expect(
      normaliseProse("Sat 10:00–12:00 — that's the new harbour window (it was Fri 09:00–11:00)."),
    ).toBe("The harbour window is Sat 10:00–12:00 (it was Fri 09:00–11:00).");
  });
  it("an assignment or a contrast makes a plain word a value", () => {
    expect(normaliseProse("Per the runbook, tide gauge mode = quiet.")).toBe(
      "Per the runbook, tide gauge mode = `quiet`.",
    );
    expect(normaliseProse("The tide gauge mode is verbose now, not quiet.")).toBe(
      "The tide gauge mode is `verbose` now, not `quiet`.",
    );
    expect(normaliseProse("It is done, not pending.")).toBe("It is done, not pending.");
  });
  it("'Changed the X from A B to C D' keys X; a sentence opening with 'import' is prose unless it is code", () => {
    expect(sentenceSubject("- Changed the kiln door seal temperature from 180 C to 210 C.")).toBe(
      "kiln door seal temperature",
    );
    expect(isCodeLine("import duty threshold → 40 (was 25).")).toBe(false);
    expect(isCodeLine('import { parse } from "./parse.ts";')).toBe(true);
    expect(isCodeLine("import numpy as np")).toBe(true);
  });
  it("a sentence saying where a setting lives sets no value; a handle is a value", () => {
    expect(sentenceSubject("The crane lift limit is read in config/cranes.ts, line 12.")).toBe(
      undefined,
    );
    expect(hasValue("owned by @harbour-ops")).toBe(true);
  });
});

function conversation(statements: readonly string[]): ChatMessage[] {
  const filler = Array.from({ length: 60 }, (_, i) => ({
    role: (i % 2 === 0 ? "user" : "assistant") as "user" | "assistant",
    content: `I am rereading the kiln logs from batch ${i + 3} before the next firing.`,
  }));
  return [
    { role: "system", content: "You help run a pottery studio." },
    ...statements.map((content, i) => ({
      role: (i % 2 === 0 ? "user" : "assistant") as "user" | "assistant",
      content: `Thanks, noted. ${content}\nOn to the next one.`,
    })),
    ...filler,
  ];
}

async function currentLines(messages: ChatMessage[]): Promise<string[]> {
  const run = await compressConversation(messages, {
    tokenizer,
    client: makeDriver(),
    windowTokens: 8_192,
    budget: { ratio: 0.25 },
  });
  if (!run.ok) {
    throw new Error(run.message);
  }
  return (run.value.messages[1]?.content ?? "")
    .split("\n")
    .filter((l) => !l.startsWith("superseded") && !l.startsWith("refs: "));
}

describe("the last value stated is current, however it was stated", () => {
  it("a value given, then a quoted confirmed request, then a config diff", async () => {
    const lines = await currentLines(
      conversation([
        "> what's the kiln temperature ceiling supposed to be?\n\n1180 C, per the manual.",
        "The `KILN_TEMP_CEILING` setting (the kiln temperature ceiling) is read in config/kiln.ts, line 4.",
        "> Could you raise the kiln temperature ceiling to 1220 C?\n\nDone — pushed.",
        "The glaze temperature ceiling is 1100 C.",
        "Pushed:\n```diff\n-KILN_TEMP_CEILING=1220 C\n+KILN_TEMP_CEILING=1240 C\n```\nThat's it.",
      ]),
    );
    const about = lines
      .filter((l) => l.toLowerCase().includes("kiln temperature ceiling"))
      .join("\n");
    expect(about).toContain("1240 C");
    expect(about).not.toMatch(/\b1180 C\b/);
    expect(about.replace(/\(was[^)]*\)/g, "")).not.toMatch(/\b1220 C\b/);
    expect(lines.join("\n")).toContain("glaze temperature ceiling is 1100 C");
  });

  it("a value first, then a correction naming the value before the subject", async () => {
    const lines = await currentLines(
      conversation([
        "Let's make the design plan seat count 5 — done.",
        "Oops, typo earlier: I meant 7 for the design plan seat count, not 5.",
      ]),
    );
    const about = lines
      .filter((l) => l.toLowerCase().includes("design plan seat count"))
      .join("\n");
    expect(about).toContain("7");
    expect(about.replace(/not 5/, "")).not.toMatch(/\b5\b/);
  });
});

describe("a role handed over, a time adjunct first, a label before the subject", () => {
  it('"N is taking over as the R" sets the R to N', () => {
    expect(normaliseProse("Ines Duarte is taking over as studio manager while Ola is away.")).toBe(
      "The studio manager is Ines Duarte while Ola is away.",
    );
    expect(sentenceSubject("The studio manager is Ines Duarte while Ola is away.")).toBe(
      "studio manager",
    );
  });

  it('"From now on the X is V" keys X, not the adjunct', () => {
    expect(sentenceSubject("From now on the kiln ramp rate is 95 C/h.")).toBe("kiln ramp rate");
    expect(sentenceSubject("Going forward, the kiln ramp rate is 95 C/h.")).toBe("kiln ramp rate");
  });

  it('"Label: x y V, chatter" reads as the X is V; a clause after a label does not', () => {
    expect(normaliseProse("For the record: glaze stock 12 buckets, per the shelf count.")).toBe(
      "For the record: the glaze stock is 12 buckets, per the shelf count.",
    );
    expect(sentenceSubject(normaliseProse("For the record: glaze stock 12 buckets."))).toBe(
      "glaze stock",
    );
    expect(normaliseProse("Note: we need 3 more chairs, says Ola.")).toBe(
      "Note: we need 3 more chairs, says Ola.",
    );
  });
});

describe("change-log lines and change verbs in prose", () => {
  it('"* X A -> V" keys X (the token before the arrow is the old value)', () => {
    expect(sentenceSubject("* glaze batch size 14l -> 18l")).toBe("glaze batch size");
    expect(sentenceSubject("kiln release tag kiln-v1.2 -> kiln-v1.3")).toBe("kiln release tag");
  });

  it('"swapped the X over to V", "the X narrows to V", "the X should read V" key X', () => {
    expect(sentenceSubject("Swapped the glaze supplier over to Potclays; nobody minded.")).toBe(
      "glaze supplier",
    );
    expect(sentenceSubject("So the firing window narrows to 06:00–09:00.")).toBe("firing window");
    expect(sentenceSubject("Typo earlier: the kiln load limit should read 38.")).toBe(
      "kiln load limit",
    );
  });
});
