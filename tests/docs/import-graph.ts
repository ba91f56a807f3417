// The product's import graph, read from the source with oxc-parser: which file imports
// which (relative imports, type-only included, string-literal dynamic imports too),
// folded to folders. tests/docs/architecture.test.ts checks docs/architecture.md's map
// against it; `node tests/docs/import-graph.ts` prints the map's import section.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseSync } from "oxc-parser";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** The folders whose code is the product or its tooling; tests, benches and examples are not. */
export const PRODUCT_ROOTS = [
  "workers",
  "durable-objects",
  "shared",
  "packages",
  "cli",
  "harness",
  "scripts",
] as const;

/**
 * What ships on its own: the six Workers, the Durable Objects (deployed inside the
 * gateway's script, owned apart), the CLI and each published entry point. A folder of
 * `shared/` must be reached by two or more of them.
 */
export const DEPLOYABLES: Readonly<Record<string, readonly string[]>> = {
  "gateway Worker": ["workers/gateway/"],
  "router Worker": ["workers/router/"],
  "gatekeeper Worker": ["workers/gatekeeper/"],
  "compressor Worker": ["workers/compressor/"],
  "model Worker": ["workers/model/"],
  "relay Worker": ["workers/relay/"],
  "Durable Objects": ["durable-objects/"],
  "lethe CLI": ["cli/"],
  "lethe/client": ["packages/client/"],
  "lethe/langgraph": ["shared/langgraph/"],
  "lethe/agents": ["packages/agents/"],
  "lethe/testing": ["packages/testing/"],
};

export interface ImportGraph {
  /** Every product file (repository-relative, `/`-separated) and the product files it imports. */
  files: ReadonlyMap<string, ReadonlySet<string>>;
  /** Folder → the other folders it imports from (no self edges). */
  folders: ReadonlyMap<string, ReadonlySet<string>>;
}

function sourceFiles(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  if (!statSync(abs, { throwIfNoEntry: false })?.isDirectory()) {
    return [];
  }
  return (
    readdirSync(abs, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(ts|mts|js|mjs)$/.test(e.name) && !e.name.endsWith(".d.ts"))
      .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
      // Build output and tool state (wrangler's .wrangler/tmp bundles of a running cluster) are not source.
      .filter(
        (f) =>
          !f
            .split("/")
            .some((part) => part === "node_modules" || part === "dist" || part.startsWith(".")),
      )
  );
}

function resolveImport(from: string, specifier: string, known: ReadonlySet<string>): string | null {
  if (!specifier.startsWith(".")) {
    return null;
  }
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const stem = base.replace(/\.js$/, "");
  for (const candidate of [base, `${stem}.ts`, `${base}/index.ts`]) {
    if (known.has(candidate)) {
      return candidate;
    }
  }
  return null;
}

function specifiersOf(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), "utf8");
  const { module } = parseSync(file, source);
  const found = [
    ...module.staticImports.map((i) => i.moduleRequest.value),
    ...module.staticExports.flatMap((e) =>
      e.entries.flatMap((entry) =>
        entry.moduleRequest === null ? [] : [entry.moduleRequest.value],
      ),
    ),
  ];
  for (const d of module.dynamicImports) {
    const text = source.slice(d.moduleRequest.start, d.moduleRequest.end);
    const literal = /^(["'`])([^"'`$]*)\1$/.exec(text);
    if (literal?.[2] !== undefined) {
      found.push(literal[2]);
    }
  }
  return found;
}

/** The folder a file lives in, `/`-terminated. */
export function folderOf(file: string): string {
  return `${path.posix.dirname(file)}/`;
}

/** Reads the product's sources and builds both graphs. */
export function readImportGraph(): ImportGraph {
  const all = PRODUCT_ROOTS.flatMap((r) => sourceFiles(r));
  const known = new Set(all);
  const files = new Map<string, Set<string>>();
  const folders = new Map<string, Set<string>>();
  for (const file of all) {
    const targets = new Set<string>();
    for (const spec of specifiersOf(file)) {
      const target = resolveImport(file, spec, known);
      if (target !== null) {
        targets.add(target);
      }
    }
    files.set(file, targets);
    const from = folderOf(file);
    const edges = folders.get(from) ?? new Set<string>();
    for (const target of targets) {
      if (folderOf(target) !== from) {
        edges.add(folderOf(target));
      }
    }
    folders.set(from, edges);
  }
  return { files, folders };
}

/** Folder → the folders that import it, sorted; every product folder has an entry. */
export function importersOf(graph: ImportGraph): Map<string, string[]> {
  const importers = new Map<string, string[]>([...graph.folders.keys()].map((f) => [f, []]));
  for (const [from, targets] of graph.folders) {
    for (const target of targets) {
      importers.get(target)?.push(from);
    }
  }
  for (const list of importers.values()) {
    list.sort();
  }
  return new Map([...importers].sort(([a], [b]) => a.localeCompare(b)));
}

function ownerOf(file: string): string | undefined {
  return Object.keys(DEPLOYABLES).find((d) => DEPLOYABLES[d]?.some((r) => file.startsWith(r)));
}

/**
 * Folder → the deployables whose own files reach it through imports. A walk stops at
 * another deployable's files: the gateway exporting the Durable Object classes does not
 * make the gateway a user of what only the Durable Objects import.
 */
export function deployablesOf(graph: ImportGraph): Map<string, Set<string>> {
  const users = new Map<string, Set<string>>();
  for (const deployable of Object.keys(DEPLOYABLES)) {
    const stack = [...graph.files.keys()].filter((f) => ownerOf(f) === deployable);
    const seen = new Set(stack);
    while (stack.length > 0) {
      const file = stack.pop() ?? "";
      const set = users.get(folderOf(file)) ?? new Set<string>();
      set.add(deployable);
      users.set(folderOf(file), set);
      for (const next of graph.files.get(file) ?? []) {
        const owner = ownerOf(next);
        // A published package is a library the others may import; a Worker's or the
        // Durable Objects' files are theirs.
        const passes = owner === undefined || owner === deployable || owner.startsWith("lethe/");
        if (!seen.has(next) && passes) {
          seen.add(next);
          stack.push(next);
        }
      }
    }
  }
  return users;
}

/** The folder cycles: strongly connected components of two or more folders (Tarjan). */
export function folderCycles(graph: ImportGraph): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    indices.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.folders.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, indices.get(w) ?? 0));
      }
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      for (let w = stack.pop(); w !== undefined; w = w === v ? undefined : stack.pop()) {
        onStack.delete(w);
        component.push(w);
      }
      if (component.length > 1) {
        cycles.push(component.sort());
      }
    }
  };
  for (const folder of [...graph.folders.keys()].sort()) {
    if (!indices.has(folder)) {
      visit(folder);
    }
  }
  return cycles.sort((a, b) => (a[0] ?? "").localeCompare(b[0] ?? ""));
}

/** The import section of docs/architecture.md, one line per product folder. */
export function importSection(graph: ImportGraph): string {
  return [...importersOf(graph)]
    .map(([folder, from]) =>
      from.length === 0
        ? `- \`${folder}\` ← none`
        : `- \`${folder}\` ← ${from.map((f) => `\`${f}\``).join(", ")}`,
    )
    .join("\n");
}

if (
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
) {
  const graph = readImportGraph();
  process.stdout.write(`${importSection(graph)}\n`);
  if (process.argv.includes("--deployables")) {
    for (const [folder, users] of [...deployablesOf(graph)].sort(([a], [b]) =>
      a.localeCompare(b),
    )) {
      process.stdout.write(`${folder}\t${users.size}\t${[...users].join(", ")}\n`);
    }
  }
  if (process.argv.includes("--cycles")) {
    for (const cycle of folderCycles(graph)) {
      process.stdout.write(`cycle: ${cycle.join(" ⇄ ")}\n`);
    }
  }
}
