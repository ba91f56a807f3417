// The "sealed-11" compression family (corpora/compression-sealed-11.ts, a game studio's
// live-ops session): the shared soundness checks every generated family owes
// bench:compression, plus this family's own: every first, update, look-alike and decoy
// form is planted over five seeds, eight facts change (four twice), every pool value
// is distinct, no subject nests in another, and each look-alike and decoy comes after
// its fact's latest value.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { buildSealed11, GENERATED_FAMILY } from "../../corpora/compression-sealed-11.ts";
import { FIRST_FORMS } from "../../corpora/compression-sealed-11-forms.ts";
import { UPDATE_FORMS } from "../../corpora/compression-sealed-11-updates.ts";
import { DECOY_FORMS, LOOK_ALIKE_FORMS } from "../../corpora/compression-sealed-11-decoys.ts";
import { ALL_POOL_VALUES, FACT_DEFS } from "../../corpora/compression-sealed-11-facts.ts";
import { OTHER_SETTINGS } from "../../corpora/compression-sealed-11-kit.ts";
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

describe("bench:compression family sealed-11", () => {
  itIsASoundFamily("sealed-11", families, make, SEEDS);

  it("plants every first, update, look-alike and decoy form over five seeds", () => {
    const planted = new Set(SEEDS.flatMap((seed) => buildSealed11(seed, TURNS).forms));
    const all = [...FIRST_FORMS, ...UPDATE_FORMS, ...LOOK_ALIKE_FORMS, ...DECOY_FORMS].map(
      (f) => f.name,
    );
    expect(all.filter((name) => !planted.has(name))).toEqual([]);
    expect(planted.has("restate")).toBe(true);
  });

  it.each(SEEDS)("seed %i: every update form once, eight facts changed, four twice", (seed) => {
    const t = buildSealed11(seed, TURNS);
    const updates = t.forms.filter((f) => UPDATE_FORMS.some((u) => u.name === f));
    expect([...updates].sort()).toEqual(UPDATE_FORMS.map((u) => u.name).sort());
    expect(t.facts.filter((f) => f.values.length > 1)).toHaveLength(8);
    expect(t.facts.filter((f) => f.values.length === 3)).toHaveLength(4);
  });

  it.each(SEEDS)("seed %i: honours the turn count", (seed) => {
    expect(GENERATED_FAMILY.generate(seed, TURNS).messages).toHaveLength(TURNS + 1);
    expect(GENERATED_FAMILY.generate(seed, 800).messages).toHaveLength(801);
  });

  it("has distinct pool values and subjects that nest in no other fact", () => {
    expect(new Set(ALL_POOL_VALUES).size).toBe(ALL_POOL_VALUES.length);
    const subjects = FACT_DEFS.map((f) => f.subject);
    expect(new Set(subjects).size).toBe(16);
    const nested = FACT_DEFS.flatMap((f, i) =>
      FACT_DEFS.filter(
        (g, j) => i !== j && (g.subject.includes(f.subject) || g.lookAlike.includes(f.subject)),
      ).map((g) => `${f.subject} in ${g.subject}`),
    );
    expect(nested).toEqual([]);
    for (const f of FACT_DEFS) {
      expect(f.lookAlike.startsWith(`${f.subject} `)).toBe(true);
      expect(f.slang.toLowerCase()).not.toContain(f.subject.toLowerCase());
    }
    // Unplanted rows never name a planted subject.
    const clashes = OTHER_SETTINGS.filter((o) =>
      subjects.some((s) => o.label.toLowerCase().includes(s.toLowerCase())),
    );
    expect(clashes).toEqual([]);
  });

  it.each(SEEDS)("seed %i: facts have distinct values from their pools", (seed) => {
    const t = make(seed);
    const values = t.facts.flatMap((f) => f.values);
    expect(new Set(values).size).toBe(values.length);
    expect(values.every((v) => ALL_POOL_VALUES.includes(v))).toBe(true);
  });

  it.each(SEEDS)("seed %i: look-alikes come only after their fact's latest value", (seed) => {
    const t = make(seed);
    const early = t.facts.flatMap((fact, i) => {
      const latest =
        t.statements.filter((s) => s.fact === i && s.value === fact.values.length - 1)[0]?.turn ??
        0;
      const named = t.messages.flatMap((m, turn) =>
        (m.content ?? "").toLowerCase().includes(fact.lookAlike.toLowerCase()) ? [turn] : [],
      );
      return named.length === 0 || named.some((turn) => turn <= latest) ? [fact.lookAlike] : [];
    });
    expect(early).toEqual([]);
  });

  it.each(SEEDS)(
    "seed %i: a stale value re-stated after the latest is followed by the current one",
    (seed) => {
      const t = make(seed);
      const stale = t.statements.filter((s) => {
        const fact = t.facts[s.fact];
        const first = t.statements.find(
          (o) => o.fact === s.fact && o.value === (fact?.values.length ?? 0) - 1,
        );
        return (
          first !== undefined && s.value < (fact?.values.length ?? 0) - 1 && s.turn > first.turn
        );
      });
      expect(stale.length).toBeGreaterThan(0);
      for (const s of stale) {
        const after = t.statements.filter((o) => o.fact === s.fact && o.turn > s.turn);
        expect(after.at(-1)?.value).toBe((t.facts[s.fact]?.values.length ?? 0) - 1);
      }
    },
  );

  it("words the acceptance, the correction and the A/B roll-out as a session would", () => {
    const text = SEEDS.flatMap((seed) => lines(make(seed).messages))
      .join("\n")
      .toLowerCase();
    for (const phrase of [
      "ship it",
      "correction:",
      "winner: variant",
      "winner: control",
      "what if we pushed",
      "as of the hotfix",
      "launch-day snapshot",
    ]) {
      expect(text).toContain(phrase);
    }
  });
});
