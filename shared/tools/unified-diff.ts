// Unified diffs for the `apply_patch` tool: parse @@ hunks (context, -, +, and
// `\ No newline at end of file`) and apply them to a file's text with exact
// context matching and a small line-offset fuzz. Called by durable-objects/session/tools/edit.ts.
import { err, ok, type Result } from "../base/result.ts";

/**
 * How far (in lines) a numbered hunk may have drifted from where its header
 * says it starts. Models often miscount line numbers by a few lines after an
 * earlier edit; the content must still match exactly, so a larger window only
 * costs time. Hunks without numbers (a bare `@@`) search the whole file.
 */
export const MAX_FUZZ_LINES = 100;

export type PatchErrorCode =
  | "NO_HUNKS"
  | "BAD_HUNK_HEADER"
  | "BAD_HUNK_LINE"
  | "BINARY_PATCH"
  | "MULTIPLE_FILES"
  | "HUNK_MISMATCH"
  | "HUNK_OUT_OF_RANGE"
  | "HUNK_AMBIGUOUS";

export interface Hunk {
  /** 1-based position in the patch (hunk 1, hunk 2...), for error messages. */
  index: number;
  header: string;
  /** From the header; null for a bare `@@` (located by its context alone). */
  oldStart: number | null;
  oldCount: number | null;
  oldLines: string[];
  newLines: string[];
  /** `\ No newline at end of file` after the hunk's last old / new line. */
  oldNoEol: boolean;
  newNoEol: boolean;
}

export interface ParsedPatch {
  /** Paths named by `---` / `+++` headers, without a/ b/ prefixes ("/dev/null" kept). */
  oldPath: string | null;
  newPath: string | null;
  hunks: Hunk[];
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

function stripPrefix(raw: string): string {
  const path = raw.split("\t")[0]?.trim() ?? "";
  return /^[ab]\//.test(path) ? path.slice(2) : path;
}

/** Parses a single-file unified diff. Line endings inside lines (\r) are kept as content. */
export function parsePatch(text: string): Result<ParsedPatch, PatchErrorCode> {
  if (/^GIT binary patch$|^Binary files .* differ$/m.test(text) || text.includes("\0")) {
    return err(
      "BINARY_PATCH",
      "the patch is binary",
      "Use write_file with the whole text content.",
    );
  }
  const lines = text.split("\n");
  if (lines.at(-1) === "") {
    lines.pop();
  }
  const parsed: ParsedPatch = { oldPath: null, newPath: null, hunks: [] };
  let current: (Hunk & { trailingBlanks: number; newCount: number | null }) | null = null;
  const close = (): void => {
    if (current === null) {
      return;
    }
    // Blank lines a model (or an editor) stripped of their leading space: restore
    // as many as the header's counts say belong to the hunk; the rest are padding.
    let missing = Math.min(
      current.trailingBlanks,
      Math.max(0, (current.oldCount ?? 0) - current.oldLines.length),
      Math.max(0, (current.newCount ?? 0) - current.newLines.length),
    );
    while (missing-- > 0) {
      current.oldLines.push("");
      current.newLines.push("");
    }
    const { trailingBlanks: _t, newCount: _n, ...hunk } = current;
    parsed.hunks.push(hunk);
    current = null;
  };
  let previous = "";
  for (const line of lines) {
    const before = previous;
    previous = line;
    if (line.startsWith("@@")) {
      close();
      const m = HUNK_HEADER.exec(line);
      // "@@ -" promises line numbers: they must parse. Anything else is a bare @@.
      if (m === null && (line.startsWith("@@ -") || !/^@@(?:\s.*)?$/.test(line))) {
        return err(
          "BAD_HUNK_HEADER",
          `hunk ${parsed.hunks.length + 1} has a malformed header ${JSON.stringify(line.slice(0, 80))}`,
          "Write @@ -start,count +start,count @@ (or a bare @@ to locate the hunk by its context).",
        );
      }
      current = {
        index: parsed.hunks.length + 1,
        header: line,
        oldStart: m === null ? null : Number(m[1]),
        oldCount: m === null ? null : m[2] === undefined ? 1 : Number(m[2]),
        newCount: m === null ? null : m[4] === undefined ? 1 : Number(m[4]),
        oldLines: [],
        newLines: [],
        oldNoEol: false,
        newNoEol: false,
        trailingBlanks: 0,
      };
      continue;
    }
    if (line.startsWith("--- ") || line.startsWith("+++ ")) {
      // A file header only where a hunk cannot continue: before any hunk, or after
      // one whose counts are used up. Inside a hunk "--- x" is a removed "-- x" line.
      const inHunk = current !== null && !hunkComplete(current);
      if (!inHunk) {
        close();
        const isOld = line.startsWith("--- ");
        const path = stripPrefix(line.slice(4));
        if ((isOld ? parsed.oldPath : parsed.newPath) !== null && parsed.hunks.length > 0) {
          return err(
            "MULTIPLE_FILES",
            "the patch changes more than one file",
            "Send one apply_patch call per file.",
          );
        }
        if (isOld) {
          parsed.oldPath = path;
        } else {
          parsed.newPath = path;
        }
        continue;
      }
    }
    if (current === null) {
      // Preamble (diff --git, index, prose): not part of any hunk.
      continue;
    }
    if (line === "") {
      current.trailingBlanks++;
      continue;
    }
    // A blank line followed by more hunk lines was a blank context line.
    while (current.trailingBlanks > 0) {
      current.oldLines.push("");
      current.newLines.push("");
      current.trailingBlanks--;
    }
    const tag = line.charAt(0);
    const body = line.slice(1);
    if (tag === " ") {
      current.oldLines.push(body);
      current.newLines.push(body);
    } else if (tag === "-") {
      current.oldLines.push(body);
    } else if (tag === "+") {
      current.newLines.push(body);
    } else if (tag === "\\") {
      markNoEol(current, before);
    } else if (line.startsWith("diff ") || line.startsWith("index ")) {
      close();
    } else {
      return err(
        "BAD_HUNK_LINE",
        `hunk ${current.index} (${current.header}) has a line that is not context, - or +: ${JSON.stringify(line.slice(0, 80))}`,
        "Start every hunk line with a space (context), - (remove) or + (add).",
      );
    }
  }
  close();
  if (parsed.hunks.length === 0) {
    return err(
      "NO_HUNKS",
      "the patch has no @@ hunks",
      "Write a unified diff, e.g. @@ -1 +1 @@\\n-old\\n+new",
    );
  }
  return ok(parsed);
}

function hunkComplete(h: Hunk & { newCount: number | null }): boolean {
  return (
    h.oldCount !== null && h.oldLines.length >= h.oldCount && h.newLines.length >= (h.newCount ?? 0)
  );
}

// The marker follows the line it qualifies; the previous patch line says which side.
function markNoEol(h: Hunk, previous: string): void {
  // An empty previous line is a blank context line whose leading space was stripped.
  const tag = previous === "" ? " " : previous.charAt(0);
  if (tag === "-" || tag === " ") {
    h.oldNoEol = true;
  }
  if (tag === "+" || tag === " ") {
    h.newNoEol = true;
  }
}

interface Text {
  lines: string[];
  finalNewline: boolean;
}

export function splitText(content: string): Text {
  if (content === "") {
    return { lines: [], finalNewline: false };
  }
  const finalNewline = content.endsWith("\n");
  const lines = (finalNewline ? content.slice(0, -1) : content).split("\n");
  return { lines, finalNewline };
}

export function joinText(text: Text): string {
  if (text.lines.length === 0) {
    return "";
  }
  return text.lines.join("\n") + (text.finalNewline ? "\n" : "");
}

function matchesAt(lines: readonly string[], at: number, expected: readonly string[]): boolean {
  if (at < 0 || at + expected.length > lines.length) {
    return false;
  }
  for (let i = 0; i < expected.length; i++) {
    if (lines[at + i] !== expected[i]) {
      return false;
    }
  }
  return true;
}

function quote(line: string | undefined): string {
  return line === undefined
    ? "(end of file)"
    : JSON.stringify(line.length > 120 ? `${line.slice(0, 120)}…` : line);
}

/** Where a hunk applies in `lines` at or after `from`, or an error naming the hunk and line. */
function locate(
  hunk: Hunk,
  lines: readonly string[],
  from: number,
): Result<number, PatchErrorCode> {
  const name = `hunk ${hunk.index} (${hunk.header})`;
  if (hunk.oldStart === null) {
    if (hunk.oldLines.length === 0) {
      return err(
        "HUNK_MISMATCH",
        `${name} has no context or removed lines to locate it by`,
        "Give line numbers: @@ -start,0 +start,count @@.",
      );
    }
    const found: number[] = [];
    for (let at = from; at + hunk.oldLines.length <= lines.length && found.length < 2; at++) {
      if (matchesAt(lines, at, hunk.oldLines)) {
        found.push(at);
      }
    }
    if (found.length === 1 && found[0] !== undefined) {
      return ok(found[0]);
    }
    return found.length === 0
      ? err(
          "HUNK_MISMATCH",
          `${name}: its lines ${quote(hunk.oldLines[0])}… appear nowhere after line ${from}`,
          "Stage the file and copy the context lines exactly.",
        )
      : err(
          "HUNK_AMBIGUOUS",
          `${name}: its context matches at several places`,
          "Add line numbers or more context lines.",
        );
  }
  // Numbers refer to the original file. -start,0 inserts after line `start`;
  // otherwise the hunk's first old line is line `start`.
  const expected = hunk.oldLines.length === 0 ? hunk.oldStart : hunk.oldStart - 1;
  if (expected > lines.length) {
    return err(
      "HUNK_OUT_OF_RANGE",
      `${name} starts at line ${hunk.oldStart} but the file has ${lines.length} lines`,
      "Stage the file again and rebuild the patch against its current version.",
    );
  }
  for (let d = 0; d <= MAX_FUZZ_LINES; d++) {
    for (const at of d === 0 ? [expected] : [expected - d, expected + d]) {
      if (at >= from && matchesAt(lines, at, hunk.oldLines)) {
        return ok(at);
      }
    }
  }
  // Name the first line that differs at the expected place.
  const base = Math.max(expected, from);
  for (let i = 0; i < hunk.oldLines.length; i++) {
    if (lines[base + i] !== hunk.oldLines[i]) {
      return err(
        "HUNK_MISMATCH",
        `${name} does not apply: line ${base + i + 1} should be ${quote(hunk.oldLines[i])} but the file has ${quote(lines[base + i])}`,
        "Stage the file again and copy the context and removed lines exactly.",
      );
    }
  }
  return err(
    "HUNK_MISMATCH",
    `${name} does not apply after the previous hunk`,
    "Send the hunks in file order, without overlaps.",
  );
}

/** Applies a parsed patch to `content`; hunks apply in order and may not overlap. */
export function applyParsedPatch(
  content: string,
  patch: ParsedPatch,
): Result<string, PatchErrorCode> {
  const source = splitText(content);
  const out: string[] = [];
  let finalNewline = source.finalNewline;
  let from = 0;
  for (const hunk of patch.hunks) {
    const at = locate(hunk, source.lines, from);
    if (!at.ok) {
      return at;
    }
    const end = at.value + hunk.oldLines.length;
    const atEof = end === source.lines.length;
    if (hunk.newNoEol && !atEof) {
      return err(
        "BAD_HUNK_LINE",
        `hunk ${hunk.index} (${hunk.header}) says "No newline at end of file" but does not reach the end of the file`,
        "Put the marker only after the file's last line.",
      );
    }
    out.push(...source.lines.slice(from, at.value), ...hunk.newLines);
    if (atEof && (hunk.newLines.length > 0 || hunk.oldLines.length > 0)) {
      finalNewline = hunk.newNoEol
        ? false
        : hunk.oldNoEol
          ? true
          : source.finalNewline || source.lines.length === 0;
    }
    from = end;
  }
  out.push(...source.lines.slice(from));
  return ok(joinText({ lines: out, finalNewline }));
}

/**
 * A patch written entirely with CRLF line endings for a file that has no CR (a
 * model or an editor on Windows): its line endings are not content, so they
 * become LF. A patch with any bare LF is taken as written.
 */
export function normalisePatchEol(content: string, patchText: string): string {
  const crlfOnly = patchText.includes("\r\n") && !/(?:^|[^\r])\n/.test(patchText);
  return crlfOnly && !content.includes("\r") ? patchText.replaceAll("\r\n", "\n") : patchText;
}
