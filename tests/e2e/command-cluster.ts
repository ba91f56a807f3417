// A cluster booted by a command of the docs as written (`npm run dev`, `npm start`),
// in a shell from the repository's root: its port, state directory, admin token and
// model settings come through the variables the README and docs/models.md document
// (PORT, LETHE_STATE_DIR, LETHE_ADMIN_TOKEN, LETHE_MODEL_*). The command writes
// wrangler's output to <state>/cluster.log, where workerd's crashes are counted.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "../../harness/cluster.ts";
import { freePort, type Cluster } from "../../harness/dev-server.ts";

/** What wrangler prints when workerd dies under it (as harness/dev-server.ts counts it). */
const RUNTIME_CRASHED = "The Workers runtime crashed unexpectedly";

/**
 * Runs `command` with `env` added (LETHE_MODEL_* of this process left out: the
 * command and `env` say which model) until it prints "Lethe is running"; the
 * cluster it booted, stopped by SIGINT to the command's process group (Ctrl-C).
 */
export async function startCommandCluster(
  command: string,
  persistTo: string,
  env: Record<string, string>,
  readyTimeoutMs = 300_000,
): Promise<Cluster> {
  const port = await freePort();
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith("LETHE_MODEL")),
  ) as NodeJS.ProcessEnv;
  const child = spawn("sh", ["-c", command], {
    cwd: ROOT,
    env: { ...inherited, ...env, PORT: String(port), LETHE_STATE_DIR: persistTo },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString("utf8")));
  child.stderr.on("data", (c: Buffer) => (output += c.toString("utf8")));
  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), signal);
    } catch {
      // The group is gone already.
    }
  };
  const stop = async () => {
    signalGroup("SIGINT");
    const timer = setTimeout(() => signalGroup("SIGKILL"), 30_000);
    await closed;
    clearTimeout(timer);
  };
  const log = path.join(persistTo, "cluster.log");
  const cluster: Cluster = {
    url: `http://127.0.0.1:${port}`,
    port,
    directUrl: null,
    child,
    output: () => output,
    crashes: () =>
      existsSync(log) ? readFileSync(log, "utf8").split(RUNTIME_CRASHED).length - 1 : 0,
    stop,
    kill: async () => {
      signalGroup("SIGKILL");
      await closed;
    },
  };
  const deadline = Date.now() + readyTimeoutMs;
  while (!output.includes("Lethe is running")) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`${command} did not print "Lethe is running":\n${output.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // `npm start` prints workerd's own socket when it found one.
  cluster.directUrl = /Runtime socket (http:\/\/\S+)/.exec(output)?.[1] ?? null;
  return cluster;
}
