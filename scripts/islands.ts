// The island check of `npm run check`: every exported function, class or constant of
// the product (workers/, durable-objects/, shared/, packages/, cli/) must be used by another
// product file; one reached only by tests, benches or scripts is an island, not a feature.
// Names are read with the TypeScript parser, so a mention in a comment or a string
// does not count as a use. scripts/islands-known.json lists islands that are known and
// owned (each with its owner and why): the check fails on any other island, and on a
// listed name that is no longer one (the list only shrinks).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseSync } from "oxc-parser";
import { z } from "zod";

const ROOT = path.resolve(import.meta.dirname, "..");
const PRODUCT = /^(workers|durable-objects|shared|packages|cli)\/.*\.(ts|mts)$/;
const SKIPPED = /\.d\.ts$|\.test\.|\/tests?\//;
/** Worker entry points and the CLI are reached by their wrangler configs and bin, not imports. */
const ENTRY = /^(workers\/[^/]+\/index\.ts|cli\/lethe\.ts)$/;

export const KnownIslandsSchema = z.record(
  z.string().regex(/^[^:]+: [A-Za-z_$][\w$]*$/, "expected 'path: name'"),
  z.string().min(1, "say who owns it and why it is still an island"),
);

type Node = { type: string; [key: string]: unknown };

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && typeof (value as Node).type === "string";
}

/** The names a file exports as values (functions, classes, constants, enums). */
function exportedValues(body: readonly Node[]): string[] {
  const names: string[] = [];
  for (const statement of body) {
    const declaration = statement.type === "ExportNamedDeclaration" ? statement.declaration : null;
    if (!isNode(declaration)) {
      continue;
    }
    const id = declaration.id;
    if (
      ["FunctionDeclaration", "ClassDeclaration", "TSEnumDeclaration"].includes(declaration.type) &&
      isNode(id) &&
      typeof id.name === "string"
    ) {
      names.push(id.name);
    } else if (
      declaration.type === "VariableDeclaration" &&
      Array.isArray(declaration.declarations)
    ) {
      for (const d of declaration.declarations as Node[]) {
        if (isNode(d.id) && d.id.type === "Identifier" && typeof d.id.name === "string") {
          names.push(d.id.name);
        }
      }
    }
  }
  return names;
}

/** Every identifier a file's code mentions (comments and strings are not code). */
function identifiers(root: Node): Map<string, number> {
  const seen = new Map<string, number>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      stack.push(...value);
    } else if (isNode(value)) {
      if (value.type === "Identifier" && typeof value.name === "string") {
        seen.set(value.name, (seen.get(value.name) ?? 0) + 1);
      }
      for (const [key, child] of Object.entries(value)) {
        if (key !== "type" && typeof child === "object" && child !== null) {
          stack.push(child);
        }
      }
    }
  }
  return seen;
}

export function findIslands(root: string): string[] {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\n")
    .filter((f) => PRODUCT.test(f) && !SKIPPED.test(f));
  const parsed = files.map((file) => {
    const { program } = parseSync(file, readFileSync(path.join(root, file), "utf8"));
    const body = program.body as unknown as Node[];
    return { file, exports: exportedValues(body), uses: identifiers(program as unknown as Node) };
  });
  const islands: string[] = [];
  for (const { file, exports, uses } of parsed) {
    if (ENTRY.test(file)) {
      continue;
    }
    for (const name of exports) {
      // Its own file using it besides the declaration is a product use (it is only over-exported).
      const used =
        (uses.get(name) ?? 0) > 1 ||
        parsed.some((other) => other.file !== file && other.uses.has(name));
      if (!used) {
        islands.push(`${file}: ${name}`);
      }
    }
  }
  return islands.sort();
}

function main(): void {
  const known = KnownIslandsSchema.parse(
    JSON.parse(readFileSync(path.join(ROOT, "scripts/islands-known.json"), "utf8")),
  );
  const islands = findIslands(ROOT);
  const found = new Set(islands);
  const fresh = islands.filter((i) => !(i in known));
  const gone = Object.keys(known).filter((k) => !found.has(k));
  for (const island of fresh) {
    console.error(
      `island  ${island}  (only tests, benches or scripts use it: wire it or delete it)`,
    );
  }
  for (const name of gone) {
    console.error(`no longer an island: ${name}  (remove it from scripts/islands-known.json)`);
  }
  console.log(
    `islands: ${islands.length} found, ${islands.length - fresh.length} known and owned, ${fresh.length} new, ${gone.length} stale entries`,
  );
  process.exit(fresh.length > 0 || gone.length > 0 ? 1 : 0);
}

if (import.meta.main) {
  main();
}
