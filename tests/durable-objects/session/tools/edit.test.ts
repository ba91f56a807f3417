import { describe, it } from "vitest";
import { sha256Hex } from "../../../../shared/base/hash.ts";
import { errorCodeOf, runTool } from "../../../../durable-objects/session/tools/index.ts";
import { makeReads, type ReadsFixture } from "./fake-reads.ts";

const files = (): ReadsFixture => ({
  files: {
    "src/fix.ts": "export const total = 41;\nexport const name = 'x';\n",
    "assets/logo.png": "\u0089PNG\r\n\u001a\n\u0000\u0000",
  },
});

describe("write_file", () => {
  it("writes a new file with no base hash", async ({ expect }) => {
    const result = await runTool(
      "write_file",
      { path: "src/new.ts", content: "a\nb\n" },
      makeReads(files()),
    );
    expect(result.output).toBe("wrote src/new.ts (2 lines, new file)");
    expect(result.files).toEqual([{ path: "src/new.ts", content: "a\nb\n", baseHash: null }]);
  });

  it("replaces an existing file against the hash it read", async ({ expect }) => {
    const old = files().files?.["src/fix.ts"] ?? "";
    const result = await runTool(
      "write_file",
      { path: "src/fix.ts", content: "export const total = 42;\n" },
      makeReads(files()),
    );
    expect(result.output).toBe("wrote src/fix.ts (1 line, was 2 lines)");
    expect(result.files).toEqual([
      { path: "src/fix.ts", content: "export const total = 42;\n", baseHash: sha256Hex(old) },
    ]);
  });

  it("writes nothing when the content is unchanged", async ({ expect }) => {
    const same = files().files?.["src/fix.ts"] ?? "";
    const result = await runTool(
      "write_file",
      { path: "src/fix.ts", content: same },
      makeReads(files()),
    );
    expect(result).toMatchObject({
      error: false,
      output: "unchanged src/fix.ts (same content)",
      files: [],
    });
  });

  it("refuses binary content and passes on read failures other than absence", async ({
    expect,
  }) => {
    expect(
      errorCodeOf(await runTool("write_file", { path: "a.bin", content: "a\u0000b" }, makeReads())),
    ).toBe("BINARY_CONTENT");
    const failing = makeReads({ failing: { method: "readFile", code: "UNAVAILABLE" } });
    expect(errorCodeOf(await runTool("write_file", { path: "a.ts", content: "x" }, failing))).toBe(
      "UNAVAILABLE",
    );
  });
});

describe("apply_patch", () => {
  it("applies a unified diff to the current content, against its hash", async ({ expect }) => {
    const old = files().files?.["src/fix.ts"] ?? "";
    const patch =
      "--- a/src/fix.ts\n+++ b/src/fix.ts\n@@ -1,2 +1,2 @@\n-export const total = 41;\n+export const total = 42;\n export const name = 'x';\n";
    const result = await runTool("apply_patch", { path: "src/fix.ts", patch }, makeReads(files()));
    expect(result.output).toBe("patched src/fix.ts: 1 hunk applied, 2 lines (+0 lines)");
    expect(result.files).toEqual([
      {
        path: "src/fix.ts",
        content: "export const total = 42;\nexport const name = 'x';\n",
        baseHash: sha256Hex(old),
      },
    ]);
  });

  it("creates a missing file from a /dev/null patch", async ({ expect }) => {
    const patch = "--- /dev/null\n+++ b/src/made.ts\n@@ -0,0 +1 @@\n+export {};\n";
    const result = await runTool("apply_patch", { path: "src/made.ts", patch }, makeReads(files()));
    expect(result.files).toEqual([
      { path: "src/made.ts", content: "export {};\n", baseHash: null },
    ]);
    expect(result.output).toBe("patched src/made.ts: 1 hunk applied, 1 line (new file)");
  });

  it("names the hunk and line that do not apply, and writes nothing", async ({ expect }) => {
    const patch = "@@ -1 +1 @@\n-export const total = 40;\n+export const total = 42;\n";
    const result = await runTool("apply_patch", { path: "src/fix.ts", patch }, makeReads(files()));
    expect(errorCodeOf(result)).toBe("HUNK_MISMATCH");
    expect(result.output).toContain(
      'line 1 should be "export const total = 40;" but the file has "export const total = 41;"',
    );
    expect(result.files).toEqual([]);
  });

  it("refuses a patch whose header names another file, hunks beyond the file, binary files and binary patches", async ({
    expect,
  }) => {
    const reads = makeReads(files());
    const run = (path: string, patch: string) =>
      runTool("apply_patch", { path, patch }, reads).then(errorCodeOf);
    expect(
      await run("src/fix.ts", "--- a/src/other.ts\n+++ b/src/other.ts\n@@ -1 +1 @@\n-a\n+b\n"),
    ).toBe("PATH_MISMATCH");
    expect(await run("src/fix.ts", "@@ -90,2 +90,2 @@\n a\n-b\n+c\n")).toBe("HUNK_OUT_OF_RANGE");
    expect(await run("assets/logo.png", "@@ -1 +1 @@\n-x\n+y\n")).toBe("BINARY_CONTENT");
    expect(await run("src/fix.ts", "GIT binary patch\nliteral 3\n")).toBe("BINARY_PATCH");
    expect(await run("src/fix.ts", "no hunks here\n")).toBe("NO_HUNKS");
    expect(await run("src/fix.ts", "@@ -1 +1 @@\n-export const total = 41;\n+\u0007bell\n")).toBe(
      "BINARY_CONTENT",
    );
  });

  it("applies a patch sent with CRLF line endings to an LF file", async ({ expect }) => {
    const patch = "@@ -1 +1 @@\r\n-export const total = 41;\r\n+export const total = 42;\r\n";
    const result = await runTool("apply_patch", { path: "src/fix.ts", patch }, makeReads(files()));
    expect(result.files[0]?.content).toBe("export const total = 42;\nexport const name = 'x';\n");
  });

  it("says when a patch changes nothing", async ({ expect }) => {
    const patch = "@@ -1 +1 @@\n-export const total = 41;\n+export const total = 41;\n";
    const result = await runTool("apply_patch", { path: "src/fix.ts", patch }, makeReads(files()));
    expect(result).toMatchObject({
      error: false,
      output: "unchanged src/fix.ts (the patch changes nothing)",
      files: [],
    });
  });
});
