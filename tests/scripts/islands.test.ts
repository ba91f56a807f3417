// scripts/islands.ts on a throwaway repository: an export only a test uses is an
// island, a mention in a comment or a string is not a use, an import by product code is.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findIslands } from "../../scripts/islands.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";

function repo(files: Record<string, string>): string {
  const root = tempDir("islands");
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  execFileSync("git", ["init", "-q"], { cwd: root });
  return root;
}

describe("findIslands", () => {
  it("reports exports only tests reach, and only those", () => {
    const root = repo({
      "shared/a.ts":
        "export function used() {}\nexport function onlyTested() {}\nexport const INTERNAL = 1;\nexport const twice = INTERNAL + 1;\nexport type T = number;\n",
      "shared/b.ts":
        'import { used } from "./a.ts";\n// onlyTested is named in this comment\nconst s = "twice";\nused(s);\n',
      "tests/a.test.ts":
        'import { onlyTested, twice } from "../shared/a.ts";\nonlyTested(twice);\n',
      "workers/w/index.ts": "export default {};\nexport const ENTRY_ONLY = 1;\n",
    });
    expect(findIslands(root)).toEqual(["shared/a.ts: onlyTested", "shared/a.ts: twice"]);
  });
});
