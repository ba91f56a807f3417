// The "sealed-24" compression family (corpora/compression-sealed-24.ts, a general
// contractor's project engineer on a mid-rise office job): the shared soundness checks
// every generated family owes bench:compression, plus this family's own: every form is
// planted over the seeds, eight facts change (four of them twice), values are distinct
// pool values, stale re-prints come after the current value, and subjects don't nest.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { buildSealed24, GENERATED_FAMILY } from "../../corpora/compression-sealed-24.ts";
import { ALL_POOL_VALUES } from "../../corpora/compression-sealed-24-facts.ts";
import {
  AFTER_STALE_FORMS,
  DECOY_FORMS,
  FIRST_FORMS,
  LOOK_ALIKE_FORMS,
  MENTION_FORMS,
  RESTATE_FORMS,
  STALE_FORMS,
  UPDATE_FORMS,
} from "../../corpora/compression-sealed-24-forms.ts";
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

describe("bench:compression family sealed-24", () => {
  itIsASoundFamily("sealed-24", families, make, SEEDS);

  it("plants every form over the seeds", () => {
    const planted = new Set(SEEDS.flatMap((seed) => buildSealed24(seed, TURNS).forms));
    const all = [
      FIRST_FORMS,
      UPDATE_FORMS,
      STALE_FORMS,
      RESTATE_FORMS,
      AFTER_STALE_FORMS,
      DECOY_FORMS,
      LOOK_ALIKE_FORMS,
      MENTION_FORMS,
    ].flatMap((list) => list.map((f) => f.name));
    expect(all.filter((name) => !planted.has(name))).toEqual([]);
  });

  it.each(SEEDS)("seed %i: eight facts change, four of them twice", (seed) => {
    const t = make(seed);
    expect(t.facts.filter((f) => f.values.length > 1)).toHaveLength(8);
    expect(t.facts.filter((f) => f.values.length === 3)).toHaveLength(4);
  });

  it.each(SEEDS)("seed %i: values are distinct pool values and subjects don't nest", (seed) => {
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
    for (const f of t.facts) {
      expect(f.lookAlike.startsWith(f.subject)).toBe(true);
    }
  });

  it.each(SEEDS)("seed %i: stale re-prints of a replaced value follow the current one", (seed) => {
    const t = make(seed);
    const reprints = t.statements.filter((s) => {
      const last = (t.facts[s.fact]?.values.length ?? 0) - 1;
      const current = t.statements.find((o) => o.fact === s.fact && o.value === last);
      return s.value < last && current !== undefined && current.turn < s.turn;
    });
    expect(reprints.length).toBeGreaterThanOrEqual(4);
  });

  it.each(SEEDS)("seed %i: look-alikes, proposals and what-ifs are in the text", (seed) => {
    const t = make(seed);
    const text = lines(t.messages).join("\n").toLowerCase();
    for (const f of t.facts) {
      expect(text).toContain(f.lookAlike.toLowerCase());
    }
    expect(/floated .+ for the|could end up/.test(text)).toBe(true);
  });
});
