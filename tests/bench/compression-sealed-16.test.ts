// The "sealed-16" compression family (corpora/compression-sealed-16.ts, a clinical trial
// data-management and site-monitoring session): the shared soundness checks every
// generated family owes bench:compression, plus this family's own: every form is planted
// over ten seeds, eight facts change (four twice), values come from distinct pools, stale
// copies come back after a change and are re-confirmed, and look-alikes follow their fact.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { buildSealed16, GENERATED_FAMILY } from "../../corpora/compression-sealed-16.ts";
import { UPDATE_FORMS } from "../../corpora/compression-sealed-16-forms.ts";
import { ALL_FORM_NAMES } from "../../corpora/compression-sealed-16-echoes.ts";
import { ALL_POOL_VALUES, FACT_SPECS } from "../../corpora/compression-sealed-16-facts.ts";
import { itIsASoundFamily, lines } from "./generated-family.ts";

const corpora = new URL("../../corpora/", import.meta.url).pathname;
const families = (await discoverFamilies(corpora)).map((f) => f.name);
const SEEDS = [1, 2, 3, 4, 5];
/** The seeds the bench measures: every one must be sound. */
const BENCH_SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const TURNS = 600;

/** The generator's statements count turns from 1 (message index + 1); the shared checks count from 0. */
function make(seed: number) {
  const t = GENERATED_FAMILY.generate(seed, TURNS);
  return { ...t, statements: t.statements.map((s) => ({ ...s, turn: s.turn - 1 })) };
}

describe("bench:compression family sealed-16", () => {
  itIsASoundFamily("sealed-16", families, make, BENCH_SEEDS);

  it("plants every form over ten seeds", () => {
    const planted = new Set(BENCH_SEEDS.flatMap((seed) => buildSealed16(seed, TURNS).forms));
    expect(ALL_FORM_NAMES.filter((name) => !planted.has(name))).toEqual([]);
    expect(planted).toContain("mention");
  });

  it.each(SEEDS)("seed %i: every update form once, eight facts changed, four twice", (seed) => {
    const t = buildSealed16(seed, TURNS);
    const updates = t.forms.filter((f) => UPDATE_FORMS.some((u) => u.name === f));
    expect(updates).toHaveLength(12);
    expect(new Set(updates).size).toBe(UPDATE_FORMS.length);
    expect(t.facts.filter((f) => f.values.length > 1)).toHaveLength(8);
    expect(t.facts.filter((f) => f.values.length > 2)).toHaveLength(4);
  });

  it.each(SEEDS)("seed %i: values are distinct and subjects do not nest", (seed) => {
    const t = make(seed);
    const values = t.facts.flatMap((f) => f.values);
    expect(new Set(values).size).toBe(values.length);
    expect(values.every((v) => ALL_POOL_VALUES.includes(v))).toBe(true);
    expect(new Set(ALL_POOL_VALUES).size).toBe(ALL_POOL_VALUES.length);
    const nested = FACT_SPECS.flatMap((f, i) =>
      FACT_SPECS.filter(
        (g, j) => i !== j && (g.subject.includes(f.subject) || g.lookAlike.includes(f.subject)),
      ).map((g) => `${f.subject} in ${g.subject}`),
    );
    expect(nested).toEqual([]);
    expect(FACT_SPECS.every((f) => f.lookAlike.startsWith(f.subject))).toBe(true);
  });

  it.each(SEEDS)(
    "seed %i: a superseded value is printed again after the change, then the current one",
    (seed) => {
      const t = make(seed);
      const reprints = t.statements.filter((s) => {
        const fact = t.facts[s.fact];
        const latest = (fact?.values.length ?? 0) - 1;
        const current = t.statements.find((o) => o.fact === s.fact && o.value === latest);
        return s.value < latest && current !== undefined && current.turn < s.turn;
      });
      expect(reprints.length).toBeGreaterThan(0);
      for (const r of reprints) {
        const after = t.statements.filter((s) => s.fact === r.fact && s.turn > r.turn);
        expect(after.at(-1)?.value).toBe((t.facts[r.fact]?.values.length ?? 0) - 1);
      }
    },
  );

  it.each(SEEDS)("seed %i: each look-alike is named only after its fact's latest value", (seed) => {
    const t = make(seed);
    const early = t.facts.flatMap((fact, i) => {
      const latest = t.statements.filter((s) => s.fact === i).at(-1)?.turn ?? 0;
      const named = t.messages.flatMap((m, turn) =>
        (m.content ?? "").toLowerCase().includes(fact.lookAlike.toLowerCase()) ? [turn] : [],
      );
      return named.length !== 1 || (named[0] ?? 0) <= latest ? [fact.lookAlike] : [];
    });
    expect(early).toEqual([]);
  });

  it("words corrections, the going-forward change and the turned-down proposals as a CRA would", () => {
    const text = SEEDS.flatMap((seed) => lines(make(seed).messages))
      .join("\n")
      .toLowerCase();
    for (const phrase of [
      "correction to what i told you earlier",
      "going forward",
      "ok go with",
      "superseded",
      "the sponsor declined",
      "what if the",
      "comparing dmp v2.0 -> v2.1",
    ]) {
      expect(text).toContain(phrase);
    }
  });
});
