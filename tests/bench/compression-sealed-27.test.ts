// The "sealed-27" compression family (corpora/compression-sealed-27.ts, a mobile
// game's live-ops session around a winter event): the shared soundness checks every
// generated family owes bench:compression, over the ten bench seeds, plus this
// family's own: every form is planted, half the facts change, values are distinct,
// old copies are re-printed after a change and the live-ops wording shows up.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { buildSealed27, GENERATED_FAMILY } from "../../corpora/compression-sealed-27.ts";
import { ALL_POOL_VALUES } from "../../corpora/compression-sealed-27-facts.ts";
import { FIRST_FORMS, UPDATE_FORMS } from "../../corpora/compression-sealed-27-forms.ts";
import {
  LOOK_ALIKE_FORMS,
  MENTION_FORMS,
  REJECTED_FORMS,
  RESTATE_FORMS,
  STALE_FORMS,
} from "../../corpora/compression-sealed-27-echoes.ts";
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

describe("bench:compression family sealed-27", () => {
  itIsASoundFamily("sealed-27", families, make, SEEDS);

  it("plants every form over the seeds", () => {
    const planted = new Set(SEEDS.flatMap((seed) => buildSealed27(seed, TURNS).forms));
    const all = [
      ...FIRST_FORMS,
      ...UPDATE_FORMS,
      ...STALE_FORMS,
      ...RESTATE_FORMS,
      ...REJECTED_FORMS,
      ...LOOK_ALIKE_FORMS,
      ...MENTION_FORMS,
    ].map((f) => f.name);
    expect(all.filter((name) => !planted.has(name))).toEqual([]);
  });

  it.each(SEEDS)("seed %i: eight facts change, four of them twice", (seed) => {
    const t = make(seed);
    expect(t.facts.filter((f) => f.values.length > 1)).toHaveLength(8);
    expect(t.facts.filter((f) => f.values.length === 3)).toHaveLength(4);
  });

  it.each(SEEDS)("seed %i: facts and look-alikes have distinct values and subjects", (seed) => {
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
    for (const fact of t.facts) {
      expect(fact.lookAlike.startsWith(fact.subject)).toBe(true);
    }
  });

  it.each(SEEDS)("seed %i: an old value is re-printed after the current one was stated", (seed) => {
    const t = make(seed);
    const reprints = t.statements.filter((s) => {
      const last = (t.facts[s.fact]?.values.length ?? 0) - 1;
      const current = t.statements.find((o) => o.fact === s.fact && o.value === last);
      return s.value < last && current !== undefined && current.turn < s.turn;
    });
    expect(reprints.length).toBeGreaterThan(0);
  });

  it.each(SEEDS)("seed %i: tool call ids are unique and numbered in transcript order", (seed) => {
    const ids = make(seed).messages.flatMap((m) =>
      m.role === "assistant" ? (m.tool_calls ?? []).map((c) => c.id) : [],
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort());
  });

  it("words the changes, old copies and turned-down values as a live-ops team would", () => {
    const text = SEEDS.flatMap((seed) => lines(make(seed).messages))
      .join("\n")
      .toLowerCase();
    for (const phrase of [
      "is now",
      "correction to what i said before",
      "decision: move the",
      "predates the change",
      "won't do",
      "what if we pushed the",
      "# snapshot",
      "stays at",
    ]) {
      expect(text).toContain(phrase);
    }
  });
});
