// Pre-bundles Lethe's five Workers for the installable package (dist/workers/<name>/:
// the bundle, its .wasm modules and options.json) and copies the D1 migrations to
// dist/migrations, so lethe/testing starts Lethe from an installed `lethe`. Run by npm's `prepack`.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT, WORKERS, wranglerCommand, wranglerEnv } from "../harness/cluster.ts";
import { configOptions, PREBUILT_DIR } from "../shared/testing/miniflare.ts";

export function buildTestingWorkers(outdir: string = path.join(ROOT, "dist", "workers")): void {
  rmSync(outdir, { recursive: true, force: true });
  const { command, args } = wranglerCommand();
  for (const w of WORKERS) {
    const dir = path.join(outdir, w.name);
    const config = path.join(ROOT, w.config);
    const run = spawnSync(
      command,
      [...args, "deploy", "--dry-run", "--outdir", dir, "-c", config],
      {
        cwd: ROOT,
        env: wranglerEnv(),
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    if (run.status !== 0) {
      throw new Error(`bundling ${w.name} failed:\n${run.stdout}\n${run.stderr}`);
    }
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
  buildTestingWorkers();
  console.log(
    `built ${WORKERS.length} Workers into ${path.relative(ROOT, path.join(ROOT, "dist", "workers"))} (lethe/testing reads ${path.basename(PREBUILT_DIR)}/ beside dist/testing.js)`,
  );
}
