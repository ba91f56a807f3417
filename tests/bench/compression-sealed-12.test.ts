// The "sealed-12" compression family (corpora/compression-sealed-12.ts, a hospital
// pharmacy operations session): the shared soundness checks every generated
// family owes bench:compression, plus this family's own: every form and decoy is
// planted over five seeds, eight facts change (four of them twice), values are
// distinct, subjects do not nest, and the re-printed archive states a replaced
// value after the current one and is answered by a restatement.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { buildSealed12, GENERATED_FAMILY } from "../../corpora/compression-sealed-12.ts";
import {
  FIRST_FORMS,
  RESTATE_FORMS,
  UPDATE_FORMS,
} from "../../corpora/compression-sealed-12-forms.ts";
import { LOOK_ALIKE_DECOYS, POST_DECOYS } from "../../corpora/compression-sealed-12-decoys.ts";
import { ALL_VALUES } from "../../corpora/compression-sealed-12-facts.ts";
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

describe("bench:compression family sealed-12", () => {
  itIsASoundFamily("sealed-12", families, make, SEEDS);

  it("plants every first, update, restatement and decoy form over five seeds", () => {
    const planted = new Set(SEEDS.flatMap((seed) => buildSealed12(seed, TURNS).forms));
    const all = [
      ...FIRST_FORMS,
      ...UPDATE_FORMS,
      ...RESTATE_FORMS,
      ...LOOK_ALIKE_DECOYS,
      ...POST_DECOYS,
    ];
    expect(all.map((f) => f.name).filter((name) => !planted.has(name))).toEqual([]);
  });

  it.each(SEEDS)("seed %i: eight facts changed, four of them twice", (seed) => {
    const t = make(seed);
    expect(t.facts.filter((f) => f.values.length > 1)).toHaveLength(8);
    expect(t.facts.filter((f) => f.values.length === 3)).toHaveLength(4);
  });

  it.each(SEEDS)("seed %i: values are distinct and subjects do not nest", (seed) => {
    const t = make(seed);
    const values = t.facts.flatMap((f) => f.values);
    expect(new Set(values).size).toBe(values.length);
    expect(new Set(ALL_VALUES).size).toBe(ALL_VALUES.length);
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

  it.each(SEEDS)(
    "seed %i: a re-printed archive states a replaced value after the current one",
    (seed) => {
      const t = make(seed);
      const reprints = t.statements.filter((s) => {
        const last = (t.facts[s.fact]?.values.length ?? 0) - 1;
        const current = t.statements.find((o) => o.fact === s.fact && o.value === last);
        return s.value < last && current !== undefined && current.turn < s.turn;
      });
      expect(reprints.length).toBeGreaterThan(0);
      const text = lines(t.messages).map((l) => l.toLowerCase());
      expect(text.some((l) => l.startsWith("archived copy"))).toBe(true);
    },
  );

  it.each(SEEDS)(
    "seed %i: every look-alike is named with its own value after its fact's first value",
    (seed) => {
      const t = make(seed);
      for (const [i, fact] of t.facts.entries()) {
        const first = t.statements.find((s) => s.fact === i)?.turn ?? 0;
        const named = t.messages.flatMap((m, turn) =>
          (m.content ?? "").toLowerCase().includes(fact.lookAlike.toLowerCase()) ? [turn] : [],
        );
        expect(named.length).toBeGreaterThan(0);
        expect(named.every((turn) => turn > first)).toBe(true);
      }
    },
  );

  it("honours the number of turns", () => {
    expect(GENERATED_FAMILY.generate(1, 400).messages).toHaveLength(401);
    expect(GENERATED_FAMILY.generate(1, 602).messages).toHaveLength(603);
  });
});
