// Exact byte-pair-encoding token counter over gpt-tokenizer's rank tables, with
// a heap-based merge for long pieces so hostile input costs O(n log n), not
// O(n²). tokens.ts builds one per encoding; nothing else should import it.
import { LruCache } from "./lru.ts";
import { MinHeap } from "./min-heap.ts";
import { NON_ASCII, SAFE_CUT, type SplitPatterns } from "./split-patterns.ts";

/** gpt-tokenizer's rank table: index = rank; a string when the token is valid UTF-8, else its bytes. */
export type RawRanks = readonly (string | readonly number[])[];

/**
 * Pieces longer than this (in UTF-8 bytes) are merged with a binary heap.
 * PLATFORM.md: the quadratic scan of every JS tokenizer starts to hurt on runs
 * of letters or symbols past 256 characters; below it the plain scan is fastest.
 */
export const LONG_PIECE_BYTES = 256;
/**
 * Piece → count cache size. gpt-tokenizer's default (100,000 merges) grew
 * ~26 MiB on random-looking input and then slowed 4-5× (PLATFORM.md); 8,192
 * short pieces stay under ~2 MiB and still catch the repeats of normal text.
 */
export const PIECE_CACHE_ENTRIES = 8_192;

/**
 * Text is split at safe cuts (split-patterns.ts) into stretches of about this
 * many characters, so pure-ASCII stretches use the faster ASCII pattern even
 * when the text has some non-ASCII elsewhere (code with a few accented comments).
 */
export const SEGMENT_CHARS = 1_024;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Byte pairs up to this long are memoised by value in the heap merge (6 bytes + length < 2^53). */
const MEMO_MAX_BYTES = 6;
// Positions in a heap key: rank * 2^32 + byte offset, exact in a double (rank < 2^18).
const HEAP_POSITION_SPAN = 2 ** 32;

interface Utf8Piece {
  /** The piece with lone surrogates replaced by U+FFFD, as TextEncoder (and tiktoken) see it. */
  text: string;
  /** UTF-8 length. */
  length: number;
  /** ASCII: byte offsets are string offsets, and bytes/charAt stay empty. */
  ascii: boolean;
  bytes: Uint8Array;
  /** UTF-16 index of each byte offset that starts a character (length bytes+1), else -1. */
  charAt: Int32Array;
}

const NO_BYTES = new Uint8Array(0);
const NO_OFFSETS = new Int32Array(0);

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0x7f) {
      return false;
    }
  }
  return true;
}

function toUtf8(piece: string): Utf8Piece {
  if (isAscii(piece)) {
    return { text: piece, length: piece.length, ascii: true, bytes: NO_BYTES, charAt: NO_OFFSETS };
  }
  const text = piece.replace(LONE_SURROGATE, "\uFFFD");
  const bytes = new Uint8Array(text.length * 3);
  const charAt = new Int32Array(text.length * 3 + 1).fill(-1);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    charAt[n] = i;
    const code = text.codePointAt(i) ?? 0;
    if (code < 0x80) {
      bytes[n++] = code;
    } else if (code < 0x800) {
      bytes[n++] = 0xc0 | (code >> 6);
      bytes[n++] = 0x80 | (code & 0x3f);
    } else if (code < 0x10000) {
      bytes[n++] = 0xe0 | (code >> 12);
      bytes[n++] = 0x80 | ((code >> 6) & 0x3f);
      bytes[n++] = 0x80 | (code & 0x3f);
    } else {
      bytes[n++] = 0xf0 | (code >> 18);
      bytes[n++] = 0x80 | ((code >> 12) & 0x3f);
      bytes[n++] = 0x80 | ((code >> 6) & 0x3f);
      bytes[n++] = 0x80 | (code & 0x3f);
      i++; // the low surrogate of the pair
    }
  }
  charAt[n] = text.length;
  return {
    text,
    length: n,
    ascii: false,
    bytes: bytes.subarray(0, n),
    charAt: charAt.subarray(0, n + 1),
  };
}

function latin1(bytes: ArrayLike<number>, start: number, end: number): string {
  let key = "";
  for (let i = start; i < end; i++) {
    key += String.fromCharCode(bytes[i] ?? 0);
  }
  return key;
}

export class BpeCounter {
  readonly #stringRanks = new Map<string, number>();
  /** Tokens that are not valid UTF-8 on their own, keyed by their bytes as latin1. */
  readonly #binaryRanks = new Map<string, number>();
  readonly #unicode: RegExp;
  readonly #ascii: RegExp;
  readonly #cut = new RegExp(SAFE_CUT.source, "g");
  readonly #nonAscii = new RegExp(NON_ASCII.source, "g");
  readonly #segmentChars: number;
  readonly #pieces: LruCache<string, number>;
  /** Upper bound on a token's UTF-8 length: longer byte ranges are never looked up. */
  #maxTokenBytes = 0;

  constructor(
    ranks: RawRanks,
    patterns: SplitPatterns,
    options: { cacheEntries?: number; segmentChars?: number } = {},
  ) {
    ranks.forEach((value, rank) => {
      if (typeof value === "string") {
        this.#stringRanks.set(value, rank);
        this.#maxTokenBytes = Math.max(this.#maxTokenBytes, value.length * 3);
      } else {
        this.#maxTokenBytes = Math.max(this.#maxTokenBytes, value.length);
        this.#binaryRanks.set(latin1(value, 0, value.length), rank);
      }
    });
    // Private copies: a shared global regex carries lastIndex between callers.
    this.#unicode = new RegExp(patterns.unicode.source, "gu");
    this.#ascii = new RegExp(patterns.ascii.source, "g");
    this.#segmentChars = options.segmentChars ?? SEGMENT_CHARS;
    this.#pieces = new LruCache(options.cacheEntries ?? PIECE_CACHE_ENTRIES);
  }

  get cacheSize(): number {
    return this.#pieces.size;
  }

  /** Exact token count; special-token strings such as `<|endoftext|>` count as ordinary text. */
  count(text: string): number {
    const n = text.length;
    let total = 0;
    let start = 0;
    let nextNonAscii = -1;
    while (start < n) {
      let end = n;
      if (n - start > this.#segmentChars) {
        this.#cut.lastIndex = start + this.#segmentChars;
        const cut = this.#cut.exec(text);
        end = cut === null ? n : cut.index + 1;
      }
      if (nextNonAscii < start) {
        this.#nonAscii.lastIndex = start;
        nextNonAscii = this.#nonAscii.exec(text)?.index ?? n;
      }
      total += this.#countRange(
        text,
        nextNonAscii >= end ? this.#ascii : this.#unicode,
        start,
        end,
      );
      start = end;
    }
    return total;
  }

  #countRange(text: string, split: RegExp, start: number, end: number): number {
    let total = 0;
    split.lastIndex = start;
    while (split.lastIndex < end) {
      const match = split.exec(text);
      if (match === null) {
        break;
      }
      const piece = match[0];
      if (piece.length === 0) {
        // Cannot happen with tiktoken's patterns; guards against an endless loop.
        split.lastIndex++;
        continue;
      }
      total += this.#stringRanks.has(piece) ? 1 : this.#countPiece(piece);
    }
    return total;
  }

  #countPiece(piece: string): number {
    const cached = this.#pieces.get(piece);
    if (cached !== undefined) {
      return cached;
    }
    const utf8 = toUtf8(piece);
    const count =
      utf8.length > LONG_PIECE_BYTES ? this.#mergeWithHeap(utf8) : this.#mergeWithScan(utf8);
    if (piece.length <= LONG_PIECE_BYTES) {
      this.#pieces.set(piece, count);
    }
    return count;
  }

  /** Counts one pre-tokenized piece with the chosen merge loop (tests compare the two). */
  countPieceWith(piece: string, strategy: "scan" | "heap"): number {
    const utf8 = toUtf8(piece);
    return strategy === "heap" ? this.#mergeWithHeap(utf8) : this.#mergeWithScan(utf8);
  }

  #rank(piece: Utf8Piece, start: number, end: number): number {
    if (end - start > this.#maxTokenBytes) {
      return Number.POSITIVE_INFINITY;
    }
    if (piece.ascii) {
      return this.#stringRanks.get(piece.text.slice(start, end)) ?? Number.POSITIVE_INFINITY;
    }
    const from = piece.charAt[start] ?? -1;
    const to = piece.charAt[end] ?? -1;
    const rank =
      from >= 0 && to >= 0
        ? this.#stringRanks.get(piece.text.slice(from, to))
        : this.#binaryRanks.get(latin1(piece.bytes, start, end));
    return rank ?? Number.POSITIVE_INFINITY;
  }

  /** tiktoken's own merge loop: repeatedly merge the lowest-ranked pair, leftmost first. O(n²). */
  #mergeWithScan(piece: Utf8Piece): number {
    const n = piece.length;
    const starts: number[] = [];
    const ranks: number[] = [];
    for (let i = 0; i <= n; i++) {
      starts.push(i);
      ranks.push(i + 2 <= n ? this.#rank(piece, i, i + 2) : Number.POSITIVE_INFINITY);
    }
    while (starts.length > 1) {
      let lowest = Number.POSITIVE_INFINITY;
      let at = -1;
      for (let i = 0; i < ranks.length - 1; i++) {
        const rank = ranks[i] ?? Number.POSITIVE_INFINITY;
        if (rank < lowest) {
          lowest = rank;
          at = i;
        }
      }
      if (at < 0) {
        break;
      }
      starts.splice(at + 1, 1);
      ranks.splice(at, 1);
      ranks[at] = this.#pairRank(piece, starts, at);
      if (at > 0) {
        ranks[at - 1] = this.#pairRank(piece, starts, at - 1);
      }
    }
    return starts.length - 1;
  }

  #pairRank(piece: Utf8Piece, starts: readonly number[], i: number): number {
    const start = starts[i];
    const end = starts[i + 2];
    return start === undefined || end === undefined
      ? Number.POSITIVE_INFINITY
      : this.#rank(piece, start, end);
  }

  /**
   * The same merges in the same order, found with a min-heap keyed by
   * (rank, byte offset): the leftmost lowest pair is the heap's minimum, so the
   * result is identical to mergeWithScan. Stale heap entries are skipped.
   */
  #mergeWithHeap(piece: Utf8Piece): number {
    const n = piece.length;
    const next = new Int32Array(n + 1);
    const prev = new Int32Array(n + 1);
    // Current rank of the pair starting at each live part; NaN once a part is merged away.
    const pairRank = new Float64Array(n + 1);
    for (let i = 0; i <= n; i++) {
      next[i] = i + 1;
      prev[i] = i - 1;
    }
    const heap = new MinHeap(n);
    // Long pieces repeat the same short byte pairs: memoise their ranks under the
    // bytes packed into a number (up to 6 bytes, plus the length), which costs
    // no string slicing or hashing.
    const memo = new Map<number, number>();
    const rankOf = (start: number, end: number): number => {
      const length = end - start;
      if (length > MEMO_MAX_BYTES) {
        return this.#rank(piece, start, end);
      }
      let key = 0;
      for (let b = start; b < end; b++) {
        key = key * 256 + (piece.ascii ? piece.text.charCodeAt(b) : (piece.bytes[b] ?? 0));
      }
      key = key * 8 + length;
      let rank = memo.get(key);
      if (rank === undefined) {
        rank = this.#rank(piece, start, end);
        memo.set(key, rank);
      }
      return rank;
    };
    const refresh = (i: number): void => {
      const j = next[i] ?? n;
      if (j >= n) {
        pairRank[i] = Number.POSITIVE_INFINITY;
        return;
      }
      const rank = rankOf(i, next[j] ?? n);
      pairRank[i] = rank;
      if (rank !== Number.POSITIVE_INFINITY) {
        heap.push(rank * HEAP_POSITION_SPAN + i);
      }
    };
    for (let i = 0; i < n - 1; i++) {
      const rank = rankOf(i, i + 2);
      pairRank[i] = rank;
      if (rank !== Number.POSITIVE_INFINITY) {
        heap.append(rank * HEAP_POSITION_SPAN + i);
      }
    }
    pairRank[n - 1] = Number.POSITIVE_INFINITY;
    heap.heapify();
    let parts = n;
    while (heap.size > 0) {
      const key = heap.pop();
      const rank = Math.floor(key / HEAP_POSITION_SPAN);
      const i = key - rank * HEAP_POSITION_SPAN;
      if (pairRank[i] !== rank) {
        continue;
      }
      const j = next[i] ?? n;
      const k = next[j] ?? n;
      next[i] = k;
      prev[k] = i;
      pairRank[j] = Number.NaN;
      parts--;
      refresh(i);
      if (i > 0) {
        refresh(prev[i] ?? 0);
      }
    }
    return parts;
  }
}
