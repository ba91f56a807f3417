// The "sealed-30" compression family (corpora/compression-sealed-30.ts, a craft brewery's
// production and QA session): the shared soundness checks every generated family owes
// bench:compression, plus this family's own: disjoint value pools, half the facts changed,
// stale tool copies followed by a restatement, and every form planted over the bench's
// ten seeds.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { buildSealed30, GENERATED_FAMILY } from "../../corpora/compression-sealed-30.ts";
import { ALL_POOL_VALUES } from "../../corpora/compression-sealed-30-facts.ts";
import {
  CONFIRM_FORMS,
  FIRST_FORMS,
  LOOK_ALIKE_FORMS,
  STALE_FORMS,
  UPDATE_FORMS,
  WHAT_IF_FORMS,
} from "../../corpora/compression-sealed-30-forms.ts";
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

describe("bench:compression family sealed-30", () => {
  itIsASoundFamily("sealed-30", families, make, SEEDS);

  it("has disjoint value pools and subjects that do not nest", () => {
    expect(new Set(ALL_POOL_VALUES).size).toBe(ALL_POOL_VALUES.length);
    const t = make(1);
    const nested = t.facts.flatMap((f, i) =>
      t.facts.filter(
        (g, j) => i !== j && (g.subject.includes(f.subject) || g.lookAlike.includes(f.subject)),
      ),
    );
    expect(nested).toEqual([]);
  });

  it.each(SEEDS)("seed %i: eight facts changed, four of them twice", (seed) => {
    const t = make(seed);
    expect(t.facts.filter((f) => f.values.length > 1)).toHaveLength(8);
    expect(t.facts.filter((f) => f.values.length > 2)).toHaveLength(4);
  });

  it.each(SEEDS)("seed %i: a tool re-prints a replaced value after the change", (seed) => {
    const t = make(seed);
    const reprints = t.statements.filter((s) => {
      const last = (t.facts[s.fact]?.values.length ?? 0) - 1;
      const current = t.statements.find((o) => o.fact === s.fact && o.value === last);
      return s.value < last && current !== undefined && current.turn < s.turn;
    });
    expect(reprints.length).toBeGreaterThanOrEqual(4);
    expect(reprints.every((s) => t.messages[s.turn]?.role === "tool")).toBe(true);
  });

  it("plants every form over the ten seeds", () => {
    const planted = new Set(SEEDS.flatMap((seed) => buildSealed30(seed, TURNS).forms));
    const all = [
      FIRST_FORMS,
      UPDATE_FORMS,
      STALE_FORMS,
      CONFIRM_FORMS,
      LOOK_ALIKE_FORMS,
      WHAT_IF_FORMS,
    ]
      .flat()
      .map((f) => f.name);
    expect(all.filter((name) => !planted.has(name))).toEqual([]);
  });

  it.each(SEEDS)("seed %i: what-ifs and look-alikes are in the text", (seed) => {
    const t = make(seed);
    const text = lines(t.messages).join("\n").toLowerCase();
    for (const fact of t.facts) {
      expect(text).toContain(fact.lookAlike.toLowerCase());
    }
    expect(/what if we pushed|we considered|could we try/.test(text)).toBe(true);
  });
});
