// JSON and YAML documents read as key–values: parsed by the `yaml` package (YAML
// 1.2 reads JSON too), each scalar keyed by its path, with the line it sits on.
// Called by shared/facts/structured.ts.
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseAllDocuments } from "yaml";
import type { Node } from "yaml";
import { keyValue, type KeyValue, type StructuredFormat } from "./key-value.ts";

/** A document larger than this is read as lines, not parsed (bounded cost per turn). */
export const MAX_DOCUMENT_CHARS = 256 * 1024;
/** Most key–values read from one document. */
const MAX_VALUES_PER_DOCUMENT = 2_000;
/** Deepest path walked. */
const MAX_DEPTH = 12;
/** Fields that name a record in a list (`[{"name": "web", "replicas": 3}]` keys "web.replicas"). */
const IDENTITY_FIELDS = ["name", "key", "id"];
/** A record `{ "key": K, "value": V }` states K = V. */
const VALUE_FIELDS = ["value", "val"];

interface Walk {
  out: KeyValue[];
  format: StructuredFormat;
  lines: LineCounter;
  firstLine: number;
}

function lineOf(node: Node | null | undefined, walk: Walk): number {
  const start = node?.range?.[0];
  return start === undefined ? walk.firstLine : walk.firstLine + walk.lines.linePos(start).line - 1;
}

function scalarText(node: unknown): string | undefined {
  if (!isScalar(node)) {
    return undefined;
  }
  const v = node.value;
  if (v === null) {
    return "null";
  }
  return typeof v === "object" ? undefined : String(v);
}

/** The scalar value of field `name` of a map node, if it has one. */
function field(node: unknown, names: readonly string[]): string | undefined {
  if (!isMap(node)) {
    return undefined;
  }
  for (const pair of node.items) {
    const k = scalarText(pair.key)?.toLowerCase();
    if (k !== undefined && names.includes(k)) {
      return scalarText(pair.value);
    }
  }
  return undefined;
}

function push(walk: Walk, path: string, value: string, node: Node | null | undefined): void {
  if (walk.out.length >= MAX_VALUES_PER_DOCUMENT || path.length === 0) {
    return;
  }
  const kv = keyValue(path, value, walk.format, lineOf(node, walk));
  if (kv !== undefined) {
    walk.out.push(kv);
  }
}

function join(path: string, segment: string): string {
  return path.length === 0 ? segment : `${path}.${segment}`;
}

function visit(node: unknown, path: string, walk: Walk, depth: number, skip?: string): void {
  if (depth > MAX_DEPTH || isAlias(node)) {
    return;
  }
  const scalar = scalarText(node);
  if (scalar !== undefined) {
    push(walk, path, scalar, node as Node);
    return;
  }
  if (isMap(node)) {
    const named = field(node, IDENTITY_FIELDS);
    const value = field(node, VALUE_FIELDS);
    if (named !== undefined && value !== undefined && node.items.length <= 4) {
      push(walk, join(path, named), value, node);
      return;
    }
    for (const pair of node.items) {
      const key = isPair(pair) ? scalarText(pair.key) : undefined;
      if (key !== undefined && key.toLowerCase() !== skip) {
        visit(pair.value, join(path, key), walk, depth + 1);
      }
    }
    return;
  }
  if (isSeq(node)) {
    const scalars = node.items.map(scalarText);
    if (scalars.every((s) => s !== undefined)) {
      push(walk, path, scalars.join(", "), node);
      return;
    }
    node.items.forEach((item, i) => {
      const name = IDENTITY_FIELDS.find((f) => field(item, [f]) !== undefined);
      if (name !== undefined && field(item, VALUE_FIELDS) !== undefined) {
        visit(item, path, walk, depth + 1);
        return;
      }
      const segment = name === undefined ? String(i) : (field(item, [name]) ?? String(i));
      visit(item, join(path, segment), walk, depth + 1, name);
    });
  }
}

/**
 * The key–values of a JSON or YAML text whose first line is line `firstLine` of
 * its turn, or undefined when it does not parse as a mapping or a list.
 */
export function treeValues(
  text: string,
  format: "json" | "yaml",
  firstLine: number,
): KeyValue[] | undefined {
  if (text.length > MAX_DOCUMENT_CHARS) {
    return undefined;
  }
  const lines = new LineCounter();
  let docs: ReturnType<typeof parseAllDocuments>;
  try {
    docs = parseAllDocuments(text, { lineCounter: lines, uniqueKeys: false, prettyErrors: false });
  } catch {
    // Anything the parser throws means "not a document": the caller reads lines instead.
    return undefined;
  }
  if (!Array.isArray(docs) || docs.length === 0) {
    return undefined;
  }
  const walk: Walk = { out: [], format, lines, firstLine };
  for (const doc of docs) {
    if (doc.errors.length > 0 || !(isMap(doc.contents) || isSeq(doc.contents))) {
      return undefined;
    }
    visit(doc.contents, "", walk, 0);
  }
  return walk.out;
}
