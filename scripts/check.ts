// `npm run check`: format, lint, generated types up to date, no islands (scripts/islands.ts),
// tooling boundaries (scripts/boundaries.ts), linear-time regexes (scripts/redos.ts),
// type-check every project, and bundle every Worker with `wrangler deploy --dry-run`.
import { spawnSync } from "node:child_process";
import { ROOT, WORKERS, wranglerEnv } from "../harness/cluster.ts";
import { buildWorker } from "../harness/build.ts";
import { formatKiB, GZIP_BUDGETS, measureBundle } from "./lib/bundle-size.ts";
import path from "node:path";

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
step("tooling boundaries (bench, harness, scripts, tests)", process.execPath, [
  "scripts/boundaries.ts",
]);
step("linear-time regular expressions (recheck, scslre)", process.execPath, ["scripts/redos.ts"]);
step("type-check (gateway, objects, shared, tests, cli)", "tsc", ["-p", "tsconfig.json"]);
step("type-check (workerd tests)", "tsc", ["-p", "tests/tsconfig.json"]);
step("type-check (examples/agents-chat)", "tsc", ["-p", "examples/agents-chat/tsconfig.json"]);
for (const worker of WORKERS.slice(1)) {
  step(`type-check (${worker.name})`, "tsc", ["-p", `${worker.dir}/tsconfig.json`]);
}
const overBudget: string[] = [];
for (const worker of WORKERS) {
  const built = buildWorker(worker);
  const size = measureBundle(path.dirname(built.bundle));
  const budget = GZIP_BUDGETS[built.name];
  console.log(
    `check: bundle ${built.name.padEnd(18)} ${formatKiB(size.raw).padStart(12)} raw ${formatKiB(size.gzip).padStart(12)} gzip` +
      (budget === undefined ? "" : ` (budget ${formatKiB(budget)})`),
  );
  for (const m of size.modules) {
    console.log(
      `         ${m.file.padEnd(44)} ${formatKiB(m.raw).padStart(12)} ${formatKiB(m.gzip).padStart(12)}`,
    );
  }
  if (budget !== undefined && size.gzip > budget) {
    overBudget.push(`${built.name}: ${formatKiB(size.gzip)} gzip > ${formatKiB(budget)}`);
  }
}
if (overBudget.length > 0) {
  console.error(`check: bundle budgets exceeded:\n  ${overBudget.join("\n  ")}`);
  process.exit(1);
}
console.log("check: every Worker within its gzip budget");
