// The meta section's lines: the hive's active artifacts, one line each, newest
// first and bounded, so every agent of a hive sees what the others learned.
import type { Artifact } from "../hive/artifact.ts";

/** Values longer than this are cut in the listing (the artifact itself is whole). */
const MAX_VALUE_CHARS = 200;

export function metaLines(artifacts: readonly Artifact[], max: number): string[] {
  return [...artifacts]
    .sort((a, b) => b.seq - a.seq || a.identifier.localeCompare(b.identifier))
    .slice(0, max)
    .map((a) => {
      const value = JSON.stringify(a.value);
      const shown = value.length > MAX_VALUE_CHARS ? `${value.slice(0, MAX_VALUE_CHARS)}…` : value;
      const summary = a.summary ? ` — ${a.summary}` : "";
      return `${a.identifier} = ${shown} (${a.kind}, v${a.version}, by ${a.provenance.agent})${summary}`;
    });
}
