// The "sealed-5" compression family (corpora/compression-sealed-5.ts): sound for
// bench:compression on several seeds, and every update form it knows is planted.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { GENERATED_FAMILY, generateSealed5 } from "../../corpora/compression-sealed-5.ts";
import { UPDATES } from "../../corpora/compression-sealed-5-forms.ts";
import { itIsASoundFamily } from "./generated-family.ts";

const corpora = new URL("../../corpora/", import.meta.url).pathname;
const families = (await discoverFamilies(corpora)).map((f) => f.name);
const SEEDS = [1, 2, 3, 4, 5, 11, 29];

/** The family's transcript with turns counted from 0 (the message index). */
const make = (seed: number) => {
  const t = GENERATED_FAMILY.generate(seed, 600);
  return { ...t, statements: t.statements.map((s) => ({ ...s, turn: s.turn - 1 })) };
};

describe("compression family sealed-5", () => {
  itIsASoundFamily("sealed-5", families, make, SEEDS);

  it("plants every update form over five seeds", () => {
    const planted = new Set([1, 2, 3, 4, 5].flatMap((seed) => generateSealed5(seed, 600).forms));
    expect([...planted].sort()).toEqual(UPDATES.map((f) => f.name).sort());
  });

  it.each(SEEDS)(
    "seed %i: about half the facts are updated, each look-alike after its fact's latest value",
    (seed) => {
      const t = generateSealed5(seed, 600);
      expect(t.facts.filter((f) => f.values.length > 1)).toHaveLength(8);
      for (const [i, fact] of t.facts.entries()) {
        expect(new Set(fact.values).size).toBe(fact.values.length);
        const latest = t.statements.filter((s) => s.fact === i).at(-1)?.turn ?? Infinity;
        const alike = t.messages.findLastIndex((m) => (m.content ?? "").includes(fact.lookAlike));
        expect(alike + 1).toBeGreaterThan(latest);
      }
    },
  );

  it.each([1, 2, 3, 4, 5])(
    "seed %i: states some values inside tool output and some in prose",
    (seed) => {
      const t = generateSealed5(seed, 600);
      const roles = t.statements.map((s) => t.messages[s.turn - 1]?.role);
      expect(roles.filter((r) => r === "tool").length).toBeGreaterThan(0);
      expect(roles.filter((r) => r === "user" || r === "assistant").length).toBeGreaterThan(8);
    },
  );

  it("counts a statement's turn as its message index + 1", () => {
    const t = generateSealed5(7, 600);
    for (const s of t.statements) {
      expect(t.messages[s.turn - 1]?.content).toContain(s.sentence);
    }
  });
});
