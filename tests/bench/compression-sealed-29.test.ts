// The "sealed-29" compression family (corpora/compression-sealed-29.ts, a film
// production office in prep and shoot): the shared soundness checks every generated
// family owes bench:compression, plus this family's own: every form is planted over
// five seeds, values are distinct pool values, stale copies follow the latest value,
// and look-alikes come only after their fact's latest value.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { buildSealed29, GENERATED_FAMILY } from "../../corpora/compression-sealed-29.ts";
import {
  FIRST_FORMS,
  RESTATE_FORMS,
  STALE_FORM,
  UPDATE_FORMS,
} from "../../corpora/compression-sealed-29-forms.ts";
import { ALL_POOL_VALUES } from "../../corpora/compression-sealed-29-facts.ts";
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

describe("bench:compression family sealed-29", () => {
  itIsASoundFamily("sealed-29", families, make, SEEDS);

  it("plants every first, update and late form over five seeds", () => {
    const planted = new Set(SEEDS.flatMap((seed) => buildSealed29(seed, TURNS).forms));
    const all = [...FIRST_FORMS, ...UPDATE_FORMS, ...RESTATE_FORMS, STALE_FORM].map((f) => f.name);
    expect(all.filter((name) => !planted.has(name))).toEqual([]);
  });

  it.each(SEEDS)("seed %i: eight facts changed, four of them twice", (seed) => {
    const t = make(seed);
    expect(t.facts.filter((f) => f.values.length > 1)).toHaveLength(8);
    expect(t.facts.filter((f) => f.values.length === 3)).toHaveLength(4);
  });

  it.each(SEEDS)("seed %i: facts have distinct pool values and unnested subjects", (seed) => {
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
  });

  it.each(SEEDS)(
    "seed %i: a stale copy re-prints a replaced value after the latest one",
    (seed) => {
      const t = make(seed);
      const reprints = t.statements.filter((s) => {
        const last = (t.facts[s.fact]?.values.length ?? 0) - 1;
        const current = t.statements.find((o) => o.fact === s.fact && o.value === last);
        return s.value < last && current !== undefined && current.turn < s.turn;
      });
      expect(reprints.length).toBeGreaterThan(0);
      const text = lines(t.messages).map((l) => l.toLowerCase());
      expect(text.some((l) => l.startsWith("(cached pdf"))).toBe(true);
    },
  );

  it.each(SEEDS)(
    "seed %i: every look-alike is named only after its fact's latest value",
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
