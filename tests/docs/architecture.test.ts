// docs/architecture.md is the newcomer's map: every folder of the repository (as
// git tracks it) appears there as `path/`, every folder it names exists, and its
// import map ("Who imports whom") is the product's import graph as the code has it
// (tests/docs/import-graph.ts). The graph also keeps the house in order: every folder
// of shared/ is used by two or more deployables, shared/ reaches up into none of
// them, and no two folders import each other, directly or round a loop.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "vitest";
import {
  DEPLOYABLES,
  deployablesOf,
  folderCycles,
  importersOf,
  importSection,
  readImportGraph,
  ROOT,
} from "./import-graph.ts";

/** Folders whose insides are data, not rooms: fixture repositories. */
const OPAQUE = ["tests/fixtures/repos/"];

/**
 * Folder cycles not broken yet, each with why. The test fails when one of them is
 * broken (delete it here) or when any other appears. None remain: shared/'s leaves
 * live in shared/base/, its root holds only contracts that import the folders below,
 * and each definition two folders share lives in the folder that owns the concept.
 */
const KNOWN_CYCLES: readonly (readonly string[])[] = [];

/** Product folders that may be imported by shared/: shared/ itself. */
const ABOVE_SHARED = ["workers/", "durable-objects/", "packages/", "cli/", "harness/", "scripts/"];

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

/** The lines of the map's "Who imports whom" section. */
function documentedImports(map: string): string[] {
  const start = map.indexOf("## Who imports whom");
  const section = start < 0 ? "" : (map.slice(start).split(/\n## /)[0] ?? "");
  return section.split("\n").filter((line) => line.startsWith("- `"));
}

describe("docs/architecture.md", () => {
  const map = readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");
  const named = new Set([...map.matchAll(/`([a-z][\w./-]*)\/`/g)].map((m) => m[1] ?? ""));
  const graph = readImportGraph();

  it("lists every folder of the tree", ({ expect }) => {
    expect(trackedFolders().filter((f) => !named.has(f))).toEqual([]);
  });

  it("names no folder that does not exist", ({ expect }) => {
    const folders = new Set(trackedFolders());
    expect([...named].filter((f) => !folders.has(f))).toEqual([]);
  });

  it("says who imports each folder of the product, as the code does", ({ expect }) => {
    // On a mismatch, `node tests/docs/import-graph.ts` prints the section as the code has it.
    expect(documentedImports(map).join("\n")).toBe(importSection(graph));
  });

  it("names each deployable the shared/ rule counts", ({ expect }) => {
    const missing = Object.values(DEPLOYABLES)
      .flat()
      .filter((root) => !map.includes(`\`${root}\``));
    expect(missing).toEqual([]);
  });
});

describe("the product's import graph", () => {
  const graph = readImportGraph();

  it("has every folder of shared/ used by two or more deployables", ({ expect }) => {
    const users = deployablesOf(graph);
    const lonely = [...importersOf(graph).keys()]
      .filter((f) => f.startsWith("shared/") && (users.get(f)?.size ?? 0) < 2)
      .map((f) => `${f} used by ${[...(users.get(f) ?? [])].join(", ") || "no deployable"}`);
    expect(lonely).toEqual([]);
  });

  it("has shared/ import nothing above it", ({ expect }) => {
    const upward = [...graph.files]
      .filter(([file]) => file.startsWith("shared/"))
      .flatMap(([file, targets]) =>
        [...targets]
          .filter((t) => ABOVE_SHARED.some((above) => t.startsWith(above)))
          .map((t) => `${file} → ${t}`),
      );
    expect(upward).toEqual([]);
  });

  it("has no import cycle between folders but the known ones", ({ expect }) => {
    expect(folderCycles(graph)).toEqual(KNOWN_CYCLES);
  });
});
