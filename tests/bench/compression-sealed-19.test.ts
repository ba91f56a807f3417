// The "sealed-19" compression family (corpora/compression-sealed-19.ts, a mobile app
// release and store-submission session): the shared soundness checks every generated
// family owes bench:compression, plus this family's own: every form is planted over
// the bench's ten seeds, eight facts change (four twice), values are distinct, replaced values are
// re-printed by tools after the current one, and look-alikes come after the latest value.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { buildSealed19, GENERATED_FAMILY } from "../../corpora/compression-sealed-19.ts";
import {
  DECOY_FORMS,
  FIRST_FORMS,
  LOOK_ALIKE_FORMS,
  RESTATE_FORMS,
  STALE_FORMS,
  UPDATE_FORMS,
  correctionForm,
} from "../../corpora/compression-sealed-19-forms.ts";
import { ALL_POOL_VALUES } from "../../corpora/compression-sealed-19-facts.ts";
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

describe("bench:compression family sealed-19", () => {
  itIsASoundFamily("sealed-19", families, make, SEEDS);

  it("plants every first, update, restate, stale, look-alike and decoy form over the seeds", () => {
    const planted = new Set(SEEDS.flatMap((seed) => buildSealed19(seed, TURNS).forms));
    const all = [
      ...FIRST_FORMS,
      ...UPDATE_FORMS,
      correctionForm("x"),
      ...RESTATE_FORMS,
      ...STALE_FORMS,
      ...LOOK_ALIKE_FORMS,
      ...DECOY_FORMS,
    ].map((f) => f.name);
    expect(all.filter((name) => !planted.has(name))).toEqual([]);
  });

  it.each(SEEDS)("seed %i: eight facts changed, four of them twice", (seed) => {
    const t = make(seed);
    expect(t.facts.filter((f) => f.values.length > 1)).toHaveLength(8);
    expect(t.facts.filter((f) => f.values.length > 2)).toHaveLength(4);
  });

  it.each(SEEDS)("seed %i: values are distinct and subjects do not nest", (seed) => {
    const t = make(seed);
    const values = t.facts.flatMap((f) => f.values);
    expect(new Set(values).size).toBe(values.length);
    expect(new Set(ALL_POOL_VALUES).size).toBe(ALL_POOL_VALUES.length);
    const nested = t.facts.flatMap((f, i) =>
      t.facts.filter(
        (g, j) => i !== j && (g.subject.includes(f.subject) || g.lookAlike.includes(f.subject)),
      ),
    );
    expect(nested).toEqual([]);
  });

  it.each(SEEDS)(
    "seed %i: a tool re-prints a replaced value after the current one was stated",
    (seed) => {
      const t = make(seed);
      const reprints = t.statements.filter((s) => {
        const last = (t.facts[s.fact]?.values.length ?? 0) - 1;
        const current = t.statements.find((o) => o.fact === s.fact && o.value === last);
        return (
          s.value < last &&
          current !== undefined &&
          current.turn < s.turn &&
          t.messages[s.turn]?.role === "tool"
        );
      });
      expect(reprints.length).toBeGreaterThanOrEqual(3);
    },
  );

  it.each(SEEDS)(
    "seed %i: every look-alike is named only after its fact's latest value",
    (seed) => {
      const t = make(seed);
      const early = t.facts.flatMap((fact, i) => {
        const latest =
          t.statements.find((s) => s.fact === i && s.value === fact.values.length - 1)?.turn ?? 0;
        const named = t.messages.flatMap((m, turn) =>
          (m.content ?? "").toLowerCase().includes(fact.lookAlike.toLowerCase()) ? [turn] : [],
        );
        return named.length === 0 || named.some((turn) => turn <= latest) ? [fact.lookAlike] : [];
      });
      expect(early).toEqual([]);
    },
  );

  it("words corrections, diffs, Fastlane steps and rejected proposals as a release session would", () => {
    const text = SEEDS.flatMap((seed) => lines(make(seed).messages))
      .join("\n")
      .toLowerCase();
    for (const phrase of [
      "sorry, misread the console",
      "scratch what i said",
      "release council said no",
      "resolution: won't do",
      "--- step: submit_review ---",
      "diff --git a/docs/release/plan.md",
      "build successful in",
    ]) {
      expect(text).toContain(phrase);
    }
  });
});
