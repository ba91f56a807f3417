// Boots the whole cluster in one `wrangler dev` process (every Worker's config,
// the gateway's first) with persisted local state. Used by `npm start`, the
// end-to-end tests and the benchmarks that need a running cluster.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import {
  appendFileSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { ROOT, WORKERS, nodeForWrangler, wranglerCommand, wranglerEnv } from "./cluster.ts";
import { freePort, portAnswers } from "./ports.ts";
import { findRuntimeUrl } from "./runtime-socket.ts";

export { freePort } from "./ports.ts";
import { environmentForEveryWorker, modelSettings } from "./worker-vars.ts";

export interface ClusterOptions {
  /** The gateway's port; 0 or absent takes a free one (tests and benches). */
  port?: number;
  persistTo: string;
  /**
   * Extra bindings for the gateway; the model settings among them
   * (LETHE_MODEL_*, LETHE_TEMPERATURE_*) reach every Worker.
   */
  vars?: Record<string, string>;
  /** Echo wrangler's output to this process's stdout/stderr. */
  echo?: boolean;
  /** Also append wrangler's output to this file (for readers in other processes). */
  logFile?: string;
  /**
   * The checkout whose Workers run (default: this one). The mutation runner boots
   * one in each lane's copy; wrangler dev reloads it when a source file changes.
   */
  root?: string;
  readyTimeoutMs?: number;
}

export interface Cluster {
  url: string;
  port: number;
  /** workerd's own socket (runtime-socket.ts), where a client's TCP reset cancels its request; null if not found. */
  directUrl: string | null;
  /** wrangler's V8 inspector port (DevTools protocol), when this process chose it. */
  inspectorPort?: number;
  child: ChildProcess;
  /** Everything wrangler and workerd printed so far. */
  output(): string;
  /** How many times workerd crashed under this cluster (wrangler restarts it each time). */
  crashes(): number;
  /** SIGTERM to the process group (wrangler and its workerd children), then SIGKILL. */
  stop(): Promise<void>;
  /** SIGKILL to the whole process group: a crash, for the durability tests. */
  kill(): Promise<void>;
}

/** What wrangler prints when workerd dies under it. */
const RUNTIME_CRASHED = "The Workers runtime crashed unexpectedly";

/** `wrangler d1 migrations apply` into `persistTo`: a wrangler start of its own, 4-8 s. */
function runMigrations(persistTo: string): void {
  const { command, args } = wranglerCommand();
  const run = spawnSync(
    command,
    [...args, "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo],
    { cwd: ROOT, env: wranglerEnv(), encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  if (run.status !== 0) {
    throw new Error(`applying D1 migrations failed:\n${run.stdout}\n${run.stderr}`);
  }
}

/** What the migrated D1 state depends on: the migrations, the D1 binding's config, wrangler's version. */
function migrationsKey(): string {
  const hash = createHash("sha256");
  const dir = path.join(ROOT, "migrations");
  for (const name of readdirSync(dir).sort()) {
    if (name.endsWith(".sql")) {
      hash.update(name).update(readFileSync(path.join(dir, name)));
    }
  }
  hash.update(readFileSync(path.join(ROOT, "wrangler.toml")));
  hash.update(readFileSync(path.join(ROOT, "node_modules", "wrangler", "package.json")));
  return hash.digest("hex").slice(0, 16);
}

/**
 * A state directory with only the migrated D1 database, made once per set of
 * migrations under node_modules/.cache and reused. Two processes may make it at
 * once: each writes a directory of its own and the first rename wins.
 */
function migratedTemplate(): string {
  const cache = path.join(ROOT, "node_modules", ".cache", "lethe-d1");
  const template = path.join(cache, migrationsKey());
  if (existsSync(path.join(template, "v3"))) {
    return template;
  }
  mkdirSync(cache, { recursive: true });
  const fresh = mkdtempSync(path.join(cache, "making-"));
  try {
    runMigrations(fresh);
    renameSync(fresh, template);
  } catch (error) {
    rmSync(fresh, { recursive: true, force: true });
    if (!existsSync(path.join(template, "v3"))) {
      throw error;
    }
  }
  return template;
}

/**
 * Applies the D1 migrations to `persistTo`. A state directory without D1 state yet
 * (every test's and bench's) gets a copy of the migrated template, which saves a
 * wrangler start per cluster; one with D1 state (`npm start`'s) is migrated in place.
 */
export function applyMigrations(persistTo: string): void {
  mkdirSync(persistTo, { recursive: true });
  if (existsSync(path.join(persistTo, "v3", "d1"))) {
    runMigrations(persistTo);
    return;
  }
  cpSync(migratedTemplate(), persistTo, { recursive: true });
}

/**
 * True while the process runs. A zombie (dead, not yet reaped by its parent)
 * still answers signal 0, so Linux's process state is read too: a zombie's lock
 * is stale.
 */
function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // /proc/<pid>/stat reads "pid (comm) S ...": the state follows the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state !== "Z" && state !== "X";
  } catch {
    // No /proc (not Linux), or the process ended between the two reads.
    return !existsSync("/proc");
  }
}

/** The pid of the live cluster holding `persistTo`'s lock, or null when none does. */
export function stateOwner(persistTo: string): number | null {
  try {
    const owner = Number(readFileSync(path.join(persistTo, "cluster.lock"), "utf8").trim());
    return Number.isInteger(owner) && owner > 0 && owner !== process.pid && pidAlive(owner)
      ? owner
      : null;
  } catch {
    // No lock file: nobody holds the state.
    return null;
  }
}

/**
 * Writes the gateway's variables to an owner-only env file for `--env-file`:
 * on the command line (`--var`) a secret such as the admin token shows in `ps`.
 */
const VARS_FILE = /^\.cluster-vars-\d+\.env$/;

function writeVarsFile(persistTo: string, vars: Record<string, string>): string {
  const file = path.join(persistTo, `.cluster-vars-${process.pid}.env`);
  const lines = Object.entries(vars).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  writeFileSync(file, `${lines.join("\n")}\n`, { mode: 0o600 });
  return file;
}

/**
 * Removes the owner-only variables files (they hold the admin token) that a
 * cluster killed without its cleanup (SIGKILL) left behind; called once the
 * state lock is held, so no running cluster still reads one. Returns how many.
 */
export function removeStaleVarsFiles(persistTo: string): number {
  let removed = 0;
  for (const name of readdirSync(persistTo)) {
    if (VARS_FILE.test(name)) {
      rmSync(path.join(persistTo, name), { force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * One cluster per state directory: two workerd processes on one `--persist-to`
 * corrupt Durable Object state. The lock names the owning pid; a lock whose
 * process is gone is taken over.
 */
export function lockState(persistTo: string): () => void {
  mkdirSync(persistTo, { recursive: true });
  const file = path.join(persistTo, "cluster.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch {
      const owner = Number(readFileSync(file, "utf8").trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && pidAlive(owner)) {
        throw new Error(
          `the state directory ${persistTo} is in use by another cluster (pid ${owner}); stop it first, or use another --persist-to`,
        );
      }
      // A stale lock: its process is gone.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock the state directory ${persistTo}`);
}

/**
 * Appends one line per booted cluster (its boot time and state directory) to the file
 * LETHE_CLUSTER_BOOT_LOG names: CI counts the boots of a run from it.
 */
function logBoot(persistTo: string, ms: number): void {
  const file = process.env.LETHE_CLUSTER_BOOT_LOG;
  if (file !== undefined && file !== "") {
    appendFileSync(file, `${new Date().toISOString()} ${ms} ms ${path.basename(persistTo)}\n`);
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const bootStarted = Date.now();
  const port = options.port === undefined || options.port === 0 ? await freePort() : options.port;
  // Never mistake a server already on the port for the cluster about to start.
  if (await portAnswers(port)) {
    throw new Error(`port ${port} is already in use by another server`);
  }
  const unlock = lockState(options.persistTo);
  try {
    removeStaleVarsFiles(options.persistTo);
    applyMigrations(options.persistTo);
  } catch (error) {
    unlock();
    throw error;
  }
  const inspectorPort = await freePort();
  const { command, args } = wranglerCommand();
  // Always an env file, empty when there are no vars: given one, wrangler never reads
  // a developer's own .dev.vars or .env beside the gateway's config.
  const varsFile = writeVarsFile(options.persistTo, options.vars ?? {});
  const vars = ["--env-file", varsFile];
  // The supervisor owns a process group of its own (wrangler and workerd inside it)
  // and ends it when our stdin pipe closes: the cluster dies with this process,
  // however this process dies.
  const child = spawn(
    nodeForWrangler(),
    [
      path.join(ROOT, "scripts", "lib", "supervisor.ts"),
      command,
      ...args,
      "dev",
      ...WORKERS.flatMap((w) => ["-c", w.config]),
      "--persist-to",
      options.persistTo,
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(inspectorPort),
      "--show-interactive-dev-session=false",
      ...vars,
    ],
    {
      cwd: options.root ?? ROOT,
      env: environmentForEveryWorker(wranglerEnv(), modelSettings(options.vars ?? {})),
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
    },
  );
  let output = "";
  let crashes = 0;
  // The last characters of the previous chunk, so a message split across chunks counts once.
  let carry = "";
  const collect = (chunk: Buffer, echo: NodeJS.WriteStream) => {
    const text = chunk.toString("utf8");
    output += text;
    if (options.logFile !== undefined) {
      appendFileSync(options.logFile, text);
    }
    if (output.length > 2_000_000) {
      output = output.slice(-1_000_000);
    }
    const seen = (carry + text).split(RUNTIME_CRASHED).length - 1;
    carry = (carry + text).slice(-(RUNTIME_CRASHED.length - 1));
    crashes += seen;
    if (options.echo) {
      echo.write(text);
    } else if (seen > 0) {
      // Every request in flight fails with a 500 and wrangler's restarted
      // runtime may not reconnect its bindings: say so where a failing test shows.
      process.stderr.write(`[cluster :${port}] workerd crashed; wrangler restarted it\n`);
    }
  };
  child.stdout?.on("data", (c: Buffer) => collect(c, process.stdout));
  child.stderr?.on("data", (c: Buffer) => collect(c, process.stderr));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void exited.then(() => {
    unlock();
    rmSync(varsFile, { force: true });
  });
  // Closing the pipe is the supervisor's signal; errors on it mean it is gone already.
  child.stdin?.on("error", () => undefined);

  const signalGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined) {
      return;
    }
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is already gone: nothing left to stop.
    }
  };
  const stop = async () => {
    signalGroup("SIGTERM");
    const timer = setTimeout(() => signalGroup("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
    // workerd children may outlive wrangler for a moment; make sure none remain.
    signalGroup("SIGKILL");
    await groupGone();
  };
  const kill = async () => {
    signalGroup("SIGKILL");
    await exited;
    signalGroup("SIGKILL");
    await groupGone();
  };
  // Children of a dead wrangler are reparented and reaped asynchronously.
  const groupGone = async () => {
    for (let i = 0; i < 100 && child.pid !== undefined; i++) {
      try {
        process.kill(-child.pid, 0);
      } catch {
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`wrangler dev exited with ${child.exitCode}:\n${output.slice(-4000)}`);
    }
    try {
      const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) {
        logBoot(options.persistTo, Date.now() - bootStarted);
        const directUrl = child.pid === undefined ? null : await findRuntimeUrl(child.pid, url);
        return {
          url,
          port,
          directUrl,
          inspectorPort,
          child,
          output: () => output,
          crashes: () => crashes,
          stop,
          kill,
        };
      }
    } catch {
      // Not listening yet: keep polling until the deadline.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the cluster did not answer on ${url} in time:\n${output.slice(-4000)}`);
}
