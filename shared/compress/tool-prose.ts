// Tool output lines that are not fields: a line wrapped in a diff marker
// (`+ "k" = "v"`, `~ "k" = "a" -> "v"`), a log line whose message is quoted
// (logfmt `msg="applied X = V"`), and a line that is a sentence someone wrote
// (a chat or email message a search tool returns, a quoted `> …` reply). The
// first two are unwrapped and read as fields; a sentence that states a value of
// a subject the conversation talks about is shown to the summariser as it is,
// in the order of its messages' dates. Called by tool-lines.ts.
import { hasValue, sentenceSubject } from "./facts.ts";
import type { KnownPhrases } from "./tool-phrases.ts";
import { escapeRegExp } from "../regexp.ts";

/** A diff marker in front of a field: terraform plan's `+` (added) and `~` (changed). */
const DIFF_MARK = /^(\s*)[+~]\s+(?=["'`\w])/;
/** A removed field in a plan or diff (`- "k" = "v"`): YAML lists never write " = ". */
const REMOVED = /^\s*-\s+["'`]?[\w .-]{1,80}["'`]?\s+=\s/;

/** True when a line removes a field: it states no value. */
export function removesField(line: string): boolean {
  return REMOVED.test(line);
}

/** A log line's quoted message: logfmt `msg="…"`, `message="…"`, `event="…"`. */
const LOG_MESSAGE = /\b(?:msg|message|event|summary|description|reason)="((?:[^"\\]|\\.){3,300})"/i;
/** A chat or mail line's lead: quote markers, a bullet, a "[time] name:", "name:" or "Crew 4 (name):" speaker. */
const LINE_LEAD =
  /^\s*(?:(?:>\s*)+|[-*•]\s+)?(?:\[[^\]]{1,40}\]\s*)?(?:[\w.@ -]{1,40}(?:\([^()]{1,40}\))?:\s+(?=\S))?/;

/** The forms of a tool output line to read as fields: its quoted message, itself, unmarked. */
export function unwrappedLines(line: string): string[] {
  // A quoted message is read before its line, whose other fields would run into the value.
  const message = LOG_MESSAGE.exec(line)?.[1];
  const out = message !== undefined && /\s/.test(message) ? [message.replace(/\\"/g, '"')] : [];
  out.push(line);
  if (DIFF_MARK.test(line)) {
    out.push(line.replace(DIFF_MARK, "$1"));
  }
  return out;
}

/**
 * A line of tool output that is a sentence stating a value of a known subject
 * ("heads up, the X is V as of today", "> Per the committee, the X is V."),
 * without its quote markers or speaker; a question states nothing.
 */
export function proseStatement(line: string, known: KnownPhrases): string | undefined {
  if (line.length > 300 || !/[a-z]{2,}\s+[a-z]{2,}\s+\S+\s+\S/i.test(line)) {
    return undefined;
  }
  const text = line.replace(LINE_LEAD, "").trim();
  if (text.includes("?") || /[{}=|]/.test(text) || !hasValue(text)) {
    return undefined;
  }
  const subject = sentenceSubject(text);
  // "The X is V, per the intake sheet.", "Ana: X is V, don't change it", "Confirming that
  // the X will be V": a sentence (or its "that" clause) that opens on its subject states it,
  // named before or not; any other form only about a subject the conversation knows.
  const opens =
    subject !== undefined &&
    new RegExp(
      `(?:^|\\bthat )(?:the )?${escapeRegExp(subject)} (?:is|are|was|will be|stays|remains)\\b`,
      "i",
    ).test(text);
  if (subject === undefined || !subject.includes(" ") || !(known.has(subject) || opens)) {
    return undefined;
  }
  return /[.!]$/.test(text) ? text : `${text}.`;
}

/** A message header's date: "[2026-03-05 10:12] ana:", "2026-03-05T10:12Z ana:", "Date: 2026-03-05 10:12". */
const STAMP = /^\s*(?:\[|date:\s*|sent:\s*)?(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?/i;

/** The sortable date of a line that opens a message (a thread or mail header), if it is one. */
export function messageStamp(line: string): string | undefined {
  const m = STAMP.exec(line);
  return m === null ? undefined : `${m[1] ?? ""} ${m[2] ?? "00:00"}`;
}

/**
 * Sentences of a thread a search tool returns newest first read oldest first:
 * the entries at `dated` (each under its message's date) are put in date order
 * among their own places, so the newest message's value is the last one stated.
 */
export function inDateOrder<T>(
  entries: T[],
  dated: readonly { at: number; stamp: string | undefined }[],
): void {
  const stamped = dated.filter((d) => d.stamp !== undefined);
  if (stamped.length < 2 || stamped.length !== dated.length) {
    return;
  }
  const order = [...stamped].sort((a, b) => (a.stamp ?? "").localeCompare(b.stamp ?? ""));
  const values = order.map((d) => entries[d.at] as T);
  stamped.forEach((d, k) => {
    entries[d.at] = values[k] as T;
  });
}
