// A tool line that names a known subject and then its value with only linking
// words between (shared/compress/tool-named.ts): handover logs, field dumps and
// bare trend rows state the value; a qualifier, an old copy, an offer, a
// condition or a question state nothing; the reading runs through toolStatements.
import { describe, expect, it } from "vitest";
import {
  isHedged,
  knownPhrases,
  namedSubject,
  namedValue,
  sentenceSubject,
  toolStatements,
} from "../../../shared/compress/index.ts";

const known = knownPhrases(
  ["reclose dead time for breaker cb-175", "on-call protection engineer", "ramp rate limit"],
  [],
);

describe("a known subject named in a tool line", () => {
  it("is the longest known phrase, with where it ends", () => {
    const line = "01:41 K. Osei Handover: reclose dead time for breaker CB-175 confirmed as 5.3 s.";
    const named = namedSubject(line, known);
    expect(named?.subject).toBe("reclose dead time for breaker cb-175");
    expect(line.slice(named?.start, named?.end)).toBe("reclose dead time for breaker CB-175");
  });

  it("states the value that follows it through linking words", () => {
    expect(
      namedValue(
        "01:41 K. Osei Handover: reclose dead time for breaker CB-175 confirmed as 5.3 s.",
        known,
      ),
    ).toEqual({ subject: "reclose dead time for breaker cb-175", value: "5.3 s" });
    expect(
      namedValue(
        "04:57 J. Marsh Handover: on-call protection engineer confirmed as Rui Kaneda.",
        known,
      ),
    ).toEqual({
      subject: "on-call protection engineer",
      value: "Rui Kaneda",
    });
    expect(namedValue('Field "ramp rate limit": 7 MW/min (amended by B. Lindgren)', known)).toEqual(
      {
        subject: "ramp rate limit",
        value: "7 MW/min",
      },
    );
    expect(
      namedValue(
        "00:08 A. Quist ramp rate limit unchanged at 12 MW/min, checked at handover",
        known,
      ),
    ).toEqual({
      subject: "ramp rate limit",
      value: "12 MW/min",
    });
    // Nothing links them: a number that ends the line.
    expect(namedValue("SET41 ramp rate limit 9 MW/min", known)?.value).toBe("9 MW/min");
  });

  it("reads a register row's name or amount, and a subject led by a clock time", () => {
    expect(namedValue("SET13 on-call protection engineer Dmitri Vale", known)?.value).toBe(
      "Dmitri Vale",
    );
    expect(namedValue("SET42 ramp rate limit $49.80/MWh", known)?.value).toBe("$49.80/MWh");
    // A subject spelled with an underscore is matched as written.
    const flag = knownPhrases([], ["The checkout_v2 flag rollout is 15 percent."]);
    expect(
      toolStatements("[18:19:09]: Updating checkout_v2 flag rollout to 10 percent", flag),
    ).toEqual(["The checkout_v2 flag rollout is `10 percent`."]);
    // A status column after the value is no part of it; an identifier with a digit is a value.
    expect(namedValue("grid.ramp_limit ramp rate limit 7 MW/min live", known)?.value).toBe(
      "7 MW/min",
    );
    expect(
      namedValue("oncall.primary on-call protection engineer ap-duty-2 active", known)?.value,
    ).toBe("ap-duty-2");
    const timed = knownPhrases(
      [],
      ["Watch the 18:00 wind forecast for the Sgurr Ridge wind farm."],
    );
    expect(
      namedValue(
        "12:46 R. Delacroix 18:00 wind forecast for the Sgurr Ridge wind farm unchanged at 75 MW",
        timed,
      ),
    ).toEqual({ subject: "18:00 wind forecast for the sgurr ridge wind farm", value: "75 MW" });
  });

  it("states nothing under a qualifier, an old copy, an offer, a question or a loose word", () => {
    expect(namedValue("ramp rate limit during a cold start is 5 MW/min", known)).toBeUndefined();
    expect(namedValue("old ramp rate limit: 27 MW/min", known)).toBeUndefined();
    expect(namedValue("Quebecor offer on the ramp rate limit: 30 MW/min", known)).toBeUndefined();
    expect(namedValue("ramp rate limit = 9 MW/min?", known)).toBeUndefined();
    expect(namedValue("ramp rate limit: see the attached sheet", known)).toBeUndefined();
    expect(namedValue("RAMP_RATE_LIMIT=16", known)).toBeUndefined();
    expect(
      namedValue("keep the ramp rate limit in mind when the evening peak comes", known),
    ).toBeUndefined();
    expect(
      namedValue("ramp rate limit 9 MW/min after the cold start finished", known),
    ).toBeUndefined();
  });
});

describe("through toolStatements", () => {
  it("reads handover and trend lines no field form reads (a sentence shown as it is)", () => {
    const out = toolStatements(
      [
        "18:24  Supervisor  Handover call with neighbour TSO",
        "01:41  K. Osei  Handover: reclose dead time for breaker CB-175 confirmed as 5.3 s.",
        "2026-11-28 05:00:00  ramp rate limit = 11 MW/min  GOOD",
      ].join("\n"),
      known,
    );
    expect(out).toEqual([
      "01:41  K. Osei  Handover: reclose dead time for breaker CB-175 confirmed as 5.3 s.",
      "The ramp rate limit is `11 MW/min GOOD`.",
    ]);
  });

  it("reads a labelled log line under the subject it names, not its label", () => {
    expect(toolStatements("[18:56:04] INFO spec: ramp rate limit = 14 MW/min", known)).toEqual([
      "The ramp rate limit is `14 MW/min`.",
    ]);
  });

  it("shows a radio log line under its speaker as the sentence it is", () => {
    expect(
      toolStatements(
        "[01:35] Crew 4 (B. Lindgren): Control, for your log, the ramp rate limit is 31 MW/min, over.",
        known,
      ),
    ).toEqual(["Control, for your log, the ramp rate limit is 31 MW/min, over."]);
  });

  it("reads nothing from a contingency step or an offer not taken", () => {
    const plan = [
      "Switching order SO-372 (status: DRAFT)",
      "CONTINGENCY PLAN (not executed)",
      "If the tie trips: set reclose dead time for breaker CB-175 to 3.3 s",
      "Step 1  Verify open breaker MIL-5",
    ].join("\n");
    expect(toolStatements(plan, known)).toEqual([]);
    expect(toolStatements("Offer on the ramp rate limit: 30 MW/min (not taken)", known)).toEqual(
      [],
    ); // An export headed as an old copy re-prints old values.
    expect(
      toolStatements(
        "(archived trend export, 2025-09-30, superseded)\nramp rate limit: 30 MW/min",
        known,
      ),
    ).toEqual([]);
    expect(toolStatements("ramp rate limit: 30 MW/min", known)).toEqual([
      "The ramp rate limit is `30 MW/min`.",
    ]);
    // A cached export may be out of date: its values are not current either.
    expect(
      toolStatements(
        "# cached export, generated 06:00Z (may be out of date)\nramp rate limit: 30 MW/min",
        known,
      ),
    ).toEqual([]);
  });

  it("reads 'Updated X to V' with the verb before the subject", () => {
    expect(
      toolStatements(
        "11/23 18:43 MFELD Updated ramp rate limit to 9 MW/min; crew notified.",
        known,
      ),
    ).toEqual(["The ramp rate limit is `9 MW/min`."]);
  });
});

describe("sentences the keyer reads", () => {
  it("keys 'stands at', 'confirmed as' and a participle's own noun", () => {
    expect(
      sentenceSubject(
        "From the handover sheet, the planned outage window for transformer T3 stands at Saturday 10:00 to 16:30.",
      ),
    ).toBe("planned outage window for transformer t3");
    expect(
      sentenceSubject("The unit cost quoted by the printer stays at $3.57, as last agreed."),
    ).toBe("unit cost quoted by the printer");
    expect(
      sentenceSubject("I had the ISBN of the ebook wrong earlier: it is 978-1-08, not 978-1-61."),
    ).toBe("isbn of the ebook");
    expect(
      sentenceSubject("Let's lock 8,200 copies for the first print run of the hardback."),
    ).toBe("first print run of the hardback");
  });

  it("hedges a condition and an offer not taken", () => {
    expect(isHedged("If the tie trips: set the X to 3.3 s")).toBe(true);
    expect(isHedged("In case of a trip, the X goes to 4 s")).toBe(true);
    expect(isHedged("Quebecor offer on the X: 2027-04-09 (not taken)")).toBe(true);
    expect(isHedged("The X is 4 s.")).toBe(false);
  });
});
