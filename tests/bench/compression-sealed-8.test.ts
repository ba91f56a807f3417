// The "sealed-8" compression family (corpora/compression-sealed-8.ts, a finance
// team's month-end close run): the shared soundness checks every generated family
// owes bench:compression, plus this family's own: every first, update and post form
// is planted over five seeds, every value is distinct and no value is found inside
// another, eight facts change, the turn count is honoured, and the decoys are there.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { hasPhrase } from "../../bench/compression-methods.ts";
import { buildSealed8, GENERATED_FAMILY } from "../../corpora/compression-sealed-8.ts";
import { FIRST_FORMS } from "../../corpora/compression-sealed-8-forms.ts";
import { UPDATE_FORMS } from "../../corpora/compression-sealed-8-updates.ts";
import { POST_FORM_NAMES } from "../../corpora/compression-sealed-8-decoys.ts";
import { ALL_POOL_VALUES, SUBJECTS } from "../../corpora/compression-sealed-8-facts.ts";
import { itIsASoundFamily, lines } from "./generated-family.ts";

const corpora = new URL("../../corpora/", import.meta.url).pathname;
const families = (await discoverFamilies(corpora)).map((f) => f.name);
const SEEDS = [1, 2, 3, 4, 5];
// The seeds bench:compression is run with; the shared soundness checks cover them all.
const BENCH_SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const TURNS = 600;

/** The generator's statements count turns from 1 (message index + 1); the shared checks count from 0. */
function make(seed: number) {
  const t = GENERATED_FAMILY.generate(seed, TURNS);
  return { ...t, statements: t.statements.map((s) => ({ ...s, turn: s.turn - 1 })) };
}

describe("bench:compression family sealed-8", () => {
  itIsASoundFamily("sealed-8", families, make, BENCH_SEEDS);

  it("honours the turn count", () => {
    for (const turns of [400, 600, 900]) {
      expect(GENERATED_FAMILY.generate(2, turns).messages.length).toBe(turns + 1);
    }
  });

  it("plants every first, update and post form over five seeds", () => {
    const planted = new Set(SEEDS.flatMap((seed) => buildSealed8(seed, TURNS).forms));
    const all = [
      ...FIRST_FORMS.map((f) => f.name),
      ...UPDATE_FORMS.map((f) => f.name),
      ...POST_FORM_NAMES,
    ];
    expect(all.filter((name) => !planted.has(name))).toEqual([]);
  });

  it.each(SEEDS)("seed %i: every update form once, eight facts changed, four twice", (seed) => {
    const t = buildSealed8(seed, TURNS);
    const updates = t.forms.filter((f) => UPDATE_FORMS.some((u) => u.name === f));
    expect([...updates].sort()).toEqual(UPDATE_FORMS.map((u) => u.name).sort());
    expect(t.facts.filter((f) => f.values.length > 1)).toHaveLength(8);
    expect(t.facts.filter((f) => f.values.length > 2)).toHaveLength(4);
    expect(new Set(t.forms.filter((f) => FIRST_FORMS.some((u) => u.name === f))).size).toBe(
      FIRST_FORMS.length,
    );
  });

  it("keeps every pool value distinct and never inside another value", () => {
    expect(new Set(ALL_POOL_VALUES).size).toBe(ALL_POOL_VALUES.length);
    const lower = ALL_POOL_VALUES.map((v) => v.toLowerCase());
    const inside = lower.flatMap((a, i) =>
      lower.filter((b, j) => i !== j && hasPhrase(a, b)).map((b) => `${b} in ${a}`),
    );
    expect(inside).toEqual([]);
    // No subject is inside another subject, and every look-alike holds its own subject.
    const nested = SUBJECTS.flatMap((f, i) =>
      SUBJECTS.filter(
        (g, j) => i !== j && (g.subject.includes(f.subject) || g.lookAlike.includes(f.subject)),
      ).map((g) => g.subject),
    );
    expect(nested).toEqual([]);
    expect(SUBJECTS.filter((s) => !s.lookAlike.includes(s.subject))).toEqual([]);
  });

  it.each(SEEDS)("seed %i: facts and look-alikes have distinct values", (seed) => {
    const t = make(seed);
    const values = t.facts.flatMap((f) => f.values);
    expect(new Set(values).size).toBe(values.length);
    expect(values.every((v) => ALL_POOL_VALUES.includes(v))).toBe(true);
    expect(new Set(t.facts.map((f) => f.subject)).size).toBe(16);
  });

  it.each(SEEDS)("seed %i: every look-alike is named after its fact's latest value", (seed) => {
    const t = make(seed);
    const early = t.facts.flatMap((fact, i) => {
      const current = fact.values.length - 1;
      const first = t.statements.find((s) => s.fact === i && s.value === current)?.turn ?? 0;
      const named = t.messages.flatMap((m, turn) =>
        (m.content ?? "").toLowerCase().includes(fact.lookAlike.toLowerCase()) ? [turn] : [],
      );
      return named.length === 0 || named.some((turn) => turn <= first) ? [fact.lookAlike] : [];
    });
    expect(early).toEqual([]);
  });

  it("words corrections, rejections, re-printed logs and diffs as a close team would", () => {
    const text = SEEDS.flatMap((seed) => lines(make(seed).messages))
      .join("\n")
      .toLowerCase();
    for (const phrase of [
      "sorry, i meant",
      "from today",
      "going forward",
      "not now",
      "(archived run",
      "effective immediately",
      "our workpapers have",
      "keep the",
      "@@ -4,7 +4,7 @@",
    ]) {
      expect(text).toContain(phrase);
    }
  });

  it.each(SEEDS)("seed %i: a replaced value is stated again after the current one", (seed) => {
    const t = make(seed);
    const reprints = t.statements.filter((s) => {
      const fact = t.facts[s.fact];
      const last = (fact?.values.length ?? 0) - 1;
      const current = t.statements.find((o) => o.fact === s.fact && o.value === last);
      return s.value < last && current !== undefined && current.turn < s.turn;
    });
    expect(reprints.length).toBeGreaterThan(0);
  });
});
