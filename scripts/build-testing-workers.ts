// Pre-bundles Lethe's five Workers for the installable package (dist/workers/<name>/:
// the bundle, its .wasm modules and options.json) and copies the D1 migrations to
// dist/migrations, so lethe/testing starts Lethe from an installed `lethe`. Run by npm's `prepack`.
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT, WORKERS, wranglerCommand, wranglerEnv } from "../harness/cluster.ts";
import { configOptions, PREBUILT_DIR } from "../packages/testing/miniflare.ts";

/** `wrangler deploy --dry-run` of one Worker into `dir`; rejects with wrangler's output. */
function dryRun(config: string, dir: string, name: string): Promise<void> {
  const { command, args } = wranglerCommand();
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, "deploy", "--dry-run", "--outdir", dir, "-c", config], {
      cwd: ROOT,
      env: wranglerEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`bundling ${name} failed:\n${output}`)),
    );
  });
}

/** Bundles the five Workers side by side (each wrangler is mostly one core's wait on esbuild). */
export async function buildTestingWorkers(
  outdir: string = path.join(ROOT, "dist", "workers"),
): Promise<void> {
  rmSync(outdir, { recursive: true, force: true });
  await Promise.all(
    WORKERS.map((w) => dryRun(path.join(ROOT, w.config), path.join(outdir, w.name), w.name)),
  );
  for (const w of WORKERS) {
    const dir = path.join(outdir, w.name);
    const config = path.join(ROOT, w.config);
    // Only the bundle and its modules ship: no source maps, no wrangler README.
    for (const file of readdirSync(dir)) {
      if (file.endsWith(".map") || file === "README.md") {
        rmSync(path.join(dir, file));
      }
    }
    const { name: _name, ...options } = configOptions(config);
    writeFileSync(path.join(dir, "options.json"), `${JSON.stringify(options, null, 2)}\n`);
  }
  const migrations = path.join(outdir, "..", "migrations");
  rmSync(migrations, { recursive: true, force: true });
  mkdirSync(migrations, { recursive: true });
  for (const file of readdirSync(path.join(ROOT, "migrations")).filter((f) => f.endsWith(".sql"))) {
    cpSync(path.join(ROOT, "migrations", file), path.join(migrations, file));
  }
}

if (import.meta.main) {
  await buildTestingWorkers();
  console.log(
    `built ${WORKERS.length} Workers into ${path.relative(ROOT, path.join(ROOT, "dist", "workers"))} (lethe/testing reads ${path.basename(PREBUILT_DIR)}/ beside dist/testing.js)`,
  );
}
