// Tool output read as statements: a tool result stays cited by ref, but its lines
// that state a value of a subject the conversation already talks about (a
// key/value field, a table row, a change-log line, a JSON change record) become
// "The X is `V` (was `A`)." lines the summariser is shown under that result's
// turn, in order, so a value that changed inside tool output supersedes the one
// stated earlier in prose. Called by compress.ts before the summariser runs.
import type { NumberedTurn } from "../model/contracts.ts";
import { TRAILING_COMMENT } from "./config-lines.ts";
import { normaliseSubject } from "./facts.ts";
import { tableStatements, type Stated } from "./tool-tables.ts";
import { isHedged, isOldCopy } from "./hedges.ts";
import { namedSubject, namedValue } from "./tool-named.ts";
import {
  commentedField,
  describedField,
  describedSubject,
  flowMapping,
  hasOldStatusTag,
  isOldStatus,
  logfmtRecord,
  quotedChangeField,
  sentenceStated,
} from "./tool-fields.ts";
import {
  inDateOrder,
  messageStamp,
  proseStatement,
  removesField,
  unwrappedLines,
} from "./tool-prose.ts";
import {
  cleanValue,
  isEnvKey,
  itemSubject,
  knownSubject,
  recordSubject,
  statement,
  unitField,
  type KnownPhrases,
} from "./tool-phrases.ts";

/** Statements one tool result adds at most: tool output is cited by ref, not copied. */
export const MAX_TOOL_STATEMENTS = 12;
/** Lines of one tool result read, and characters of one line: the scan stays linear. */
const MAX_TOOL_LINES = 2_000;
const MAX_LINE = 400;
/** A line marked "+" or "-" that sets a key: `+  level 4 slab pour date: April 2`. */
const MARKED_KEY = /^\s*([+-])\s*([A-Za-z][\w ./-]{1,60}?)\s*[:=]/;
/** A unified diff's header or hunk line: its "-" lines are removed, its "+" lines added. */
const UNIFIED_DIFF = /^(?:@@ -\d|diff --git |--- a\/|\+\+\+ b\/)/m;
/** A whole result parsed as JSON at most (larger ones are read line by line). */
const MAX_JSON_CHARS = 64_000;
/** JSON nodes walked at most in one result. */
const MAX_JSON_NODES = 5_000;
/** Keys of a JSON change record: which field, its new value, its old one. */
const NAME_KEYS =
  /^(?:field|name|key|setting|item|parameter|param|property|attribute|subject|label|title|metric|variable|option)$/i;
/** Keys of a field that holds a sentence someone wrote. */
const TEXT_KEYS =
  /^(?:description|summary|message|msg|note|notes|comment|text|body|title|detail|details|reason)$/i;
const NEW_KEYS = /^(?:to|new|new_?value|value|now|after|current|updated)$/i;
/**
 * Keys of a record's description ({"tag": "FIN_PH_SP", "desc": "finished water pH
 * setpoint", "value": "pH 8.0"}): its name when the record also holds a value and
 * the description is a noun phrase, not a sentence.
 */
const DESCRIPTION_KEYS = /^(?:desc|description|descr)$/i;
const SENTENCE_WORDS =
  /\b(?:is|was|were|are|be|been|has|have|had|set|to|after|before|when|if)\b|[.;!?]$/i;
const OLD_KEYS = /^(?:from|old|old_?value|was|before|previous|prior)$/i;
/** Keys of a record's status ("superseded", "draft"). */
const STATUS_KEYS = /^(?:status|state)$/i;
/** Keys of an identifier, a revision or a status: never a value of the subject before them. */
const ID_KEYS = /(?:^|_)(?:id|ids|rev|revision|status|state|version|seq|no|num|ref)$/i;

/** A JSON value's statements: change records ({field, from, to}) and scalar fields of known subjects. */
function jsonStated(root: unknown, known: KnownPhrases, out: Stated[]): void {
  let nodes = 0;
  const walk = (value: unknown, depth: number): void => {
    if (++nodes > MAX_JSON_NODES || depth > 8 || value === null || typeof value !== "object") {
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) {
        walk(item, depth + 1);
      }
      return;
    }
    const entries = Object.entries(value as Record<string, unknown>);
    // {"status": "superseded", …}: a record that says it is not the current one states nothing.
    if (entries.some(([k, v]) => STATUS_KEYS.test(k) && typeof v === "string" && isOldStatus(v))) {
      return;
    }
    // Of several name-like keys ({"key": "max_prefix", "label": "prefix limit of …"}), the one in words.
    const newAt = entries.find(([k]) => NEW_KEYS.test(k));
    const names = entries.filter(
      ([k, v]) =>
        typeof v === "string" &&
        (NAME_KEYS.test(k) ||
          (newAt !== undefined && DESCRIPTION_KEYS.test(k) && !SENTENCE_WORDS.test(v))),
    );
    const nameAt = names.find(([, v]) => /\s/.test(String(v))) ?? names[0];
    const oldAt = entries.find(([k]) => OLD_KEYS.test(k));
    const newValue = cleanValue(newAt?.[1]);
    // A change record ({field, from, to}) says by its shape that the field changed: any field name.
    // So does a record of a field and its value ({"label": "X", "value": V}), when X is words.
    const named =
      nameAt === undefined
        ? undefined
        : (knownSubject(String(nameAt[1]), known, true) ??
          (oldAt !== undefined && newValue !== undefined
            ? recordSubject(String(nameAt[1]))
            : newValue !== undefined
              ? describedSubject(String(nameAt[1]))
              : undefined));
    if (named !== undefined && newValue !== undefined) {
      const was = cleanValue(oldAt?.[1]);
      out.push({
        subject: named,
        value: newValue,
        phrase: String(nameAt?.[1]),
        ...(was === undefined ? {} : { was }),
      });
      return;
    }
    // A record naming a known subject in a field of its own ({"analyte": "X", "spec": "1.059"}):
    // the field right after it holds the value.
    const subjectAt =
      nameAt === undefined
        ? entries.findIndex(
            ([k, v]) =>
              typeof v === "string" &&
              /\s/.test(v) &&
              !TEXT_KEYS.test(k) &&
              // A field's value naming a person or a place ("Aiko Tanaka") is no subject;
              // nor is any value of a key the conversation names itself.
              knownSubject(k, known) === undefined &&
              describedSubject(v) !== undefined &&
              knownSubject(v, known) !== undefined,
          )
        : -1;
    const next = subjectAt < 0 ? undefined : entries[subjectAt + 1];
    const nextValue =
      next === undefined ||
      ID_KEYS.test(next[0]) ||
      typeof next[1] === "object" ||
      knownSubject(next[0], known) !== undefined
        ? undefined
        : cleanValue(next[1]);
    const phrase = String(entries[subjectAt]?.[1]);
    const fieldSubject = nextValue === undefined ? undefined : knownSubject(phrase, known);
    if (fieldSubject !== undefined && nextValue !== undefined) {
      out.push({ subject: fieldSubject, value: nextValue, phrase });
    }
    // A record naming its item ({"name": "checkout", "replicas": 4}) states "<key> of <item>";
    // without a name-like key, its first text field names it.
    const label =
      nameAt ??
      entries.find(
        ([k, v]) =>
          typeof v === "string" &&
          v.length <= 60 &&
          !NEW_KEYS.test(k) &&
          !OLD_KEYS.test(k) &&
          // A text field holds a sentence someone wrote, not the item's name.
          !TEXT_KEYS.test(k),
      );
    const item = label === undefined ? undefined : cleanValue(label[1]);
    for (const [k, v] of entries) {
      const subject = isEnvKey(k)
        ? undefined
        : ((item === undefined || k === label?.[0] ? undefined : itemSubject(item, k, known)) ??
          knownSubject(k, known));
      const scalar = cleanValue(v);
      // {"description": "Resolved after the X was set to V"}: a sentence in a text field states X.
      const said = typeof v === "string" && TEXT_KEYS.test(k) ? sentenceStated(v) : undefined;
      if (said !== undefined) {
        out.push(said);
        continue;
      }
      const withUnit = subject === undefined && !isEnvKey(k) ? unitField(k, v, known) : undefined;
      if (subject !== undefined && scalar !== undefined) {
        out.push({ subject, value: scalar, phrase: k });
      } else if (withUnit !== undefined) {
        out.push(withUnit);
      } else {
        walk(v, depth + 1);
      }
    }
  };
  walk(root, 0);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** `"key": value`, `key: value`, `KEY=value`, `- key: value`, `export KEY=value`. */
const KEY_VALUE =
  /^\s*(?:[-*]\s+)?(?:export\s+)?(["'`]?)([A-Za-z][\w ./-]{0,60}?)\1\s*(?::|=)\s*(\S.{0,200}?)\s*,?\s*$/;
/** A line that records a change: an arrow, "from A to B", "set/changed … to V". */
const CHANGE = /->|→|=>|⇒|\bto\b/i;
const CHANGE_VERB =
  "(?:changed|updated|revised|corrected|moved|set|raised|lowered|bumped|switched|increased|decreased|reduced|pinned)";
const FROM_TO = new RegExp(
  `^(?:(?:was|is|has been)\\s+)?(?:${CHANGE_VERB}\\s+)?from\\s+(.+?)\\s+to\\s+(.+)$`,
  "i",
);
const ARROW = /^(.*?)\s*(?:->|→|=>|⇒)\s*(.+)$/;
const SET_TO = new RegExp(`^(?:(?:was|is|has been)\\s+)?${CHANGE_VERB}\\s+to\\s+(.+)$`, "i");
const VERB_BEFORE =
  /\b(?:updating|setting|changing|moving|raising|lowering|bumping|switching|set|change|changed|update|updated|move|moved|raise|raised|lower|lowered|bump|bumped|switch|switched|pin|pinned|applied|applying|apply|override|overrode|overriding)\s+(?:the\s+)?(?:(?:field|setting|key|value|parameter|option|property)\s+)?["'`]?$/i;
/** Where a value ends in a change-log line: an aside, a clause, a column, a log's next key=value field. */
const VALUE_END = /\s+\(|;\s|,\s|\s[—–]\s|\s-\s|\s#\s|\s\||\s{2,}|\s+[\w.-]+=/;

function valuePart(raw: string): string | undefined {
  const cut = VALUE_END.exec(raw);
  const v = (cut === null ? raw : raw.slice(0, cut.index)).replace(/[.!]+$/, "");
  const value = cleanValue(v);
  return value !== undefined && value.split(/\s+/).length <= 6 ? value : undefined;
}

/** A change-log line's statement: "X A -> V", "X: from A to V", "set X to V", "X changed to V". */
function changeStated(line: string, known: KnownPhrases): Stated | undefined {
  const named = namedSubject(line, known);
  if (named === undefined) {
    return undefined;
  }
  const after = line.slice(named.end).replace(/^["'`]/, "");
  const rest = after.replace(/^\s*[:=]?\s*/, "").trim();
  const fromTo = FROM_TO.exec(rest);
  const arrow = fromTo === null ? ARROW.exec(rest) : null;
  const setTo = fromTo === null && arrow === null ? SET_TO.exec(rest) : null;
  // "set new X flow rollout to V": a status word between the verb and the subject.
  // "Updated X to V": "updated" is the verb there, not a status word of X.
  const verbFirst = VERB_BEFORE.test(line.slice(0, named.start));
  const lead = verbFirst ? "" : (STATUS_LEAD.exec(line.slice(0, named.start))?.[0] ?? "");
  const before = verbFirst || VERB_BEFORE.test(line.slice(0, named.start - lead.length));
  // "set field "X" to V", "applied X = V": a verb in front says the line sets X.
  const to = before ? (/^to\s+(.+)$/i.exec(rest) ?? /^\s*(?:=|:=)\s*(.+)$/.exec(after)) : null;
  const wasRaw = fromTo?.[1] ?? arrow?.[1];
  const value = valuePart(fromTo?.[2] ?? arrow?.[2] ?? setTo?.[1] ?? to?.[1] ?? "");
  if (value === undefined) {
    return undefined;
  }
  const was = wasRaw === undefined || wasRaw.length === 0 ? undefined : valuePart(wasRaw);
  if (wasRaw !== undefined && wasRaw.length > 0 && was === undefined) {
    return undefined;
  }
  return {
    subject: named.subject,
    value,
    ...(lead.length === 0 ? {} : { phrase: `${lead}${named.subject}` }),
    ...(was === undefined ? {} : { was }),
  };
}

/**
 * A field in words ("[INFO] spec: X = V"), read under the known subject it
 * names when it names one with a value ("X = V" is the statement, "spec" its label).
 */
function describedOrNamed(line: string, known: KnownPhrases): Stated | undefined {
  const described = describedField(line, (cell) => knownSubject(cell, known) !== undefined);
  return described === undefined ? undefined : (namedValue(line, known) ?? described);
}

/** Status words right before a subject ("new", "default"): how the line writes it. */
const STATUS_LEAD = /\b(?:(?:new|current|default|updated|revised|latest)\s+)+$/i;

/** A key/value line's statement, when its key is a known subject. */
function keyValueStated(
  line: string,
  known: KnownPhrases,
  items: readonly string[],
): Stated | undefined {
  const m = KEY_VALUE.exec(line);
  if (m === null) {
    return undefined;
  }
  const key = m[2] ?? "";
  // "replicas: 6" in the result of a call about "checkout": the checkout replicas, when known.
  const subject = isEnvKey(key)
    ? undefined
    : (knownSubject(key, known) ?? firstDefined(items, (item) => itemSubject(item, key, known)));
  // "X: V    # set by the convenor": the comment after a value is no part of it.
  const value = subject === undefined ? undefined : cleanValue(m[3]?.replace(TRAILING_COMMENT, ""));
  if (subject === undefined) {
    return isEnvKey(key) ? undefined : unitField(key, m[3], known);
  }
  return value === undefined ? undefined : { subject, value, phrase: key };
}

function firstDefined<T>(list: readonly string[], f: (x: string) => T | undefined): T | undefined {
  for (const x of list) {
    const found = f(x);
    if (found !== undefined) {
      return found;
    }
  }
  return undefined;
}

/** Lines a record card holds at most ("status: held\nroom rate: …"). */
const MAX_CARD_LINES = 12;
/** A key written as words, with spaces ("outbound flight"), not a machine key. */
const SPACED_KEY =
  /^\s*(?:[-*]\s+)?([A-Za-z][A-Za-z'-]*(?:\s[A-Za-z][A-Za-z'-]*){1,5})\s*:\s+(\S.{0,200}?)\s*$/;

/**
 * A short record card (every line "key: value"): its keys written as words
 * name fields people talk about, so they state values even when the
 * conversation has not named the field yet (a known key is read already).
 */
function cardStated(output: string, known: KnownPhrases): Stated[] {
  const lines = output.split(/\r?\n/, MAX_CARD_LINES + 1).filter((l) => l.trim().length > 0);
  if (
    lines.length < 2 ||
    lines.length > MAX_CARD_LINES ||
    !lines.every((l) => l.length <= MAX_LINE && /^\s*(?:[-*]\s+)?[\w'" -]{1,60}:\s/.test(l))
  ) {
    return [];
  }
  const out: Stated[] = [];
  for (const line of lines) {
    const m = SPACED_KEY.exec(line);
    const subject = m === null ? undefined : normaliseSubject(m[1] ?? "");
    const value = m === null ? undefined : cleanValue(m[2]);
    if (
      subject !== undefined &&
      subject.includes(" ") &&
      !known.has(subject) &&
      value !== undefined &&
      !CHANGE.test(m?.[2] ?? "")
    ) {
      out.push({ subject, value });
    }
  }
  return out;
}

/**
 * The statements one tool result makes about subjects the conversation knows,
 * in order, at most MAX_TOOL_STATEMENTS, each "The X is `V` (was `A`).".
 */
export function toolStatements(
  output: string,
  known: KnownPhrases,
  /** What the call that produced it names (its short string arguments): the item its keys belong to. */
  items: readonly string[] = [],
): string[] {
  // An archived export or an old record re-printed states no current value.
  if (isOldCopy(output)) {
    return [];
  }
  // A value read from a field, or a sentence of the output shown as it is.
  const stated: (Stated | string)[] = [];
  // The date of the message a sentence is under ("[2026-03-05 10:12] ana:", "Date: …").
  const dated: { at: number; stamp: string | undefined }[] = [];
  let stamp: string | undefined;
  const trimmed = output.trim();
  const whole =
    trimmed.length <= MAX_JSON_CHARS && /^[{[]/.test(trimmed) ? parseJson(trimmed) : undefined;
  // In a unified diff a removed line states nothing and an added one is read without its marker.
  const diff = UNIFIED_DIFF.test(output);
  // Without a diff header, a "- K: V" line whose key a "+ K: V" line also sets is the removed side.
  const added = new Set(
    [...output.matchAll(new RegExp(MARKED_KEY.source, "gm"))]
      .filter((m) => m[1] === "+")
      .map((m) => m[2]?.toLowerCase()),
  );
  const readLine = (raw: string): void => {
    if (diff && /^-(?!--)/.test(raw)) {
      return;
    }
    const marked = MARKED_KEY.exec(raw);
    if (marked?.[1] === "-" && added.has(marked[2]?.toLowerCase())) {
      return;
    }
    const line = diff && /^\+(?!\+\+)/.test(raw) ? raw.slice(1) : raw;
    // A removed field, a proposal or motion that failed, or a line tagged superseded states nothing.
    if (removesField(line) || isHedged(line) || hasOldStatusTag(line)) {
      return;
    }
    // A YAML flow mapping or a logfmt line reads as the record it spells.
    const flow = flowMapping(line) ?? logfmtRecord(line);
    if (flow !== undefined) {
      const before = stated.length;
      jsonStated(flow, known, stated as Stated[]);
      if (stated.length > before) {
        return;
      }
    }
    for (const form of unwrappedLines(line)) {
      if (/^\s*\{.*\}\s*,?\s*$/.test(form)) {
        const record = parseJson(form.trim().replace(/,$/, ""));
        if (record !== undefined) {
          const before = stated.length;
          jsonStated(record, known, stated as Stated[]);
          if (stated.length > before) {
            return;
          }
          continue;
        }
      }
      // A field whose comment names it is read under that name, not its bare key.
      const read =
        commentedField(form) ??
        quotedChangeField(form) ??
        (CHANGE.test(form) || /[=:]/.test(form) ? changeStated(form, known) : undefined) ??
        keyValueStated(form, known, items) ??
        describedOrNamed(form, known);
      if (read !== undefined) {
        stated.push(read);
        return;
      }
    }
    const prose = proseStatement(line, known);
    if (prose !== undefined) {
      dated.push({ at: stated.length, stamp });
      stated.push(prose);
      return;
    }
    const named = namedValue(line, known);
    if (named !== undefined) {
      stated.push(named);
    }
  };
  if (whole !== undefined) {
    jsonStated(whole, known, stated as Stated[]);
  } else {
    // Box-drawing tables (│ ─ ┼) read as their ASCII forms.
    const lines = output.split(/\r?\n/, MAX_TOOL_LINES).map((l) =>
      l.length > MAX_LINE
        ? ""
        : l
            .replace(/[│┃║]/g, "|")
            .replace(/[─━═]/g, "-")
            .replace(/[┼┬┴├┤┌┐└┘╞╪╡╤╧╔╗╚╝╠╣╦╩╬]/g, "+"),
    );
    let i = 0;
    while (i < lines.length && stated.length < MAX_TOOL_STATEMENTS * 2) {
      const table = tableStatements(
        lines,
        i,
        (cell) => knownSubject(cell, known, true),
        cleanValue,
        (row, column) => itemSubject(row, column, known),
        describedSubject,
      );
      if (table !== undefined) {
        stated.push(...table.stated);
        // A row that is no record of a subject may still be a line that states one.
        for (const at of table.unread) {
          readLine(lines[at] ?? "");
        }
        i = table.next;
        continue;
      }
      stamp = messageStamp(lines[i] ?? "") ?? stamp;
      readLine(lines[i] ?? "");
      i++;
    }
  }
  if (whole === undefined) {
    // A card line already read under a known subject is not read again under its bare key.
    stated.push(
      ...cardStated(output, known).filter(
        (c) => !stated.some((x) => typeof x !== "string" && x.value === c.value),
      ),
    );
  }
  inDateOrder(stated, dated);
  const out: string[] = [];
  for (const s of stated) {
    const line = typeof s === "string" ? s : statement(s);
    if (!out.includes(line)) {
      out.push(line);
    }
  }
  return out.slice(0, MAX_TOOL_STATEMENTS);
}

/**
 * The turns with each tool result's statements after its "(tool output …)"
 * note; `known` is asked for only when there is tool output to read.
 */
export function readToolOutputs(
  turns: readonly NumberedTurn[],
  outputs: ReadonlyMap<number, { text: string; items: readonly string[] }>,
  known: () => KnownPhrases,
): NumberedTurn[] {
  if (outputs.size === 0) {
    return [...turns];
  }
  const base = known();
  // A field a change record names is a subject for every other tool result too
  // (a booking card's "X: V" before the record that changes X).
  const learned = new Set<string>();
  for (const output of outputs.values()) {
    for (const line of toolStatements(output.text, base, output.items)) {
      const subject = /^The (.+?) is `/.exec(line)?.[1];
      if (subject !== undefined && !base.has(subject) && !base.single.has(subject)) {
        learned.add(subject);
      }
    }
  }
  const phrases = learned.size === 0 ? base : withSubjects(base, learned);
  return turns.map((t) => {
    const output = outputs.get(t.turn);
    const statements =
      output === undefined ? [] : toolStatements(output.text, phrases, output.items);
    return statements.length === 0 ? t : { ...t, text: `${t.text}\n${statements.join("\n")}` };
  });
}

/** `known` and these subjects too. */
function withSubjects(known: KnownPhrases, subjects: ReadonlySet<string>): KnownPhrases {
  const byFirst = new Map<string, string[][]>();
  for (const [first, list] of known.byFirst) {
    byFirst.set(first, [...list]);
  }
  for (const subject of subjects) {
    const words = subject.split(" ");
    const list = byFirst.get(words[0] ?? "") ?? [];
    list.push(words);
    list.sort((a, b) => b.length - a.length);
    byFirst.set(words[0] ?? "", list);
  }
  return {
    has: (phrase) => known.has(phrase) || subjects.has(phrase),
    byFirst,
    single: known.single,
  };
}
