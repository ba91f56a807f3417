// Builds the installable package's JavaScript: the CLI (dist/lethe.js, the `lethe`
// bin), the typed client (dist/client.js, `lethe/client`) and the LangGraph saver
// (dist/langgraph.js, `lethe/langgraph`), bundled by esbuild for Node 20;
// `lethe/agents` (dist/agents.js and its rank-table chunks dist/agents-*.js, for
// Workers) with zod left to the user's install, and `lethe/testing` (dist/testing.js)
// with its optional peers left to theirs. Run by `npm run build`, npm's `prepare`
// (install) and `prepack` (scripts/pack-manifest.ts, which publishes only the
// packages the bundles import). A file whose bytes are unchanged is not written
// again, and a changed one replaces the old by a rename, so a process reading dist/
// while `npm install` reruns `prepare` never sees a half-written bundle.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { isBuiltin } from "node:module";
import path from "node:path";
import { build as esbuild, type BuildOptions, type Metafile, type OutputFile } from "esbuild";

const ROOT = path.resolve(import.meta.dirname, "..");
/** Bundled CommonJS dependencies (ws) call require(); an ESM bundle needs one. */
const REQUIRE_SHIM =
  'import { createRequire as __letheCreateRequire } from "node:module"; const require = __letheCreateRequire(import.meta.url);';

const common: BuildOptions = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  logLevel: "warning",
  // ws probes these native add-ons with a guarded require; they stay optional.
  external: ["bufferutil", "utf-8-validate"],
};

/**
 * Writes each output whose bytes differ from the file already there, through a
 * temporary file renamed over it; an equal file is left untouched.
 */
function writeChanged(outputs: readonly OutputFile[], mode = 0o644): void {
  for (const output of outputs) {
    if (existsSync(output.path) && readFileSync(output.path).equals(output.contents)) {
      chmodSync(output.path, mode);
      continue;
    }
    mkdirSync(path.dirname(output.path), { recursive: true });
    const temporary = `${output.path}.${process.pid}.tmp`;
    writeFileSync(temporary, output.contents, { mode });
    chmodSync(temporary, mode);
    renameSync(temporary, output.path);
  }
}

/** esbuild's build, its files written by writeChanged; the metafile and its files' paths. */
async function build(
  options: BuildOptions,
  mode?: number,
): Promise<{ metafile: Metafile; paths: string[] }> {
  const result = await esbuild({ ...options, metafile: true, write: false });
  writeChanged(result.outputFiles, mode);
  return { metafile: result.metafile, paths: result.outputFiles.map((o) => o.path) };
}

/** ws's native add-ons: optional, probed with a guarded require, never a dependency. */
const OPTIONAL_ADDONS = new Set(["bufferutil", "utf-8-validate"]);

/** The package a bare import names: `@scope/name` or `name`, without the subpath. */
export function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return (specifier.startsWith("@") ? parts.slice(0, 2) : parts.slice(0, 1)).join("/");
}

/** The packages a bundle still imports at run time (not Node's built-ins, not ws's add-ons). */
function importedPackages(metafile: Metafile): string[] {
  const names = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const i of output.imports) {
      if (i.external && !isBuiltin(i.path) && !i.path.startsWith(".")) {
        names.add(packageOf(i.path));
      }
    }
  }
  return [...names].filter((n) => !OPTIONAL_ADDONS.has(n)).sort();
}

/** The `lethe` bin, every package bundled in: `outfile` (dist/lethe.js), executable. */
export async function buildBin(
  outfile: string = path.join(ROOT, "dist/lethe.js"),
): Promise<string[]> {
  const { metafile } = await build(
    {
      ...common,
      entryPoints: [path.join(ROOT, "cli/bin.ts")],
      outfile,
      banner: { js: `#!/usr/bin/env node\n${REQUIRE_SHIM}` },
    },
    0o755,
  );
  return importedPackages(metafile);
}

/**
 * Builds dist/: the packages each bundle imports at run time, by its file name
 * (the packed package.json depends on these alone).
 */
export async function buildPackage(): Promise<Record<string, string[]>> {
  const imports: Record<string, string[]> = {};
  imports["lethe.js"] = await buildBin();
  const built = async (name: string, options: BuildOptions) => {
    const { metafile, paths } = await build({ ...common, ...options });
    imports[name] = importedPackages(metafile);
    return paths;
  };
  await built("client.js", {
    ...common,
    entryPoints: [path.join(ROOT, "packages/client/index.ts")],
    outfile: path.join(ROOT, "dist/client.js"),
    banner: { js: REQUIRE_SHIM },
  });
  // The LangGraph saver: LangGraph's own packages come from the user's install.
  await built("langgraph.js", {
    entryPoints: [path.join(ROOT, "shared/langgraph/saver.ts")],
    outfile: path.join(ROOT, "dist/langgraph.js"),
    banner: { js: REQUIRE_SHIM },
    external: [...(common.external ?? []), "@langchain/*"],
  });
  // lethe/agents runs in the user's Worker. gpt-tokenizer is bundled, each rank table
  // (o200k_base 2.4 MB, cl100k_base 1.2 MB) a chunk of its own behind its dynamic
  // import, so the user's bundler (wrangler) applies its [define] LETHE_ENCODING and
  // keeps one; the package itself (30 MB, every encoding in three forms) is not installed.
  // zod stays the user's install: one zod for their schemas and Lethe's.
  const agentFiles = await built("agents.js", {
    platform: "neutral",
    target: "es2022",
    entryPoints: { agents: path.join(ROOT, "packages/agents/index.ts") },
    outdir: path.join(ROOT, "dist"),
    splitting: true,
    chunkNames: "agents-[name]-[hash]",
    external: ["zod", "node:*"],
  });
  // Chunks of an earlier build that this one no longer has (their names carry a hash).
  const current = new Set(agentFiles.map((f) => path.basename(f)));
  for (const file of readdirSync(path.join(ROOT, "dist"), { withFileTypes: true })) {
    if (file.isFile() && /^agents-.*\.js$/.test(file.name) && !current.has(file.name)) {
      rmSync(path.join(ROOT, "dist", file.name));
    }
  }
  // lethe/testing: miniflare, wrangler and @cloudflare/vitest-plugin are the user's (optional peers).
  await built("testing.js", {
    entryPoints: [path.join(ROOT, "packages/testing/index.ts")],
    outfile: path.join(ROOT, "dist/testing.js"),
    packages: "external",
  });
  return imports;
}

if (import.meta.main) {
  await buildPackage();
}
