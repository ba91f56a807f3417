// Helpers over web-tree-sitter nodes shared by the language extractors: one
// traversal with a cursor, signatures, doc comments, definition hashes, and the
// enclosing definition of a line. Called by extract-js.ts and extract-python.ts.
import type { Node, Tree } from "web-tree-sitter";
import { sha256Hex } from "../../../../shared/base/hash.ts";
import {
  MAX_DOC_CHARS,
  MAX_REPORTED_ERRORS,
  MAX_SIGNATURE_CHARS,
  type ParseReport,
  type SymbolDef,
  type SymbolKind,
} from "../../../../shared/workspace/symbols.ts";

/** Visits every node of the tree in document order (no recursion: deep trees are fine). */
export function visit(tree: Tree, onNode: (node: Node) => void): void {
  const cursor = tree.walk();
  try {
    for (;;) {
      onNode(cursor.currentNode);
      if (cursor.gotoFirstChild()) {
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) {
          return;
        }
      }
    }
  } finally {
    cursor.delete();
  }
}

/** Syntax errors of a tree, counted on the same traversal the extractor makes. */
export class ErrorTally {
  count = 0;
  readonly lines: number[] = [];

  see(node: Node): void {
    if (node.isError || node.isMissing) {
      this.count++;
      const line = node.startPosition.row + 1;
      if (this.lines.length < MAX_REPORTED_ERRORS && this.lines.at(-1) !== line) {
        this.lines.push(line);
      }
    }
  }

  report(): ParseReport {
    return { partial: this.count > 0, errorCount: this.count, errorLines: this.lines };
  }
}

/** One line: whitespace runs collapsed, cut at MAX_SIGNATURE_CHARS. */
export function oneLine(text: string, max = MAX_SIGNATURE_CHARS): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The declaration's text up to its body (or its first line when it has none). */
export function signatureOf(node: Node, body: Node | null, source: string): string {
  if (body !== null && body.startIndex > node.startIndex) {
    return oneLine(source.slice(node.startIndex, body.startIndex));
  }
  const text = source.slice(node.startIndex, node.endIndex);
  const firstLine = text.split("\n", 1)[0] ?? "";
  return oneLine(firstLine);
}

/** Strips comment markers from a JSDoc / line comment block. */
export function cleanComment(text: string): string {
  const body = text
    .replace(/^\/\*\*?/, "")
    .replace(/\*\/$/, "")
    .split("\n")
    .map((l) => l.replace(/^\s*(\*|\/\/+|#)\s?/, "").trim())
    .filter((l) => l.length > 0)
    .join(" ");
  return oneLine(body, MAX_DOC_CHARS);
}

export class SourceLines {
  readonly #lines: string[];

  constructor(source: string) {
    this.#lines = source.split("\n");
  }

  /** Lines start..end (1-based, inclusive), joined with "\n". */
  slice(start: number, end: number): string {
    return this.#lines.slice(start - 1, end).join("\n");
  }

  get count(): number {
    return this.#lines.length;
  }
}

export interface DefInput {
  name: string;
  qualifiedName?: string;
  kind: SymbolKind;
  /** The node whose lines the definition spans (the export statement, decorators included). */
  span: Node;
  signature: string;
  doc: string;
  exported: boolean;
}

export function makeDef(input: DefInput, lines: SourceLines): SymbolDef {
  const startLine = input.span.startPosition.row + 1;
  const endLine = input.span.endPosition.row + 1;
  return {
    name: input.name,
    qualifiedName: input.qualifiedName ?? input.name,
    kind: input.kind,
    startLine,
    endLine,
    signature: input.signature,
    doc: input.doc,
    exported: input.exported,
    hash: sha256Hex(lines.slice(startLine, endLine)),
  };
}

const CALLER_KINDS: ReadonlySet<SymbolKind> = new Set([
  "function",
  "method",
  "constant",
  "variable",
]);

/** The innermost function-like definition whose lines contain `line`, or null. */
export function enclosing(defs: readonly SymbolDef[], line: number): string | null {
  let best: SymbolDef | null = null;
  for (const def of defs) {
    if (!CALLER_KINDS.has(def.kind) || line < def.startLine || line > def.endLine) {
      continue;
    }
    if (best === null || def.endLine - def.startLine < best.endLine - best.startLine) {
      best = def;
    }
  }
  return best?.qualifiedName ?? null;
}

/** The text of a string literal node without its quotes. */
export function stringValue(node: Node | null): string | null {
  if (node === null) {
    return null;
  }
  if (node.type === "string" || node.type === "template_string") {
    const fragment = node.namedChildren.find((c) => c?.type === "string_fragment");
    if (fragment) {
      return fragment.text;
    }
    return node.text.replace(/^['"`]|['"`]$/g, "");
  }
  return null;
}
