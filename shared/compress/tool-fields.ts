// Self-describing fields in tool output: lines that name what they set in words,
// so they state a value even when the conversation's prose never named that
// subject. A field with a comment that says what it is (`code_freeze: "Tue" #
// code freeze cutoff`), a logged assignment (`INFO param flow cell id=HF7K2`), a
// logged or chatted change (`[cfg] release branch resolved to rel/4.5`, `wen:
// heads up, X moved to 28 (was 23)`), and a request in a message (`please use
// TMM as the normalisation method`). Called by tool-lines.ts when no known
// subject reads the line.
import { isStopword } from "../model/words.ts";
import { normaliseSubject } from "./facts.ts";
import { cleanValue, isEnvKey, keyWords } from "./tool-phrases.ts";
import type { Stated } from "./tool-tables.ts";

/** Words a described subject has: at least two (one word is a bare key), at most ten. */
const MIN_WORDS = 2;
const MAX_WORDS = 10;
/** Words a value may have. */
const MAX_VALUE_WORDS = 6;

/**
 * A field name written as words ("memory per alignment job", "CI Xcode version"),
 * normalised: two to eight words, letters first, no path, address or id.
 */
export function describedSubject(raw: string): string | undefined {
  const text = raw.trim().replace(/^[-*•]\s+/, "");
  // An environment variable (`GLAZE_BATCH_SIZE`) is some process's setting, not the conversation's.
  if (
    text.length === 0 ||
    text.length > 80 ||
    /[@\\{}[\]<>=|]|\/\/|(?:^|\s)\/|\/.*\//.test(text) ||
    isEnvKey(text)
  ) {
    return undefined;
  }
  const words = (/\s/.test(text) ? text : keyWords(text)).split(/\s+/);
  if (
    words.length < MIN_WORDS ||
    words.length > MAX_WORDS ||
    !/^\p{L}/u.test(words[0] ?? "") ||
    !words.every((w) => /^[\p{L}\p{N}][\p{L}\p{N}'’._/&-]*$/u.test(w)) ||
    // Two words of letters at least: "March 12" is a date, not a field.
    words.filter((w) => /\p{L}{2}/u.test(w) && !isStopword(w.toLowerCase())).length < 2 ||
    // "Ruth Adeyemi", "Release Notes": a name or a title, not a field.
    words.every((w) => /^\p{Lu}/u.test(w))
  ) {
    return undefined;
  }
  return normaliseSubject(words.join(" "));
}

/** A value for a statement: cleaned, at most six words, none of them a clause. */
function shortValue(raw: string): string | undefined {
  const value = cleanValue(raw.replace(/[.!]+$/, "").trim());
  return value !== undefined && value.split(/\s+/).length <= MAX_VALUE_WORDS ? value : undefined;
}

/** `key: value  # what it is`, `+key = "v" # what it is`, `key = v ; what it is` (YAML, TOML, INI, diffs). */
const COMMENTED =
  /^\s*[+~]?\s*(?:-\s+)?["'`]?[A-Za-z_][\w.-]{0,60}["'`]?\s*[:=]\s*(\S(?:.{0,120}?\S)?)\s+[#;]\s*([^#;]{3,80}?)\s*$/;

/** A field whose trailing comment says, in words, what it is. */
export function commentedField(line: string): Stated | undefined {
  const m = COMMENTED.exec(line);
  // "# client code freeze deadline, LIVEOPS-5055": what follows a comma is an aside.
  const subject = m === null ? undefined : describedSubject((m[2] ?? "").split(/,\s/)[0] ?? "");
  const value = m === null ? undefined : shortValue(m[1] ?? "");
  return subject === undefined || value === undefined
    ? undefined
    : { subject, value, phrase: m?.[2] ?? subject };
}

/**
 * A key, its quoted value and what it is, in words: `loot.drop_pct "0.6%" marta # chest
 * drop rate`, `rollout_pct = "15%" (desc: staged rollout percentage; last write by ravi)`,
 * `v15 "98.8%" kofi 2026-11-19 16:40 # halt threshold retuned for launch`.
 */
const QUOTED_DESCRIBED =
  /^\s*[+~]?\s*[\w.-]{1,60}(?:\s*[:=]\s*|\s+)"([^"]{1,80})"(?:\s+[\w.@:/-]+){0,4}\s*(?:#\s*([^#]{3,120}?)|\((?:desc|description|label):\s*([^;)]{3,100})(?:;[^)]*)?\))\s*$/i;
/**
 * "… retuned for launch", "… changed by ravi": what happened to a field, after its name.
 * "set" before "point" is part of the name ("chiller set point"), not what happened to it.
 */
const CHANGED_CLAUSE =
  /\s+(?:retuned|tuned|changed|updated|set(?!\s+points?\b)|raised|lowered|bumped|revised|moved|edited|approved)\b.*$/i;

/** A quoted value whose comment or description names the field in words. */
export function quotedDescribedField(line: string): Stated | undefined {
  const m = QUOTED_DESCRIBED.exec(line);
  const named =
    m === null ? "" : ((m[2] ?? m[3] ?? "").split(/,\s/)[0] ?? "").replace(CHANGED_CLAUSE, "");
  const subject = m === null ? undefined : describedSubject(named);
  const value = m === null ? undefined : shortValue(m[1] ?? "");
  return subject === undefined || value === undefined
    ? undefined
    : { subject, value, phrase: named };
}

/** What a log or chat line opens with before its message: a stamp, a level, a tag, a speaker. */
const LINE_PREFIX =
  /^\s*(?:(?:\[[^\]]{1,40}\]|\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?|\d{2}:\d{2}(?::\d{2})?|(?:TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR)\b:?|[\w.@-]{1,30}:(?=\s)|(?:\p{Lu}[\p{L}.'-]*\s){1,2}\p{Lu}[\p{L}.'-]*:(?=\s)|\p{L}+\s\([^()]{1,60}\):(?=\s)|#\d+\s+(?:\p{Lu}[\p{L}.'-]*\s){0,2}\p{Lu}[\p{L}.'-]*(?:\s\([^()]{1,40}\))?:(?=\s)|[\w-]+\.[\w.-]+(?=\s))\s*)+/iu;
/** Words in front of the field a log line sets ("param", "set", "heads up,"). */
const LEAD_WORDS =
  /^(?:(?:heads[- ]up|fyi|note|update|btw|ok|okay|so|final call|decision|agreed),?\s+)*(?:(?:param|parameter|setting|option|config|var|variable|applied|applying|set|setting|the|a|our|new)\s+)*/i;

/** The message of a log or chat line, without its stamp, level, tag, speaker and lead words. */
function message(line: string): string {
  return line.replace(LINE_PREFIX, "").replace(LEAD_WORDS, "").trim();
}

/** A log's verb before the field it sets: "loaded X=V", "applied X=V", "using X=V". */
const LOG_VERB =
  /^(?:loaded|applied|applying|using|read|reading|resolved|got|set|setting|effective)\s+/i;

/** `INFO param per-sample walltime limit=12 hours (changed from the default)`. */
const ASSIGNED = /^([A-Za-z][\w' -]{2,80}?)\s*=\s*(\S.*)$/;
/** Where a value ends: an aside, a clause, a column. */
const VALUE_END =
  /\s+\(|;\s|,\s|\s[—–]\s|\s-\s|\s#\s|\s\||\s+(?:from|starting|effective|as of|until|since|after|for the)\s|\s+[\w.-]+=/;

function valueBefore(rest: string): string | undefined {
  const cut = VALUE_END.exec(rest);
  return shortValue(cut === null ? rest : rest.slice(0, cut.index));
}

/** A logged assignment to a field named in words. */
export function assignedField(line: string): Stated | undefined {
  const m = ASSIGNED.exec(message(line).replace(LOG_VERB, ""));
  const subject = m === null ? undefined : describedSubject(m[1] ?? "");
  const value = m === null ? undefined : valueBefore(m[2] ?? "");
  return subject === undefined || value === undefined ? undefined : { subject, value };
}

/** Verbs of a change a log or chat line reports ("X resolved to V", "X moved to V"). */
const CHANGED =
  /^(.{3,80}?)\s+(?:(?:was|is|has been|got|now)\s+)?(?:resolved|set|changed|updated|moved|bumped|switched|pinned|raised|lowered|increased|decreased|reduced|reverted|promoted|locked|fixed|settled|rolled back|goes|went|will go|is going|flipped|changes|moves|switches|amended|revised|corrected)\s+(?:back\s+)?to\s+(\S.*)$/i;
/** "(was A)", "(from A)", "(previously A)" after a value: the one it replaced. */
const WAS = /\(\s*(?:was|from|previously|prev|old)\s*:?\s+([^)]{1,60})\)/i;

/** A log or chat line reporting that a field named in words changed to a value. */
export function changedField(line: string): Stated | undefined {
  const text = message(line);
  const m = CHANGED.exec(text);
  // "CAB agreed on the call, the X changes to V": the field is the clause after the last comma.
  const named =
    (m?.[1] ?? "")
      .split(/,\s*/)
      .at(-1)
      ?.replace(/^(?:the|our)\s+/i, "") ?? "";
  const subject = m === null ? undefined : describedSubject(named);
  const value = m === null ? undefined : valueBefore(m[2] ?? "");
  if (subject === undefined || value === undefined) {
    return undefined;
  }
  const was = WAS.exec(m?.[2] ?? "")?.[1];
  const old = was === undefined ? undefined : shortValue(was);
  return { subject, value, phrase: named, ...(old === undefined ? {} : { was: old }) };
}

/** "(Going forward,) please use V as the X (for Y)." in a message a tool returns. */
const USE_AS =
  /^(?:[\w ,]{0,40}?,\s*)?(?:please\s+)?(?:use|go with|switch to)\s+(\S+(?:\s+\S+){0,3}?)\s+as\s+(?:the|our)\s+([\w' -]{3,80}?)(?:\s+(?:for|in|on)\s+[\w' -]{1,40})?\s*[.!]?$/i;

/** A request in a message that a value be used as a field: "please use TMM as the normalisation method". */
export function requestedField(line: string): Stated | undefined {
  const m = USE_AS.exec(message(line));
  const subject = m === null ? undefined : describedSubject(m[2] ?? "");
  const value = m === null ? undefined : shortValue(m[1] ?? "");
  return subject === undefined || value === undefined ? undefined : { subject, value };
}

/**
 * "health check interval for the checkout pool ....... 7s": a dotted leader between
 * a field and its value, after a list bullet or a form's line number ("Line 7").
 */
const LEADER =
  /^\s*(?:[-*•]\s+|(?:line|item|row)\s+\d+[a-z]?\s+)?([A-Za-z][\w' /-]{2,80}?)\s*\.{4,}\s*(\S.{0,80}?)\s*$/i;

/** A status tag that ends a listing's line: "May 5 [ACTIVE]", "May 12 [SUPERSEDED]". */
const STATUS_TAG = /\s*\[([A-Za-z][A-Za-z -]{1,20})\]\s*$/;
/** Tags saying a line's value is not the current one. */
const OLD_STATUS =
  /^(?:superseded|replaced|old|inactive|void(?:ed)?|revoked|expired|withdrawn|draft|retired|cancell?ed|obsolete|stale|archived|rejected|pending|proposed)$/i;

/** True when a status word says a value is no longer (or not yet) the current one. */
export function isOldStatus(word: string): boolean {
  return OLD_STATUS.test(word.trim());
}

/** True when a line ends on a tag that says its value is no longer (or not yet) the current one. */
export function hasOldStatusTag(line: string): boolean {
  const tag = STATUS_TAG.exec(line)?.[1];
  return tag !== undefined && isOldStatus(tag);
}

/** A field and its value across a dotted leader (a `show` command's listing). */
export function leaderField(line: string): Stated | undefined {
  // A line tagged superseded never gets here: tool-lines.ts skips it before any reader.
  const m = LEADER.exec(line);
  if (m === null) {
    return undefined;
  }
  const subject = describedSubject(m[1] ?? "");
  // "API 29  (verified 10:30)", "May 5 [ACTIVE]": an aside or a tag after the value is no part of it.
  const value = shortValue(
    ((m[2] ?? "").replace(STATUS_TAG, "").split(/\s+\(|\s{2,}/)[0] ?? "").trim(),
  );
  return subject === undefined || value === undefined
    ? undefined
    : { subject, value, phrase: m[1] ?? subject };
}

/** `"description": "Resolved after the X was set to V",`: a sentence held in a text field. */
const TEXT_FIELD =
  /^\s*"(?:description|summary|message|msg|note|notes|comment|text|body|title|detail|details|reason)"\s*:\s*"((?:[^"\\]|\\.){8,300})"\s*,?\s*$/i;

/** The sentence a JSON text field holds, if the line is one. */
export function textFieldSentence(line: string): string | undefined {
  return TEXT_FIELD.exec(line)?.[1]?.replace(/\\"/g, '"');
}

/** A text field's sentence: "Baseline check: X is V", "Resolved after the X was set to V". */
function sentenceField(line: string): Stated | undefined {
  const sentence = textFieldSentence(line);
  return sentence === undefined ? undefined : sentenceStated(sentence);
}

/** What a short sentence in a text field states: "Baseline check: X is V", "Resolved after the X was set to V". */
export function sentenceStated(sentence: string): Stated | undefined {
  const text = sentence
    .replace(/^[\w ]{1,30}:\s+/, "")
    .replace(/^(?:resolved|fixed|closed|done)\s+(?:after|when|once)\s+/i, "");
  const is =
    /^(?:the\s+)?([A-Za-z][\w' /-]{2,80}?)\s+(?:is|was set to|is set to|was changed to|was moved to|equals)\s+(\S.{0,80}?)\s*[.]?$/i.exec(
      text,
    );
  const subject = is === null ? undefined : describedSubject(is[1] ?? "");
  const value = is === null ? undefined : valueBefore(is[2] ?? "");
  // "target of the status CNAME" is shown as written, though it keys "status cname".
  return subject === undefined || value === undefined
    ? undefined
    : { subject, value, phrase: is?.[1] ?? subject };
}

/** `~ local preference of the Cogent routes: 120 -> 250` (a plan or changelog line). */
const ARROWED =
  /^\s*[~+*-]?\s*([A-Za-z][\w' /-]{2,80}?)\s*[:=]\s*(\S(?:.{0,60}?\S)?)\s*(?:->|→|=>)\s*(\S.{0,80}?)\s*$/;

/** A field's change read from a match of its name, its old value and its new one. */
function changeOf(
  m: RegExpExecArray | null,
  newValue: (raw: string) => string | undefined,
): Stated | undefined {
  const subject = m === null ? undefined : describedSubject(m[1] ?? "");
  const value = m === null ? undefined : newValue(m[3] ?? "");
  const was = m === null ? undefined : shortValue(m[2] ?? "");
  return subject === undefined || value === undefined
    ? undefined
    : { subject, value, phrase: m?.[1] ?? subject, ...(was === undefined ? {} : { was }) };
}

/** A field named in words changed from one value to another. */
export function arrowedField(line: string): Stated | undefined {
  return changeOf(ARROWED.exec(line), valueBefore);
}

/** `SP CHANGE  PAC_FEED_SP  "powdered carbon feed rate"  8 mg/L -> 6 mg/L  user=jf`: a quoted field's change. */
const QUOTED_CHANGE =
  /"([A-Za-z][^"]{2,80})"\s+([^\s=:](?:.{0,40}?\S)?)\s*(?:->|→|=>)\s*(\S(?:.{0,40}?\S)?)(?=\s{2,}|\s*$)/;

/** A field quoted in words, then its old and new value around an arrow. */
export function quotedChangeField(line: string): Stated | undefined {
  return changeOf(QUOTED_CHANGE.exec(line), shortValue);
}

/** `[preflight] skill window for ranked duos: 225 MMR (from live-config@2eff)`: a tagged "X: V" line. */
const TAGGED = /^\s*\[[^\]]{1,40}\]\s*([A-Za-z][\w' /-]{2,80}?)\s*:\s+(\S.{0,120}?)\s*$/;

/** A field named in words after a log tag, and its value. */
export function taggedField(line: string): Stated | undefined {
  const m = TAGGED.exec(line);
  const subject = m === null ? undefined : describedSubject(m[1] ?? "");
  const value = m === null ? undefined : valueBefore(m[2] ?? "");
  return subject === undefined || value === undefined
    ? undefined
    : { subject, value, phrase: m?.[1] ?? subject };
}

/** `Custom field [X]: V`, `field X: V` (a tracker's field dump). */
const FIELD_LINE =
  /^\s*(?:custom\s+)?field\s*(?:\[([^\]]{3,80})\]|([A-Za-z][\w' /-]{2,80}?))\s*:\s+(\S.{0,120}?)\s*$/i;

/** A tracker's field line naming its field in words. */
export function trackerField(line: string): Stated | undefined {
  const m = FIELD_LINE.exec(line);
  const named = m === null ? "" : (m[1] ?? m[2] ?? "");
  const subject = m === null ? undefined : describedSubject(named);
  const value = m === null ? undefined : valueBefore(m[3] ?? "");
  return subject === undefined || value === undefined
    ? undefined
    : { subject, value, phrase: named };
}

/** Cells of a delimited record: pipes (HL7, unheaded tables) or a CSV line with quotes. */
function recordCells(line: string, known?: (cell: string) => boolean): string[] | undefined {
  if (line.length > 400) {
    return undefined;
  }
  if ((line.match(/\|/g) ?? []).length >= 2) {
    return line.split("|").map((c) => c.trim());
  }
  if (/^\s*"[^"]+"\s*,/.test(line)) {
    return [...line.matchAll(/"((?:[^"]|"")*)"|([^,]+)/g)].map((m) => (m[1] ?? m[2] ?? "").trim());
  }
  // A semicolon-separated record (`SETPOINT;co2_vols;2.55 vols;"BT-2 carbonation target"`), not prose.
  if ((line.match(/;/g) ?? []).length >= 2 && !/;\s/.test(line.trim())) {
    return line.split(";").map((c) => c.trim().replace(/^"(.*)"$/, "$1"));
  }
  // An unquoted CSV row, when a cell labels its value or is a subject the conversation names
  // (read only then: a bare row's cells could be anything).
  const cells = line.split(",").map((c) => c.trim());
  if (
    cells.length >= 4 &&
    !/,\s/.test(line.trim()) &&
    (cells.some((c) => NOW_CELL.test(c) || (/\s/.test(c) && known?.(c) === true)) ||
      // A registry row: a dotted or snake-case key, then the field in words (`event.start_utc,Event start time,…`).
      (/^[a-z][\w-]*(?:[._][\w-]+)+$/i.test(cells[0] ?? "") && /\s/.test(cells[1] ?? "")))
  ) {
    return cells;
  }
  return undefined;
}

/** A record cell that is a key, not a value: `operator=gus`, `co2_vols`. */
function isKeyCell(cell: string): boolean {
  return /^[\w.-]+=/.test(cell) || /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/.test(cell);
}

/** "FV-4 fermentation setpoint changed by wren": who changed a field is no part of its name. */
const CHANGED_BY = /\s+(?:changed|set|updated|edited|modified|entered|revised) by \S+$/i;

/** A record cell that labels its value as the current one ("now May 4", "new: 12") or the replaced one. */
const NOW_CELL = /^(?:now|new|to|current(?:ly)?)(?::\s*|\s+)(\S.*)$/i;
const WAS_CELL = /^(?:was|old|from|previously)(?::\s*|\s+)(\S.*)$/i;

/**
 * A record line with a cell naming a field in words and the next non-empty cell
 * its value (`RC-7 | reefer setpoint for the citrus loads | 4.5 degrees | …`,
 * `OBX|3|ST|high alarm limit||9.0 °C||F`, `"high alarm limit","7.5 °C","2026-11-04"`).
 */
export function recordField(line: string, known?: (cell: string) => boolean): Stated | undefined {
  const cells = recordCells(line, known);
  if (cells === undefined || cells.filter((c) => c.length > 0).length < 2) {
    return undefined;
  }
  for (let i = 0; i < cells.length; i++) {
    const named = (cells[i] ?? "").replace(CHANGED_BY, "");
    const subject = /\s/.test(named) ? describedSubject(named) : undefined;
    if (subject === undefined) {
      continue;
    }
    const after = cells.slice(i + 1).filter((c) => c.length > 0);
    // "…,elevator rail delivery date,was June 15,now May 4,approved": the cells say which value is which.
    const now = after.map((c) => NOW_CELL.exec(c)?.[1]).find((v) => v !== undefined);
    const was = after.map((c) => WAS_CELL.exec(c)?.[1]).find((v) => v !== undefined);
    if (now !== undefined || was !== undefined) {
      const current = now === undefined ? undefined : shortValue(now);
      const old = was === undefined ? undefined : shortValue(was);
      return current === undefined
        ? undefined
        : {
            subject,
            value: current,
            phrase: cells[i] ?? subject,
            ...(old === undefined ? {} : { was: old }),
          };
    }
    // The value is the next cell; when that is a key or a code, the cell before (`…;2.55 vols;"X";operator=gus`).
    const next = after[0];
    const before = cells
      .slice(0, i)
      .filter((c) => c.length > 0)
      .at(-1);
    const cell =
      next !== undefined && !isKeyCell(next)
        ? next
        : before !== undefined && !isKeyCell(before) && /\d/.test(before)
          ? before
          : undefined;
    const value = cell === undefined ? undefined : shortValue(cell);
    return value === undefined ? undefined : { subject, value, phrase: named };
  }
  return undefined;
}

/** "  - permissions fee for the epigraph: £225": a list item naming a field in words, then an amount. */
const LISTED = /^\s*[-*•]\s+([A-Za-z][\w' &/-]{4,80}?):\s+([$€£¥]?\d\S*(?:\s+\S+){0,3})\s*$/;

/** A list item of a record's notes: a field in words and a value that opens on a number or an amount. */
function listedField(line: string): Stated | undefined {
  const m = LISTED.exec(line);
  const subject = m === null ? undefined : describedSubject(m[1] ?? "");
  const value = m === null ? undefined : shortValue(m[2] ?? "");
  return subject === undefined || value === undefined
    ? undefined
    : { subject, value, phrase: m?.[1] ?? subject };
}

/** Every reader of this file, in order: the first that reads the line wins. */
export function describedField(
  line: string,
  /** Whether a cell is a subject the conversation names: an unquoted CSV row is read only then. */
  known?: (cell: string) => boolean,
): Stated | undefined {
  return (
    commentedField(line) ??
    quotedDescribedField(line) ??
    leaderField(line) ??
    arrowedField(line) ??
    taggedField(line) ??
    trackerField(line) ??
    recordField(line, known) ??
    listedField(line) ??
    sentenceField(line) ??
    changedField(line) ??
    assignedField(line) ??
    requestedField(line)
  );
}

/** A YAML flow mapping on one line: `- { name: X, value: "1.65" }`, `+ - {…}` (added in a diff). */
const FLOW = /^\s*(?:[+~]\s*)?(?:-\s*)?\{(.{3,600})\}\s*,?\s*$/;
/** A diff's removed list item (`- - {…}`): it states nothing. */
const REMOVED_FLOW = /^\s*-\s+-\s*\{/;

/** A YAML flow mapping's fields, when the line is one; quotes hold commas. */
export function flowMapping(line: string): Record<string, string> | undefined {
  const m = REMOVED_FLOW.test(line) ? null : FLOW.exec(line);
  if (m === null) {
    return undefined;
  }
  const out: Record<string, string> = {};
  let field = "";
  let quote: string | undefined;
  const flush = (): boolean => {
    const kv = /^\s*["']?([\w .-]{1,60}?)["']?\s*:\s+(.*?)\s*$/.exec(field);
    field = "";
    if (kv === null) {
      return false;
    }
    out[kv[1] ?? ""] = (kv[2] ?? "").replace(/^(["'])(.*)\1$/, "$2");
    return true;
  };
  for (const c of m[1] ?? "") {
    if (quote !== undefined) {
      quote = c === quote ? undefined : quote;
      field += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      field += c;
    } else if (c === ",") {
      if (!flush()) {
        return undefined;
      }
    } else {
      field += c;
    }
  }
  return quote === undefined && flush() ? out : undefined;
}

/** One logfmt pair: `key=value` or `key="quoted value"`. */
const LOGFMT_PAIR = /([A-Za-z_][\w.-]{0,40})=("(?:[^"\\]|\\.){0,200}"|[^\s"]{1,200})/g;

/**
 * A logfmt line's fields (`setting="safety stock" value="225 units" env=prod`),
 * when two or more pairs and little else make the line.
 */
export function logfmtRecord(line: string): Record<string, string> | undefined {
  if (line.length > 1_000 || !line.includes("=")) {
    return undefined;
  }
  const out: Record<string, string> = {};
  let covered = 0;
  for (const m of line.matchAll(LOGFMT_PAIR)) {
    out[m[1] ?? ""] = (m[2] ?? "").replace(/^"(.*)"$/, "$1").replace(/\\"/g, '"');
    covered += m[0].length;
  }
  const pairs = Object.keys(out).length;
  return pairs >= 2 && covered >= line.trim().length * 0.6 ? out : undefined;
}
