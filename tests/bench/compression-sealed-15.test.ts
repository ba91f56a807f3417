// The "sealed-15" compression family (corpora/compression-sealed-15.ts, a book
// publisher's production session): the shared soundness checks every generated family
// owes bench:compression, plus this family's own: every form and decoy is planted over
// five seeds, eight facts change, values are distinct, subjects do not nest, and each
// look-alike is named only after its fact's latest statement.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { buildSealed15, GENERATED_FAMILY } from "../../corpora/compression-sealed-15.ts";
import { FIRST_FORMS, UPDATE_FORMS } from "../../corpora/compression-sealed-15-forms.ts";
import { DECOYS } from "../../corpora/compression-sealed-15-decoys.ts";
import { itIsASoundFamily } from "./generated-family.ts";

const corpora = new URL("../../corpora/", import.meta.url).pathname;
const families = (await discoverFamilies(corpora)).map((f) => f.name);
const SEEDS = [1, 2, 3, 4, 5];
const TURNS = 600;

/** The generator's statements count turns from 1 (message index + 1); the shared checks count from 0. */
function make(seed: number) {
  const t = GENERATED_FAMILY.generate(seed, TURNS);
  return { ...t, statements: t.statements.map((s) => ({ ...s, turn: s.turn - 1 })) };
}

describe("bench:compression family sealed-15", () => {
  itIsASoundFamily("sealed-15", families, make, SEEDS);

  it("plants every first, update and decoy form over five seeds", () => {
    const planted = new Set(SEEDS.flatMap((seed) => buildSealed15(seed, TURNS).forms));
    const all = [...FIRST_FORMS, ...UPDATE_FORMS, ...DECOYS].map((f) => f.name);
    expect(all.filter((name) => !planted.has(name))).toEqual([]);
    expect(planted.has("look-alike")).toBe(true);
    expect(planted.has("restate")).toBe(true);
  });

  it.each(SEEDS)("seed %i: honours turns; eight facts change, four of them twice", (seed) => {
    const t = buildSealed15(seed, TURNS);
    expect(t.messages.length).toBe(TURNS + 1);
    expect(t.facts.filter((f) => f.values.length === 2)).toHaveLength(4);
    expect(t.facts.filter((f) => f.values.length === 3)).toHaveLength(4);
    expect(buildSealed15(seed, 800).messages.length).toBe(801);
  });

  it.each(SEEDS)("seed %i: distinct values, subjects that do not nest", (seed) => {
    const t = make(seed);
    const values = t.facts.flatMap((f) => f.values);
    expect(new Set(values).size).toBe(values.length);
    const nested = t.facts.flatMap((f, i) =>
      t.facts.filter(
        (g, j) => i !== j && (g.subject.includes(f.subject) || g.lookAlike.includes(f.subject)),
      ),
    );
    expect(nested).toEqual([]);
  });

  it.each(SEEDS)(
    "seed %i: each look-alike is named only after its fact's latest statement",
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
});
