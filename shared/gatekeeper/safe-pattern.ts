// Regular expressions from hive configuration (firewall.yaml): compiled only
// when they cannot backtrack catastrophically, and matched against bounded input.
import safeRegex from "safe-regex2";
import { err, ok, type Result } from "../base/result.ts";

/** Longest accepted pattern: a domain or path rule fits in a few dozen characters. */
export const MAX_PATTERN_LENGTH = 256;
/** Longest value a pattern is run against; longer values fail closed (the rule fires).
 * 2048 covers URLs, e-mail addresses and paths; with at most two unbounded
 * quantifiers the worst polynomial backtracking is ~4M steps (a few ms). */
export const MAX_MATCH_INPUT = 2048;
/** Unbounded quantifiers (`*`, `+`, `{n,}`) per pattern: `.*.*.*x` is O(n^3) without nesting. */
export const MAX_UNBOUNDED_QUANTIFIERS = 2;
/** safe-regex2's star-height heuristic limit on repetitions (its own default is 25). */
const SAFE_REGEX_LIMIT = 25;

export type PatternErrorCode = "PATTERN_TOO_LONG" | "PATTERN_INVALID" | "PATTERN_UNSAFE";

// A quantified group that itself holds a quantifier or an alternation is where
// exponential backtracking lives: (a+)+, (a|aa)*, (\w+\s?)*. safe-regex2 catches
// the nested quantifiers; overlapping alternations under a quantifier it misses.
const BACKREFERENCE = /\\[1-9]|\\k</;
const ALLOWED_FLAGS = /^[imsu]*$/;

export function compileSafePattern(pattern: string, flags = ""): Result<RegExp, PatternErrorCode> {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    return err(
      "PATTERN_TOO_LONG",
      `the pattern is ${pattern.length} characters; at most ${MAX_PATTERN_LENGTH} are accepted`,
      "split it into several rules or use an allow/deny list",
    );
  }
  if (!ALLOWED_FLAGS.test(flags)) {
    return err(
      "PATTERN_INVALID",
      `unsupported regex flags ${JSON.stringify(flags)}`,
      "use only i, m, s or u",
    );
  }
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, flags);
  } catch (error) {
    // The message of a SyntaxError is the useful part; the error itself goes nowhere.
    return err(
      "PATTERN_INVALID",
      `not a valid regular expression: ${error instanceof Error ? error.message : String(error)}`,
      "check the escaping: in YAML, write the pattern in single quotes, e.g. '@example\\.com$'",
    );
  }
  if (
    BACKREFERENCE.test(pattern) ||
    hasQuantifiedAlternation(pattern) ||
    countUnboundedQuantifiers(pattern) > MAX_UNBOUNDED_QUANTIFIERS ||
    !safeRegex(regex, { limit: SAFE_REGEX_LIMIT })
  ) {
    return err(
      "PATTERN_UNSAFE",
      `the pattern ${JSON.stringify(pattern)} can backtrack catastrophically (nested quantifiers, a repeated alternation, a backreference or more than ${MAX_UNBOUNDED_QUANTIFIERS} unbounded repetitions)`,
      "remove the repetition around the group, e.g. '^[a-z0-9.-]+@example\\.com$' instead of '^([a-z0-9]+\\.?)+@example\\.com$'",
    );
  }
  return ok(regex);
}

/** A quantifier right after a group: `*`, `+` or `{n,…}` (spaces allowed before it). */
const GROUP_QUANTIFIER = /^\s*(?:[*+]|\{\d+,\d*\})/;

/** Whether an innermost group (no group inside it) holds a `|` and is followed by a quantifier, in one pass. */
function hasQuantifiedAlternation(pattern: string): boolean {
  let open = -1;
  let bar = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") {
      i++;
    } else if (c === "(") {
      open = i;
      bar = false;
    } else if (c === "|") {
      bar = true;
    } else if (c === ")") {
      if (open >= 0 && bar && GROUP_QUANTIFIER.test(pattern.slice(i + 1, i + 16))) {
        return true;
      }
      open = -1;
    }
  }
  return false;
}

function countUnboundedQuantifiers(pattern: string): number {
  let count = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") {
      i++;
    } else if (inClass) {
      inClass = c !== "]";
    } else if (c === "[") {
      inClass = true;
    } else if (c === "*" || c === "+") {
      count++;
    } else if (c === "{" && /^\{\d+,\}/.test(pattern.slice(i))) {
      count++;
    }
  }
  return count;
}

/** Runs a compiled safe pattern; undefined when the input is over the bound (callers fail closed). */
export function testBounded(regex: RegExp, input: string): boolean | undefined {
  if (input.length > MAX_MATCH_INPUT) {
    return undefined;
  }
  return regex.test(input);
}
