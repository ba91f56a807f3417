// The "sealed-21" compression family (corpora/compression-sealed-21.ts, a university
// course administration session): the shared soundness checks every generated family
// owes bench:compression, plus this family's own: every first and update form is
// planted over five seeds, eight facts change, values are distinct, stale copies are
// re-printed and look-alikes come after their fact's latest value.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { buildSealed21, GENERATED_FAMILY } from "../../corpora/compression-sealed-21.ts";
import { FIRST_FORMS, UPDATE_FORMS } from "../../corpora/compression-sealed-21-forms.ts";
import { FACT_SEEDS } from "../../corpora/compression-sealed-21-facts.ts";
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

describe("bench:compression family sealed-21", () => {
  itIsASoundFamily("sealed-21", families, make, SEEDS);

  it("plants every first and update form over five seeds", () => {
    const planted = new Set(SEEDS.flatMap((seed) => buildSealed21(seed, TURNS).forms));
    const all = [...FIRST_FORMS, ...UPDATE_FORMS].map((f) => f.name);
    expect(all.filter((name) => !planted.has(name))).toEqual([]);
    expect(planted).toContain("stale-export");
    expect(planted).toContain("reconfirm");
  });

  it.each(SEEDS)("seed %i: eight facts changed, four of them twice", (seed) => {
    const t = make(seed);
    expect(t.facts.filter((f) => f.values.length > 1)).toHaveLength(8);
    expect(t.facts.filter((f) => f.values.length === 3)).toHaveLength(4);
  });

  it.each(SEEDS)("seed %i: values are distinct and subjects never nest", (seed) => {
    const t = make(seed);
    const pool = FACT_SEEDS.flatMap((f) => f.pool);
    expect(new Set(pool).size).toBe(pool.length);
    const values = t.facts.flatMap((f) => f.values);
    expect(new Set(values).size).toBe(values.length);
    const nested = t.facts.flatMap((f, i) =>
      t.facts.filter(
        (g, j) => i !== j && (g.subject.includes(f.subject) || g.lookAlike.includes(f.subject)),
      ),
    );
    expect(nested).toEqual([]);
  });

  it.each(SEEDS)("seed %i: an old value is re-printed after the current one was set", (seed) => {
    const t = make(seed);
    const reprints = t.statements.filter((s) => {
      const last = (t.facts[s.fact]?.values.length ?? 0) - 1;
      const current = t.statements.find((o) => o.fact === s.fact && o.value === last);
      return s.value < last && current !== undefined && current.turn < s.turn;
    });
    expect(reprints.length).toBeGreaterThan(0);
  });

  it.each(SEEDS)(
    "seed %i: every look-alike is named only after its fact's latest value",
    (seed) => {
      const t = make(seed);
      const early = t.facts.flatMap((fact, i) => {
        const latest = t.statements.filter((s) => s.fact === i).at(-1)?.turn ?? 0;
        const named = t.messages.flatMap((m, turn) =>
          (m.content ?? "").toLowerCase().includes(fact.lookAlike.toLowerCase()) ? [turn] : [],
        );
        return named.length === 0 || named.some((turn) => turn <= latest) ? [fact.lookAlike] : [];
      });
      expect(early).toEqual([]);
    },
  );

  it("reads like a course administration session", () => {
    const text = SEEDS.flatMap((seed) => lines(make(seed).messages))
      .join("\n")
      .toLowerCase();
    for (const phrase of [
      "exam board",
      "extension request",
      "sorry, i meant",
      "going forward",
      "turned it down",
    ]) {
      expect(text).toContain(phrase);
    }
  });
});
