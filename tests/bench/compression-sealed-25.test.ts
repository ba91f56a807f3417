// The "sealed-25" compression family (corpora/compression-sealed-25.ts, a drinking-water
// treatment plant session): the shared soundness checks every generated family owes
// bench:compression, plus this family's own: every statement form is planted over the
// seeds, eight settings change, values are distinct, stale sheets are re-printed after
// a change, and look-alikes come after their setting's latest value.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { buildSealed25, GENERATED_FAMILY } from "../../corpora/compression-sealed-25.ts";
import { ALL_PLANT_VALUES, PLANT_FACTS } from "../../corpora/compression-sealed-25-facts.ts";
import {
  FIRST_FORMS,
  RESTATE_FORMS,
  STALE_FORM,
  UPDATE_FORMS,
} from "../../corpora/compression-sealed-25-forms.ts";
import { itIsASoundFamily, lines } from "./generated-family.ts";

const corpora = new URL("../../corpora/", import.meta.url).pathname;
const families = (await discoverFamilies(corpora)).map((f) => f.name);
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const TURNS = 600;

/** The generator's statements count turns from 1 (message index + 1); the shared checks count from 0. */
function make(seed: number) {
  const t = GENERATED_FAMILY.generate(seed, TURNS);
  return { ...t, statements: t.statements.map((s) => ({ ...s, turn: s.turn - 1 })) };
}

describe("bench:compression family sealed-25", () => {
  itIsASoundFamily("sealed-25", families, make, SEEDS);

  it("plants every first, update, stale and restate form over the seeds", () => {
    const planted = new Set(SEEDS.flatMap((seed) => buildSealed25(seed, TURNS).forms));
    const all = [...FIRST_FORMS, ...UPDATE_FORMS, STALE_FORM, ...RESTATE_FORMS].map((f) => f.name);
    expect(all.filter((name) => !planted.has(name))).toEqual([]);
    expect(planted.has("rejected-proposal")).toBe(true);
  });

  it.each(SEEDS)("seed %i: eight settings change, four of them twice", (seed) => {
    const t = make(seed);
    expect(t.facts.filter((f) => f.values.length > 1)).toHaveLength(8);
    expect(t.facts.filter((f) => f.values.length === 3)).toHaveLength(4);
  });

  it.each(SEEDS)("seed %i: subjects, look-alikes and values are distinct", (seed) => {
    const t = make(seed);
    const values = t.facts.flatMap((f) => f.values);
    expect(new Set(values).size).toBe(values.length);
    expect(new Set(ALL_PLANT_VALUES).size).toBe(ALL_PLANT_VALUES.length);
    expect(new Set(t.facts.map((f) => f.subject)).size).toBe(PLANT_FACTS.length);
    const nested = t.facts.flatMap((f, i) =>
      t.facts.filter(
        (g, j) => i !== j && (g.subject.includes(f.subject) || g.lookAlike.includes(f.subject)),
      ),
    );
    expect(nested).toEqual([]);
    // Every look-alike holds its own subject, so the bench's removal of it leaves no subject.
    expect(t.facts.every((f) => f.lookAlike.startsWith(f.subject))).toBe(true);
  });

  it.each(SEEDS)("seed %i: an old sheet is re-printed after a change, then confirmed", (seed) => {
    const t = make(seed);
    const reprints = t.statements.filter((s) => {
      const fact = t.facts[s.fact];
      const last = (fact?.values.length ?? 0) - 1;
      const current = t.statements.find((o) => o.fact === s.fact && o.value === last);
      return s.value < last && current !== undefined && current.turn < s.turn;
    });
    expect(reprints.length).toBeGreaterThanOrEqual(3);
    const text = lines(t.messages).map((l) => l.toLowerCase());
    expect(text.some((l) => l.startsWith("(archived)"))).toBe(true);
  });

  it.each(SEEDS)(
    "seed %i: each look-alike is named only after its setting's latest value",
    (seed) => {
      const t = make(seed);
      const early = t.facts.flatMap((fact, i) => {
        const latest = t.statements.filter((s) => s.fact === i).at(-1)?.turn ?? 0;
        const named = t.messages.flatMap((m, turn) =>
          (m.content ?? "").toLowerCase().includes(fact.lookAlike.toLowerCase()) ? [turn] : [],
        );
        return named.length === 0 || named.some((turn) => turn <= latest) ? [fact.lookAlike] : [];
      });
      expect(early).toEqual([]);
    },
  );

  it("writes the handover, the regulator's mail and the rejected values the way a plant would", () => {
    const text = SEEDS.flatMap((seed) => lines(make(seed).messages))
      .join("\n")
      .toLowerCase();
    for (const phrase of [
      "shift handover",
      "district engineer",
      "going forward",
      "not now",
      "sp change",
      "sorry, i meant",
      "(archived)",
    ]) {
      expect(text).toContain(phrase);
    }
  });
});
