// The "sealed-20" compression family (corpora/compression-sealed-20.ts, a restaurant
// group's kitchen and supply operations session): the shared soundness checks every
// generated family owes bench:compression, plus this family's own: every form is planted
// over five seeds, values are distinct, and stale re-prints come after the current value.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import {
  buildSealed20,
  FIRST_FORMS,
  GENERATED_FAMILY,
  UPDATE_FORMS,
} from "../../corpora/compression-sealed-20.ts";
import { ALL_POOL_VALUES } from "../../corpora/compression-sealed-20-facts.ts";
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

describe("bench:compression family sealed-20", () => {
  itIsASoundFamily("sealed-20", families, make, SEEDS);

  it("plants every first and update form over five seeds", () => {
    const planted = new Set(SEEDS.flatMap((seed) => buildSealed20(seed, TURNS).forms));
    const all = [...FIRST_FORMS, ...UPDATE_FORMS].map((f) => f.name);
    expect(all.filter((name) => !planted.has(name))).toEqual([]);
    expect(planted.has("reprint-old-sheet")).toBe(true);
  });

  it.each(SEEDS)("seed %i: eight facts changed, four twice, values distinct", (seed) => {
    const t = make(seed);
    expect(t.facts.filter((f) => f.values.length > 1)).toHaveLength(8);
    expect(t.facts.filter((f) => f.values.length > 2)).toHaveLength(4);
    const values = t.facts.flatMap((f) => f.values);
    expect(new Set(values).size).toBe(values.length);
    expect(new Set(ALL_POOL_VALUES).size).toBe(ALL_POOL_VALUES.length);
    const nested = t.facts.flatMap((f, i) =>
      t.facts.filter(
        (g, j) => i !== j && (g.subject.includes(f.subject) || g.lookAlike.includes(f.subject)),
      ),
    );
    expect(nested).toEqual([]);
  });

  it.each(SEEDS)(
    "seed %i: a stale re-print follows the current value, then a reconfirm",
    (seed) => {
      const t = make(seed);
      const reprints = t.statements.filter((s) => {
        const fact = t.facts[s.fact];
        const current = t.statements.find(
          (o) => o.fact === s.fact && o.value === (fact?.values.length ?? 0) - 1,
        );
        return (
          s.value < (fact?.values.length ?? 0) - 1 && current !== undefined && current.turn < s.turn
        );
      });
      expect(reprints.length).toBeGreaterThan(0);
      const text = lines(t.messages).join("\n").toLowerCase();
      for (const phrase of [
        "(archived prep sheet",
        "ignore the old sheet",
        "dani said no",
        "not now",
      ]) {
        expect(text).toContain(phrase);
      }
    },
  );
});
