// Runs wrangler for `npm run deploy`: the project's own wrangler under a Node it
// accepts, or LETHE_WRANGLER (a script run the same way), which the deploy tests
// point at a simulated Cloudflare account because no account is reachable here.
import { spawnSync } from "node:child_process";
import { nodeForWrangler, ROOT, wranglerCommand, wranglerEnv } from "../../../harness/cluster.ts";

export interface WranglerRun {
  status: number;
  stdout: string;
  stderr: string;
}

export type Wrangler = (args: readonly string[]) => WranglerRun;

export function wranglerRunner(env: NodeJS.ProcessEnv = process.env): Wrangler {
  const override = env.LETHE_WRANGLER;
  const { command, args: prefix } =
    override !== undefined && override !== ""
      ? { command: nodeForWrangler(), args: [override] }
      : wranglerCommand();
  return (args) => {
    const run = spawnSync(command, [...prefix, ...args], {
      cwd: ROOT,
      env: wranglerEnv(),
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      maxBuffer: 64 * 1024 * 1024,
    });
    return { status: run.status ?? 1, stdout: run.stdout ?? "", stderr: run.stderr ?? "" };
  };
}

/** The last lines of a failed run, for a one-paragraph error. */
export function tail(run: WranglerRun, lines = 6): string {
  return `${run.stdout}\n${run.stderr}`
    .split("\n")
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== "")
    .slice(-lines)
    .join("\n");
}
