// Which subject a sentence states a value of (shared/compress/facts.ts): the
// forms people write, with the words around a subject that are no part of it
// (chat shorthand, where the value was read, the addressee's own system) left out.
import { describe, expect, it } from "vitest";
import { factSubject } from "../../../shared/compress/index.ts";

describe("the subject a sentence sets", () => {
  it("leaves out chat shorthand, the sheet a value was read on and the addressee's own system", () => {
    expect(factSubject("fwiw basin 2 sludge draw cycle = every 6 hours")).toBe(
      "basin 2 sludge draw cycle",
    );
    expect(
      factSubject("fwiw basin 2 sludge draw cycle = every 6 hours on my sheet, same as the binder"),
    ).toBe("basin 2 sludge draw cycle");
    expect(factSubject("btw the kiln cooldown = 9 h per the runbook")).toBe("kiln cooldown");
    expect(
      factSubject(
        "As discussed on our call, the alum dose setpoint for your system is 22 mg/L until further notice.",
      ),
    ).toBe("alum dose setpoint");
    // Another scope is another subject (a look-alike).
    expect(factSubject("The alum dose setpoint for the wellfield is 18 mg/L.")).toBe(
      "alum dose setpoint for the wellfield",
    );
  });

  it("reads a revision or a correction, and a terse value locked in", () => {
    expect(
      factSubject(
        "14:16 Owner's rep revised the core wall concrete strength to 8000 psi; board in trailer updated.",
      ),
    ).toBe("core wall concrete strength");
    expect(factSubject("QA corrected the kiln cooldown to 9 h.")).toBe("kiln cooldown");
    expect(factSubject("ok so level 4 slab pour date March 12, lock that in")).toBe(
      "level 4 slab pour date",
    );
    expect(factSubject("ok so MEP coordination meeting slot Monday 09:00, lock that in")).toBe(
      "mep coordination meeting slot",
    );
  });
});
