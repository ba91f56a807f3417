// Bundles Workers with `wrangler deploy --dry-run` (no network, no account):
// used by `npm run check` for bundle sizes and by the workerd tests, whose
// auxiliary Workers must be pre-built JavaScript.
import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import path from "node:path";
import { ROOT, WORKERS, wranglerCommand, wranglerEnv, type WorkerInfo } from "./cluster.ts";

export interface BuiltWorker extends WorkerInfo {
  bundle: string;
  bytes: number;
}

/** Where a Worker's dry-run bundle goes: its own folder, apart from the CLI's dist/lethe.js. */
export function bundleDir(worker: WorkerInfo): string {
  return path.join(ROOT, "dist", "workers", worker.name);
}

export function buildWorker(worker: WorkerInfo): BuiltWorker {
  const { command, args } = wranglerCommand();
  const outdir = bundleDir(worker);
  const run = spawnSync(
    command,
    [...args, "deploy", "--dry-run", "--outdir", outdir, "-c", worker.config],
    { cwd: ROOT, env: wranglerEnv(), encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  if (run.status !== 0) {
    throw new Error(`bundling ${worker.name} failed:\n${run.stdout}\n${run.stderr}`);
  }
  const bundle = path.join(outdir, "index.js");
  return { ...worker, bundle, bytes: statSync(bundle).size };
}

export function buildWorkers(only?: readonly string[]): BuiltWorker[] {
  return WORKERS.filter((w) => !only || only.includes(w.name)).map(buildWorker);
}
