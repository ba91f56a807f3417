// BM25 lexical index over L3 documents (symbols and text chunks), incremental:
// add and remove one document at a time. Tokens are words and identifiers plus
// their camelCase/snake_case parts, so `parseConfig` matches "parse config".
// Used by hybrid.ts; kept in memory by the Hive and rebuilt from its rows.
import { identifierParts, lexicalTokens } from "../embed/lexical.ts";

/** Okapi BM25's usual constants (Robertson & Zaragoza 2009). */
const K1 = 1.2;
const B = 0.75;
/** Terms that carry no meaning in code search queries. */
const STOP_WORDS = new Set([
  "a",
  "an",
  "and",
  "the",
  "of",
  "to",
  "in",
  "is",
  "it",
  "for",
  "on",
  "with",
  "that",
  "this",
  "by",
  "from",
  "as",
  "at",
  "or",
  "be",
  "are",
  "which",
  "what",
  "where",
  "how",
  "does",
  "do",
]);

/**
 * A light suffix stemmer (plural, -ing, -ed, final e): "reconciling",
 * "reconciles" and "reconcile" meet at "reconcil", "batches" at "batch". Only
 * for words of 5+ letters, so short identifiers stay as written.
 */
export function stem(word: string): string {
  if (word.length < 5 || !/^[a-z]+$/.test(word)) {
    return word;
  }
  let w = word;
  if (w.endsWith("ies")) {
    w = `${w.slice(0, -3)}y`;
  } else if (w.endsWith("ing") && w.length > 6) {
    w = w.slice(0, -3);
  } else if (w.endsWith("ed") && w.length > 5) {
    w = w.slice(0, -2);
  } else if (/(ch|sh|x|ss|z)es$/.test(w)) {
    w = w.slice(0, -2);
  } else if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us")) {
    w = w.slice(0, -1);
  }
  return w.endsWith("e") && w.length > 4 ? w.slice(0, -1) : w;
}

export function bm25Terms(text: string): string[] {
  const out: string[] = [];
  for (const token of lexicalTokens(text)) {
    const lower = token.toLowerCase();
    if (!STOP_WORDS.has(lower)) {
      out.push(stem(lower));
    }
    const parts = identifierParts(token);
    if (parts.length > 1) {
      for (const part of parts) {
        if (!STOP_WORDS.has(part)) {
          out.push(stem(part));
        }
      }
    }
  }
  return out;
}

export interface LexicalHit {
  id: string;
  score: number;
}

export class Bm25Index {
  readonly #postings = new Map<string, Map<string, number>>();
  readonly #lengths = new Map<string, number>();
  readonly #terms = new Map<string, string[]>();
  #totalLength = 0;

  get size(): number {
    return this.#lengths.size;
  }

  add(id: string, text: string): void {
    this.remove(id);
    const terms = bm25Terms(text);
    const counts = new Map<string, number>();
    for (const t of terms) {
      counts.set(t, (counts.get(t) ?? 0) + 1);
    }
    for (const [t, n] of counts) {
      let posting = this.#postings.get(t);
      if (!posting) {
        posting = new Map();
        this.#postings.set(t, posting);
      }
      posting.set(id, n);
    }
    this.#terms.set(id, [...counts.keys()]);
    this.#lengths.set(id, terms.length);
    this.#totalLength += terms.length;
  }

  remove(id: string): void {
    const terms = this.#terms.get(id);
    if (!terms) {
      return;
    }
    for (const t of terms) {
      const posting = this.#postings.get(t);
      posting?.delete(id);
      if (posting?.size === 0) {
        this.#postings.delete(t);
      }
    }
    this.#totalLength -= this.#lengths.get(id) ?? 0;
    this.#terms.delete(id);
    this.#lengths.delete(id);
  }

  /** The best `topK` documents for `query` (ties by id), optionally only those `accept` keeps. */
  search(query: string, topK: number, accept?: (id: string) => boolean): LexicalHit[] {
    const n = this.#lengths.size;
    if (n === 0) {
      return [];
    }
    const avg = this.#totalLength / n || 1;
    const scores = new Map<string, number>();
    for (const term of new Set(bm25Terms(query))) {
      const posting = this.#postings.get(term);
      if (!posting) {
        continue;
      }
      const idf = Math.log(1 + (n - posting.size + 0.5) / (posting.size + 0.5));
      for (const [id, tf] of posting) {
        const length = this.#lengths.get(id) ?? 0;
        const s = (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / avg));
        scores.set(id, (scores.get(id) ?? 0) + s);
      }
    }
    const hits: LexicalHit[] = [];
    for (const [id, score] of scores) {
      if (accept === undefined || accept(id)) {
        hits.push({ id, score });
      }
    }
    hits.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
    return hits.slice(0, topK);
  }
}
