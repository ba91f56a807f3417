// `npm run check`: format, lint, generated types up to date, no islands (scripts/islands.ts),
// type-check every project, and bundle every Worker with `wrangler deploy --dry-run`.
import { spawnSync } from "node:child_process";
import { ROOT, WORKERS, wranglerEnv } from "./lib/cluster.ts";
import { buildWorker } from "./lib/build.ts";

function step(title: string, command: string, args: string[]): void {
  const started = performance.now();
  const run = spawnSync(command, args, { cwd: ROOT, env: wranglerEnv(), stdio: "inherit" });
  const ms = Math.round(performance.now() - started);
  if (run.status !== 0) {
    console.error(`check: ${title} failed (${ms} ms)`);
    process.exit(run.status ?? 1);
  }
  console.log(`check: ${title} ok (${ms} ms)`);
}

step("format", "oxfmt", ["--check", "."]);
step("lint", "oxlint", ["--deny-warnings", "."]);
step("generated types", process.execPath, ["scripts/types.ts", "--check"]);
step("islands (product exports only tests reach)", process.execPath, ["scripts/islands.ts"]);
step("type-check (gateway, objects, shared, tests, cli)", "tsc", ["-p", "tsconfig.json"]);
step("type-check (workerd tests)", "tsc", ["-p", "tests/tsconfig.json"]);
for (const worker of WORKERS.slice(1)) {
  step(`type-check (${worker.name})`, "tsc", ["-p", `${worker.dir}/tsconfig.json`]);
}
for (const worker of WORKERS) {
  const built = buildWorker(worker);
  console.log(
    `check: bundle ${built.name.padEnd(18)} ${(built.bytes / 1024).toFixed(1).padStart(8)} KiB  ${built.bundle.slice(ROOT.length + 1)}`,
  );
}
