// The "sealed-26" compression family (corpora/compression-sealed-26.ts, an airline
// line-maintenance control shift): the shared soundness checks every generated
// family owes bench:compression, plus this family's own: every form is planted over
// ten seeds, values are distinct, stale copies come after the current value, and
// look-alikes come after their fact's latest value.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { buildSealed26, GENERATED_FAMILY } from "../../corpora/compression-sealed-26.ts";
import { ALL_MAINT_VALUES } from "../../corpora/compression-sealed-26-facts.ts";
import {
  CONFIRM_FORMS,
  FIRST_FORMS,
  LOOK_ALIKE_FORMS,
  STALE_FORMS,
  UPDATE_FORMS,
} from "../../corpora/compression-sealed-26-forms.ts";
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

describe("bench:compression family sealed-26", () => {
  itIsASoundFamily("sealed-26", families, make, SEEDS);

  it("plants every form over ten seeds", () => {
    const planted = new Set(SEEDS.flatMap((seed) => buildSealed26(seed, TURNS).forms));
    const all = [
      ...FIRST_FORMS,
      ...UPDATE_FORMS,
      ...STALE_FORMS,
      ...CONFIRM_FORMS,
      ...LOOK_ALIKE_FORMS,
    ].map((f) => f.name);
    expect(all.filter((name) => !planted.has(name))).toEqual([]);
    expect(planted.has("rejected-proposal")).toBe(true);
  });

  it.each(SEEDS)("seed %i: eight facts changed, three of them twice", (seed) => {
    const t = make(seed);
    expect(t.facts.filter((f) => f.values.length > 1)).toHaveLength(8);
    expect(t.facts.filter((f) => f.values.length > 2)).toHaveLength(3);
  });

  it.each(SEEDS)("seed %i: values are distinct and no subject nests in another", (seed) => {
    const t = make(seed);
    const values = t.facts.flatMap((f) => f.values);
    expect(new Set(values).size).toBe(values.length);
    expect(values.every((v) => ALL_MAINT_VALUES.includes(v))).toBe(true);
    expect(new Set(ALL_MAINT_VALUES).size).toBe(ALL_MAINT_VALUES.length);
    const nested = t.facts.flatMap((f, i) =>
      t.facts.filter(
        (g, j) => i !== j && (g.subject.includes(f.subject) || g.lookAlike.includes(f.subject)),
      ),
    );
    expect(nested).toEqual([]);
  });

  it.each(SEEDS)("seed %i: a tool re-prints a replaced value after the current one", (seed) => {
    const t = make(seed);
    const reprints = t.statements.filter((s) => {
      const last = (t.facts[s.fact]?.values.length ?? 0) - 1;
      const current = t.statements.find((o) => o.fact === s.fact && o.value === last);
      return s.value < last && current !== undefined && current.turn < s.turn;
    });
    expect(reprints.length).toBeGreaterThanOrEqual(2);
    expect(reprints.every((s) => t.messages[s.turn]?.role === "tool")).toBe(true);
  });

  it.each(SEEDS)("seed %i: look-alikes are named only after their fact's latest value", (seed) => {
    const t = make(seed);
    const early = t.facts.flatMap((fact, i) => {
      const latest = t.statements.filter((s) => s.fact === i).at(-1)?.turn ?? 0;
      const named = t.messages.flatMap((m, turn) =>
        (m.content ?? "").toLowerCase().includes(fact.lookAlike.toLowerCase()) ? [turn] : [],
      );
      return named.length === 0 || named.some((turn) => turn <= latest) ? [fact.lookAlike] : [];
    });
    expect(early).toEqual([]);
  });

  it("words corrections, rejections and stale exports as a maintenance shift would", () => {
    const text = SEEDS.flatMap((seed) => lines(make(seed).messages))
      .join("\n")
      .toLowerCase();
    for (const phrase of [
      "correction to what i told you",
      "is now",
      "cached export",
      "mx ctrl advise",
      "with immediate effect",
    ]) {
      expect(text).toContain(phrase);
    }
    expect(/engineering said no|rejected at the tech review|what-if/.test(text)).toBe(true);
  });
});
