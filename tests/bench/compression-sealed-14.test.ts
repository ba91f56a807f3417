// The "sealed-14" compression family (corpora/compression-sealed-14.ts, a grid
// control-room session): the shared soundness checks every generated family owes
// bench:compression, plus this family's own: every form is planted over five seeds,
// eight facts change (four twice), every value is distinct, old-value decoys are
// followed by a restatement, and look-alikes and decoys come after the latest value.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { buildSealed14, GENERATED_FAMILY } from "../../corpora/compression-sealed-14.ts";
import {
  FIRST_FORMS,
  LOOK_ALIKE_FORMS,
  OLD_VALUE_DECOYS,
  PLAIN_DECOYS,
  UPDATE_FORMS,
} from "../../corpora/compression-sealed-14-forms.ts";
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

describe("bench:compression family sealed-14", () => {
  itIsASoundFamily("sealed-14", families, make, SEEDS);

  it("plants every first, update, decoy and look-alike form over five seeds", () => {
    const planted = new Set(SEEDS.flatMap((seed) => buildSealed14(seed, TURNS).forms));
    const all = [FIRST_FORMS, UPDATE_FORMS, OLD_VALUE_DECOYS, PLAIN_DECOYS, LOOK_ALIKE_FORMS]
      .flat()
      .map((f) => f.name);
    expect(all.filter((name) => !planted.has(name))).toEqual([]);
  });

  it.each(SEEDS)("seed %i: every update form once, eight facts changed, four twice", (seed) => {
    const t = buildSealed14(seed, TURNS);
    const updates = t.forms.filter((f) => UPDATE_FORMS.some((u) => u.name === f));
    expect([...updates].sort()).toEqual(UPDATE_FORMS.map((u) => u.name).sort());
    expect(t.facts.filter((f) => f.values.length > 1)).toHaveLength(8);
    expect(t.facts.filter((f) => f.values.length > 2)).toHaveLength(4);
  });

  it.each(SEEDS)("seed %i: distinct values and subjects, none inside another", (seed) => {
    const t = make(seed);
    const values = t.facts.flatMap((f) => f.values.map((v) => v.toLowerCase()));
    expect(new Set(values).size).toBe(values.length);
    const nested = t.facts.flatMap((f, i) =>
      t.facts.filter(
        (g, j) => i !== j && (g.subject.includes(f.subject) || g.lookAlike.includes(f.subject)),
      ),
    );
    expect(nested).toEqual([]);
  });

  it.each(SEEDS)("seed %i: an old value re-stated late is followed by the current one", (seed) => {
    const t = make(seed);
    const late = t.statements.filter((s) => {
      const fact = t.facts[s.fact];
      const last = (fact?.values.length ?? 0) - 1;
      const current = t.statements.find((o) => o.fact === s.fact && o.value === last);
      return s.value < last && current !== undefined && current.turn < s.turn;
    });
    expect(late.length).toBeGreaterThan(0);
    const text = lines(t.messages).join("\n").toLowerCase();
    expect(text).toContain("superseded");
  });

  it.each(SEEDS)("seed %i: each look-alike is named only after its fact's latest value", (seed) => {
    const t = make(seed);
    const early = t.facts.flatMap((fact, i) => {
      const latest = t.statements.filter((s) => s.fact === i).at(-1)?.turn ?? 0;
      const firstValue = t.statements.find(
        (s) => s.fact === i && s.value === fact.values.length - 1,
      );
      const named = t.messages.flatMap((m, turn) =>
        (m.content ?? "").toLowerCase().includes(fact.lookAlike.toLowerCase()) ? [turn] : [],
      );
      const tooEarly = named.some((turn) => turn <= (firstValue?.turn ?? latest));
      return named.length === 0 || tooEarly ? [fact.lookAlike] : [];
    });
    expect(early).toEqual([]);
  });

  it("honours the turn count", () => {
    expect(GENERATED_FAMILY.generate(7, 400).messages).toHaveLength(401);
    expect(GENERATED_FAMILY.generate(7, 602).messages).toHaveLength(603);
  });
});
