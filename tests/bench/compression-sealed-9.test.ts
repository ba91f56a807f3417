// The "sealed-9" compression family (corpora/compression-sealed-9.ts, an e-commerce
// catalogue and pricing operations session): the shared soundness checks every
// generated family owes bench:compression, plus this family's own: every first,
// update and decoy form is planted over five seeds, eight facts change (four twice),
// every value is distinct, the turn count is honoured and decoys follow the latest value.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { buildSealed9, GENERATED_FAMILY } from "../../corpora/compression-sealed-9.ts";
import { FIRST_FORMS, UPDATE_FORMS } from "../../corpora/compression-sealed-9-forms.ts";
import { DECOY_NAMES } from "../../corpora/compression-sealed-9-decoys.ts";
import { ALL_POOL_VALUES, FACT_TEMPLATES } from "../../corpora/compression-sealed-9-facts.ts";
import { itIsASoundFamily, lines } from "./generated-family.ts";

const corpora = new URL("../../corpora/", import.meta.url).pathname;
const families = (await discoverFamilies(corpora)).map((f) => f.name);
const SEEDS = [1, 2, 3, 4, 5];
const TURNS = 600;

/** The generator's statements count turns from 1 (message index + 1); the shared checks count from 0. */
function make(seed: number) {
  const t = GENERATED_FAMILY.generate(seed, TURNS);
  return { ...t, statements: t.statements.map((s) => ({ ...s, turn: s.turn - 1 })) };
}

describe("bench:compression family sealed-9", () => {
  itIsASoundFamily("sealed-9", families, make, SEEDS);

  it("plants every first, update and decoy form over five seeds", () => {
    const planted = new Set(SEEDS.flatMap((seed) => buildSealed9(seed, TURNS).forms));
    const all = [
      ...FIRST_FORMS.map((f) => f.name),
      ...UPDATE_FORMS.map((f) => f.name),
      ...DECOY_NAMES,
    ];
    expect(all.filter((name) => !planted.has(name))).toEqual([]);
  });

  it.each(SEEDS)("seed %i: every update form, eight facts changed, four of them twice", (seed) => {
    const t = buildSealed9(seed, TURNS);
    const updates = new Set(t.forms.filter((f) => f.startsWith("update-")));
    expect([...updates].sort()).toEqual(UPDATE_FORMS.map((u) => u.name).sort());
    expect(t.facts.filter((f) => f.values.length > 1)).toHaveLength(8);
    expect(t.facts.filter((f) => f.values.length > 2)).toHaveLength(4);
    expect(
      t.forms.filter((f) => f === "reprint-old" || f === "customer-quote").length,
    ).toBeGreaterThanOrEqual(2);
  });

  it.each([300, 600, 900])("writes exactly %i messages after the system one at seed 7", (turns) => {
    expect(GENERATED_FAMILY.generate(7, turns).messages).toHaveLength(turns + 1);
  });

  it.each([1, 2, 50])("still plants every statement when %i turns leave no room", (turns) => {
    const t = GENERATED_FAMILY.generate(7, turns);
    expect(t.messages.length).toBeGreaterThan(turns);
    expect(t.statements.every((s) => s.turn >= 1)).toBe(true);
  });

  it.each(SEEDS)("seed %i: facts and look-alikes have distinct values from the pools", (seed) => {
    const t = make(seed);
    const values = t.facts.flatMap((f) => f.values);
    expect(new Set(values).size).toBe(values.length);
    expect(values.every((v) => ALL_POOL_VALUES.includes(v))).toBe(true);
    expect(new Set(ALL_POOL_VALUES).size).toBe(ALL_POOL_VALUES.length);
    expect(new Set(t.facts.map((f) => f.subject)).size).toBe(16);
    // No subject is inside another template's subject or look-alike.
    const nested = FACT_TEMPLATES.flatMap((f, i) =>
      FACT_TEMPLATES.filter(
        (g, j) =>
          i !== j &&
          (g.subject.includes(f.subject) || `${g.subject} ${g.qualifier}`.includes(f.subject)),
      ),
    );
    expect(nested).toEqual([]);
  });

  it.each(SEEDS)(
    "seed %i: look-alikes, rejected values and what-ifs come after the latest value",
    (seed) => {
      const t = make(seed);
      const text = t.messages.map((m) => (m.content ?? "").toLowerCase());
      for (const [i, fact] of t.facts.entries()) {
        const mine = t.statements.filter((s) => s.fact === i);
        const firstCurrent = mine.find((s) => s.value === fact.values.length - 1)?.turn ?? 0;
        const named = text.flatMap((c, turn) =>
          c.includes(fact.lookAlike.toLowerCase()) ? [turn] : [],
        );
        expect(named.length).toBeGreaterThan(0);
        expect(named.every((turn) => turn > firstCurrent)).toBe(true);
      }
    },
  );

  it.each(SEEDS)("seed %i: a re-printed old value is answered by the current one", (seed) => {
    const t = make(seed);
    const reprints = t.statements.filter((s) => {
      const fact = t.facts[s.fact];
      const last = (fact?.values.length ?? 0) - 1;
      const current = t.statements.find((o) => o.fact === s.fact && o.value === last);
      return s.value < last && current !== undefined && current.turn < s.turn;
    });
    expect(reprints.length).toBeGreaterThanOrEqual(2);
  });

  it("words the decoys and updates as a session would", () => {
    const text = SEEDS.flatMap((seed) => lines(make(seed).messages))
      .join("\n")
      .toLowerCase();
    for (const phrase of [
      "scratch that",
      "effective monday",
      "is now",
      "we said no",
      "what-if",
      "cached snapshot",
      "customer quote",
      "http/1.1 200 ok",
      "sku,setting,value,updated",
      "|---|",
      "#merch-ops",
    ]) {
      expect(text).toContain(phrase);
    }
  });
});
