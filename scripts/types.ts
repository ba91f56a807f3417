// Generates the `Env` types of every Worker with `wrangler types` (never written
// by hand). `--check` fails when a generated file is out of date.
import { spawnSync } from "node:child_process";
import { devNull } from "node:os";
import { WORKERS, wranglerEnv } from "../harness/cluster.ts";

const check = process.argv.includes("--check");

function wrangler(args: string[]): void {
  // An empty env file: wrangler would otherwise type a developer's own .dev.vars or .env as secrets.
  const noLocalSecrets = ["--env-file", devNull];
  const run = spawnSync(
    "wrangler",
    ["types", ...args, ...noLocalSecrets, ...(check ? ["--check"] : [])],
    {
      stdio: ["ignore", "pipe", "pipe"],
      env: wranglerEnv(),
      encoding: "utf8",
    },
  );
  if (run.status !== 0) {
    process.stderr.write(run.stdout + run.stderr);
    process.stderr.write(
      check ? "types are out of date: run `npm run types`\n" : "wrangler types failed\n",
    );
    process.exit(1);
  }
}

// The gateway's types know the RPC surface of every Worker it binds.
wrangler(["worker-configuration.d.ts", ...WORKERS.flatMap((w) => ["-c", w.config])]);
for (const worker of WORKERS.slice(1)) {
  wrangler([
    `${worker.dir}/worker-configuration.d.ts`,
    "-c",
    worker.config,
    "--env-interface",
    worker.envInterface,
    "--include-runtime",
    "false",
  ]);
}
console.log(check ? "types: up to date" : "types: generated");
