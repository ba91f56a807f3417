// The "sealed-18" compression family (corpora/compression-sealed-18.ts, a hurricane claims-
// handling session): the shared soundness checks every generated family owes bench:compression,
// plus this family's own: every form is planted over five seeds, half the facts change, values are
// distinct, stale re-prints come after the current value and are followed by it, and look-alikes
// and proposals carry values of their own.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { buildSealed18, GENERATED_FAMILY } from "../../corpora/compression-sealed-18.ts";
import { ALL_POOL_VALUES, FACT_TEMPLATES } from "../../corpora/compression-sealed-18-facts.ts";
import {
  LOOK_ALIKE_FORMS,
  MENTION_FORMS,
  PROPOSAL_FORMS,
  RECONFIRM_FORMS,
  RESTATE_FORMS,
  STALE_FORMS,
} from "../../corpora/compression-sealed-18-shadows.ts";
import { FIRST_FORMS, UPDATE_FORMS } from "../../corpora/compression-sealed-18-forms.ts";
import { itIsASoundFamily, lines } from "./generated-family.ts";

const corpora = new URL("../../corpora/", import.meta.url).pathname;
const families = (await discoverFamilies(corpora)).map((f) => f.name);
/** The seeds the bench is measured on. */
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const FIVE = SEEDS.slice(0, 5);
const TURNS = 600;

/** The generator's statements count turns from 1 (message index + 1); the shared checks count from 0. */
function make(seed: number) {
  const t = GENERATED_FAMILY.generate(seed, TURNS);
  return { ...t, statements: t.statements.map((s) => ({ ...s, turn: s.turn - 1 })) };
}

describe("bench:compression family sealed-18", () => {
  itIsASoundFamily("sealed-18", families, make, SEEDS);

  it("plants every form over five seeds", () => {
    const planted = new Set(FIVE.flatMap((seed) => buildSealed18(seed, TURNS).forms));
    const all = [
      FIRST_FORMS,
      UPDATE_FORMS,
      STALE_FORMS,
      RECONFIRM_FORMS,
      RESTATE_FORMS,
      LOOK_ALIKE_FORMS,
      PROPOSAL_FORMS,
      MENTION_FORMS,
    ].flatMap((list) => list.map((f) => f.name));
    expect(all.filter((name) => !planted.has(name))).toEqual([]);
  });

  it("keeps every pool value distinct and no subject inside another's subject or look-alike", () => {
    expect(new Set(ALL_POOL_VALUES).size).toBe(ALL_POOL_VALUES.length);
    const nested = FACT_TEMPLATES.flatMap((f) =>
      FACT_TEMPLATES.filter(
        (g) => g !== f && (g.subject.includes(f.subject) || g.lookAlike.includes(f.subject)),
      ).map((g) => `${f.subject} in ${g.subject}`),
    );
    expect(nested).toEqual([]);
    expect(FACT_TEMPLATES.every((f) => f.lookAlike.startsWith(`${f.subject} `))).toBe(true);
  });

  it.each(SEEDS)("seed %i: eight facts change, four of them twice", (seed) => {
    const t = make(seed);
    expect(t.facts.filter((f) => f.values.length > 1)).toHaveLength(8);
    expect(t.facts.filter((f) => f.values.length === 3)).toHaveLength(4);
    const values = t.facts.flatMap((f) => f.values);
    expect(new Set(values).size).toBe(values.length);
  });

  it.each(SEEDS)(
    "seed %i: a stale re-print follows the current value and is itself followed by it",
    (seed) => {
      const t = make(seed);
      const reprinted = t.facts.filter((fact, i) => {
        const mine = t.statements.filter((s) => s.fact === i);
        const firstCurrent = mine.findIndex((s) => s.value === fact.values.length - 1);
        return mine.some((s, k) => k > firstCurrent && s.value < fact.values.length - 1);
      });
      expect(reprinted.length).toBe(4);
      const text = lines(t.messages).join("\n");
      expect(text).toMatch(/nightly snapshot|Original Message|DRAFT v1/);
    },
  );

  it.each(SEEDS)(
    "seed %i: each look-alike is stated with a value that is none of its fact's",
    (seed) => {
      const t = make(seed);
      const text = lines(t.messages);
      for (const fact of t.facts) {
        const about = text.filter((l) => l.includes(fact.lookAlike));
        expect(about.length).toBeGreaterThan(0);
        expect(about.some((l) => ALL_POOL_VALUES.some((v) => l.includes(v)))).toBe(true);
        expect(about.some((l) => fact.values.some((v) => l.includes(v)))).toBe(false);
      }
    },
  );

  it("words corrections, approvals and turned-down proposals as a claims desk would", () => {
    const text = FIVE.flatMap((seed) => lines(make(seed).messages))
      .join("\n")
      .toLowerCase();
    for (const phrase of [
      "sorry, i meant",
      "marcus signed off",
      "going forward",
      "marcus already said no",
      "not agreeing to that",
      "predates the change",
    ]) {
      expect(text).toContain(phrase);
    }
  });
});
