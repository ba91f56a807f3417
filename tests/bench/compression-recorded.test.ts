// Recorded summariser answers (bench/compression-recorded/, written by
// `bench:compression --record`) replayed through the real pipeline in Node: each
// request must be the one recorded, and the output is judged as the bench judges it.
// The ceiling's answers keep every current value; the "chatty" recording holds the
// same answers written as chatty models write JSON (reasoning tags, fences, numbers
// for strings, turns as text, trailing commas), which the healer must read alike.
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../shared/context/messages.ts";
import { refMatches } from "../../shared/context/refs.ts";
import { loadTokenizer } from "../../shared/context/tokens.ts";
import { compressConversation } from "../../shared/compress/compress.ts";
import { loadFamilies } from "../../bench/compression-family.ts";
import { generateTranscript } from "../../bench/compression-generator.ts";
import { loadRecordings, replaying } from "../../bench/compression-recorded.ts";
import { assertedLines, scoreFact } from "../../bench/compression-score.ts";

const tokenizer = await loadTokenizer("gpt-4o");
const families = loadFamilies();
const recordings = loadRecordings();
const count = (messages: readonly ChatMessage[]) =>
  messages.reduce((sum, m) => sum + tokenizer.countMessage(m), 0);

describe("recorded summariser answers through the real pipeline", () => {
  it("has recordings of the ceiling, the stand-in and a chatty writer", () => {
    const models = new Set(recordings.map((r) => r.recording.model));
    expect([...models].some((m) => m.startsWith("perfect-reader,"))).toBe(true);
    expect(models).toContain("perfect-reader");
    expect(models).toContain("lethe-local");
  });

  it.each(recordings.map((r) => [r.file, r.recording] as const))(
    "%s: same requests, budget met, refs resolve, nothing stale in the block",
    async (_file, rec) => {
      const family = families.find((f) => f.name === rec.family);
      expect(family).toBeDefined();
      if (family === undefined) {
        return;
      }
      const t = generateTranscript(family, rec.seed, rec.turns);
      const client = replaying(rec);
      const run = await compressConversation(t.messages, {
        tokenizer,
        client,
        windowTokens: rec.windowTokens,
        budget: { ratio: rec.ratio },
      });
      expect(run.ok).toBe(true);
      if (!run.ok) {
        return;
      }
      expect(client.mismatches).toBe(0);
      expect(run.value.method).toBe("map-reduce");
      expect(run.value.calls).toBe(rec.calls.length);
      expect(count(run.value.messages)).toBeLessThanOrEqual(run.value.budget.target ?? 0);
      const kept = new Map(run.value.kept.map((k) => [k.ref, k.content]));
      for (const ref of run.value.summary.match(/ref:[0-9a-f]{32}/g) ?? []) {
        expect(refMatches(ref, kept.get(ref) ?? "")).toBe(true);
      }
      const proposing = new Set(t.proposals.map((p) => t.messages[p.turn - 1]?.content ?? ""));
      const lines = assertedLines(run.value.messages, proposing);
      const scores = t.facts.map((f) => scoreFact(f, lines));
      expect(scores.filter((s) => s.staleInSummary)).toEqual([]);
      // The ceiling keeps every current value; any other recording keeps what it kept.
      const missed = scores.filter((s) => !s.recalled).length;
      expect(rec.model.startsWith("perfect-reader") ? missed : 0).toBe(0);
    },
  );
});
