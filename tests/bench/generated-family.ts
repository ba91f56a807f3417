// The checks every whole-transcript compression family owes the bench, shared by the
// blind families' tests (tests/bench/compression-sealed-*.test.ts): registered, one
// transcript per seed, well-formed messages, and scoring data a perfect summariser can meet
// under bench/compression.ts's rules (whole words, the look-alike removed, one line).
import { expect, it } from "vitest";
import { ChatMessageSchema, type ChatMessage } from "../../shared/context/messages.ts";
import { normaliseProse } from "../../shared/compress/normalise.ts";
import { turnText } from "../../shared/compress/turns.ts";
import type { Transcript } from "../../corpora/compression-transcript.ts";
import { hasPhrase as has, scoreLines } from "../../bench/compression-methods.ts";

type FamilyTranscript = Pick<Transcript, "messages" | "facts" | "statements">;

/** bench/compression.ts's score for a list of visible lines. */
export const score = (t: FamilyTranscript, lines: readonly string[]) => scoreLines(t.facts, lines);

/** What the scripted perfect summariser keeps: each fact's latest statement. */
export function perfectLines(t: FamilyTranscript, normalise: (s: string) => string): string[] {
  return t.facts.map((_, i) => {
    const latest = t.statements.filter((s) => s.fact === i).at(-1);
    return normalise(latest?.sentence ?? "").replace(/\n/g, " ");
  });
}

export const lines = (messages: readonly ChatMessage[]) =>
  messages.flatMap((m) => (m.content ?? "").split(/\r?\n/));

/** Defines the shared checks inside the caller's describe; `make(seed)` counts turns from 0. */
export function itIsASoundFamily(
  name: string,
  families: readonly string[],
  make: (seed: number) => FamilyTranscript,
  SEEDS: readonly number[],
): void {
  it("is registered beside the other families", () => {
    expect(families).toContain(name);
    expect(new Set(families).size).toBe(families.length);
  });

  it("is the same transcript for the same seed and another for another seed", () => {
    expect(make(3)).toEqual(make(3));
    expect(JSON.stringify(make(3).messages)).not.toBe(JSON.stringify(make(4).messages));
  });

  it.each(SEEDS)("seed %i: well-formed, long OpenAI-style messages", (seed) => {
    const t = make(seed);
    expect(t.messages.length).toBeGreaterThanOrEqual(601);
    expect(t.messages.filter((m) => !ChatMessageSchema.safeParse(m).success)).toEqual([]);
    // Every tool call is answered by the next message.
    const unanswered = t.messages.filter((m, i) => {
      const next = t.messages[i + 1];
      const id = m.role === "assistant" ? m.tool_calls?.[0]?.id : undefined;
      return id !== undefined && !(next?.role === "tool" && next.tool_call_id === id);
    });
    expect(unanswered).toEqual([]);
    expect(t.messages.filter((m) => m.role === "tool").length).toBeGreaterThan(100);
  });

  it.each(SEEDS)(
    "seed %i: every statement is verbatim in its message and names its value",
    (seed) => {
      const t = make(seed);
      expect(t.facts).toHaveLength(16);
      for (const s of t.statements) {
        const fact = t.facts[s.fact];
        const message = t.messages[s.turn];
        expect(message?.content ?? "").toContain(s.sentence);
        // The scripted perfect summariser (bench/compression-methods.ts) finds it the same way.
        const shown = message === undefined ? "" : normaliseProse(turnText(message));
        expect(shown).toContain(normaliseProse(s.sentence));
        const line = s.sentence
          .toLowerCase()
          .split(fact?.lookAlike.toLowerCase() ?? "\u0001")
          .join(" ");
        expect(has(line, fact?.subject.toLowerCase() ?? "")).toBe(true);
        expect(has(line, fact?.values[s.value]?.toLowerCase() ?? "\u0001")).toBe(true);
      }
    },
  );

  it.each(SEEDS)("seed %i: each fact's current value is its latest statement's", (seed) => {
    const t = make(seed);
    for (const [i, fact] of t.facts.entries()) {
      const mine = t.statements.filter((s) => s.fact === i);
      expect(mine.at(-1)?.value).toBe(fact.values.length - 1);
      // Statements come in transcript order.
      const turns = mine.map((s) => s.turn);
      expect(turns).toEqual([...turns].sort((a, b) => a - b));
    }
  });

  it.each(SEEDS)("seed %i: the whole transcript and a perfect summary score 100%", (seed) => {
    const t = make(seed);
    const whole = score(t, lines(t.messages));
    expect(whole.recalled).toBe(whole.facts);
    for (const normalise of [(s: string) => s, normaliseProse]) {
      const perfect = score(t, perfectLines(t, normalise));
      expect(perfect).toEqual({ recalled: whole.facts, staleOnly: 0, both: 0, facts: whole.facts });
    }
  });

  it.each(SEEDS)(
    "seed %i: only declared statements name a fact together with one of its values",
    (seed) => {
      const t = make(seed);
      const declared = t.statements.map((s) => s.sentence.toLowerCase());
      const undeclared = t.facts.flatMap((fact) =>
        lines(t.messages)
          .map((l) => l.toLowerCase())
          .filter((line) => {
            const about = line.split(fact.lookAlike.toLowerCase()).join(" \u0000 ");
            return (
              has(about, fact.subject.toLowerCase()) &&
              fact.values.some((v) => has(about, v.toLowerCase())) &&
              !declared.some((d) => line.includes(d))
            );
          }),
      );
      expect(undeclared).toEqual([]);
    },
  );
}
