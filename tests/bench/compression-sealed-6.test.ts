// The "sealed-6" compression family (corpora/compression-sealed-6.ts, a mobile app
// release session): the shared soundness checks of tests/bench/generated-family.ts,
// plus every planting form used over five seeds, facts with distinct values, and
// look-alikes that never carry the fact's own subject.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { hasPhrase } from "../../bench/compression-methods.ts";
import {
  GENERATED_FAMILY,
  SEALED_6_FORMS,
  generateSealed6,
} from "../../corpora/compression-sealed-6.ts";
import { itIsASoundFamily, lines } from "./generated-family.ts";

const corpora = new URL("../../corpora/", import.meta.url).pathname;
const families = (await discoverFamilies(corpora)).map((f) => f.name);
const SEEDS = [1, 2, 3, 4, 5];
const TURNS = 600;

/** The transcript with turns counted from 0 (the message's index). */
const make = (seed: number) => {
  const t = GENERATED_FAMILY.generate(seed, TURNS);
  return { ...t, statements: t.statements.map((s) => ({ ...s, turn: s.turn - 1 })) };
};

describe("bench:compression family sealed-6", () => {
  itIsASoundFamily("sealed-6", families, make, SEEDS);

  it("plants every form at least once over five seeds", () => {
    const used = new Set(SEEDS.flatMap((seed) => generateSealed6(seed, TURNS).forms));
    expect(SEALED_6_FORMS.filter((f) => !used.has(f))).toEqual([]);
  });

  it.each(SEEDS)("seed %i: about half the facts are updated, some twice", (seed) => {
    const t = generateSealed6(seed, TURNS);
    const updated = t.facts.filter((f) => f.values.length > 1).length;
    expect(updated).toBeGreaterThanOrEqual(6);
    expect(updated).toBeLessThanOrEqual(10);
    expect(t.facts.some((f) => f.values.length > 2)).toBe(true);
  });

  it.each(SEEDS)("seed %i: values are distinct within and across facts", (seed) => {
    const t = generateSealed6(seed, TURNS);
    const all = t.facts.flatMap((f) => f.values.map((v) => v.toLowerCase()));
    expect(new Set(all).size).toBe(all.length);
    // No value shows up as whole words inside another fact's value.
    for (const [i, a] of t.facts.entries()) {
      for (const [j, b] of t.facts.entries()) {
        if (i === j) {
          continue;
        }
        for (const va of a.values) {
          expect(b.values.filter((vb) => hasPhrase(vb.toLowerCase(), va.toLowerCase()))).toEqual(
            [],
          );
        }
      }
    }
  });

  it.each(SEEDS)("seed %i: subjects and look-alikes never contain one another", (seed) => {
    const t = generateSealed6(seed, TURNS);
    const names = t.facts.flatMap((f) => [f.subject.toLowerCase(), f.lookAlike.toLowerCase()]);
    for (const a of names) {
      expect(names.filter((b) => b !== a && hasPhrase(b, a))).toEqual([]);
    }
  });

  it.each(SEEDS)("seed %i: a look-alike's value follows its fact's latest statement", (seed) => {
    const t = generateSealed6(seed, TURNS);
    const all = lines(t.messages).map((l) => l.toLowerCase());
    for (const [i, fact] of t.facts.entries()) {
      const latest = t.statements.filter((s) => s.fact === i).at(-1);
      const latestLine = all.findLastIndex((l) =>
        l.includes(latest?.sentence.toLowerCase() ?? "\u0001"),
      );
      const alike = all.findLastIndex((l) => hasPhrase(l, fact.lookAlike.toLowerCase()));
      expect(latestLine).toBeGreaterThanOrEqual(0);
      expect(alike).toBeGreaterThan(latestLine);
    }
  });
});
