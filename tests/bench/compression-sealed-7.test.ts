// The "sealed-7" compression family (corpora/compression-sealed-7.ts, a lab data
// pipeline session): the shared soundness checks every generated family owes
// bench:compression, plus this family's own: every first, update and post form
// is planted over five seeds, every value is distinct, and the planted phrasings
// show up in the text.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { buildSealed7, GENERATED_FAMILY } from "../../corpora/compression-sealed-7.ts";
import { FIRST_FORMS } from "../../corpora/compression-sealed-7-forms.ts";
import { UPDATE_FORMS } from "../../corpora/compression-sealed-7-updates.ts";
import { POST_FORM_NAMES } from "../../corpora/compression-sealed-7-decoys.ts";
import { ALL_POOL_VALUES } from "../../corpora/compression-sealed-7-facts.ts";
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

describe("bench:compression family sealed-7", () => {
  itIsASoundFamily("sealed-7", families, make, SEEDS);

  it("plants every first, update and post form over five seeds", () => {
    const planted = new Set(SEEDS.flatMap((seed) => buildSealed7(seed, TURNS).forms));
    const all = [
      ...FIRST_FORMS.map((f) => f.name),
      ...UPDATE_FORMS.map((f) => f.name),
      ...POST_FORM_NAMES,
    ];
    expect(all.filter((name) => !planted.has(name))).toEqual([]);
  });

  it.each(SEEDS)(
    "seed %i: every update form once, eight facts changed, four of them twice",
    (seed) => {
      const t = buildSealed7(seed, TURNS);
      const updates = t.forms.filter((f) => UPDATE_FORMS.some((u) => u.name === f));
      expect([...updates].sort()).toEqual(UPDATE_FORMS.map((u) => u.name).sort());
      const changed = t.facts.filter((f) => f.values.length > 1);
      expect(changed.length).toBe(8);
      expect(t.forms).toContain("reprint-old-log");
      expect(t.forms).toContain("rejected-proposal");
    },
  );

  it.each(SEEDS)("seed %i: facts and look-alikes have distinct values", (seed) => {
    const t = make(seed);
    const values = t.facts.flatMap((f) => f.values);
    expect(new Set(values).size).toBe(values.length);
    expect(values.every((v) => ALL_POOL_VALUES.includes(v))).toBe(true);
    expect(new Set(ALL_POOL_VALUES).size).toBe(ALL_POOL_VALUES.length);
    const subjects = t.facts.map((f) => f.subject);
    expect(new Set(subjects).size).toBe(16);
    // No subject is inside another fact's subject or look-alike.
    const nested = t.facts.flatMap((f, i) =>
      t.facts.filter(
        (g, j) => i !== j && (g.subject.includes(f.subject) || g.lookAlike.includes(f.subject)),
      ),
    );
    expect(nested).toEqual([]);
  });

  it.each(SEEDS)(
    "seed %i: the correction, the params diff and the re-printed log are in the text",
    (seed) => {
      const t = make(seed);
      const text = lines(t.messages).map((l) => l.toLowerCase());
      expect(text.some((l) => l.includes("sorry, i meant"))).toBe(true);
      expect(text.some((l) => l.startsWith("(archived run"))).toBe(true);
      expect(text.filter((l) => /^[-+]\w+: .+ {4}# /.test(l)).length).toBeGreaterThanOrEqual(2);
      // A re-printed old log states a replaced value after the fact's latest value was first stated.
      const reprints = t.statements.filter((s) => {
        const fact = t.facts[s.fact];
        const current = t.statements.find(
          (o) => o.fact === s.fact && o.value === (fact?.values.length ?? 0) - 1,
        );
        return (
          s.value < (fact?.values.length ?? 0) - 1 && current !== undefined && current.turn < s.turn
        );
      });
      expect(reprints.length).toBeGreaterThan(0);
    },
  );

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

  it("words the terse confirmation, the PI's wish and the going-forward change as a session would", () => {
    const text = SEEDS.flatMap((seed) => lines(make(seed).messages))
      .join("\n")
      .toLowerCase();
    for (const phrase of [
      "ok go with",
      "the pi wants",
      "going forward",
      "switch the",
      "we considered",
      "not now",
    ]) {
      expect(text).toContain(phrase);
    }
  });
});
