// The one suite every compression family passes (bench/compression-families/*.json
// through bench/compression-generator.ts): valid data, deterministic seeded
// transcripts of well-formed messages, the planted histories the bench scores,
// every statement holding its value where it is recorded, and the perfect reader
// able to keep every current value. Adding a family adds its cases here.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ChatMessageSchema } from "../../shared/context/messages.ts";
import { formatSummariseRequest } from "../../shared/model/summarise-contract.ts";
import { perfectAnswer } from "../../bench/compression-ceiling.ts";
import { CARRIERS, loadFamilies } from "../../bench/compression-family.ts";
import { generateTranscript } from "../../bench/compression-generator.ts";

const families = loadFamilies();
const SEEDS = [1, 2, 3];

describe("the compression families", () => {
  it("hold at least three held-out families, and the generator with them stays under 6,000 lines", () => {
    expect(families.filter((f) => f.heldOut).length).toBeGreaterThanOrEqual(3);
    expect(new Set(families.map((f) => f.name)).size).toBe(families.length);
    const bench = new URL("../../bench/", import.meta.url).pathname;
    const files = [
      ...readdirSync(`${bench}compression-families`).map((f) => `compression-families/${f}`),
      "compression-generator.ts",
      "compression-carriers.ts",
      "compression-family.ts",
    ];
    const lines = files.reduce(
      (sum, f) => sum + readFileSync(`${bench}${f}`, "utf8").split("\n").length,
      0,
    );
    expect(lines).toBeLessThanOrEqual(6_000);
  });
});

describe.each(families.map((f) => [f.name, f] as const))("family %s", (_name, family) => {
  it("is the same transcript for the same seed and another for another seed", () => {
    expect(generateTranscript(family, 3, 200)).toEqual(generateTranscript(family, 3, 200));
    const a = JSON.stringify(generateTranscript(family, 3, 200).messages);
    expect(JSON.stringify(generateTranscript(family, 4, 200).messages)).not.toBe(a);
  });

  it.each(SEEDS)(
    "seed %i: long, well-formed OpenAI messages; every tool call answered next",
    (seed) => {
      const t = generateTranscript(family, seed);
      expect(t.messages.length).toBeGreaterThanOrEqual(601);
      expect(t.messages.filter((m) => !ChatMessageSchema.safeParse(m).success)).toEqual([]);
      const unanswered = t.messages.filter((m, i) => {
        const id = m.role === "assistant" ? m.tool_calls?.[0]?.id : undefined;
        const next = t.messages[i + 1];
        return id !== undefined && !(next?.role === "tool" && next.tool_call_id === id);
      });
      expect(unanswered).toEqual([]);
    },
  );

  it.each(SEEDS)(
    "seed %i: twelve facts, eight changed, distinct values, each statement holding its value",
    (seed) => {
      const t = generateTranscript(family, seed);
      expect(t.facts).toHaveLength(12);
      expect(t.facts.filter((f) => f.values.length > 1)).toHaveLength(8);
      for (const [i, fact] of t.facts.entries()) {
        expect(new Set(fact.values).size).toBe(fact.values.length);
        const said = t.statements.filter((s) => s.fact === i);
        expect(said.map((s) => s.value)).toEqual(fact.values.map((_, k) => k));
        expect(said.map((s) => s.turn)).toEqual(said.map((s) => s.turn).sort((a, b) => a - b));
        for (const s of said) {
          expect(t.messages[s.turn - 1]?.content ?? "", `${fact.key} at ${s.turn}`).toContain(
            fact.values[s.value],
          );
        }
      }
      for (const p of t.proposals) {
        expect(t.messages[p.turn - 1]?.content).toContain(p.value);
      }
    },
  );

  it("uses every carrier its weights allow, over five seeds", () => {
    const used = new Set(
      SEEDS.concat([4, 5]).flatMap((seed) =>
        generateTranscript(family, seed).statements.map((s) => s.carrier),
      ),
    );
    const allowed = CARRIERS.filter((c) => (family.carriers[c] ?? 0) > 0);
    expect([...used].sort()).toEqual([...allowed].sort());
  });

  it.each(SEEDS)(
    "seed %i: the perfect reader, shown every turn, has each current value current",
    (seed) => {
      const t = generateTranscript(family, seed);
      const turns = t.messages.map((m, i) => ({
        turn: i + 1,
        role: m.role,
        text: m.content ?? "",
      }));
      const answer = perfectAnswer(t, formatSummariseRequest([], turns));
      for (const fact of t.facts) {
        const current = answer.facts.filter(
          (f) => f.subject === fact.subject && f.status === "current",
        );
        expect(current.map((f) => f.value)).toEqual([fact.values.at(-1)]);
      }
    },
  );
});
