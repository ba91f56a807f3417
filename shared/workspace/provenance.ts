// AST-verified artifacts: how an artifact cites the code it was extracted from
// (`path@v<version>:<start>-<end>#<symbol>` plus the code's SHA-256 as its
// provenance contentHash), and whether that code has changed since. Used by
// extractors writing artifacts and by the Hive's staleArtifacts().
import { sha256Hex } from "../base/hash.ts";
import type { SymbolDef } from "./symbols.ts";

export interface CodeCitation {
  path: string;
  version: number;
  startLine: number;
  endLine: number;
  /** The qualified symbol, when the artifact came from one definition. */
  symbol?: string;
}

/** What follows a citation's path (from its last `@v`): version, lines and symbol. */
const CITATION_TAIL = /^@v(\d{1,15}):(\d{1,9})-(\d{1,9})(?:#([A-Za-z_$][\w$.]{0,255}))?$/;

export function formatCitation(c: CodeCitation): string {
  return `${c.path}@v${c.version}:${c.startLine}-${c.endLine}${c.symbol ? `#${c.symbol}` : ""}`;
}

/** The citation in a provenance source, or null when the source is not workspace code. */
export function parseCitation(source: string): CodeCitation | null {
  // The path may hold `@v` itself: the tail starts at the last one.
  const at = source.lastIndexOf("@v");
  const tail = at > 0 ? CITATION_TAIL.exec(source.slice(at)) : null;
  const m = tail === null ? null : [source, source.slice(0, at), ...tail.slice(1)];
  if (!m?.[1] || !m[2] || !m[3] || !m[4]) {
    return null;
  }
  const startLine = Number(m[3]);
  const endLine = Number(m[4]);
  if (startLine < 1 || endLine < startLine) {
    return null;
  }
  return {
    path: m[1],
    version: Number(m[2]),
    startLine,
    endLine,
    ...(m[5] ? { symbol: m[5] } : {}),
  };
}

/** Lines startLine..endLine (1-based, inclusive) of `text`, as a citation covers them. */
export function citedLines(text: string, startLine: number, endLine: number): string {
  return text
    .split("\n")
    .slice(startLine - 1, endLine)
    .join("\n");
}

export type Freshness =
  | { status: "fresh"; startLine: number; endLine: number }
  | { status: "stale"; reason: "changed"; startLine: number; endLine: number; currentHash: string }
  | { status: "stale"; reason: "file-deleted" | "symbol-removed" | "lines-gone" }
  /** The code is unchanged but does not say what the artifact claims: a poisoned artifact. */
  | { status: "stale"; reason: "contradicted"; startLine: number; endLine: number; cited: string };

/**
 * Compares the cited code with the current file. A cited symbol is found by name
 * (it may have moved: same hash at new lines is still fresh); a cited line range
 * is compared in place.
 */
export function checkCitation(
  citation: CodeCitation,
  contentHash: string,
  current: { text: string | null; definitions: readonly SymbolDef[] | null } | null,
): Freshness {
  if (current === null) {
    return { status: "stale", reason: "file-deleted" };
  }
  if (citation.symbol !== undefined && current.definitions !== null) {
    const def = current.definitions.find((d) => d.qualifiedName === citation.symbol);
    if (!def) {
      return { status: "stale", reason: "symbol-removed" };
    }
    return def.hash === contentHash
      ? { status: "fresh", startLine: def.startLine, endLine: def.endLine }
      : {
          status: "stale",
          reason: "changed",
          startLine: def.startLine,
          endLine: def.endLine,
          currentHash: def.hash,
        };
  }
  if (current.text === null) {
    return { status: "stale", reason: "lines-gone" };
  }
  const lines = current.text.split("\n");
  if (citation.endLine > lines.length) {
    return { status: "stale", reason: "lines-gone" };
  }
  const hash = sha256Hex(lines.slice(citation.startLine - 1, citation.endLine).join("\n"));
  return hash === contentHash
    ? { status: "fresh", startLine: citation.startLine, endLine: citation.endLine }
    : {
        status: "stale",
        reason: "changed",
        startLine: citation.startLine,
        endLine: citation.endLine,
        currentHash: hash,
      };
}
