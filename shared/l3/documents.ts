// What L3 indexes for a file: one document per definition (kind, name and its
// parts, signature, doc comment, path) and, for files without a map, text chunks
// of CHUNK_LINES lines. Called by the Hive's vector store and by the benchmark.
import { identifierParts } from "../embed/lexical.ts";
import { sha256Hex } from "../base/hash.ts";
import type { FileMap } from "../workspace/symbols.ts";

/** Lines per text chunk: a screenful, small enough to stage into L1 on its own. */
export const CHUNK_LINES = 40;
/** Text indexed per chunk: the embedder saturates long before this. */
const MAX_DOC_TEXT_CHARS = 4_000;

export interface L3Document {
  /** Stable across versions for the same symbol (upserts replace it), at most 64 bytes. */
  id: string;
  path: string;
  kind: "symbol" | "file" | "text";
  name: string | null;
  startLine: number;
  endLine: number;
  text: string;
}

export function documentId(path: string, key: string): string {
  return sha256Hex(`${path}\0${key}`).slice(0, 32);
}

export function documentsFor(path: string, text: string, map: FileMap | null): L3Document[] {
  const docs: L3Document[] = [];
  const pathWords = identifierParts(path).join(" ");
  if (map !== null) {
    const seen = new Map<string, number>();
    for (const def of map.definitions) {
      const n = seen.get(def.qualifiedName) ?? 0;
      seen.set(def.qualifiedName, n + 1);
      const parts = identifierParts(def.qualifiedName).join(" ");
      docs.push({
        id: documentId(path, `sym:${def.qualifiedName}:${n}`),
        path,
        kind: "symbol",
        name: def.qualifiedName,
        startLine: def.startLine,
        endLine: def.endLine,
        text: `${def.kind} ${def.qualifiedName} ${parts}\n${def.signature}\n${def.doc}\n${path} ${pathWords}`.slice(
          0,
          MAX_DOC_TEXT_CHARS,
        ),
      });
    }
    const head = text.split("\n", 30).join("\n");
    docs.push({
      id: documentId(path, "file"),
      path,
      kind: "file",
      name: null,
      startLine: 1,
      endLine: Math.min(30, text.split("\n").length),
      text: `${path} ${pathWords}\n${head}`.slice(0, MAX_DOC_TEXT_CHARS),
    });
    return docs;
  }
  const lines = text.split("\n");
  for (let start = 0; start < lines.length; start += CHUNK_LINES) {
    const chunk = lines.slice(start, start + CHUNK_LINES).join("\n");
    if (chunk.trim() === "") {
      continue;
    }
    docs.push({
      id: documentId(path, `text:${start}`),
      path,
      kind: "text",
      name: null,
      startLine: start + 1,
      endLine: Math.min(start + CHUNK_LINES, lines.length),
      text: `${path} ${pathWords}\n${chunk}`.slice(0, MAX_DOC_TEXT_CHARS),
    });
  }
  return docs;
}
