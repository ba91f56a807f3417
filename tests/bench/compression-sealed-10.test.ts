// The "sealed-10" compression family (corpora/compression-sealed-10.ts, a network
// change window run with an agent): the shared soundness checks every generated family
// owes bench:compression, plus this family's own: every first, update and decoy form
// is planted over five seeds, every update form once per seed, values distinct, the
// look-alikes named only after their fact's latest value, and the turn count honoured.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { buildSealed10, GENERATED_FAMILY } from "../../corpora/compression-sealed-10.ts";
import { DECOY_FORMS } from "../../corpora/compression-sealed-10-decoys.ts";
import { ALL_POOL_VALUES } from "../../corpora/compression-sealed-10-facts.ts";
import { FIRST_FORMS } from "../../corpora/compression-sealed-10-forms.ts";
import { UPDATE_FORMS } from "../../corpora/compression-sealed-10-updates.ts";
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

describe("bench:compression family sealed-10", () => {
  itIsASoundFamily("sealed-10", families, make, SEEDS);

  it("plants every first, update, decoy and look-alike form over five seeds", () => {
    const planted = new Set(SEEDS.flatMap((seed) => buildSealed10(seed, TURNS).forms));
    const all = [
      ...FIRST_FORMS.map((f) => f.name),
      ...UPDATE_FORMS.map((f) => f.name),
      ...DECOY_FORMS.map((f) => f.name),
      "look-alike-prose",
      "look-alike-listing",
      "look-alike-ticket",
      "mention",
    ];
    expect(all.filter((name) => !planted.has(name))).toEqual([]);
  });

  it.each(SEEDS)(
    "seed %i: every update form once, eight facts changed, four of them twice",
    (seed) => {
      const t = buildSealed10(seed, TURNS);
      const updates = t.forms.filter((f) => UPDATE_FORMS.some((u) => u.name === f));
      expect([...updates].sort()).toEqual(UPDATE_FORMS.map((u) => u.name).sort());
      expect(t.facts.filter((f) => f.values.length === 2)).toHaveLength(4);
      expect(t.facts.filter((f) => f.values.length === 3)).toHaveLength(4);
      expect(t.forms).toContain("reprint-old-output");
      expect(t.forms).toContain("rejected-proposal");
    },
  );

  it.each(SEEDS)("seed %i: exactly the asked number of turns", (seed) => {
    expect(GENERATED_FAMILY.generate(seed, TURNS).messages).toHaveLength(TURNS + 1);
    expect(GENERATED_FAMILY.generate(seed, 900).messages).toHaveLength(901);
  });

  it.each(SEEDS)("seed %i: facts and look-alikes have distinct values", (seed) => {
    const t = buildSealed10(seed, TURNS);
    const values = t.facts.flatMap((f) => f.values);
    expect(new Set(values).size).toBe(values.length);
    expect(values.every((v) => ALL_POOL_VALUES.includes(v))).toBe(true);
    expect(new Set(ALL_POOL_VALUES).size).toBe(ALL_POOL_VALUES.length);
    expect(new Set(t.facts.map((f) => f.subject)).size).toBe(16);
    const nested = t.facts.flatMap((f, i) =>
      t.facts.filter(
        (g, j) => i !== j && (g.subject.includes(f.subject) || g.lookAlike.includes(f.subject)),
      ),
    );
    expect(nested).toEqual([]);
  });

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

  it.each(SEEDS)(
    "seed %i: a re-printed snapshot states a replaced value after the current one",
    (seed) => {
      const t = make(seed);
      const reprints = t.statements.filter((s) => {
        const last = (t.facts[s.fact]?.values.length ?? 0) - 1;
        const current = t.statements.find((o) => o.fact === s.fact && o.value === last);
        return s.value < last && current !== undefined && current.turn < s.turn;
      });
      expect(reprints.length).toBeGreaterThan(0);
    },
  );

  it("words the acceptance, the correction and the decoys as a session would", () => {
    const text = SEEDS.flatMap((seed) => lines(make(seed).messages))
      .join("\n")
      .toLowerCase();
    for (const phrase of [
      "ok do it",
      "not tonight",
      "backout plan",
      "pre-change snapshot",
      "old runbook",
      "out of curiosity",
      "is now",
      "apply complete!",
    ]) {
      expect(text).toContain(phrase);
    }
  });
});
