// The "sealed-17" compression family (corpora/compression-sealed-17.ts, an HVAC / facilities
// operations session): the shared soundness checks every generated family owes
// bench:compression, plus this family's own: every form is planted over five seeds, the
// update counts, distinct values, stale re-prints after the current value, and look-alikes
// and turned-down proposals present in the text.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { buildSealed17, GENERATED_FAMILY } from "../../corpora/compression-sealed-17.ts";
import { ALL_FORM_NAMES, UPDATE_FORMS } from "../../corpora/compression-sealed-17-forms.ts";
import { ALL_POOL_VALUES } from "../../corpora/compression-sealed-17-facts.ts";
import { itIsASoundFamily, lines } from "./generated-family.ts";

const corpora = new URL("../../corpora/", import.meta.url).pathname;
const families = (await discoverFamilies(corpora)).map((f) => f.name);
const SEEDS = [1, 2, 3, 4, 5];
const TURNS = 600;

/** The generator's statements count turns from 1 (message index + 1); the shared checks count from 0. */
function make(seed: number) {
  const t = GENERATED_FAMILY.generate(seed, TURNS);
  return { ...t, statements: t.statements.map((s) => ({ ...s, turn: s.turn - 1 })) };
}

describe("bench:compression family sealed-17", () => {
  itIsASoundFamily("sealed-17", families, make, SEEDS);

  it("plants every first, update, re-print and restate form over five seeds", () => {
    const planted = new Set(SEEDS.flatMap((seed) => buildSealed17(seed, TURNS).forms));
    const all = [...ALL_FORM_NAMES, "rejected-proposal", "what-if", "look-alike", "mention"];
    expect(all.filter((name) => !planted.has(name))).toEqual([]);
  });

  it.each(SEEDS)(
    "seed %i: eight facts changed, four of them twice, every update form used",
    (seed) => {
      const t = buildSealed17(seed, TURNS);
      expect(t.facts.filter((f) => f.values.length > 1)).toHaveLength(8);
      expect(t.facts.filter((f) => f.values.length === 3)).toHaveLength(4);
      const updates = new Set(t.forms.filter((f) => UPDATE_FORMS.some((u) => u.name === f)));
      expect(updates.size).toBe(UPDATE_FORMS.length);
    },
  );

  it.each(SEEDS)(
    "seed %i: values are distinct pool values and no subject nests in another",
    (seed) => {
      const t = make(seed);
      const values = t.facts.flatMap((f) => f.values);
      expect(new Set(values).size).toBe(values.length);
      expect(values.every((v) => ALL_POOL_VALUES.includes(v))).toBe(true);
      expect(new Set(ALL_POOL_VALUES).size).toBe(ALL_POOL_VALUES.length);
      const nested = t.facts.flatMap((f, i) =>
        t.facts.filter(
          (g, j) => i !== j && (g.subject.includes(f.subject) || g.lookAlike.includes(f.subject)),
        ),
      );
      expect(nested).toEqual([]);
    },
  );

  it.each(SEEDS)(
    "seed %i: a tool re-prints a replaced value after the current one was stated",
    (seed) => {
      const t = make(seed);
      const reprints = t.statements.filter((s) => {
        const last = (t.facts[s.fact]?.values.length ?? 0) - 1;
        const current = t.statements.find((o) => o.fact === s.fact && o.value === last);
        return (
          s.value < last &&
          current !== undefined &&
          current.turn < s.turn &&
          t.messages[s.turn]?.role === "tool"
        );
      });
      expect(reprints.length).toBeGreaterThanOrEqual(3);
    },
  );

  it.each(SEEDS)("seed %i: every look-alike is in the text with a value of its own", (seed) => {
    const t = make(seed);
    const text = lines(t.messages).map((l) => l.toLowerCase());
    for (const fact of t.facts) {
      const named = text.filter((l) => l.includes(fact.lookAlike.toLowerCase()));
      expect(named.length).toBeGreaterThan(0);
    }
  });

  it("words corrections, approvals and turned-down proposals as a facilities team would", () => {
    const text = SEEDS.flatMap((seed) => lines(make(seed).messages))
      .join("\n")
      .toLowerCase();
    for (const phrase of [
      "not now",
      "ok go with",
      "going forward",
      "what if we tried",
      "correction to my earlier",
      "stale",
    ]) {
      expect(text).toContain(phrase);
    }
  });
});
