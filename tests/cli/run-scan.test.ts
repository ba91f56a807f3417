// The directory scan behind `lethe run`: binaries, symlinks out of the tree,
// ignored directories and oversize files are left out with a reason.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "vitest";
import { CliError } from "../../cli/commands/context.ts";
import { MAX_RUN_FILE_BYTES, isText, scanDirectory } from "../../cli/commands/run-scan.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";

/** A temp directory holding `files` (path -> content); returns its path. */
function tree(files: Record<string, string | Uint8Array>): string {
  const root = tempDir("scan");
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), content);
  }
  return root;
}

describe("scanDirectory", () => {
  it("uploads text files in name order with /-separated relative paths", ({ expect }) => {
    const root = tree({ "src/b.ts": "export const B = 2;\n", "src/a.ts": "A", "README.md": "r" });
    const scan = scanDirectory(root);
    expect(scan.files.map((f) => f.path)).toEqual(["README.md", "src/a.ts", "src/b.ts"]);
    expect(scan.files.every((f) => f.encoding === "utf8")).toBe(true);
    expect(scan.skipped).toEqual([]);
    expect(scan.bytes).toBe(1 + 1 + 20);
  });

  it("skips binaries: NUL bytes and invalid UTF-8", ({ expect }) => {
    const root = tree({
      "img.png": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]),
      "latin1.txt": new Uint8Array([0x63, 0x61, 0x66, 0xe9]),
      "ok.txt": "café",
    });
    const scan = scanDirectory(root);
    expect(scan.files.map((f) => f.path)).toEqual(["ok.txt"]);
    expect(scan.skipped).toEqual(["img.png (binary)", "latin1.txt (binary)"]);
  });

  it("skips symlinks that leave the tree and keeps file links inside it", ({ expect }) => {
    const outside = tree({ "secret.txt": "s3cret" });
    const root = tree({ "src/real.ts": "x" });
    symlinkSync(path.join(outside, "secret.txt"), path.join(root, "leak.txt"));
    symlinkSync(outside, path.join(root, "outdir"));
    symlinkSync(path.join(root, "src/real.ts"), path.join(root, "alias.ts"));
    symlinkSync(path.join(root, "src"), path.join(root, "srclink"));
    symlinkSync(path.join(root, "nowhere"), path.join(root, "broken"));
    const scan = scanDirectory(root);
    expect(scan.files.map((f) => f.path)).toEqual(["alias.ts", "src/real.ts"]);
    expect(scan.files.some((f) => f.content.includes("s3cret"))).toBe(false);
    expect(scan.skipped).toEqual([
      "broken (broken symlink)",
      "leak.txt (symlink out of the directory)",
      "outdir (symlink out of the directory)",
      "srclink/ (symlink to a directory inside the tree)",
    ]);
  });

  it("skips .git, node_modules, hidden and build directories", ({ expect }) => {
    const root = tree({
      ".git/HEAD": "ref",
      "node_modules/x/index.js": "x",
      ".cache/a": "a",
      "dist/out.js": "o",
      "lib/keep.js": "k",
    });
    const scan = scanDirectory(root);
    expect(scan.files.map((f) => f.path)).toEqual(["lib/keep.js"]);
    expect(scan.skipped).toEqual([
      ".cache/ (ignored directory)",
      ".git/ (ignored directory)",
      "dist/ (ignored directory)",
      "node_modules/ (ignored directory)",
    ]);
  });

  it("skips files over the upload limit", ({ expect }) => {
    const root = tree({ "big.txt": "x".repeat(MAX_RUN_FILE_BYTES + 1), "small.txt": "s" });
    const scan = scanDirectory(root);
    expect(scan.files.map((f) => f.path)).toEqual(["small.txt"]);
    expect(scan.skipped[0]).toMatch(/^big\.txt \(\d+ bytes: over the \d+-byte limit\)$/);
  });

  it("refuses an empty directory, one with only binaries, a missing one and a file", ({
    expect,
  }) => {
    const empty = tree({});
    const binaries = tree({ "a.bin": new Uint8Array([0, 1, 2]) });
    const file = path.join(tree({ "f.txt": "f" }), "f.txt");
    for (const [dir, message] of [
      [empty, /has no text files to work on$/],
      [binaries, /has no text files to work on \(1 skipped\)$/],
      [path.join(empty, "missing"), /^no directory /],
      [file, /is not a directory$/],
    ] as const) {
      let error: unknown;
      try {
        scanDirectory(dir);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(CliError);
      expect((error as CliError).message).toMatch(message);
      expect((error as CliError).hint.length).toBeGreaterThan(0);
    }
  });

  it("calls UTF-8 without NUL text and anything else binary", ({ expect }) => {
    expect(isText(new TextEncoder().encode("héllo\n"))).toBe(true);
    expect(isText(new Uint8Array([0x68, 0x00]))).toBe(false);
    expect(isText(new Uint8Array([0xff, 0xfe]))).toBe(false);
  });
});
