// Input contracts for client text, shared by the gateway's edge check, the socket
// frame parser and the workspace path normaliser: well-formed Unicode (no lone
// surrogates), no non-characters or NUL in names, bounded JSON nesting. Linear time.

/** Deepest JSON nesting accepted from a client: far above any real artifact or request. */
export const MAX_JSON_DEPTH = 64;

/** Object keys refused anywhere in a client's JSON: they reach prototypes when merged. */
export const DANGEROUS_KEYS: ReadonlySet<string> = new Set([
  "__proto__",
  "constructor",
  "prototype",
]);

export type TextProblem = "lone-surrogate" | "noncharacter" | "nul";

/**
 * The first reason `text` is not a well-formed name, if any: a lone UTF-16
 * surrogate (storage reads it back changed), a Unicode non-character
 * (U+FDD0..U+FDEF, U+xxFFFE/U+xxFFFF) or NUL (C strings end there).
 */
export function nameProblem(text: string): TextProblem | undefined {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0) {
      return "nul";
    }
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) {
        return "lone-surrogate";
      }
      const cp = ((unit - 0xd800) << 10) + (next - 0xdc00) + 0x10000;
      if ((cp & 0xfffe) === 0xfffe) {
        return "noncharacter";
      }
      i++;
      continue;
    }
    if (unit >= 0xdc00 && unit <= 0xdfff) {
      return "lone-surrogate";
    }
    if ((unit >= 0xfdd0 && unit <= 0xfdef) || unit === 0xfffe || unit === 0xffff) {
      return "noncharacter";
    }
  }
  return undefined;
}

/** True when `text` has a lone surrogate (content may hold NUL or non-characters; not these). */
export function hasLoneSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) {
        return true;
      }
      i++;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return true;
    }
  }
  return false;
}

const PROBLEM_TEXT: Record<TextProblem, string> = {
  "lone-surrogate": "a lone UTF-16 surrogate (not a character)",
  noncharacter: "a Unicode non-character (U+FDD0..U+FDEF or U+xxFFFE/U+xxFFFF)",
  nul: "a NUL character",
};

/** A sentence naming the problem, for error messages. */
export function describeProblem(problem: TextProblem): string {
  return PROBLEM_TEXT[problem];
}

/**
 * The nesting depth of JSON text, stopping as soon as it passes `max` (one pass,
 * no parse): a 10,000-level body is refused before anything recurses into it.
 */
export function jsonDepthExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) {
        i++;
      } else if (c === 0x22) {
        inString = false;
      }
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > max) {
        return true;
      }
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

export interface JsonProblem {
  /** Dotted location of the offending key or string. */
  where: string;
  kind: "dangerous-key" | "bad-key" | "lone-surrogate";
  detail: string;
}

/**
 * Walks parsed JSON (already depth-checked) for what must be refused rather than
 * dropped: a `__proto__`/`constructor`/`prototype` key, a key that is not a
 * well-formed name, a string with a lone surrogate. Iterative; visits each value once.
 */
export function jsonProblem(value: unknown): JsonProblem | undefined {
  const stack: Array<{ value: unknown; where: string }> = [{ value, where: "(body)" }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const v = item.value;
    if (typeof v === "string") {
      if (hasLoneSurrogate(v)) {
        return {
          where: item.where,
          kind: "lone-surrogate",
          detail: describeProblem("lone-surrogate"),
        };
      }
    } else if (Array.isArray(v)) {
      v.forEach((x, i) => stack.push({ value: x, where: `${item.where}[${i}]` }));
    } else if (typeof v === "object" && v !== null) {
      for (const key of Object.keys(v)) {
        const where =
          item.where === "(body)" ? key.slice(0, 64) : `${item.where}.${key.slice(0, 64)}`;
        if (DANGEROUS_KEYS.has(key)) {
          return { where, kind: "dangerous-key", detail: `the key "${key}" is refused` };
        }
        const problem = nameProblem(key);
        if (problem !== undefined) {
          return { where, kind: "bad-key", detail: `a key contains ${describeProblem(problem)}` };
        }
        stack.push({ value: (v as Record<string, unknown>)[key], where });
      }
    }
  }
  return undefined;
}

/**
 * The string values of the top-level keys `names` in JSON text, found in one pass
 * without parsing (so a frame too deep to parse can still be answered by its id).
 * Values longer than `maxChars` are skipped.
 */
export function topLevelStrings(
  text: string,
  names: readonly string[],
  maxChars = 128,
): Record<string, string> {
  const found: Record<string, string> = {};
  let depth = 0;
  let i = 0;
  let lastKey: string | null = null;
  let expectValue = false;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      let j = i + 1;
      let escaped = false;
      while (j < text.length && text.charCodeAt(j) !== 0x22) {
        if (text.charCodeAt(j) === 0x5c) {
          escaped = true;
          j++;
        }
        j++;
      }
      const value = escaped ? unescape(text.slice(i, j + 1), maxChars) : text.slice(i + 1, j);
      if (depth === 1) {
        if (expectValue && lastKey !== null && value !== null && value.length <= maxChars) {
          if (names.includes(lastKey) && !(lastKey in found)) {
            found[lastKey] = value;
          }
          lastKey = null;
        } else if (!expectValue) {
          lastKey = value;
        }
      }
      expectValue = false;
      i = j + 1;
      continue;
    }
    if (c === 0x7b || c === 0x5b) {
      depth++;
      expectValue = false;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    } else if (c === 0x3a && depth === 1) {
      expectValue = true;
    } else if (c === 0x2c && depth === 1) {
      lastKey = null;
      expectValue = false;
    }
    i++;
  }
  return found;
}

/** A short JSON string literal with escapes, decoded; null when too long or malformed. */
function unescape(literal: string, maxChars: number): string | null {
  if (literal.length > maxChars * 6 + 2) {
    return null;
  }
  try {
    const value: unknown = JSON.parse(literal);
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}
