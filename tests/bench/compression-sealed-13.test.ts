// The "sealed-13" compression family (corpora/compression-sealed-13.ts, a fleet
// dispatch session): the shared soundness checks every generated family owes
// bench:compression, plus this family's own: every form is planted over five seeds,
// eight facts change (four twice, one in another unit or clock format), every pool
// value is distinct, look-alikes come after their fact's latest value, and the
// transcript honours the number of turns asked for.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { buildSealed13, GENERATED_FAMILY } from "../../corpora/compression-sealed-13.ts";
import { FIRST_FORMS, UPDATE_FORMS } from "../../corpora/compression-sealed-13-forms.ts";
import {
  LOOK_ALIKE_FORMS,
  NEW_VALUE_DECOYS,
  OLD_VALUE_DECOYS,
} from "../../corpora/compression-sealed-13-decoys.ts";
import { ALL_POOL_VALUES, FACT_TEMPLATES } from "../../corpora/compression-sealed-13-facts.ts";
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

describe("bench:compression family sealed-13", () => {
  itIsASoundFamily("sealed-13", families, make, SEEDS);

  it("plants every form over five seeds", () => {
    const planted = new Set(SEEDS.flatMap((seed) => buildSealed13(seed, TURNS).forms));
    const all = [
      ...FIRST_FORMS,
      ...UPDATE_FORMS,
      ...LOOK_ALIKE_FORMS,
      ...NEW_VALUE_DECOYS,
      ...OLD_VALUE_DECOYS,
    ].map((f) => f.name);
    expect(all.filter((name) => !planted.has(name))).toEqual([]);
  });

  it.each(SEEDS)("seed %i: eight facts change, four twice, one switches format", (seed) => {
    const t = buildSealed13(seed, TURNS);
    const counts = t.facts.map((f) => f.values.length).sort();
    expect(counts).toEqual([...Array(8).fill(1), ...Array(4).fill(2), ...Array(4).fill(3)]);
    expect(t.forms).toContain("update-format-switch");
    const newValueDecoys = t.forms.filter((f) => f === "rejected-proposal" || f === "hypothetical");
    expect(newValueDecoys.length).toBeGreaterThanOrEqual(8);
  });

  it("has distinct pool values and no subject inside another fact's phrases", () => {
    expect(new Set(ALL_POOL_VALUES).size).toBe(ALL_POOL_VALUES.length);
    const nested = FACT_TEMPLATES.flatMap((f, i) =>
      FACT_TEMPLATES.filter(
        (g, j) => i !== j && (g.subject.includes(f.subject) || g.lookAlike.includes(f.subject)),
      ).map((g) => `${f.subject} in ${g.subject}`),
    );
    expect(nested).toEqual([]);
    expect(FACT_TEMPLATES.every((f) => f.lookAlike.startsWith(f.subject))).toBe(true);
  });

  it.each(SEEDS)("seed %i: look-alikes come only after their fact's latest value", (seed) => {
    const t = make(seed);
    const early = t.facts.flatMap((fact, i) => {
      const latest = t.statements.filter(
        (s) => s.fact === i && s.value === fact.values.length - 1,
      )[0]?.turn;
      const named = t.messages.flatMap((m, turn) =>
        (m.content ?? "").toLowerCase().includes(fact.lookAlike.toLowerCase()) ? [turn] : [],
      );
      return named.length === 0 || named.some((turn) => turn <= (latest ?? 0))
        ? [fact.lookAlike]
        : [];
    });
    expect(early).toEqual([]);
  });

  it.each([300, 600, 900])("honours %i turns", (turns) => {
    const t = GENERATED_FAMILY.generate(7, turns);
    expect(t.messages.length).toBe(turns + 1);
  });
});
