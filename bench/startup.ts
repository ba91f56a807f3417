// `npm run bench:startup`: each Worker's start-up measured locally with
// `wrangler check startup` (its own bundle, profiled in workerd), beside the bundle
// size wrangler reports. Local CPU differs from Cloudflare's: compare Workers with
// each other and runs with runs, not with the platform's 1 s start-up limit.
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT, WORKERS, wranglerCommand, wranglerEnv } from "../harness/cluster.ts";

const out = mkdtempSync(path.join(tmpdir(), "lethe-startup-"));
const { command, args } = wranglerCommand();
console.log(
  "setup: wrangler check startup per Worker (minified bundle, local workerd, one cold run each)",
);
console.log(
  `${"worker".padEnd(18)} ${"bundle gzip".padStart(14)} ${"active CPU".padStart(12)} ${"window".padStart(10)}`,
);
for (const worker of WORKERS) {
  const run = spawnSync(
    command,
    [...args, "check", "startup", "--outfile", path.join(out, `${worker.name}.cpuprofile`)],
    { cwd: path.join(ROOT, worker.dir), env: wranglerEnv(), encoding: "utf8" },
  );
  const text = `${run.stdout}${run.stderr}`;
  const gzip = /gzip: ([\d.]+ KiB)/.exec(text)?.[1] ?? "?";
  const active = /Active: ([\d.]+ ms)/.exec(text)?.[1] ?? "?";
  const window = /Profile window: ([\d.]+ ms)/.exec(text)?.[1] ?? "?";
  if (run.status !== 0) {
    console.log(`${worker.name}: wrangler check startup failed:\n${text.slice(-2000)}`);
    process.exitCode = 1;
    continue;
  }
  console.log(
    `${worker.name.padEnd(18)} ${gzip.padStart(14)} ${active.padStart(12)} ${window.padStart(10)}`,
  );
}
console.log(`profiles: ${out}`);
