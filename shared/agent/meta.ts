// The meta section's lines: the hive's active artifacts, one line each, newest
// first and bounded, so every agent of a hive sees what the others learned.
// Everything an agent wrote (value, summary, author) is quoted: it stays data.
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
        ? ` — summary: ${quoteUntrusted(a.summary.slice(0, MAX_SUMMARY_LISTED_CHARS))}`
        : "";
      const agent = /^[\w.:-]+$/.test(a.provenance.agent)
        ? a.provenance.agent
        : quoteUntrusted(a.provenance.agent);
      return `${a.identifier} = ${shown} (${a.kind}, v${a.version}, by ${agent})${summary}`;
    });
}
