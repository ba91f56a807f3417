// The "sealed-33" compression family (corpora/compression-sealed-33.ts, an etch-module night
// shift in a wafer fab): the shared soundness checks every generated family owes
// bench:compression, plus this family's own: every first and update form is planted over ten
// seeds, eight facts change and four of them twice, values are distinct pool values, stale
// copies follow the current value, and the fab systems' outputs show up.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { buildSealed33, GENERATED_FAMILY } from "../../corpora/compression-sealed-33.ts";
import { FIRST_FORMS, UPDATE_FORMS } from "../../corpora/compression-sealed-33-forms.ts";
import { ALL_POOL_VALUES } from "../../corpora/compression-sealed-33-facts.ts";
import { itIsASoundFamily, lines } from "./generated-family.ts";

const corpora = new URL("../../corpora/", import.meta.url).pathname;
const families = (await discoverFamilies(corpora)).map((f) => f.name);
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const TURNS = 600;

/** The generator counts turns from 1 (message index + 1); the shared checks count from 0. */
function make(seed: number) {
  const t = GENERATED_FAMILY.generate(seed, TURNS);
  return { ...t, statements: t.statements.map((s) => ({ ...s, turn: s.turn - 1 })) };
}

describe("bench:compression family sealed-33", () => {
  itIsASoundFamily("sealed-33", families, make, SEEDS);

  it("plants every first and update form over ten seeds", () => {
    const planted = new Set(SEEDS.flatMap((seed) => buildSealed33(seed, TURNS).forms));
    const all = [...FIRST_FORMS, ...UPDATE_FORMS].map((f) => f.name);
    expect(all.filter((name) => !planted.has(name))).toEqual([]);
  });

  it.each(SEEDS)("seed %i: eight facts changed, four of them twice", (seed) => {
    const t = make(seed);
    expect(t.facts.filter((f) => f.values.length > 1)).toHaveLength(8);
    expect(t.facts.filter((f) => f.values.length > 2)).toHaveLength(4);
  });

  it.each(SEEDS)("seed %i: values are distinct pool values, subjects not nested", (seed) => {
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
    expect(t.facts.every((f) => f.lookAlike.startsWith(`${f.subject} `))).toBe(true);
  });

  it("re-prints a replaced value after the current one was stated", () => {
    const reprints = SEEDS.flatMap((seed) => {
      const t = make(seed);
      return t.statements.filter((s) => {
        const last = (t.facts[s.fact]?.values.length ?? 0) - 1;
        const current = t.statements.find((o) => o.fact === s.fact && o.value === last);
        return s.value < last && current !== undefined && current.turn < s.turn;
      });
    });
    expect(reprints.length).toBeGreaterThan(0);
  });

  it("prints RMS dumps and diffs, SPC CSV, MES history, FDC log, ECN, qual report, pass-down, chat", () => {
    const text = SEEDS.slice(0, 3)
      .flatMap((seed) => lines(make(seed).messages))
      .join("\n");
    for (const marker of [
      "RMS 7.4 > SHOW RECIPE",
      "RMS 7.4 > DIFF",
      "sample_time,lot,wafer,chamber,mean,sd,range,violation",
      "MES> LOTHIST",
      "FDC alarm log (model FDCm-0412",
      "Approvals          : PE ok",
      "TOOL QUALIFICATION REPORT",
      "ETCH PASS-DOWN",
      "#etch-bay-nights (Teams)",
      "def cpk(xs, lsl, usl):",
    ]) {
      expect(text).toContain(marker);
    }
  });
});
