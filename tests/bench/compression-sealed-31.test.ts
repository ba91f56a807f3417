// The "sealed-31" compression family (corpora/compression-sealed-31.ts, a litigation support
// session): the shared soundness checks every generated family owes bench:compression, plus
// this family's own: every first and update form is planted over ten seeds, values are
// distinct, stale copies follow the current value, and the domain's tool outputs show up.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { buildSealed31, GENERATED_FAMILY } from "../../corpora/compression-sealed-31.ts";
import { FIRST_FORMS, UPDATE_FORMS } from "../../corpora/compression-sealed-31-forms.ts";
import { ALL_POOL_VALUES } from "../../corpora/compression-sealed-31-facts.ts";
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

describe("bench:compression family sealed-31", () => {
  itIsASoundFamily("sealed-31", families, make, SEEDS);

  it("plants every first and update form over ten seeds", () => {
    const planted = new Set(SEEDS.flatMap((seed) => buildSealed31(seed, TURNS).forms));
    const all = [...FIRST_FORMS, ...UPDATE_FORMS].map((f) => f.name);
    expect(all.filter((name) => !planted.has(name))).toEqual([]);
  });

  it.each(SEEDS)("seed %i: eight facts changed, four of them twice", (seed) => {
    const t = make(seed);
    expect(t.facts.filter((f) => f.values.length > 1)).toHaveLength(8);
    expect(t.facts.filter((f) => f.values.length > 2)).toHaveLength(4);
  });

  it.each(SEEDS)("seed %i: fact values are distinct pool values", (seed) => {
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
  });

  it("re-prints a replaced value after the current one was stated", () => {
    const reprints = SEEDS.flatMap((seed) => {
      const t = make(seed);
      return t.statements.filter((s) => {
        const fact = t.facts[s.fact];
        const last = (fact?.values.length ?? 0) - 1;
        const current = t.statements.find((o) => o.fact === s.fact && o.value === last);
        return s.value < last && current !== undefined && current.turn < s.turn;
      });
    });
    expect(reprints.length).toBeGreaterThan(0);
  });

  it("has docket rows, review CSV, vendor JSON, calendar entries, orders, emails and chat", () => {
    const text = lines(make(2).messages).join("\n");
    for (const marker of [
      "| ECF ",
      "type,id,owner,progress,priv,status",
      '"hosted_gb"',
      "BEGIN:VEVENT",
      "SO ORDERED.",
      "Subject: Re: Harlow v. Acme",
      "] Marcus Lee:",
      "Matter 20417-003",
    ]) {
      expect(text).toContain(marker);
    }
  });
});
