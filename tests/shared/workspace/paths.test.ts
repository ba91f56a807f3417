import fc from "fast-check";
import { describe, test } from "vitest";
import { workspaceFilePath, workspaceRoots } from "../../../shared/workspace/paths.ts";
import { ESCAPE_CORPUS } from "../gatekeeper/escape-corpus.ts";

describe("workspace file paths", () => {
  test("every spelling of the gatekeeper's escape corpus is refused with its code", ({
    expect,
  }) => {
    expect(ESCAPE_CORPUS.length).toBeGreaterThanOrEqual(60);
    for (const entry of ESCAPE_CORPUS) {
      const result = workspaceFilePath(entry.raw, entry.roots ?? ["."]);
      expect(result.ok, JSON.stringify(entry.raw)).toBe(false);
      if (!result.ok) {
        expect(result.code, JSON.stringify(entry.raw)).toBe(entry.code);
        expect(result.hint).toBeTruthy();
      }
    }
  });

  test("workspace-specific hostile spellings are refused", ({ expect }) => {
    const cases: [string, string][] = [
      [".", "PATH_IS_ROOT"],
      ["./", "PATH_IS_ROOT"],
      ["src/a.ts\u0000.png", "PATH_CONTROL_CHARACTER"],
      ["src/a.ts%00", "PATH_CONTROL_CHARACTER"],
      ["//etc/passwd", "PATH_ABSOLUTE"],
      ["C:\\x.ts", "PATH_ABSOLUTE"],
      ["src/a.ts.", "PATH_BAD_SEGMENT"],
      ["src/..../a.ts", "PATH_BAD_SEGMENT"],
      ["src/．．/．．/x", "PATH_TRAVERSAL"],
      ["src%2f..%2f..%2fx", "PATH_TRAVERSAL"],
      [".env", "PATH_SENSITIVE"],
    ];
    for (const [raw, code] of cases) {
      const result = workspaceFilePath(raw, ["."]);
      expect(result.ok ? "accepted" : result.code, JSON.stringify(raw)).toBe(code);
    }
  });

  test("doubled slashes and dot segments canonicalise inside the root", ({ expect }) => {
    expect(workspaceFilePath("src//util/./a.ts", ["."])).toEqual({
      ok: true,
      value: "src/util/a.ts",
    });
    expect(workspaceFilePath("src\\a.ts", ["src"])).toEqual({ ok: true, value: "src/a.ts" });
  });

  test("paths are confined to the configured roots", ({ expect }) => {
    const roots = workspaceRoots(["src", "tests/"]);
    expect(roots).toEqual({ ok: true, value: ["src", "tests"] });
    expect(workspaceFilePath("docs/a.md", ["src", "tests"])).toMatchObject({
      ok: false,
      code: "PATH_OUTSIDE_ROOTS",
    });
    expect(workspaceFilePath("srcx/a.ts", ["src"])).toMatchObject({
      ok: false,
      code: "PATH_OUTSIDE_ROOTS",
    });
    expect(workspaceRoots(["../up"])).toMatchObject({ ok: false, code: "PATH_TRAVERSAL" });
  });

  test("whatever is accepted is canonical, relative and never climbs out", ({ expect }) => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (raw) => {
        const result = workspaceFilePath(raw, ["."]);
        if (result.ok) {
          expect(result.value.startsWith("/")).toBe(false);
          expect(result.value.split("/")).not.toContain("..");
          expect(result.value.split("/")).not.toContain("");
          expect(workspaceFilePath(result.value, ["."])).toEqual(result);
        }
      }),
      { numRuns: 2_000 },
    );
  });
});
