import fc from "fast-check";
import { describe, it } from "vitest";
import {
  applyParsedPatch,
  MAX_FUZZ_LINES,
  normalisePatchEol,
  parsePatch,
} from "../../../shared/tools/unified-diff.ts";

/** Parses and applies in one go, as the edit tool does (durable-objects/session/tools/edit.ts). */
function applyPatch(content: string, patchText: string) {
  const parsed = parsePatch(normalisePatchEol(content, patchText));
  return parsed.ok ? applyParsedPatch(content, parsed.value) : parsed;
}

// A tiny unified-diff generator (LCS over lines, 3 lines of context), written
// independently of the code under test so the property checks the applier.
const NO_EOL = "\\ No newline at end of file";
const MARK = "\u0001eol";

function tokens(text: string): string[] {
  if (text === "") {
    return [];
  }
  const eol = text.endsWith("\n");
  const lines = (eol ? text.slice(0, -1) : text).split("\n");
  if (!eol) {
    lines[lines.length - 1] += MARK;
  }
  return lines;
}

type Op = { t: " " | "-" | "+"; line: string };

function diffOps(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const L = Array.from({ length: n + 1 }, () => Array.from({ length: m + 1 }, () => 0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const row = L[i] as number[];
      row[j] =
        a[i] === b[j]
          ? (L[i + 1]?.[j + 1] ?? 0) + 1
          : Math.max(L[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      ops.push({ t: " ", line: a[i++] ?? "" });
      j++;
    } else if (i < n && (j === m || (L[i + 1]?.[j] ?? 0) >= (L[i]?.[j + 1] ?? 0))) {
      ops.push({ t: "-", line: a[i++] ?? "" });
    } else {
      ops.push({ t: "+", line: b[j++] ?? "" });
    }
  }
  return ops;
}

function makeDiff(before: string, after: string, context = 3): string {
  const ops = diffOps(tokens(before), tokens(after));
  const changed = ops.flatMap((op, k) => (op.t === " " ? [] : [k]));
  if (changed.length === 0) {
    return "";
  }
  // Group changes whose gap is at most 2 × context into one hunk.
  const groups: Array<[number, number]> = [];
  for (const k of changed) {
    const last = groups.at(-1);
    if (last !== undefined && k - last[1] <= 2 * context + 1) {
      last[1] = k;
    } else {
      groups.push([k, k]);
    }
  }
  const out = ["--- a/file.txt", "+++ b/file.txt"];
  for (const [first, last] of groups) {
    const from = Math.max(0, first - context);
    const to = Math.min(ops.length - 1, last + context);
    const oldBefore = ops.slice(0, from).filter((o) => o.t !== "+").length;
    const newBefore = ops.slice(0, from).filter((o) => o.t !== "-").length;
    const body = ops.slice(from, to + 1);
    const oldCount = body.filter((o) => o.t !== "+").length;
    const newCount = body.filter((o) => o.t !== "-").length;
    out.push(
      `@@ -${oldCount === 0 ? oldBefore : oldBefore + 1},${oldCount} +${newCount === 0 ? newBefore : newBefore + 1},${newCount} @@`,
    );
    for (const op of body) {
      const marked = op.line.endsWith(MARK);
      out.push(op.t + (marked ? op.line.slice(0, -MARK.length) : op.line));
      if (marked) {
        out.push(NO_EOL);
      }
    }
  }
  return `${out.join("\n")}\n`;
}

const text = fc
  .tuple(
    fc.array(
      fc.constantFrom(
        "a",
        "b",
        "c",
        "",
        "  indented",
        "-- dash",
        "++ plus",
        "@@ at",
        "\\ slash",
        "crlf\r",
      ),
      { maxLength: 30 },
    ),
    fc.boolean(),
  )
  .map(([lines, eol]) => (lines.length === 0 ? "" : lines.join("\n") + (eol ? "\n" : "")));

describe("apply_patch: unified diffs", () => {
  it("applies a generated diff from A to B, giving B, for random texts", ({ expect }) => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        const diff = makeDiff(a, b);
        if (diff === "") {
          expect(a).toBe(b);
          return;
        }
        expect(applyPatch(a, diff)).toEqual({ ok: true, value: b });
      }),
      { numRuns: 1_000 },
    );
  });

  it("still applies when blank context lines lost their leading space", ({ expect }) => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        const diff = makeDiff(a, b);
        if (diff !== "") {
          const stripped = diff
            .split("\n")
            .map((l) => (l === " " ? "" : l))
            .join("\n");
          expect(applyPatch(a, stripped)).toEqual({ ok: true, value: b });
        }
      }),
      { numRuns: 500 },
    );
  });

  it("applies a hunk whose line numbers drifted, within the fuzz window", ({ expect }) => {
    const file = Array.from({ length: 300 }, (_, i) => `line ${i + 1}`).join("\n") + "\n";
    const drifted = "@@ -40,3 +40,3 @@\n line 50\n-line 51\n+LINE 51\n line 52\n";
    const result = applyPatch(file, drifted);
    expect(result.ok && result.value.split("\n")[50]).toBe("LINE 51");
    const far = `@@ -1,3 +1,3 @@\n line 250\n-line 251\n+X\n line 252\n`;
    expect(250 - 1).toBeGreaterThan(MAX_FUZZ_LINES);
    expect(applyPatch(file, far)).toMatchObject({ ok: false, code: "HUNK_MISMATCH" });
  });

  it("locates a bare @@ hunk by its context, and refuses one that matches twice", ({ expect }) => {
    expect(applyPatch("a\nb\nc\n", "@@\n a\n-b\n+B\n")).toEqual({ ok: true, value: "a\nB\nc\n" });
    expect(applyPatch("x\ny\nx\ny\n", "@@\n x\n-y\n+Y\n")).toMatchObject({
      ok: false,
      code: "HUNK_AMBIGUOUS",
    });
    expect(applyPatch("x\n", "@@\n+y\n")).toMatchObject({ ok: false, code: "HUNK_MISMATCH" });
  });

  it("creates a file from an empty one and handles the no-newline markers both ways", ({
    expect,
  }) => {
    expect(applyPatch("", "--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+one\n+two\n")).toEqual({
      ok: true,
      value: "one\ntwo\n",
    });
    expect(applyPatch("a\nb", `@@ -2 +2 @@\n-b\n${NO_EOL}\n+b\n`)).toEqual({
      ok: true,
      value: "a\nb\n",
    });
    expect(applyPatch("a\nb\n", `@@ -2 +2 @@\n-b\n+b\n${NO_EOL}\n`)).toEqual({
      ok: true,
      value: "a\nb",
    });
    expect(applyPatch("a\nb\n", "@@ -1,2 +0,0 @@\n-a\n-b\n")).toEqual({ ok: true, value: "" });
  });

  it("keeps CRLF line endings as content", ({ expect }) => {
    expect(applyPatch("a\r\nb\r\n", "@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n")).toEqual({
      ok: true,
      value: "a\r\nc\r\n",
    });
  });

  it("reads a patch written with CRLF line endings for an LF file", ({ expect }) => {
    expect(applyPatch("a\nb\n", "@@ -1,2 +1,2 @@\r\n a\r\n-b\r\n+c\r\n")).toEqual({
      ok: true,
      value: "a\nc\n",
    });
  });

  it("names the hunk and the mismatching line when the context differs", ({ expect }) => {
    const result = applyPatch("one\ntwo\nthree\n", "@@ -1,2 +1,2 @@\n one\n-too\n+2\n");
    expect(result).toMatchObject({ ok: false, code: "HUNK_MISMATCH" });
    expect(!result.ok && result.message).toBe(
      'hunk 1 (@@ -1,2 +1,2 @@) does not apply: line 2 should be "too" but the file has "two"',
    );
    expect(!result.ok && result.hint).toBeTruthy();
  });

  it("refuses a hunk beyond the end of the file", ({ expect }) => {
    const result = applyPatch("a\nb\n", "@@ -50,2 +50,2 @@\n x\n-y\n+z\n");
    expect(result).toMatchObject({ ok: false, code: "HUNK_OUT_OF_RANGE" });
    expect(!result.ok && result.message).toBe(
      "hunk 1 (@@ -50,2 +50,2 @@) starts at line 50 but the file has 2 lines",
    );
    expect(applyPatch("a\n", "@@ -2,1 +2,1 @@\n-z\n+b\n")).toMatchObject({
      ok: false,
      code: "HUNK_MISMATCH",
    });
  });

  it("refuses overlapping or out-of-order hunks", ({ expect }) => {
    const patch = "@@ -3 +3 @@\n-c\n+C\n@@ -1 +1 @@\n-a\n+A\n";
    expect(applyPatch("a\nb\nc\n", patch)).toMatchObject({ ok: false, code: "HUNK_MISMATCH" });
  });

  it.for([
    ["", "NO_HUNKS"],
    ["just some prose\n", "NO_HUNKS"],
    ["@@ -x +1 @@\n-a\n", "BAD_HUNK_HEADER"],
    ["@@ -1 +1 @@\n-a\n*b\n", "BAD_HUNK_LINE"],
    ["diff --git a/x b/x\nGIT binary patch\nliteral 5\n", "BINARY_PATCH"],
    ["Binary files a/x.png and b/x.png differ\n", "BINARY_PATCH"],
    ["@@ -1 +1 @@\n-a\u0000\n+b\n", "BINARY_PATCH"],
    [
      "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n--- a/y\n+++ b/y\n@@ -1 +1 @@\n-a\n+b\n",
      "MULTIPLE_FILES",
    ],
  ] as const)("refuses %j with %s", ([patch, code], { expect }) => {
    expect(parsePatch(patch)).toMatchObject({ ok: false, code });
  });

  it("reads headers and a removed line that starts with dashes", ({ expect }) => {
    const parsed = parsePatch(
      "diff --git a/src/x.ts b/src/x.ts\nindex 1..2\n--- a/src/x.ts\n+++ b/src/x.ts\n@@ -1,2 +1,1 @@\n--- old\n keep\n",
    );
    expect(parsed).toMatchObject({
      ok: true,
      value: {
        oldPath: "src/x.ts",
        newPath: "src/x.ts",
        hunks: [{ oldLines: ["-- old", "keep"], newLines: ["keep"] }],
      },
    });
  });
});
