// Single lines read as key–values: an explicit `X = V` or `X: V` statement, an env
// line (`export K=V`, `K="v"`), a JSON field line (`"k": v,`) and a JSON object
// ending a line (a structured log line). Called by shared/facts/structured.ts and
// shared/facts/diff.ts.
import {
  keyValue,
  MAX_KEY_CHARS,
  trimChars,
  type KeyValue,
  type StructuredFormat,
} from "./key-value.ts";
import { treeValues } from "./tree.ts";

/** Most words in a statement's key: more is a sentence that happens to hold a colon. */
const MAX_KEY_WORDS = 5;
/** Most words in a statement's value: a value is a number and its unit, a name, a date; more is prose that holds a colon. */
const MAX_VALUE_WORDS = 3;
/** Longest line read. */
const MAX_LINE_CHARS = 2_000;

/** A list marker, quote marker or numbering before a statement ("- ", "> ", "3. "). */
const LEADER = /^(?:[-*+>]\s+|\d{1,3}[.)]\s+)/;
/** A trailing comment after a value: space, then `#` or `//`, then a space. */
const TRAILING_COMMENT = /\s(?:#|\/\/)\s/;

function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => w.length > 0).length;
}

/** The key of a statement: starts with a letter (or a quote), holds no sentence punctuation. */
function plausibleKey(key: string): boolean {
  const k = trimChars(key, "\"'`*");
  return (
    k.length > 0 &&
    k.length <= MAX_KEY_CHARS &&
    /^[A-Za-z_]/.test(k) &&
    !/[,;!?()<>{}[\]|]/.test(k) &&
    wordCount(k) <= MAX_KEY_WORDS
  );
}

/** Where the key ends and the value starts: the first ": " / ":" at the end, or "=". */
function splitStatement(line: string): { key: string; value: string; sign: ":" | "=" } | undefined {
  const eq = line.indexOf("=");
  let colon = -1;
  for (let i = line.indexOf(":"); i >= 0; i = line.indexOf(":", i + 1)) {
    const next = line[i + 1];
    if (next === undefined || next === " " || next === "\t") {
      colon = i;
      break;
    }
  }
  const useEq = eq > 0 && (colon < 0 || eq < colon) && !"=<>!".includes(line[eq + 1] ?? "");
  if (useEq && !"<>!=".includes(line[eq - 1] ?? "")) {
    return { key: line.slice(0, eq), value: line.slice(eq + 1), sign: "=" };
  }
  if (colon > 0) {
    return { key: line.slice(0, colon), value: line.slice(colon + 1), sign: ":" };
  }
  return undefined;
}

/**
 * The key–value one line states, or undefined. `format` is what the caller knows
 * the line to be ("env", "diff", "yaml"…); a plain line reads as "statement",
 * or "env" when it is `K=V` with no spaces around the sign.
 */
export function lineValue(
  raw: string,
  lineNumber: number,
  format?: StructuredFormat,
): KeyValue | undefined {
  if (raw.length > MAX_LINE_CHARS) {
    return undefined;
  }
  const line = raw
    .trim()
    .replace(LEADER, "")
    .replace(/^export\s+/, "");
  const split = splitStatement(line);
  if (split === undefined || !plausibleKey(split.key.trim())) {
    return undefined;
  }
  const value = (split.value.split(TRAILING_COMMENT)[0] ?? "").trim();
  // No value, a comment, a question ("X: 40?" asks for a value; it states none), a
  // clause past a few words, or a block opener ("{", "|"): nothing stated here.
  if (
    value.length === 0 ||
    value.startsWith("//") ||
    value.endsWith("?") ||
    wordCount(value) > MAX_VALUE_WORDS ||
    /^[{[]$|^[|>][-+]?$/.test(value)
  ) {
    return undefined;
  }
  const isEnv = split.sign === "=" && !/\s=|=\s/.test(line) && !/\s/.test(split.key);
  return keyValue(split.key, value, format ?? (isEnv ? "env" : "statement"), lineNumber);
}

/** `k=v` pairs of a logfmt line (`level=info pool_max=30 region=eu-west-3`): two or more, or none. */
export function logfmtValues(line: string, lineNumber: number): KeyValue[] {
  if (line.length > MAX_LINE_CHARS) {
    return [];
  }
  const pairs = line
    .trim()
    .split(/\s+/)
    .flatMap((token) => {
      const eq = token.indexOf("=");
      const key = eq > 0 ? token.slice(0, eq) : "";
      return /^[A-Za-z_][\w.-]*$/.test(key) && eq < token.length - 1
        ? [[key, token.slice(eq + 1)]]
        : [];
    });
  if (pairs.length < 2) {
    return [];
  }
  return pairs.flatMap(([k, v]) => keyValue(k ?? "", v ?? "", "env", lineNumber) ?? []);
}

/** The key–values of a JSON object that ends a line (`… level=info {"k": 1}`), or none. */
export function jsonTailValues(line: string, lineNumber: number): KeyValue[] {
  const trimmed = line.trimEnd();
  const open = trimmed.indexOf("{");
  if (open < 0 || !trimmed.endsWith("}") || trimmed.length > MAX_LINE_CHARS) {
    return [];
  }
  const json = trimmed.slice(open);
  try {
    JSON.parse(json);
  } catch {
    // Not JSON: the line is read as a statement instead.
    return [];
  }
  return treeValues(json, "json", lineNumber) ?? [];
}
