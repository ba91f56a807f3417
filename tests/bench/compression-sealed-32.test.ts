// The "sealed-32" compression family (corpora/compression-sealed-32.ts, a transit agency's
// winter timetable change): the shared soundness checks every generated family owes
// bench:compression, plus this family's own: every form is planted over ten seeds, eight facts
// change and four of them twice, values are distinct, stale copies follow the current value,
// and the desk's tool formats show up.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { buildSealed32, GENERATED_FAMILY } from "../../corpora/compression-sealed-32.ts";
import {
  CONFIRM_FORMS,
  DECOY_FORMS,
  FIRST_FORMS,
  LOOK_ALIKE_FORMS,
  STALE_FORMS,
  UPDATE_FORMS,
} from "../../corpora/compression-sealed-32-forms.ts";
import { SUBJECTS } from "../../corpora/compression-sealed-32-facts.ts";
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

describe("bench:compression family sealed-32", () => {
  itIsASoundFamily("sealed-32", families, make, SEEDS);

  it("plants every first, update, confirm, stale, decoy and look-alike form over ten seeds", () => {
    const planted = new Set(SEEDS.flatMap((seed) => buildSealed32(seed, TURNS).forms));
    const all = [
      ...FIRST_FORMS,
      ...UPDATE_FORMS,
      ...CONFIRM_FORMS,
      ...STALE_FORMS,
      ...DECOY_FORMS,
      ...LOOK_ALIKE_FORMS,
    ].map((f) => f.name);
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((name) => !planted.has(name))).toEqual([]);
  });

  it.each(SEEDS)("seed %i: eight facts changed, four of them twice", (seed) => {
    const t = make(seed);
    expect(t.facts.filter((f) => f.values.length > 1)).toHaveLength(8);
    expect(t.facts.filter((f) => f.values.length > 2)).toHaveLength(4);
    expect(t.facts.filter((f) => f.values.length > 3)).toHaveLength(0);
  });

  it.each(SEEDS)("seed %i: values are distinct and no subject sits inside another", (seed) => {
    const t = make(seed);
    const values = t.facts.flatMap((f) => f.values);
    expect(new Set(values).size).toBe(values.length);
    for (const f of t.facts) {
      expect(f.lookAlike.startsWith(`${f.subject} `)).toBe(true);
      expect(f.subject.split(" ").length).toBeGreaterThan(2);
    }
    const all = SUBJECTS.map((s) => s.subject);
    const nested = all.filter((a) => all.some((b) => a !== b && b.includes(a)));
    expect(nested).toEqual([]);
  });

  it("re-prints a replaced value after the current one was stated, then restates the current one", () => {
    const reprints = SEEDS.flatMap((seed) => {
      const t = make(seed);
      return t.statements
        .filter((s) => {
          const last = (t.facts[s.fact]?.values.length ?? 0) - 1;
          const current = t.statements.find((o) => o.fact === s.fact && o.value === last);
          return s.value < last && current !== undefined && current.turn < s.turn;
        })
        .map((s) => {
          const later = t.statements.filter((o) => o.fact === s.fact && o.turn >= s.turn);
          return later.at(-1)?.value === (t.facts[s.fact]?.values.length ?? 0) - 1;
        });
    });
    expect(reprints.length).toBeGreaterThan(10);
    expect(reprints.every(Boolean)).toBe(true);
  });

  it("has the desk's tool formats: printouts, tables, diffs, emails, memos, logs, CMS, GTFS, roster", () => {
    const text = SEEDS.slice(0, 3)
      .flatMap((seed) => lines(make(seed).messages))
      .join("\n");
    for (const marker of [
      "SERVICE CHANGE PARAMETERS",
      "| parameter ",
      "+++ b/service-change/w26.yaml",
      "Subject: ",
      "BOARD OF DIRECTORS — STAFF REPORT",
      "PARAM_SET",
      '"internal_note"',
      "trip_id,arrival_time,departure_time,stop_id",
      "RUN   BLOCK   SIGN-ON",
      "] Ray Oduya: heads up",
    ]) {
      expect(text).toContain(marker);
    }
  });
});
