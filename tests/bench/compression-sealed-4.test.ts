// The sealed-4 compression family (corpora/compression-sealed-4.ts), written blind to the
// compressor: it is registered, sound for bench:compression's scoring on several seeds, and
// plants every update form it knows (prose and inside tool output) over five seeds.
import { describe, expect, it } from "vitest";
import { discoverFamilies } from "../../bench/compression-families.ts";
import { GENERATED_FAMILY, plantedUpdates } from "../../corpora/compression-sealed-4.ts";
import { UPDATE_FORMS, isToolForm } from "../../corpora/compression-sealed-4-tool-lines.ts";
import { itIsASoundFamily } from "./generated-family.ts";

const corpora = new URL("../../corpora/", import.meta.url).pathname;
const families = (await discoverFamilies(corpora)).map((f) => f.name);
const TURNS = 600;

/** The transcript with statements counted from message 0, as the shared checks read them. */
const make = (seed: number) => {
  const t = GENERATED_FAMILY.generate(seed, TURNS);
  return { ...t, statements: t.statements.map((s) => ({ ...s, turn: s.turn - 1 })) };
};

describe("compression family sealed-4 (incident response, blind)", () => {
  itIsASoundFamily("sealed-4", families, make, [1, 2, 3, 4, 5, 17, 101]);

  it("plants every update form over seeds 1 to 5, each as a declared statement", () => {
    const planted = new Set<string>();
    for (const seed of [1, 2, 3, 4, 5]) {
      const t = GENERATED_FAMILY.generate(seed, TURNS);
      for (const u of plantedUpdates(seed, TURNS)) {
        const s = t.statements.find((x) => x.fact === u.fact && x.value === u.value);
        // Tool-output forms sit in a tool message, prose forms in what a person or the agent says.
        const role = t.messages[(s?.turn ?? 0) - 1]?.role;
        expect(isToolForm(u.form) ? role === "tool" : role === "user" || role === "assistant").toBe(
          true,
        );
        planted.add(u.form);
      }
      expect(t.statements.filter((x) => x.value > 0)).toHaveLength(
        plantedUpdates(seed, TURNS).length,
      );
    }
    expect([...planted].sort()).toEqual([...UPDATE_FORMS].sort());
  });

  it("writes the asked number of turns for a shorter or longer session", () => {
    for (const turns of [200, 1200]) {
      const t = GENERATED_FAMILY.generate(7, turns);
      expect(t.messages.length).toBeGreaterThanOrEqual(turns + 1);
      expect(t.messages.length).toBeLessThan(turns + 12);
      expect(t.statements.every((s) => t.messages[s.turn - 1]?.content?.includes(s.sentence))).toBe(
        true,
      );
    }
  });

  it("updates about half the facts, some twice, and states each look-alike after its fact", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const t = GENERATED_FAMILY.generate(seed, TURNS);
      const updated = t.facts.filter((f) => f.values.length > 1);
      expect(updated.length).toBe(8);
      expect(t.facts.filter((f) => f.values.length === 3).length).toBe(3);
      for (const [i, fact] of t.facts.entries()) {
        const last = t.statements.filter((s) => s.fact === i).at(-1)?.turn ?? 0;
        const alike = t.messages.findIndex((m) => (m.content ?? "").includes(fact.lookAlike));
        const alikeLast = t.messages.findLastIndex((m) =>
          (m.content ?? "").includes(fact.lookAlike),
        );
        expect(alike).toBeGreaterThan(-1);
        expect(alikeLast + 1).toBeGreaterThan(last);
        expect(new Set(fact.values).size).toBe(fact.values.length);
      }
    }
  });

  it("mentions subjects without a value", () => {
    const t = GENERATED_FAMILY.generate(1, TURNS);
    const bare = t.facts.filter((f) =>
      t.messages.some((m) => {
        const c = m.content ?? "";
        return c.includes(f.subject) && !f.values.some((v) => c.includes(v));
      }),
    );
    expect(bare.length).toBeGreaterThan(8);
  });
});
