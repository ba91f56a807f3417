// The meta section's lines: the hive's active artifacts, one line each, newest
// first and bounded, so every agent of a hive sees what the others learned.
// Everything an agent wrote (value, summary, author) is quoted: it stays data.
// A line reads `key = value (v3 by agent) "summary"`; a kind other than fact is
// named first: `(decision, v2 by agent)`.
import type { Artifact } from "../hive/artifact.ts";
import { oneLineJson, quoteUntrusted } from "../context/untrusted.ts";

/** Values longer than this are cut in the listing (the artifact itself is whole). */
const MAX_VALUE_CHARS = 200;
/** Summaries are cut here in the listing (the artifact keeps its whole summary). */
const MAX_SUMMARY_LISTED_CHARS = 300;

export function metaLines(artifacts: readonly Artifact[], max: number): string[] {
  return [...artifacts]
    .sort((a, b) => b.seq - a.seq || a.identifier.localeCompare(b.identifier))
    .slice(0, max)
    .map((a) => {
      const value = oneLineJson(a.value);
      const shown = value.length > MAX_VALUE_CHARS ? `${value.slice(0, MAX_VALUE_CHARS)}…` : value;
      const summary = a.summary
        ? ` ${quoteUntrusted(a.summary.slice(0, MAX_SUMMARY_LISTED_CHARS))}`
        : "";
      const agent = /^[\w.:-]+$/.test(a.provenance.agent)
        ? a.provenance.agent
        : quoteUntrusted(a.provenance.agent);
      // "fact" is the kind nearly every artifact has: only the others are named.
      const kind = a.kind === "fact" ? "" : `${a.kind}, `;
      return `${a.identifier} = ${shown} (${kind}v${a.version} by ${agent})${summary}`;
    });
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
