// The sealed-2 compression family (corpora/compression-sealed-2.ts): the checks every
// family owes the bench (generated-family.ts), and updates planted in every kind it names.
import { describe, expect, it } from "vitest";
import { itIsASoundFamily } from "./generated-family.ts";
import {
  FAMILIES,
  makeTranscript,
  SEALED_2,
  UPDATE_KINDS,
} from "../../corpora/compression-sealed-2.ts";

const SEEDS = [1, 2, 3, 4, 5, 77, 20_261_123];
const make = (seed: number) => makeTranscript({ seed, family: SEALED_2, turns: 600 });

describe("sealed-2 compression family", () => {
  itIsASoundFamily(SEALED_2, FAMILIES, make, SEEDS);

  it("plants updates of every kind over five seeds", () => {
    const five = [1, 2, 3, 4, 5].map(make);
    expect(
      five.flatMap((t) => t.facts.filter((f) => f.values.length > 1)).length,
    ).toBeGreaterThanOrEqual(50);
    const said = five.flatMap((t) =>
      t.statements.filter((s) => s.value > 0).map((s) => s.sentence),
    );
    const KIND_MARKERS: Record<(typeof UPDATE_KINDS)[number], RegExp> = {
      restate: /quick update|as of this morning|heads up|restating/i,
      now: /\bnow\b/,
      paraphrase: /moved the|let's go with|decided:|swapped the/i,
      arrow: /→|\(was /,
      typo: /correction:|fat-fingered|^s\//i,
      table: /\| changed from/,
      json: /": "/,
      gitlog: /^[0-9a-f]{7} configs: /,
      overrule: /overruling|please don't|undo that/i,
      relay: /asked me to pass|message from|says the|relaying from/i,
      revert: /roll the .* back to|reverting the|back to .* for the/i,
    };
    const missing = UPDATE_KINDS.filter((kind) => !said.some((s) => KIND_MARKERS[kind].test(s)));
    expect(missing).toEqual([]);
  });
});
