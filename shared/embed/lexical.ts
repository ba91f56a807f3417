// The deterministic local embedder: hashed lexical features (words, identifiers
// split at camelCase/snake_case, character trigrams), L2-normalised. It is lexical,
// NOT a language model: similar spelling scores high, synonyms do not. Used by the
// local model endpoint's /v1/embeddings and by the local L3 index (issue 6).

/** Default width: small enough for SQLite rows, within Vectorize's 1,536 limit, few collisions for code vocabularies. */
export const LEXICAL_DIMENSIONS = 384;
/** The name the embeddings endpoint reports for this embedder. */
export const LEXICAL_MODEL = "lethe-lexical-384";
/** Widths a caller may ask for: Vectorize accepts up to 1,536 dimensions. */
export const MAX_LEXICAL_DIMENSIONS = 1_536;
/** Inputs are cut here: features of a 64 KB chunk already saturate 384 buckets. */
export const MAX_EMBED_INPUT_CHARS = 64 * 1024;

/** Feature weights: whole words and identifiers carry meaning; parts and trigrams add recall on partial matches. */
const WEIGHT_TOKEN = 1.0;
const WEIGHT_PART = 0.6;
const WEIGHT_TRIGRAM = 0.25;

/** 32-bit FNV-1a over UTF-16 code units: fast, deterministic, the same in Node and workerd. */
export function fnv1a(text: string, seed = 0x811c9dc5): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

type CharClass = "upper" | "lower" | "digit" | "other";

function charClass(code: number): CharClass {
  if (code >= 65 && code <= 90) {
    return "upper";
  }
  if (code >= 97 && code <= 122) {
    return "lower";
  }
  return code >= 48 && code <= 57 ? "digit" : "other";
}

/**
 * Splits `parseHTTPResponse2` / `max_token_count` / `kebab-case` into lower-case
 * parts, in one pass: a part ends at a non-alphanumeric character, before an
 * upper-case letter that follows a lower-case letter or a digit, before the last
 * capital of a run that a lower-case letter follows (`HTTPResponse`), and before
 * a digit that follows a letter.
 */
export function identifierParts(identifier: string): string[] {
  const parts: string[] = [];
  let start = -1;
  for (let i = 0; i <= identifier.length; i++) {
    const here = i < identifier.length ? charClass(identifier.charCodeAt(i)) : "other";
    if (here === "other") {
      if (start >= 0) {
        parts.push(identifier.slice(start, i).toLowerCase());
      }
      start = -1;
      continue;
    }
    if (start < 0) {
      start = i;
      continue;
    }
    const before = charClass(identifier.charCodeAt(i - 1));
    const next = i + 1 < identifier.length ? charClass(identifier.charCodeAt(i + 1)) : "other";
    const cut =
      (here === "upper" && (before === "lower" || before === "digit")) ||
      (here === "upper" && before === "upper" && next === "lower") ||
      (here === "digit" && (before === "upper" || before === "lower"));
    if (cut) {
      parts.push(identifier.slice(start, i).toLowerCase());
      start = i;
    }
  }
  return parts;
}

/** Word-like tokens of a text: identifiers keep `_`, `.` and `$` inside them. */
export function lexicalTokens(text: string): string[] {
  return text.match(/[\p{L}\p{N}_$]+(?:[.-][\p{L}\p{N}_$]+)*/gu) ?? [];
}

/** The weighted features of a text (feature → weight), before hashing. */
export function lexicalFeatures(text: string): Map<string, number> {
  const features = new Map<string, number>();
  const add = (feature: string, weight: number) =>
    features.set(feature, (features.get(feature) ?? 0) + weight);
  for (const token of lexicalTokens(text.slice(0, MAX_EMBED_INPUT_CHARS))) {
    const lower = token.toLowerCase();
    add(`t:${lower}`, WEIGHT_TOKEN);
    const parts = identifierParts(token);
    if (parts.length > 1) {
      for (const part of parts) {
        add(`t:${part}`, WEIGHT_PART);
      }
    }
    const padded = `^${lower}$`;
    for (let i = 0; i + 3 <= padded.length; i++) {
      add(`g:${padded.slice(i, i + 3)}`, WEIGHT_TRIGRAM);
    }
  }
  return features;
}

/**
 * Embeds a text into `dimensions` floats with the signed hashing trick and
 * sub-linear term weights, L2-normalised (an empty text gives the zero vector).
 */
export function embedLexical(text: string, dimensions = LEXICAL_DIMENSIONS): number[] {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > MAX_LEXICAL_DIMENSIONS) {
    throw new RangeError(`dimensions must be an integer in 1..${MAX_LEXICAL_DIMENSIONS}`);
  }
  const vector = Array.from({ length: dimensions }, () => 0);
  for (const [feature, weight] of lexicalFeatures(text)) {
    const hash = fnv1a(feature);
    const index = hash % dimensions;
    // A second, independent hash picks the sign so collisions cancel on average.
    const sign = (fnv1a(feature, 0x9747b28c) & 1) === 0 ? 1 : -1;
    vector[index] = (vector[index] ?? 0) + sign * Math.log1p(weight);
  }
  let norm = 0;
  for (const v of vector) {
    norm += v * v;
  }
  if (norm === 0) {
    return vector;
  }
  const scale = 1 / Math.sqrt(norm);
  return vector.map((v) => v * scale);
}
