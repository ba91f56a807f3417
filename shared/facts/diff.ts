// Unified-diff hunks read as key–values: the new side (context and `+` lines) is
// what the file now says, the `-` side what it said (`was`). A hunk whose sides
// parse as JSON or YAML is read as a document; otherwise line by line. Called by
// shared/facts/structured.ts.
import type { KeyValue } from "./key-value.ts";
import { lineValue } from "./lines.ts";
import { treeValues } from "./tree.ts";

interface Side {
  text: string[];
  /** The turn line of each line of `text`. */
  at: number[];
}

/** Whether lines look like a unified diff: a hunk header, a file header pair, or both sides. */
export function looksLikeDiff(lines: readonly string[]): boolean {
  let minus = false;
  let plus = false;
  let header = false;
  for (const l of lines) {
    if (l.startsWith("@@ ") || l.startsWith("diff --git ")) {
      return true;
    }
    if (l.startsWith("--- ") || l.startsWith("+++ ")) {
      header = true;
    } else if (l.startsWith("-")) {
      minus = true;
    } else if (l.startsWith("+")) {
      plus = true;
    }
  }
  return header || (minus && plus);
}

function isFileHeader(line: string): boolean {
  return /^(?:diff |index |--- |\+\+\+ |new file|deleted file|similarity |rename )/.test(line);
}

/** The hunks of a diff, each as its old and new side. */
function hunks(lines: readonly string[], firstLine: number): { old: Side; now: Side }[] {
  const out: { old: Side; now: Side }[] = [];
  let current: { old: Side; now: Side } | undefined;
  lines.forEach((line, i) => {
    const at = firstLine + i;
    if (line.startsWith("@@") || isFileHeader(line)) {
      current = undefined;
      return;
    }
    if (current === undefined) {
      current = { old: { text: [], at: [] }, now: { text: [], at: [] } };
      out.push(current);
    }
    const body = line.slice(1);
    if (line.startsWith("-")) {
      current.old.text.push(body);
      current.old.at.push(at);
    } else if (line.startsWith("+")) {
      current.now.text.push(body);
      current.now.at.push(at);
    } else if (!line.startsWith("\\")) {
      for (const side of [current.old, current.now]) {
        side.text.push(line.startsWith(" ") ? body : line);
        side.at.push(at);
      }
    }
  });
  return out;
}

function sideAsTree(side: Side): KeyValue[] | undefined {
  const text = side.text.join("\n");
  if (text.trim().length === 0 || !side.text.some((l) => /\S/.test(l))) {
    return undefined;
  }
  const format = /^\s*[{[]/.test(text) ? "json" : "yaml";
  const values = treeValues(text, format, 1);
  return values?.map((kv) => ({ ...kv, format: "diff", line: side.at[kv.line - 1] ?? kv.line }));
}

function sideAsLines(side: Side): KeyValue[] {
  return side.text.flatMap((l, i) => lineValue(l, side.at[i] ?? 0, "diff") ?? []);
}

/** The values a diff's new side states, each with the old side's value for its key when it changed. */
export function diffValues(lines: readonly string[], firstLine: number): KeyValue[] {
  const out: KeyValue[] = [];
  for (const hunk of hunks(lines, firstLine)) {
    // Both sides as documents, or both line by line.
    const trees = [sideAsTree(hunk.now), sideAsTree(hunk.old)];
    const [now = [], old = []] = trees.every((t) => t !== undefined)
      ? trees
      : [sideAsLines(hunk.now), sideAsLines(hunk.old)];
    const was = new Map(old.map((kv) => [kv.subject, kv.value]));
    for (const kv of now) {
      const before = was.get(kv.subject);
      out.push(before === undefined || before === kv.value ? kv : { ...kv, was: before });
    }
  }
  return out;
}
