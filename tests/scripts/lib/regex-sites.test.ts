// The regex reader of the ReDoS check (scripts/lib/regex-sites.ts): literals, and
// built patterns evaluated from constants, imports, templates and escapeRegExp.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, it } from "vitest";
import { ESCAPED_PLACEHOLDER, RegexSiteReader } from "../../../scripts/lib/regex-sites.ts";

function repo(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "redos-"));
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

describe("RegexSiteReader", () => {
  it("evaluates constants, imports, String.raw, .source and escapeRegExp", ({ expect }) => {
    const root = repo({
      "a.ts": [
        'import { WORD } from "./b.ts";',
        "const SEP = String.raw`\\s+`;",
        "const LIT = /x+y/g;",
        "export function f(name: string) {",
        "  return new RegExp(`${WORD}${SEP}${escapeRegExp(name)}|${LIT.source}`, LIT.flags);",
        "}",
        "export const G = new RegExp(name);",
      ].join("\n"),
      "b.ts": 'export const WORD = "[a-z]+";\n',
    });
    const sites = new RegexSiteReader(root).sites("a.ts");
    expect(
      sites.map((s) => (s.kind === "static" ? [s.line, s.source, s.flags] : [s.line, s.kind])),
    ).toEqual([
      [3, "x+y", "g"],
      [5, `[a-z]+\\s+${ESCAPED_PLACEHOLDER}|x+y`, "g"],
      [7, "dynamic"],
    ]);
  });
});
