// docs/architecture.md is the newcomer's map: every folder of the repository (as
// git tracks it) appears there as `path/`, and every folder it names exists.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Folders whose insides are data, not rooms: fixture repositories. */
const OPAQUE = ["tests/fixtures/repos/"];

function trackedFolders(): string[] {
  const files = execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" }).split("\n");
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split("/").slice(0, -1);
    for (let i = 1; i <= parts.length; i++) {
      const folder = parts.slice(0, i).join("/");
      if (
        !folder.startsWith(".") &&
        !OPAQUE.some((o) => `${folder}/`.startsWith(o) && `${folder}/` !== o)
      ) {
        folders.add(folder);
      }
    }
  }
  return [...folders].sort();
}

describe("docs/architecture.md", () => {
  const map = readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");
  const named = new Set([...map.matchAll(/`([a-z][\w./-]*)\/`/g)].map((m) => m[1] ?? ""));

  it("lists every folder of the tree", ({ expect }) => {
    expect(trackedFolders().filter((f) => !named.has(f))).toEqual([]);
  });

  it("names no folder that does not exist", ({ expect }) => {
    const folders = new Set(trackedFolders());
    expect([...named].filter((f) => !folders.has(f))).toEqual([]);
  });
});
