// The "sealed-34" compression family (corpora/compression-sealed-34.ts, a museum registrar's
// loan exhibition): the shared soundness checks every generated family owes bench:compression,
// plus this family's own: every first and update form is planted over ten seeds, eight facts
// change and four of them twice, values are distinct pool values that never contain one
// another, stale copies follow the current value, and the office's tool outputs show up.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { hasPhrase } from "../../bench/compression-methods.ts";
import { buildSealed34, GENERATED_FAMILY } from "../../corpora/compression-sealed-34.ts";
import { STALE_FORMS } from "../../corpora/compression-sealed-34-echoes.ts";
import { ALL_POOL_VALUES, SUBJECTS } from "../../corpora/compression-sealed-34-facts.ts";
import { FIRST_FORMS, UPDATE_FORMS } from "../../corpora/compression-sealed-34-forms.ts";
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

describe("bench:compression family sealed-34", () => {
  itIsASoundFamily("sealed-34", families, make, SEEDS);

  it("plants every first, update and stale form over ten seeds", () => {
    const planted = new Set(SEEDS.flatMap((seed) => buildSealed34(seed, TURNS).forms));
    const all = [...FIRST_FORMS, ...UPDATE_FORMS, ...STALE_FORMS].map((f) => f.name);
    expect(all.filter((name) => !planted.has(name))).toEqual([]);
  });

  it.each(SEEDS)("seed %i: eight facts changed, four of them twice", (seed) => {
    const t = make(seed);
    expect(t.facts.filter((f) => f.values.length > 1)).toHaveLength(8);
    expect(t.facts.filter((f) => f.values.length > 2)).toHaveLength(4);
    expect(t.facts.filter((f) => f.values.length > 3)).toHaveLength(0);
  });

  it("has pools of distinct values, none a whole phrase inside another, and unnested subjects", () => {
    expect(new Set(ALL_POOL_VALUES).size).toBe(ALL_POOL_VALUES.length);
    const inside = ALL_POOL_VALUES.flatMap((a) =>
      ALL_POOL_VALUES.filter((b) => a !== b && hasPhrase(b.toLowerCase(), a.toLowerCase())).map(
        (b) => `${a} in ${b}`,
      ),
    );
    expect(inside).toEqual([]);
    const nested = SUBJECTS.flatMap((f) =>
      SUBJECTS.filter(
        (g) => g !== f && (g.subject.includes(f.subject) || g.lookAlike.includes(f.subject)),
      ).map((g) => `${f.subject} in ${g.subject}`),
    );
    expect(nested).toEqual([]);
    expect(SUBJECTS.every((s) => s.lookAlike.startsWith(`${s.subject} `))).toBe(true);
  });

  it.each(SEEDS)("seed %i: fact values are distinct pool values", (seed) => {
    const values = make(seed).facts.flatMap((f) => f.values);
    expect(new Set(values).size).toBe(values.length);
    expect(values.every((v) => ALL_POOL_VALUES.includes(v))).toBe(true);
  });

  it("re-prints a replaced value after the current one was first stated", () => {
    const reprints = SEEDS.flatMap((seed) => {
      const t = make(seed);
      return t.statements.filter((s) => {
        const last = (t.facts[s.fact]?.values.length ?? 0) - 1;
        const current = t.statements.find((o) => o.fact === s.fact && o.value === last);
        return s.value < last && current !== undefined && current.turn < s.turn;
      });
    });
    expect(reprints.length).toBeGreaterThan(5);
  });

  it("has CMS records, condition reports, agreements, schedules, bookings, logs, mail and Python", () => {
    const text = SEEDS.slice(0, 3)
      .flatMap((seed) => lines(make(seed).messages))
      .join("\n");
    for (const marker of [
      "Loan In No.:",
      "CONDITION REPORT - L2026.",
      "LOAN AGREEMENT LA-2026-031",
      "| Line | Item | Amount | Basis |",
      "MERIDIAN FINE ART TRANSPORT",
      "timestamp,temp_c,rh_pct,lux",
      "To: Priya Nandakumar",
      "type\tdate\ttask\tteam\tstatus",
      "WO-2",
      ">>> import pandas as pd",
      "AMENDMENT No. 2",
      "REVISED CONFIRMATION",
    ]) {
      expect(text).toContain(marker);
    }
  });
});
