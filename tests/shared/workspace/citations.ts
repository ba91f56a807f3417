// Provenance fields for artifacts that tests write directly (a symbol's lines or
// a line range), built with the citation format and hash the product verifies.
import { sha256Hex } from "../../../shared/base/hash.ts";
import type { SymbolDef } from "../../../shared/workspace/symbols.ts";
import { citedLines, formatCitation } from "../../../shared/workspace/provenance.ts";

/** The provenance fields an artifact extracted from `def` carries. */
export function symbolProvenance(
  path: string,
  version: number,
  def: SymbolDef,
): { source: string; contentHash: string } {
  return {
    source: formatCitation({
      path,
      version,
      startLine: def.startLine,
      endLine: def.endLine,
      symbol: def.qualifiedName,
    }),
    contentHash: def.hash,
  };
}

/** The provenance fields of an artifact citing lines start..end of `text`. */
export function linesProvenance(
  path: string,
  version: number,
  text: string,
  startLine: number,
  endLine: number,
): { source: string; contentHash: string } {
  return {
    source: formatCitation({ path, version, startLine, endLine }),
    contentHash: sha256Hex(citedLines(text, startLine, endLine)),
  };
}
