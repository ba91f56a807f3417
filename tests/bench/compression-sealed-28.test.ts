// The "sealed-28" compression family (corpora/compression-sealed-28.ts, a satellite
// ground-station and flight-dynamics shift): the shared soundness checks every
// generated family owes bench:compression, plus this family's own: every form is
// planted over the seeds, values are distinct, stale re-prints come after the change
// and are followed by the current value, rejected proposals never state a fact value,
// and the prose filler names no subject or pooled value.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { buildSealed28, GENERATED_FAMILY } from "../../corpora/compression-sealed-28.ts";
import {
  DECOY_FORMS,
  FIRST_FORMS,
  LOOK_ALIKE_FORMS,
  MENTION_FORMS,
  RECONFIRM_FORMS,
  RESTATE_FORMS,
  STALE_FORMS,
  UPDATE_FORMS,
} from "../../corpora/compression-sealed-28-forms.ts";
import { ALL_POOL_VALUES, SEALED28_FACTS } from "../../corpora/compression-sealed-28-facts.ts";
import { ASSISTANT_CHATTER, USER_CHATTER } from "../../corpora/compression-sealed-28-filler.ts";
import { hasPhrase } from "../../bench/compression-methods.ts";
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

describe("bench:compression family sealed-28", () => {
  itIsASoundFamily("sealed-28", families, make, SEEDS);

  it("plants every form over the seeds", () => {
    const planted = new Set(SEEDS.flatMap((seed) => buildSealed28(seed, TURNS).forms));
    const all = [
      FIRST_FORMS,
      UPDATE_FORMS,
      RESTATE_FORMS,
      STALE_FORMS,
      RECONFIRM_FORMS,
      DECOY_FORMS,
      LOOK_ALIKE_FORMS,
      MENTION_FORMS,
    ].flatMap((forms) => forms.map((f) => f.name));
    expect(all.filter((name) => !planted.has(name))).toEqual([]);
  });

  it("keeps every pooled value distinct and no value a whole-word part of another", () => {
    expect(new Set(ALL_POOL_VALUES).size).toBe(ALL_POOL_VALUES.length);
    for (const spec of SEALED28_FACTS) {
      for (const a of spec.pool) {
        const inside = spec.pool.filter(
          (b) => b !== a && hasPhrase(b.toLowerCase(), a.toLowerCase()),
        );
        expect(inside).toEqual([]);
      }
    }
  });

  it.each(SEEDS)("seed %i: eight facts change, three of them twice", (seed) => {
    const t = make(seed);
    expect(t.facts.filter((f) => f.values.length > 1)).toHaveLength(8);
    expect(t.facts.filter((f) => f.values.length === 3)).toHaveLength(3);
    const subjects = t.facts.map((f) => f.subject);
    const nested = t.facts.flatMap((f, i) =>
      subjects.filter(
        (s, j) => i !== j && (s.includes(f.subject) || t.facts[j]?.lookAlike.includes(f.subject)),
      ),
    );
    expect(nested).toEqual([]);
  });

  it.each(SEEDS)(
    "seed %i: a tool re-prints a replaced value after the change, then it is reconfirmed",
    (seed) => {
      const t = make(seed);
      const stale = t.facts.flatMap((fact, i) => {
        const mine = t.statements.filter((s) => s.fact === i);
        const latestFirst = mine.find((s) => s.value === fact.values.length - 1)?.turn ?? Infinity;
        return mine.filter(
          (s) =>
            s.value < fact.values.length - 1 &&
            s.turn > latestFirst &&
            t.messages[s.turn]?.role === "tool",
        );
      });
      expect(stale.length).toBeGreaterThanOrEqual(1);
    },
  );

  it.each(SEEDS)("seed %i: look-alikes come after their fact's latest statement", (seed) => {
    const t = make(seed);
    const early = t.facts.flatMap((fact, i) => {
      const latest = t.statements.filter((s) => s.fact === i).at(-1)?.turn ?? 0;
      const named = t.messages.flatMap((m, turn) =>
        (m.content ?? "").toLowerCase().includes(fact.lookAlike.toLowerCase()) ? [turn] : [],
      );
      return named.length !== 1 || (named[0] ?? 0) <= latest ? [fact.lookAlike] : [];
    });
    expect(early).toEqual([]);
  });

  it("prose filler names no subject and no pooled value", () => {
    const filler = [...USER_CHATTER, ...ASSISTANT_CHATTER].map((l) => l.toLowerCase());
    const named = filler.filter((line) =>
      SEALED28_FACTS.some(
        (spec) =>
          line.includes(spec.subject.toLowerCase()) ||
          spec.pool.some((v) => hasPhrase(line, v.toLowerCase())),
      ),
    );
    expect(named).toEqual([]);
  });

  it("words changes, corrections and refusals the way a console shift would", () => {
    const text = [1, 2, 3]
      .flatMap((seed) => lines(make(seed).messages))
      .join("\n")
      .toLowerCase();
    for (const phrase of [
      "is now",
      "should be",
      "turned down",
      "what if",
      "that printout is old",
      "diff --git",
    ]) {
      expect(text).toContain(phrase);
    }
  });
});
