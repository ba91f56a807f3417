// Chunking at turn, paragraph, line and then half boundaries, counted exactly.
import fc from "fast-check";
import { describe, it } from "vitest";
import { loadTokenizer } from "../../../shared/context/tokens.ts";
import { chunkTurns, splitTurn } from "../../../shared/compress/chunk.ts";
import { formatTurns } from "../../../shared/model/summarise-contract.ts";

const tokenizer = await loadTokenizer("gpt-4o");
const squash = (s: string) => s.replace(/\s+/g, "");

describe("chunkTurns", () => {
  it("keeps whole turns together when they fit", ({ expect }) => {
    const turns = [
      { turn: 1, role: "user", text: "The port is 8443." },
      { turn: 2, role: "assistant", text: "Fine." },
      { turn: 3, role: "user", text: "The tag is v2." },
    ];
    expect(chunkTurns(turns, 200, tokenizer)).toEqual([turns]);
  });

  it("splits a turn at paragraphs before lines", ({ expect }) => {
    const text = "First paragraph one.\nStill first.\n\nSecond paragraph here.\nAnd more.";
    const pieces = splitTurn({ turn: 4, role: "user", text }, 14, tokenizer);
    expect(pieces.map((p) => p.text)).toEqual([
      "First paragraph one.\nStill first.",
      "Second paragraph here.\nAnd more.",
    ]);
    const finer = splitTurn({ turn: 4, role: "user", text }, 10, tokenizer);
    expect(finer.map((p) => p.text)).toEqual([
      "First paragraph one.",
      "Still first.",
      "Second paragraph here.",
      "And more.",
    ]);
    expect(finer.every((p) => p.turn === 4)).toBe(true);
  });

  it("halves a single sentence too long for the budget until its pieces fit", ({ expect }) => {
    const text = `${"word ".repeat(300)}end`;
    const pieces = splitTurn({ turn: 9, role: "user", text }, 40, tokenizer);
    expect(pieces.length).toBeGreaterThan(5);
    for (const piece of pieces) {
      expect(tokenizer.count(formatTurns([piece]))).toBeLessThanOrEqual(40);
    }
    expect(squash(pieces.map((p) => p.text).join(""))).toBe(squash(text));
  });

  it("never makes a chunk past the budget and loses no text (property)", ({ expect }) => {
    const word = fc.constantFrom(
      "alpha",
      "beta",
      "7",
      "x_y",
      "Zeta.",
      "q!",
      "\n\n",
      "\n",
      "é",
      "日本",
    );
    const turn = fc.array(word, { maxLength: 120 }).map((ws) => ws.join(" "));
    fc.assert(
      fc.property(
        fc.array(turn, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 24, max: 300 }),
        (texts, budget) => {
          const turns = texts.map((text, i) => ({ turn: i + 1, role: "user", text }));
          const chunks = chunkTurns(turns, budget, tokenizer);
          for (const chunk of chunks) {
            expect(tokenizer.count(formatTurns(chunk))).toBeLessThanOrEqual(budget);
          }
          for (const t of turns) {
            const pieces = chunks.flat().filter((p) => p.turn === t.turn);
            expect(squash(pieces.map((p) => p.text).join(""))).toBe(squash(t.text));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
