// The sealed-3 compression family (corpora/compression-sealed-3.ts, an offsite-planning session):
// one transcript per seed, well-formed messages, and scoring data a perfect summariser meets
// under bench/compression.ts's rules (whole words, the look-alike removed, one line).
import { describe, expect, it } from "vitest";
import { itIsASoundFamily, lines, score } from "./generated-family.ts";
import { normaliseProse } from "../../shared/compress/normalise.ts";
import { turnText } from "../../shared/compress/turns.ts";
import {
  FAMILIES,
  makeTranscript,
  SEALED_3,
  UPDATE_KINDS,
  type Transcript,
} from "../../corpora/compression-sealed-3.ts";
import { perfectSummariser } from "../../bench/compression-methods.ts";
import {
  buildSummariseSystemPrompt,
  formatTurns,
  parseBullets,
  type SummariseStage,
} from "../../shared/model/contracts.ts";

const SEEDS = [1, 2, 3, 4, 5, 77, 20_261_123];
const make = (seed: number) => makeTranscript({ seed, family: SEALED_3, turns: 600 });

/** The harness's scripted perfect summariser run by hand: map windows of turns, then one reduce. */
async function perfectSummary(t: Transcript): Promise<string[]> {
  const client = perfectSummariser(t.statements);
  const ask = async (stage: SummariseStage, input: string) => {
    const answer = await client.call({
      role: "compression",
      messages: [
        { role: "system", content: buildSummariseSystemPrompt(stage) },
        { role: "user", content: input },
      ],
    });
    return answer.ok ? (answer.value.content ?? "") : "";
  };
  const turns = t.messages.map((m, turn) => ({ turn, text: normaliseProse(turnText(m)) }));
  const mapped: string[] = [];
  for (let i = 0; i < turns.length; i += 40) {
    mapped.push(await ask("map", formatTurns(turns.slice(i, i + 40))));
  }
  return parseBullets(await ask("reduce", mapped.join("\n"))).map((b) => b.text);
}

describe("sealed-3 compression family", () => {
  itIsASoundFamily(SEALED_3, FAMILIES, make, SEEDS);

  it.each(SEEDS)("seed %i: the harness's perfect summariser scores 100/0/0", async (seed) => {
    const t = make(seed);
    const summary = await perfectSummary(t);
    expect(summary).toHaveLength(t.facts.length);
    const facts = t.facts.length;
    expect(score(t, summary)).toEqual({ recalled: facts, staleOnly: 0, both: 0, facts });
  });

  it.each(SEEDS)("seed %i: every current value appears verbatim in the transcript", (seed) => {
    const t = make(seed);
    const text = t.messages.map((m) => m.content ?? "").join("\n");
    expect(t.facts.filter((f) => !text.includes(f.values.at(-1) ?? "\u0001"))).toEqual([]);
  });

  it.each(SEEDS)("seed %i: every fact's look-alike is planted", (seed) => {
    const t = make(seed);
    const text = lines(t.messages).map((l) => l.toLowerCase());
    for (const fact of t.facts) {
      const mentions = text.filter((l) => l.includes(fact.lookAlike.toLowerCase()));
      expect(mentions.length).toBeGreaterThan(0);
    }
  });

  it("plants updates of every kind over five seeds", () => {
    const five = [1, 2, 3, 4, 5].map(make);
    expect(
      five.flatMap((t) => t.facts.filter((f) => f.values.length > 1)).length,
    ).toBeGreaterThanOrEqual(60);
    const said = five.flatMap((t) =>
      t.statements.filter((s) => s.value > 0).map((s) => s.sentence),
    );
    const KIND_MARKERS: Record<(typeof UPDATE_KINDS)[number], RegExp> = {
      restate: /^Restating so/,
      now: /\bis now\b/,
      actually: /^Actually, make that/,
      typo: /^Correction, I fat-fingered/,
      paraphrase:
        /we landed on|re-issued|moved everyone|taking over|other site|rebooked the van|swapped us/,
      confirm: /^Done — changed the/,
      json: /^\{"field": /,
      table: /^\| .* \|$/,
      csv: /,confirmed,/,
      email: /^Hi all, quick one/,
      revert: /^Let's go back to/,
      narrow: /narrows to/,
      unit: /minutes on the new toll road/,
    };
    const missing = UPDATE_KINDS.filter((kind) => !said.some((s) => KIND_MARKERS[kind].test(s)));
    expect(missing).toEqual([]);
  });
});
