import path from "node:path";
import fc from "fast-check";
import { describe, it } from "vitest";
import { normalizeWorkspacePath } from "../../../shared/gatekeeper/paths.ts";
import { ESCAPE_CORPUS } from "./escape-corpus.ts";

describe("normalizeWorkspacePath", () => {
  it("has a corpus of at least 60 escape spellings", ({ expect }) => {
    expect(ESCAPE_CORPUS.length).toBeGreaterThanOrEqual(60);
  });

  it.for(ESCAPE_CORPUS.map((c) => [JSON.stringify(c.raw).slice(0, 60), c] as const))(
    "refuses %s with a reason and a hint",
    ([, c], { expect }) => {
      const result = normalizeWorkspacePath(c.raw, c.roots ?? ["."]);
      expect(result).toMatchObject({ ok: false, code: c.code });
      if (!result.ok) {
        expect(result.message.length).toBeGreaterThan(0);
        expect(result.hint?.length ?? 0).toBeGreaterThan(0);
      }
    },
  );

  it.for([
    ["src/app.ts", "src/app.ts"],
    ["./src//app.ts", "src/app.ts"],
    ["src\\lib\\util.ts", "src/lib/util.ts"],
    ["src/./a.ts", "src/a.ts"],
    ["src/a%20b.ts", "src/a b.ts"],
    ["ｓｒｃ/app.ts", "src/app.ts"],
    ["docs/100%.md", "docs/100%.md"],
    ["src/café.ts", "src/café.ts"],
    ["src/cafe\u0301.ts", "src/café.ts"],
    [".", "."],
    ["src/", "src"],
    ["src/.envrc.example.md", "src/.envrc.example.md"],
    ["src/backup~", "src/backup~"],
    [".github/workflows/ci.yml", ".github/workflows/ci.yml"],
  ])("accepts %j as %j", ([raw, expected], { expect }) => {
    expect(normalizeWorkspacePath(raw ?? "", ["."])).toEqual({ ok: true, value: expected });
  });

  it("confines to any of several roots, and treats '' and '/' as the whole workspace", ({
    expect,
  }) => {
    expect(normalizeWorkspacePath("lib/x.ts", ["src", "lib"])).toEqual({
      ok: true,
      value: "lib/x.ts",
    });
    expect(normalizeWorkspacePath("src", ["src"])).toEqual({ ok: true, value: "src" });
    expect(normalizeWorkspacePath("a/b", [""])).toEqual({ ok: true, value: "a/b" });
    expect(normalizeWorkspacePath("a/b", ["/"])).toEqual({ ok: true, value: "a/b" });
    expect(normalizeWorkspacePath("a/b", [])).toMatchObject({
      ok: false,
      code: "PATH_OUTSIDE_ROOTS",
    });
  });

  it("lets a caller replace the denied patterns", ({ expect }) => {
    expect(normalizeWorkspacePath(".env", ["."], { deniedPatterns: [] })).toEqual({
      ok: true,
      value: ".env",
    });
    expect(
      normalizeWorkspacePath("notes.txt", ["."], { deniedPatterns: [/^notes/] }),
    ).toMatchObject({
      code: "PATH_SENSITIVE",
    });
  });

  // Characters chosen to hit every branch: separators, dots, escapes, look-alikes.
  const tricky = fc
    .array(
      fc.constantFrom(
        "a",
        "b",
        "src",
        ".",
        "..",
        "/",
        "\\",
        "%",
        "2e",
        "2f",
        "25",
        "5c",
        "~",
        ":",
        " ",
        "．",
        "／",
        "\u2025",
        "é",
        "e\u0301",
        "\u0000",
        "\u200b",
        "env",
        "git",
        "C:",
      ),
      { maxLength: 14 },
    )
    .map((parts) => parts.join(""));

  it("is idempotent: a normalised path normalises to itself", ({ expect }) => {
    fc.assert(
      fc.property(
        fc.oneof(
          tricky,
          fc.string({ maxLength: 40 }),
          fc.string({ unit: "binary", maxLength: 20 }),
        ),
        (raw) => {
          const once = normalizeWorkspacePath(raw, ["."]);
          if (once.ok) {
            expect(normalizeWorkspacePath(once.value, ["."])).toEqual(once);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("never admits a path that leaves its root", ({ expect }) => {
    const workspace = "/workspace";
    fc.assert(
      fc.property(
        fc.oneof(tricky, fc.string({ maxLength: 40 })),
        fc.constantFrom("src", "lib/core"),
        (raw, root) => {
          const result = normalizeWorkspacePath(raw, [root]);
          if (result.ok) {
            const resolved = path.posix.resolve(workspace, result.value);
            const win = path.win32.resolve("C:\\workspace", result.value);
            expect(
              resolved === `${workspace}/${root}` || resolved.startsWith(`${workspace}/${root}/`),
            ).toBe(true);
            expect(win.toLowerCase().startsWith("c:\\workspace\\")).toBe(true);
            expect(result.value.split("/")).not.toContain("..");
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});
