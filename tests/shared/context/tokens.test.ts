import fc from "fast-check";
import { get_encoding } from "tiktoken";
import { beforeAll, describe, it } from "vitest";
import { BpeCounter, LONG_PIECE_BYTES, PIECE_CACHE_ENTRIES } from "../../../shared/context/bpe.ts";
import { CL100K_PATTERNS, O200K_PATTERNS } from "../../../shared/context/split-patterns.ts";
import {
  COUNT_CACHE_ENTRIES,
  RECENT_TEXT_CHARS,
  loadTokenizer,
  loadedTokenizer,
  resolveEncoding,
  type EncodingName,
  type Tokenizer,
} from "../../../shared/context/tokens.ts";
import { makeCorpus, oracleCount } from "./oracle.ts";

/** The encodings Lethe ships (EncodingName), each checked against tiktoken. */
const ENCODINGS: readonly EncodingName[] = ["o200k_base", "cl100k_base"];

const tokenizers = new Map<string, Tokenizer>();
beforeAll(async () => {
  for (const encoding of ENCODINGS) {
    tokenizers.set(encoding, await loadTokenizer(encoding));
  }
});
const tok = (encoding: string): Tokenizer => {
  const t = tokenizers.get(encoding);
  if (t === undefined) {
    throw new Error(`tokenizer ${encoding} not loaded`);
  }
  return t;
};

// Fragments that stress every pre-tokenizer branch and the safe cuts between ASCII and Unicode stretches.
const FRAGMENTS = [
  "a",
  "Z",
  "ab",
  " ",
  "  ",
  "\n",
  "\r\n",
  "\t",
  "é",
  "中",
  "文",
  "😀",
  "👍🏽",
  "'s",
  "'LL",
  "1",
  "123",
  "!",
  "/",
  "//",
  "<|endoftext|>",
  "{",
  '"',
  ".",
  "ſ",
  "\u0301",
  "\u00a0",
  "x ",
  "Hello ",
  "world ",
];
const textArb = fc
  .array(fc.constantFrom(...FRAGMENTS), { maxLength: 80 })
  .map((parts) => parts.join(""));

describe.each(ENCODINGS)("%s token counts", (encoding) => {
  it("equal the js-tiktoken oracle on code, prose, JSON, CJK, emoji, base64 and special-token strings", ({
    expect,
  }) => {
    for (const text of makeCorpus()) {
      expect(tok(encoding).count(text), JSON.stringify(text.slice(0, 40))).toBe(
        oracleCount(encoding, text),
      );
    }
  });

  it("equal the oracle on long runs of one letter, one symbol and whitespace", ({ expect }) => {
    for (const length of [LONG_PIECE_BYTES - 1, LONG_PIECE_BYTES + 1, 1_000]) {
      for (const text of [
        "a".repeat(length),
        "Q".repeat(length),
        `x${"!".repeat(length)}`,
        ` ${"\n".repeat(length)}y`,
        "ab".repeat(length / 2),
        "中".repeat(length / 3),
      ]) {
        expect(
          tok(encoding).count(text),
          `${JSON.stringify(text.slice(0, 3))}×${text.length}`,
        ).toBe(oracleCount(encoding, text));
      }
    }
  });

  it("equal tiktoken's own (WASM) counts on 15,000-character runs", ({ expect }) => {
    const wasm = get_encoding(encoding);
    try {
      for (const text of ["a".repeat(16_000), "xyzzy".repeat(3_000), `${"=".repeat(16_000)} end`]) {
        expect(tok(encoding).count(text)).toBe(wasm.encode(text, [], []).length);
      }
    } finally {
      wasm.free();
    }
    // tiktoken's WASM is quadratic on long single-token runs: a second under no load, more on a busy CI.
  }, 30_000);

  it("equal the oracle on random mixtures, cut into tiny stretches", async ({ expect }) => {
    const { default: ranks } =
      encoding === "o200k_base"
        ? await import("gpt-tokenizer/bpeRanks/o200k_base")
        : await import("gpt-tokenizer/bpeRanks/cl100k_base");
    const bpe = new BpeCounter(
      ranks,
      encoding === "o200k_base" ? O200K_PATTERNS : CL100K_PATTERNS,
      { segmentChars: 4 },
    );
    fc.assert(
      fc.property(textArb, (text) => {
        expect(bpe.count(text)).toBe(oracleCount(encoding, text));
      }),
      { numRuns: 300 },
    );
  });

  it("merges a piece identically with the heap and with tiktoken's scan", async ({ expect }) => {
    const { default: ranks } =
      encoding === "o200k_base"
        ? await import("gpt-tokenizer/bpeRanks/o200k_base")
        : await import("gpt-tokenizer/bpeRanks/cl100k_base");
    const bpe = new BpeCounter(ranks, encoding === "o200k_base" ? O200K_PATTERNS : CL100K_PATTERNS);
    const pieceArb = fc
      .array(fc.constantFrom("a", "b", "e", "n", "x", "é", "中", "😀", "aa", "ing"), {
        minLength: 1,
        maxLength: 120,
      })
      .map((p) => p.join(""));
    fc.assert(
      fc.property(pieceArb, (piece) => {
        expect(bpe.countPieceWith(piece, "heap")).toBe(bpe.countPieceWith(piece, "scan"));
      }),
      { numRuns: 300 },
    );
  });
});

describe("the tokenizer", () => {
  it("maps model names to encodings and reports the fallback", ({ expect }) => {
    const cases: [string, string, boolean][] = [
      ["gpt-4o", "o200k_base", false],
      ["gpt-4o-mini-2024-07-18", "o200k_base", false],
      ["gpt-4.1-nano", "o200k_base", false],
      ["o1-preview", "o200k_base", false],
      ["o3", "o200k_base", false],
      ["o4-mini", "o200k_base", false],
      ["gpt-5", "o200k_base", false],
      ["openai/gpt-5.1-codex", "o200k_base", false],
      ["gpt-4", "cl100k_base", false],
      ["gpt-4-turbo-2024-04-09", "cl100k_base", false],
      ["gpt-3.5-turbo", "cl100k_base", false],
      ["text-embedding-3-small", "cl100k_base", false],
      ["lethe-local", "o200k_base", true],
      ["gpt-4oops", "o200k_base", true],
      ["", "o200k_base", true],
    ];
    for (const [model, encoding, fallback] of cases) {
      expect(resolveEncoding(model), model).toEqual({ encoding, fallback });
    }
  });

  it("loads each encoding once and hands out the loaded tokenizer synchronously", async ({
    expect,
  }) => {
    expect(await loadTokenizer("gpt-4o")).toBe(tok("o200k_base"));
    expect(loadedTokenizer("gpt-3.5-turbo")).toBe(tok("cl100k_base"));
  });

  it("never throws on special-token strings and counts them as text", ({ expect }) => {
    expect(() => tok("o200k_base").count("<|endoftext|>")).not.toThrow();
    expect(tok("o200k_base").count("<|endoftext|>")).toBeGreaterThan(1);
  });

  it("keeps its piece and count caches bounded on random-looking input", ({ expect }) => {
    const t = tok("o200k_base");
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed;
    };
    for (let i = 0; i < 12_000; i++) {
      const word = Array.from({ length: 6 }, () => String.fromCharCode(97 + (random() % 26))).join(
        "",
      );
      t.countCached(`${word} ${word}q`);
    }
    for (let i = 0; i < 40; i++) {
      t.countCached(`${"large text block ".repeat(4_000)}${i}`);
    }
    expect(t.cacheSizes.pieces).toBeLessThanOrEqual(PIECE_CACHE_ENTRIES);
    expect(t.cacheSizes.counts).toBeLessThanOrEqual(COUNT_CACHE_ENTRIES);
    expect(t.cacheSizes.recentChars).toBeLessThanOrEqual(RECENT_TEXT_CHARS);
  });

  it("counts cached content the same as uncached, and chat messages with OpenAI's overhead", ({
    expect,
  }) => {
    const t = tok("o200k_base");
    const text = makeCorpus()[0] ?? "";
    expect(t.countCached(text)).toBe(t.count(text));
    expect(t.countCached(text)).toBe(oracleCount("o200k_base", text));
    const messages = [
      { role: "system" as const, content: "You are terse." },
      { role: "user" as const, content: "Hi", name: "ada" },
    ];
    // 3 priming + (3 + role + content) + (3 + role + content + 1 + name)
    const expected =
      3 +
      3 +
      t.count("system") +
      t.count("You are terse.") +
      3 +
      t.count("user") +
      t.count("Hi") +
      1 +
      t.count("ada");
    expect(t.countMessages(messages)).toBe(expected);
  });
});
