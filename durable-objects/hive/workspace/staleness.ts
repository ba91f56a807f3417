// Which active artifacts citing workspace code (`path@v<N>:a-b[#symbol]`) are stale:
// their code changed since, or (for a fact) the cited lines no longer show its value.
// Called by workspace.ts's stale() after the index is drained.
import type { Artifact } from "../../../shared/hive/artifact.ts";
import type { SymbolDef } from "../../../shared/workspace/symbols.ts";
import type { WorkspaceResult } from "../../../shared/workspace/errors.ts";
import { valueInText } from "../../../shared/workspace/evidence.ts";
import {
  checkCitation,
  citedLines,
  parseCitation,
  type CodeCitation,
  type Freshness,
} from "../../../shared/workspace/provenance.ts";

export interface StaleArtifact {
  identifier: string;
  version: number;
  source: string;
  citation: CodeCitation;
  freshness: Exclude<Freshness, { status: "fresh" }>;
}

/**
 * A fact whose cited code still holds but does not show its value was not
 * extracted from that code: someone wrote it with borrowed provenance.
 */
function contradiction(
  artifact: Artifact,
  fresh: { startLine: number; endLine: number },
  current: { text: string | null } | null,
): Freshness {
  if (artifact.kind !== "fact" || current === null || current.text === null) {
    return { status: "fresh", startLine: fresh.startLine, endLine: fresh.endLine };
  }
  const cited = citedLines(current.text, fresh.startLine, fresh.endLine);
  return valueInText(artifact.value, cited) === false
    ? {
        status: "stale",
        reason: "contradicted",
        startLine: fresh.startLine,
        endLine: fresh.endLine,
        cited,
      }
    : { status: "fresh", startLine: fresh.startLine, endLine: fresh.endLine };
}

/** The stale ones of `artifacts`, read through `read` and the symbol index's definitions. */
export function staleArtifacts(
  artifacts: readonly Artifact[],
  read: (
    path: string,
    ref: string | number,
  ) => WorkspaceResult<{ path: string; text: string | null }>,
  definitionsOf: (path: string) => readonly SymbolDef[] | null,
): StaleArtifact[] {
  const out: StaleArtifact[] = [];
  for (const artifact of artifacts) {
    const citation = parseCitation(artifact.provenance.source);
    if (citation === null) {
      continue;
    }
    // A fact about a past version is checked against that version, not today's code.
    const historical = (artifact.tags ?? []).includes("historical");
    const file = read(citation.path, historical ? citation.version : "head");
    const current = file.ok
      ? {
          text: file.value.text,
          definitions: definitionsOf(file.value.path),
        }
      : null;
    const checked = checkCitation(citation, artifact.provenance.contentHash, current);
    const freshness =
      checked.status === "fresh" ? contradiction(artifact, checked, current) : checked;
    if (freshness.status === "stale") {
      out.push({
        identifier: artifact.identifier,
        version: artifact.version,
        source: artifact.provenance.source,
        citation,
        freshness,
      });
    }
  }
  return out;
}
