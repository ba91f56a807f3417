// The "sealed-23" compression family (corpora/compression-sealed-23.ts, a magazine
// issue going to press): the shared soundness checks every generated family owes
// bench:compression, plus this family's own: every form is planted over ten seeds,
// values are distinct and from the pools, stale copies come after the latest value
// and the editor's and tools' phrasings show up in the text.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { buildSealed23, GENERATED_FAMILY } from "../../corpora/compression-sealed-23.ts";
import { FORMS } from "../../corpora/compression-sealed-23-forms.ts";
import { ALL_POOL_VALUES, ISSUE_FACTS } from "../../corpora/compression-sealed-23-facts.ts";
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

describe("bench:compression family sealed-23", () => {
  itIsASoundFamily("sealed-23", families, make, SEEDS);

  it("plants every form over ten seeds", () => {
    const planted = new Set(SEEDS.flatMap((seed) => buildSealed23(seed, TURNS).forms));
    expect(FORMS.map((f) => f.name).filter((name) => !planted.has(name))).toEqual([]);
  });

  it("keeps every pool disjoint and no subject inside another fact's subject or look-alike", () => {
    expect(new Set(ALL_POOL_VALUES).size).toBe(ALL_POOL_VALUES.length);
    const nested = ISSUE_FACTS.flatMap((f, i) =>
      ISSUE_FACTS.filter(
        (g, j) => i !== j && (g.subject.includes(f.subject) || g.lookAlike.includes(f.subject)),
      ).map((g) => `${f.subject} in ${g.subject}`),
    );
    expect(nested).toEqual([]);
    for (const f of ISSUE_FACTS) {
      expect(f.subject.split(" ").length).toBeGreaterThan(1);
      expect(f.lookAlike.startsWith(f.subject)).toBe(true);
    }
  });

  it.each(SEEDS)("seed %i: eight facts change, four of them twice", (seed) => {
    const t = make(seed);
    expect(t.facts.filter((f) => f.values.length === 3)).toHaveLength(4);
    expect(t.facts.filter((f) => f.values.length === 2)).toHaveLength(4);
    const values = t.facts.flatMap((f) => f.values);
    expect(new Set(values).size).toBe(values.length);
    expect(values.every((v) => ALL_POOL_VALUES.includes(v))).toBe(true);
  });

  it.each(SEEDS)("seed %i: a tool re-prints a replaced value after the latest one", (seed) => {
    const t = make(seed);
    const reprints = t.statements.filter((s) => {
      const fact = t.facts[s.fact];
      const last = (fact?.values.length ?? 0) - 1;
      const current = t.statements.find((o) => o.fact === s.fact && o.value === last);
      return s.value < last && current !== undefined && current.turn < s.turn;
    });
    expect(reprints.length).toBeGreaterThanOrEqual(6);
    expect(reprints.every((s) => t.messages[s.turn]?.role === "tool")).toBe(true);
  });

  it.each(SEEDS)("seed %i: every look-alike is named with a value of its own", (seed) => {
    const t = make(seed);
    const text = lines(t.messages).map((l) => l.toLowerCase());
    for (const fact of t.facts) {
      expect(text.some((l) => l.includes(fact.lookAlike.toLowerCase()))).toBe(true);
    }
  });

  it("words the editor's, the printer's and Slack's lines as a close session would", () => {
    const text = SEEDS.flatMap((seed) => lines(make(seed).messages))
      .join("\n")
      .toLowerCase();
    for (const phrase of [
      "change of plan",
      "fat-fingered",
      "round 2, note 4",
      "cached export",
      "not this issue",
      "heads up",
      "harrowgate prepress",
    ]) {
      expect(text).toContain(phrase);
    }
  });
});
