// Builds the installable package's JavaScript: the CLI (dist/lethe.js, the `lethe`
// bin), the typed client (dist/client.js, `lethe/client`) and the LangGraph saver
// (dist/langgraph.js, `lethe/langgraph`), bundled by esbuild
// for Node 20; `lethe/agents` (dist/agents.js, for Workers) and `lethe/testing`
// (dist/testing.js) with their packages left to the user's install. Run by `npm run build` and npm's `prepare` (install, pack).
import { chmodSync } from "node:fs";
import path from "node:path";
import { build, type BuildOptions } from "esbuild";

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

/** The `lethe` bin, every package bundled in: `outfile` (dist/lethe.js), executable. */
export async function buildBin(outfile: string = path.join(ROOT, "dist/lethe.js")): Promise<void> {
  await build({
    ...common,
    entryPoints: [path.join(ROOT, "cli/bin.ts")],
    outfile,
    banner: { js: `#!/usr/bin/env node\n${REQUIRE_SHIM}` },
  });
  chmodSync(outfile, 0o755);
}

export async function buildPackage(): Promise<void> {
  await buildBin();
  await build({
    ...common,
    entryPoints: [path.join(ROOT, "shared/client/index.ts")],
    outfile: path.join(ROOT, "dist/client.js"),
    banner: { js: REQUIRE_SHIM },
  });
  // The LangGraph saver: LangGraph's own packages come from the user's install.
  await build({
    ...common,
    entryPoints: [path.join(ROOT, "shared/langgraph/saver.ts")],
    outfile: path.join(ROOT, "dist/langgraph.js"),
    banner: { js: REQUIRE_SHIM },
    external: [...(common.external ?? []), "@langchain/*"],
  });
  // lethe/agents runs in the user's Worker: their bundler (wrangler) resolves the packages
  // and applies its [define] LETHE_ENCODING to the tokenizer's rank-table imports.
  await build({
    ...common,
    platform: "neutral",
    target: "es2022",
    entryPoints: [path.join(ROOT, "shared/agents/index.ts")],
    outfile: path.join(ROOT, "dist/agents.js"),
    packages: "external",
  });
  // lethe/testing: miniflare, wrangler and @cloudflare/vitest-plugin are the user's (optional peers).
  await build({
    ...common,
    entryPoints: [path.join(ROOT, "shared/testing/index.ts")],
    outfile: path.join(ROOT, "dist/testing.js"),
    packages: "external",
  });
}

if (import.meta.main) {
  await buildPackage();
}
