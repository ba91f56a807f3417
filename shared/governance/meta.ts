// The meta section's lines: the hive's active artifacts, one line each, newest
// first and bounded, so every agent of a hive sees what the others learned.
// Everything an agent wrote (value, summary, author) is quoted: it stays data.
// A line reads `key = value (v3 by agent) "summary"`; a kind other than fact is
// named first: `(decision, v2 by agent)`. The reading session's own artifacts name no
// author (`(v3)`), and a summary that only lists evidence (what save_artifact
// writes, `evidence: src/a.ts:3`) is the line's source: `(v3 from src/a.ts:3)`.
import type { Artifact } from "../hive/artifact.ts";
import { oneLineJson, quoteUntrusted } from "../context/untrusted.ts";

/** Values longer than this are cut in the listing (the artifact itself is whole). */
const MAX_VALUE_CHARS = 200;
/** Summaries are cut here in the listing (the artifact keeps its whole summary). */
const MAX_SUMMARY_LISTED_CHARS = 300;
/** save_artifact's summary: `evidence: ` then the cited `path:line` items, comma-separated. */
const EVIDENCE_SUMMARY = "evidence: ";
/** One cited location, shown unquoted: a path with an optional `:line` or `:a-b`, nothing else. */
const LOCATION = /^[\w.@/-]{1,200}(?::\d{1,9}(?:-\d{1,9})?)?$/;

/** The locations of a summary that only lists evidence, or null when it says anything else. */
function evidenceOnly(summary: string): string | null {
  if (!summary.startsWith(EVIDENCE_SUMMARY)) {
    return null;
  }
  const items = summary.slice(EVIDENCE_SUMMARY.length).split(", ");
  return items.every((item) => LOCATION.test(item)) ? items.join(", ") : null;
}

/**
 * The meta lines of `artifacts`, newest first, at most `max`; `session` is the
 * reading session (the artifacts it saved name no author).
 */
export function metaLines(artifacts: readonly Artifact[], max: number, session?: string): string[] {
  return [...artifacts]
    .sort((a, b) => b.seq - a.seq || a.identifier.localeCompare(b.identifier))
    .slice(0, max)
    .map((a) => {
      const value = oneLineJson(a.value);
      const shown = value.length > MAX_VALUE_CHARS ? `${value.slice(0, MAX_VALUE_CHARS)}…` : value;
      const source = evidenceOnly(a.summary);
      const summary =
        a.summary && source === null
          ? ` ${quoteUntrusted(a.summary.slice(0, MAX_SUMMARY_LISTED_CHARS))}`
          : "";
      const agent = /^[\w.:-]+$/.test(a.provenance.agent)
        ? a.provenance.agent
        : quoteUntrusted(a.provenance.agent);
      const by = a.provenance.session === session ? "" : ` by ${agent}`;
      const from = source === null ? "" : ` from ${source}`;
      // "fact" is the kind nearly every artifact has: only the others are named.
      const kind = a.kind === "fact" ? "" : `${a.kind}, `;
      return `${a.identifier} = ${shown} (${kind}v${a.version}${by}${from})${summary}`;
    });
}

/** An artifact's line as metaLines writes it, read back. */
export interface ListedArtifact {
  key: string;
  /** The value as listed (JSON, possibly cut). */
  value: string;
  kind: string;
  version: number;
  /** The reading session saved it (the line names no author). */
  own: boolean;
  /** The `path:line` locations its evidence cites, when the line shows them. */
  sources: string[];
}

/** The line's provenance: `(decision, v2 by agent from a.ts:3, b.ts:4)`, before a summary or the end. */
const PROVENANCE =
  / \((?:([a-z][\w-]*), )?v(\d{1,9})(?: by (?:[\w.:-]+|"(?:[^"\\]|\\.)*"))?(?: from ([^\s)"]+(?:, [^\s)"]+)*))?\)(?= "|$)/;

/**
 * An artifact line of the meta section read back (key, version, own or not, cited
 * locations), or null for any other line. A value whose text imitates a provenance
 * can mislead it; what reads it (the envelope's settled turns, the stand-in) only
 * leaves out or counts as done what the line itself shows.
 */
export function readMetaLine(line: string): ListedArtifact | null {
  const key = /^([^\s=[]+) = /.exec(line);
  if (key === null) {
    return null;
  }
  const rest = line.slice(key[0].length);
  const provenance = PROVENANCE.exec(rest);
  if (provenance === null) {
    return null;
  }
  return {
    key: key[1] ?? "",
    value: rest.slice(0, provenance.index),
    kind: provenance[1] ?? "fact",
    version: Number(provenance[2]),
    own: !provenance[0].includes(" by "),
    sources: provenance[3]?.split(", ") ?? [],
  };
}

/** `[kind] subject · …`: the subject, up to the first ` ·` (found by index, not a backtracking pattern). */
function factSubject(line: string): string | null {
  const head = /^\[\w+\]\s+/.exec(line);
  if (head === null) {
    return null;
  }
  const rest = line.slice(head[0].length);
  for (let dot = rest.indexOf("·", 1); dot > 0; dot = rest.indexOf("·", dot + 1)) {
    if (/\s/.test(rest.charAt(dot - 1))) {
      const subject = rest.slice(0, dot).trimEnd();
      return subject.length > 0 ? subject : null;
    }
  }
  return null;
}

/** The key a meta line is about: an artifact's identifier, or a knowledge fact's subject. */
function metaKey(line: string): string | null {
  const fact = factSubject(line);
  if (fact !== null) {
    return fact;
  }
  const artifact = /^([^\s=]+) = /.exec(line);
  return artifact?.[1] ?? null;
}

/**
 * Meta items offered to the model and how many of them its move named (by artifact
 * identifier or fact subject, case-insensitively): the meta section's hit rate.
 */
export function metaUse(
  meta: readonly string[],
  moveText: string,
): { offered: number; used: number } {
  const text = moveText.toLowerCase();
  let used = 0;
  for (const line of meta) {
    const key = metaKey(line);
    if (key !== null && key.length > 1 && text.includes(key.toLowerCase())) {
      used++;
    }
  }
  return { offered: meta.length, used };
}
