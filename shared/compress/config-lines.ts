// Config changes shown as code: a short block of assignments (`.env`, YAML, TOML,
// `export K=V`) or a diff hunk (`-K=A` / `+K=V`) states values as surely as prose
// does, so each assignment becomes a statement ("`K` is `V` (was `A`).") beside the
// block's "(code: …)" note, and a config key is then named by the conversation's
// own phrase for it ("the X"), the one whose words the key spells. Called by
// facts.ts (proseOf) and compress.ts (resolveConfigKeys, before the summariser).
import type { NumberedTurn } from "../model/contracts.ts";
import { isStopword } from "../model/words.ts";
import { plainEmphasis } from "./normalise.ts";

/** A block longer than this is a file, not a change someone states. */
const MAX_BLOCK_LINES = 24;
/** Longest key or value read. */
const MAX_KEY = 80;
const MAX_VALUE = 60;

/** `K=V`, `export K=V`, `k: v`, `k = "v"`, with an optional `# was A` comment; a leading `-`/`+` is a diff side. */
const ASSIGNMENT =
  /^([-+]?)\s*(?:export\s+|set\s+)?([A-Za-z_][\w.-]{0,80})\s*(?::|=)\s*(.{1,200}?)\s*$/;
/** "# was A", "# previously A", "# old: A" at the end of a value. */
const WAS_COMMENT = /\s+(?:#|\/\/|;)\s*(?:was|previously|old|before|formerly)\b[:\s]\s*(.+)$/i;
/** A trailing comment after a value (" # set by …", " // note"). */
export const TRAILING_COMMENT = /\s+(?:#|\/\/)\s.*$/;
/** Lines a config block may hold besides assignments: comments, section headers, diff headers. */
const CONFIG_NOISE =
  /^\s*(?:#.*|;.*|\/\/.*|\[[\w. "-]+\]|@@.*|---.*|\+\+\+.*|diff .*|index .*)?\s*$/;

function unquote(value: string): string {
  const v = value.trim().replace(/,$/, "");
  return /^(["'`]).*\1$/.test(v) ? v.slice(1, -1) : v;
}

/** A value a config line sets: not code (calls, blocks, statements), not a nested map. */
function configValue(raw: string): string | undefined {
  const v = unquote(raw.replace(WAS_COMMENT, "").replace(TRAILING_COMMENT, ""));
  if (v.length === 0 || v.length > MAX_VALUE || /[(){};]|=>|^[|>[&*!]$/.test(v)) {
    return undefined;
  }
  return v;
}

interface Assignment {
  side: "" | "-" | "+";
  key: string;
  value: string;
  was?: string;
}

function assignment(line: string): Assignment | undefined {
  if (/^(?:---|\+\+\+)/.test(line)) {
    return undefined;
  }
  const m = ASSIGNMENT.exec(line);
  const key = m?.[2] ?? "";
  if (m === null || key.length > MAX_KEY || /^(?:https?|ftp)$/i.test(key)) {
    return undefined;
  }
  const value = configValue(m[3] ?? "");
  if (value === undefined) {
    return undefined;
  }
  const wasRaw = WAS_COMMENT.exec(m[3] ?? "")?.[1];
  const was = wasRaw === undefined ? undefined : unquote(wasRaw);
  const side = (m[1] ?? "") as Assignment["side"];
  return { side, key, value, ...(was === undefined || was.length === 0 ? {} : { was }) };
}

/**
 * The statements a block of code lines makes, when it reads as config (most of
 * its lines are assignments, comments or section headers); none for source code.
 */
export function configStatements(lines: readonly string[]): string[] {
  const body = lines.filter((l) => l.trim().length > 0);
  if (body.length === 0 || body.length > MAX_BLOCK_LINES) {
    return [];
  }
  const read = body.map((l) => (CONFIG_NOISE.test(l) ? "noise" : assignment(l)));
  const assignments = read.filter((a): a is Assignment => a !== undefined && a !== "noise");
  if (assignments.length === 0 || read.some((a) => a === undefined)) {
    return [];
  }
  const removed = new Map<string, string>();
  for (const a of assignments) {
    if (a.side === "-") {
      removed.set(a.key, a.value);
    }
  }
  return assignments
    .filter((a) => a.side !== "-")
    .map((a) => {
      const was = a.was ?? (a.side === "+" ? removed.get(a.key) : undefined);
      return `\`${a.key}\` is \`${a.value}\`${was === undefined || was === a.value ? "" : ` (was \`${was}\`)`}.`;
    });
}

/** A statement made from a config line: "`K` is …". */
const KEY_STATEMENT = /^`([A-Za-z_][\w.-]{0,80})` is /;
/** "`K` (the X)", "the `K` setting (the X)", "the X (`K`)": a key and the phrase it stands for. */
const ALIAS_AFTER =
  /`([A-Za-z_][\w.-]{0,80})`(?:\s+(?:setting|variable|key|env var|option|flag|value))?\s+\((?:the|our)\s+([^()`\n]{3,100})\)/gi;
const ALIAS_BEFORE = /\b(?:the|our)\s+([^()`\n,.;:!?]{3,100}?)\s+\(`([A-Za-z_][\w.-]{0,80})`\)/gi;
/** A noun phrase after a determiner, up to a function word or punctuation. */
const NOUN_PHRASE = /\b(?:the|our)\s+([^\s,.;:!?()`"]+(?:\s+[^\s,.;:!?()`"]+){0,7})/gi;
/** Phrases read at most: the scan stays linear on a 5 MB transcript. */
const MAX_PHRASES = 50_000;

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[\s_.-]+/)
    .filter((w) => w.length > 0);
/** A phrase's content words, each with its parts ("new-checkout" is one word of two parts). */
const contentWords = (s: string) =>
  s
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 0 && !isStopword(w))
    .map((w) => w.split(/[_.-]+/).filter((p) => p.length > 0));

/** A phrase word and a key part are the same word, or one abbreviates the other ("pct", "codeowner"). */
function same(word: string, part: string): boolean {
  return (
    word === part ||
    (part.length >= 3 && word.startsWith(part)) ||
    (word.length >= 3 && part.startsWith(word)) ||
    (word.length >= 4 && part.includes(word))
  );
}

/** A verb that goes on with a clause after its subject ("the X looks fine"): never part of a phrase. */
const CLAUSE_VERB =
  /\s(?:looks|seems|appears|sounds|feels|stays|remains|gets|goes|went|works|worked|needs|needed|changed|matters|mattered|broke|breaks|fails|failed)\s/i;

/** The noun phrases a text names after "the" / "our", each ending where a noun phrase ends. */
export function nounPhrases(text: string): string[] {
  return [...text.matchAll(NOUN_PHRASE)].flatMap((m) => bounded(m[1] ?? ""));
}

/** Phrases that end where a noun phrase ends: before a function word or punctuation. */
function bounded(match: string): string[] {
  const ws = match.split(/\s+/);
  const out: string[] = [];
  for (let n = 1; n <= ws.length; n++) {
    const last = ws[n - 1] ?? "";
    const next = ws[n];
    const ends =
      next === undefined ||
      isStopword(next.toLowerCase()) ||
      /^\d/.test(next) ||
      CLAUSE_VERB.test(` ${next} `);
    if (!isStopword(last.toLowerCase()) && ends) {
      out.push(ws.slice(0, n).join(" "));
    }
  }
  return out;
}

/**
 * The phrase among `phrases` a config key spells: most of the key's parts, then
 * a subject that stands alone in some value sentence (`solo`), then fewest words
 * the key lacks (at most one), then the longest; undefined when two phrases tie
 * (a look-alike the key cannot tell apart) or none matches enough.
 */
export function phraseForKey(
  key: string,
  phrases: Iterable<string>,
  solo: ReadonlyMap<string, number> = new Map(),
): string | undefined {
  // A key's function words ("IC_PRIMARY_THIS_WEEK") say nothing about which phrase it is.
  const parts = words(key).filter((p) => !isStopword(p));
  const spells = (w: readonly string[]) => w.some((x) => parts.some((p) => same(x, p)));
  let best: { phrase: string; rank: number[] } | undefined;
  let tied = false;
  for (const written of phrases) {
    // A phrase is words people say: a key ("max_upload_mb") does not name another key.
    if (!/\s/.test(written.trim()) || /[_`*]/.test(written)) {
      continue;
    }
    // "the X looks fine": words the key lacks at the end are the clause going on, not X.
    let phrase = `${written.trim()} `.split(CLAUSE_VERB)[0]?.trim() ?? "";
    let ws = contentWords(phrase);
    const lackingOf = () => ws.filter((w) => !spells(w)).length;
    let trimmed = false;
    while (lackingOf() > 1 && ws.length > 2 && !spells(ws.at(-1) ?? [])) {
      phrase = phrase.replace(/\s+\S+$/, "");
      ws = contentWords(phrase);
      trimmed = true;
    }
    // An initialism ("ic") spells the words it abbreviates ("incident commander").
    const flat = ws.map((w) => w.join(""));
    const initials = flat.map((w) => w.charAt(0)).join("");
    const abbreviated = parts.filter((p) => /^[a-z]{2,4}$/.test(p) && initials.includes(p));
    for (const p of abbreviated) {
      const at = initials.indexOf(p);
      ws = ws.map((w, n) => (n >= at && n < at + p.length ? [...w, p] : w));
    }
    const matched = parts.filter(
      (p) => abbreviated.includes(p) || ws.some((w) => w.some((x) => same(x, p))),
    ).length;
    const lacking = lackingOf();
    if (ws.length < 2 || matched < 2 || matched < 0.6 * parts.length || lacking > 1) {
      continue;
    }
    const rank = [
      matched,
      (solo.get(phrase.toLowerCase()) ?? 0) > 0 ? 1 : 0,
      trimmed ? 0 : 1,
      -lacking,
      ws.length,
    ];
    const k = best === undefined ? -1 : rank.findIndex((x, n) => x !== best?.rank[n]);
    if (best === undefined || (k >= 0 && (rank[k] ?? 0) > (best.rank[k] ?? 0))) {
      best = { phrase, rank };
      tied = false;
    } else if (k < 0 && best.phrase.toLowerCase() !== phrase.toLowerCase()) {
      tied = true;
    }
  }
  return tied ? undefined : best?.phrase;
}

/**
 * Statements made from config lines ("`K` is `V`.") name the conversation's
 * phrase for the key ("The X is `V` (config `K`).") when one is declared ("`K`
 * (the X)") or one noun phrase of the conversation, or one known subject, is
 * the one the key spells; otherwise they keep the key.
 */
export function resolveConfigKeys(
  turns: readonly NumberedTurn[],
  raw: readonly string[],
  /** The conversation's known subjects, asked for only when a config key is there to name. */
  known: () => { subjects: readonly string[]; solo: ReadonlyMap<string, number> },
): NumberedTurn[] {
  const keys = new Set<string>();
  for (const t of turns) {
    for (const line of t.text.split("\n")) {
      const key = KEY_STATEMENT.exec(line)?.[1];
      if (key !== undefined) {
        keys.add(key);
      }
    }
  }
  if (keys.size === 0) {
    return [...turns];
  }
  const declared = new Map<string, string>();
  const index = known();
  const phrases = new Set<string>(index.subjects);
  for (const whole of raw) {
    const text = plainEmphasis(whole.slice(0, 100_000));
    for (const m of text.matchAll(ALIAS_AFTER)) {
      declared.set(m[1] ?? "", (m[2] ?? "").trim());
    }
    for (const m of text.matchAll(ALIAS_BEFORE)) {
      declared.set(m[2] ?? "", (m[1] ?? "").trim());
    }
    if (phrases.size < MAX_PHRASES) {
      for (const m of text.matchAll(NOUN_PHRASE)) {
        for (const p of bounded(m[1] ?? "")) {
          phrases.add(p);
        }
      }
    }
  }
  const named = new Map<string, string>();
  for (const key of keys) {
    const phrase = declared.get(key) ?? phraseForKey(key, phrases, index.solo);
    if (phrase !== undefined) {
      named.set(key, phrase);
    }
  }
  return turns.map((t) => ({
    ...t,
    text: t.text
      .split("\n")
      .map((line) => {
        const key = KEY_STATEMENT.exec(line)?.[1];
        const phrase = key === undefined ? undefined : named.get(key);
        if (key === undefined || phrase === undefined) {
          return line;
        }
        const rest = line.slice(`\`${key}\` is `.length).replace(/\.$/, "");
        const history = /^(.*?) \(was (.*)\)$/.exec(rest);
        return history === null
          ? `The ${phrase} is ${rest} (config \`${key}\`).`
          : `The ${phrase} is ${history[1] ?? ""} (was ${history[2] ?? ""}, config \`${key}\`).`;
      })
      .join("\n"),
  }));
}
