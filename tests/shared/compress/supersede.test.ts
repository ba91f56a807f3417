// The conversation-wide subject index and supersession (shared/compress/supersede.ts):
// one subject per value sentence whatever the phrasing, look-alikes that differ by
// one word kept apart, discourse phrases never taken for a subject, and at most
// one value per subject left current.
import { describe, it } from "vitest";
import {
  MAX_INDEXED_SENTENCES,
  sentenceSubject,
  subjectIndex,
  subjectOfText,
  supersede,
} from "../../../shared/compress/index.ts";

const conversation = [
  "The ingest batch size is set to 400 rows in production.",
  "| setting | value |\n| --- | --- |\n| ingest batch size | 800 rows |",
  "Changelog:\n- ingest batch size: 800 rows → 1200 rows\n- docs: typo fixes",
  "The staging ingest batch size was bumped to 50 rows.",
  "The ingest batch size dashboard showed 4 alerts overnight.",
  "We now use 2000 rows for the export batch size.",
  "From the design doc: 300 rows is what we use for the export batch size.",
  "As of the last sync the export batch size reads 900 rows.",
  "Our ingest batch size currently equals 1500 rows, per Dana.",
  "Does anyone remember why the ingest batch size was changed to 10 rows?",
  "The settings page shows:\n> search cache TTL = 15 minutes",
  "Switched the search cache TTL over to 25 minutes after the load test.",
  "Search cache TTL went to 40 minutes once the incident review closed.",
  "Reporting cache TTL went to 90 minutes once the incident review closed.",
];
const index = subjectIndex(conversation);
const subject = (text: string) => subjectOfText(text, index);

describe("the subject of a value sentence", () => {
  it("keys a record's value, a value before its subject and the thing checked", ({ expect }) => {
    const cases: [string, string][] = [
      [
        "> Our records have the brake wear pin length as 0.48 in, please confirm.",
        "brake wear pin length",
      ],
      ["Per the call we have the newsstand cover price down as $7.99.", "newsstand cover price"],
      ["We now hold 22:00 as the night handover time.", "night handover time"],
      ["Everyone is fine with 0.66 in as the brake wear pin length.", "brake wear pin length"],
      [
        "Double-checked the op-ed word limit against the rundown: still 750 words.",
        "op-ed word limit",
      ],
      ["cover story length confirmed, 3,200 words. legal has no notes", "cover story length"],
      ["corrections box placement confirmed, page 9.", "corrections box placement"],
      ["ok brake wear pin length 0.39 in, go with that", "brake wear pin length"],
      [
        "On the December print run: it went from 190,000 copies to 176,500 copies at the meeting.",
        "december print run",
      ],
      [
        "Locking the cover embargo time at 09:00 ET. Put that in the rundown.",
        "cover embargo time",
      ],
      // A qualifier after the subject is no source it was checked against.
      [
        "Also confirmed the holdout AUC on the legacy split: 0.879.",
        "holdout auc on the legacy split",
      ],
      // The record a value was read from is no part of the subject; a label before a pair is none either.
      [
        "Current nose wheel axle nut torque per the live record: 165 Nm.",
        "nose wheel axle nut torque",
      ],
      ["Status memo line: second-level review lead, Hannah Cole.", "second-level review lead"],
      ["SUMMARY: mediation session date, June 17 (Harlow v. Acme)", "mediation session date"],
      ["- agreed: Frost Pass premium bundle price $8.99", "frost pass premium bundle price"],
      // The value before its subject, after a verb of confirming or running.
      [
        "Confirming 27.2 V as the battery undervoltage limit for the coming week.",
        "battery undervoltage limit",
      ],
      [
        "Dana confirmed US Legal Support as the court reporting vendor; please copy them on it.",
        "court reporting vendor",
      ],
      [
        "We run with 40 deg as the star tracker exclusion angle unless FD says otherwise.",
        "star tracker exclusion angle",
      ],
      [
        "Confirming the weekend brew shift lead: Hale Sorensen, as discussed on this morning's call.",
        "weekend brew shift lead",
      ],
      [
        "Confirming the insurance deadline for the bridge permit: April 4, as agreed.",
        "insurance deadline for the bridge permit",
      ],
      ["Change of plan on the mash temperature: it's 66°C now.", "mash temperature"],
      ["Change of plan on the glycol chiller setpoint: it is 27°F now.", "glycol chiller setpoint"],
      // A clause judging a copy holds no value; a label's clause that sets a value keys its own subject.
      [
        "Still April 8 for the insurance certificate deadline; that PDF is out of date.",
        "insurance certificate deadline",
      ],
      [
        "Note the units changed in the new chart: ledger upstream request timeout is 7500ms.",
        "ledger upstream request timeout",
      ],
    ];
    // A list of people after a label, or a clause that runs on into a verb, keys nothing.
    expect(sentenceSubject("Reviewers: Ana Lopez, Bo Chen")).not.toBe("ana lopez");
    expect(
      sentenceSubject("Decision reversed by ade: the ledger timeout goes to 20s."),
    ).toBeUndefined();
    // A label's own noun phrase keys nothing when the clause after it sets a subject of its own, and a
    // day or a month opens the value, never ends the subject.
    expect(
      sentenceSubject("Noting the baseline before we change anything: geo pool size = 20."),
    ).toBe("geo pool size");
    expect(
      sentenceSubject("From the release brief: code freeze cutoff tuesday 18:30 utc."),
    ).not.toBe("code freeze cutoff tuesday");
    for (const [sentence, keyed] of cases) {
      expect([sentence, sentenceSubject(sentence)]).toEqual([sentence, keyed]);
    }
    // A known subject whose verb no value follows ("the card shows that") is not the one set.
    const known = subjectIndex([
      "The card shows WC-1782.",
      "Per the work pack the planned CRS date is Dec 8, can you make sure the card shows that.",
    ]);
    expect(
      subjectOfText(
        "Per the work pack the planned CRS date is Dec 8, can you make sure the card shows that.",
        known,
      ),
    ).toBe("planned crs date");
    // "confirmed," before a clause that is no value keys nothing of its own.
    expect(sentenceSubject("Ana confirmed, the retry budget is 5.")).toBe("retry budget");
  });

  it("keys structured lines by their left side", ({ expect }) => {
    expect(sentenceSubject("| ingest batch size | 800 rows |")).toBe("ingest batch size");
    expect(sentenceSubject("- ingest batch size: 800 rows → 1200 rows")).toBe("ingest batch size");
    expect(sentenceSubject("> search cache TTL = 15 minutes")).toBe("search cache ttl");
    expect(sentenceSubject("Current search on-call owner: Villanueva.")).toBe(
      "search on-call owner",
    );
    expect(sentenceSubject("New decision: 57 for the pool size.")).toBeUndefined();
    expect(sentenceSubject("Correction to earlier: our pool size ought to be 60.")).toBe(
      "pool size",
    );
  });

  it("finds the same whole subject in every phrasing", ({ expect }) => {
    for (const text of [
      "The ingest batch size is set to 400 rows in production.",
      "| ingest batch size | 800 rows |",
      "- ingest batch size: 800 rows → 1200 rows",
      "Our ingest batch size currently equals 1500 rows, per Dana.",
    ]) {
      expect(subject(text), text).toBe("ingest batch size");
    }
    for (const text of [
      "We now use 2000 rows for the export batch size.",
      "From the design doc: 300 rows is what we use for the export batch size.",
      "As of the last sync the export batch size reads 900 rows.",
    ]) {
      expect(subject(text), text).toBe("export batch size");
    }
    expect(subject("Switched the search cache TTL over to 25 minutes after the load test.")).toBe(
      "search cache ttl",
    );
    expect(subject("Search cache TTL went to 40 minutes once the incident review closed.")).toBe(
      "search cache ttl",
    );
  });

  it("keeps look-alikes and mentions without a value apart", ({ expect }) => {
    expect(subject("The staging ingest batch size was bumped to 50 rows.")).not.toBe(
      "ingest batch size",
    );
    expect(subject("The ingest batch size dashboard showed 4 alerts overnight.")).not.toBe(
      "ingest batch size",
    );
    expect(
      subject("Does anyone remember why the ingest batch size was changed to 10 rows?"),
    ).toBeUndefined();
  });
});

describe("supersession over a conversation", () => {
  it("leaves one current value per subject, the latest", ({ expect }) => {
    const bullets = conversation.flatMap((text, i) =>
      text
        .split("\n")
        .filter((line) => /\d/.test(line))
        .map((line) => ({ text: line, turns: [i + 1] })),
    );
    const { current, superseded } = supersede(bullets, index);
    const shown = current.map((b) => b.text);
    expect(shown).toContain("Our ingest batch size currently equals 1500 rows, per Dana.");
    expect(shown).toContain("As of the last sync the export batch size reads 900 rows.");
    expect(shown).toContain("Search cache TTL went to 40 minutes once the incident review closed.");
    // Another subject's sentence with the same discourse phrase is not replaced by it.
    expect(shown).toContain(
      "Reporting cache TTL went to 90 minutes once the incident review closed.",
    );
    expect(shown).toContain("The staging ingest batch size was bumped to 50 rows.");
    expect(shown.some((t) => t.includes("1200 rows"))).toBe(false);
    expect(shown.some((t) => t.includes("25 minutes"))).toBe(false);
    expect(superseded.map((s) => s.subject)).toContain("ingest batch size");
  });

  it("is linear: 400 value sentences with distinct subjects index quickly", ({ expect }) => {
    const text = Array.from(
      { length: 400 },
      (_, i) => `Paragraph ${i} says the widget count is ${i * 3}.`,
    ).join("\n\n");
    const started = Date.now();
    const big = subjectIndex([text]);
    expect(subjectOfText("Paragraph 7 says the widget count is 21.", big)).toBeDefined();
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it(
    "4 MB of distinct value sentences: the index reads the newest ones and returns",
    { timeout: 60_000 },
    ({ expect }) => {
      const text = Array.from(
        { length: 60_000 },
        (_, i) => `The cache size ${i % 977} of shard ${i} is ${i} MB and the queue holds jobs.`,
      ).join(" ");
      expect(text.length).toBeGreaterThan(4_000_000);
      const big = subjectIndex([text]);
      expect(big.subjects.length).toBeLessThanOrEqual(MAX_INDEXED_SENTENCES + 10);
      expect(subjectOfText("The cache size 5 of shard 59999 is 7 MB.", big)).toBeDefined();
    },
  );
});

describe("qualifiers", () => {
  it("make another subject, unless they name the scope the system message gives", ({ expect }) => {
    const texts = [
      "The kiln cooldown is 8 h.",
      "The kiln cooldown for raku is 2 h.",
      "The kiln cooldown in Oslo is 4 h.",
      "The glaze batch size for studio B is 14 l.",
    ];
    const plain = subjectIndex(texts);
    expect(subjectOfText("The kiln cooldown for raku is 3 h.", plain)).toBe(
      "kiln cooldown for raku",
    );
    expect(subjectOfText("The kiln cooldown in Oslo is 5 h.", plain)).toBe("kiln cooldown in oslo");
    expect(subjectOfText("The glaze batch size for studio B is 15 l.", plain)).toBe(
      "glaze batch size for studio b",
    );
    const scoped = subjectIndex(texts, "You keep the kiln schedule of studio B.");
    expect(subjectOfText("The glaze batch size for studio B is 15 l.", scoped)).toBe(
      "glaze batch size",
    );
    expect(subjectOfText("The kiln cooldown for raku is 3 h.", scoped)).toBe(
      "kiln cooldown for raku",
    );
  });
});

describe("sentences that name a subject without setting it", () => {
  const texts = [
    "We moved the weekly lecture slot to Thursday 09:00.",
    "The FAQ page is live.",
    "The FAQ page is down again.",
    "Quick context before we start: we run the exam hall capacity at 150 seats, same as last session.",
    "Quick context before we start: we run the late penalty rate at 10 marks per day, same as last session.",
  ];
  const index = subjectIndex(texts);

  it("a plan that puts the subject somewhere else sets no value of it", ({ expect }) => {
    // "once" joins a clause here; "the FAQ page" is another subject, no value.
    expect(
      subjectOfText("I'll add the weekly lecture slot to the FAQ page once things settle.", index),
    ).toBeUndefined();
    const { current, superseded } = supersede(
      [
        { text: "We moved the weekly lecture slot to Thursday 09:00.", turns: [3] },
        {
          text: "I'll add the weekly lecture slot to the FAQ page once things settle.",
          turns: [9],
        },
      ],
      index,
    );
    expect(superseded).toEqual([]);
    expect(current).toHaveLength(2);
  });

  it("a sentence's opening words are no subject, the one it runs at a value is", ({ expect }) => {
    expect(subjectOfText(texts[3] ?? "", index)).toBe("exam hall capacity");
    expect(subjectOfText(texts[4] ?? "", index)).toBe("late penalty rate");
  });

  it("a root path is a value; 'and/or' is none", ({ expect }) => {
    expect(sentenceSubject("The health check path of the search pool is /healthz going in.")).toBe(
      "health check path of the search pool",
    );
    expect(sentenceSubject("The team checked and/or fixed the thing.")).toBeUndefined();
    // "every 3500 steps" is a bare value after a label.
    expect(sentenceSubject("**labeling checkpoint interval**: every 3500 steps")).toBe(
      "labeling checkpoint interval",
    );
  });

  it("a topic named first keys the value that follows it", ({ expect }) => {
    expect(
      sentenceSubject(
        "About the late penalty rate: the head of department signed it off and it is 5 marks per day from Monday.",
      ),
    ).toBe("late penalty rate");
    expect(
      sentenceSubject(
        "The board confirmed the external examiner as Dr Achterberg (proposed: Dr Rahman; seconded: Ms Oduya).",
      ),
    ).toBe("external examiner");
  });
});
