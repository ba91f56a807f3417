// The structural map of one source file (what the mapper extracts with
// tree-sitter) and the languages it knows. Produced by durable-objects/hive/workspace/mapper/map-file.ts,
// stored by the Hive's symbol store, resolved across files by the mapper's graph.ts.

export const MAPPED_LANGUAGES = ["typescript", "tsx", "javascript", "python"] as const;
export type MappedLanguage = (typeof MAPPED_LANGUAGES)[number];

export type SymbolKind =
  | "function"
  | "class"
  | "method"
  | "constant"
  | "variable"
  | "interface"
  | "type";

/** One definition: lines are 1-based and inclusive. */
export interface SymbolDef {
  name: string;
  /** `Class.method` for methods, the name otherwise. */
  qualifiedName: string;
  kind: SymbolKind;
  startLine: number;
  endLine: number;
  /** The declaration's head (up to the body), on one line, at most MAX_SIGNATURE_CHARS. */
  signature: string;
  /** The doc comment or docstring, if any (trimmed, at most MAX_DOC_CHARS). */
  doc: string;
  /** Exported from its module (JS/TS `export`; Python: top-level, not `_private`). */
  exported: boolean;
  /** SHA-256 of the definition's source lines: what AST-verified artifacts cite. */
  hash: string;
}

/** A name an import binds: `local` in this file, `imported` in the target ("*" = namespace, "default"). */
export interface ImportBinding {
  local: string;
  imported: string;
}

export interface ImportEdge {
  /** As written: "./util.js", "zod", ".models" (Python relative), "os.path". */
  specifier: string;
  bindings: ImportBinding[];
  line: number;
  /** `export ... from` and `export * from` re-export what they import. */
  reexport: boolean;
  /** `export * from` / `from x import *`. */
  star: boolean;
}

export interface ExportName {
  /** The name other modules import. */
  name: string;
  /** The local name it refers to (the same unless `export { a as b }`). */
  local: string;
  line: number;
}

export interface CallSite {
  /** The called name: `foo` for foo(), `bar` for x.bar(). */
  callee: string;
  /** The receiver for member calls (`x` in x.bar(), `this`, `self`), else null. */
  receiver: string | null;
  line: number;
  /** The qualified name of the enclosing definition, or null at module level. */
  caller: string | null;
}

export interface ParseReport {
  /** The tree had ERROR or MISSING nodes: what was mapped comes from a partial tree. */
  partial: boolean;
  errorCount: number;
  /** First lines with a syntax error (at most MAX_REPORTED_ERRORS). */
  errorLines: number[];
}

export interface FileMap {
  path: string;
  language: MappedLanguage;
  definitions: SymbolDef[];
  imports: ImportEdge[];
  exports: ExportName[];
  calls: CallSite[];
  report: ParseReport;
}

/** Signatures are one line a reader scans; longer heads are cut. */
export const MAX_SIGNATURE_CHARS = 240;
/** Doc comments feed retrieval; the first paragraph or two carry the meaning. */
export const MAX_DOC_CHARS = 600;
export const MAX_REPORTED_ERRORS = 20;

const EXTENSIONS: Readonly<Record<string, MappedLanguage>> = {
  ts: "typescript",
  mts: "typescript",
  cts: "typescript",
  tsx: "tsx",
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  jsx: "javascript",
  py: "python",
  pyi: "python",
};

/** The language of a path by its extension, or null when the mapper does not know it. */
export function languageOf(path: string): MappedLanguage | null {
  const dot = path.lastIndexOf(".");
  if (dot < 0 || dot < path.lastIndexOf("/")) {
    return null;
  }
  if (path.endsWith(".d.ts")) {
    return "typescript";
  }
  return EXTENSIONS[path.slice(dot + 1).toLowerCase()] ?? null;
}
