// The README's quick start as written, `npm install && npm start`, in a shell from
// the repository's root, on a free port and its own state (PORT and LETHE_STATE_DIR,
// the README's settings): the install finds node_modules as the lockfile has it and
// changes nothing in it, then the cluster boots, runs the demo, and Ctrl-C (SIGINT to
// the whole process group, as a terminal sends it) stops everything.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, it, onTestFinished } from "vitest";
import { ROOT } from "../../harness/cluster.ts";
import { freePort } from "../../harness/dev-server.ts";
import { documented } from "../docs/doc-commands.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";

const PORT = await freePort();
const QUICK_START = documented("README.md", /^npm install && npm start$/);

/** Packages of package-lock.json not installed as it names them (optional ones for other platforms aside). */
function notAsLocked(): string[] {
  const read = (file: string) =>
    (
      JSON.parse(readFileSync(path.join(ROOT, file), "utf8")) as {
        packages: Record<string, { version?: string; integrity?: string; optional?: boolean }>;
      }
    ).packages;
  const locked = read("package-lock.json");
  const installed = read("node_modules/.package-lock.json");
  const differing = Object.entries(locked).filter(([name, entry]) => {
    const have = installed[name];
    if (name === "" || (have === undefined && entry.optional === true)) {
      return false;
    }
    return have?.version !== entry.version || have?.integrity !== entry.integrity;
  });
  const extra = Object.keys(installed).filter((name) => locked[name] === undefined);
  return [...differing.map(([name]) => name), ...extra];
}

/** Every process whose command line mentions our port: wrangler and workerd. */
async function processesOnPort(): Promise<string[]> {
  const { readdirSync, readFileSync } = await import("node:fs");
  const found: string[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ");
      if (cmd.includes(`127.0.0.1:${PORT}`) || cmd.includes(`--port ${PORT}`)) {
        found.push(cmd);
      }
    } catch {
      // The process ended while we looked: it is not left behind.
    }
  }
  return found;
}

describe("npm install && npm start, as the README writes it", () => {
  it("runs the demo to its correct answer, leaves /health all-ok, and Ctrl-C leaves no process behind", async ({
    expect,
  }) => {
    // `npm install` here must be the no-op a fresh clone's second install is: with
    // node_modules other than the lockfile's it would change them under other tests.
    expect(notAsLocked(), "node_modules differs from package-lock.json: run npm ci").toEqual([]);
    const child = spawn("sh", ["-c", QUICK_START], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(PORT), LETHE_STATE_DIR: tempDir("start") },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    // Every process of the command has ended once nothing holds its output open.
    let ended = false;
    const closed = new Promise<void>((resolve) =>
      child.once("close", () => {
        ended = true;
        resolve();
      }),
    );
    onTestFinished(() => {
      if (!ended) {
        // A failed expectation above: stop the whole command as Ctrl-C would.
        process.kill(-(child.pid as number), "SIGINT");
      }
    });

    const started = Date.now();
    let installed = 0;
    while (!output.includes("Lethe is running") && Date.now() - started < 240_000) {
      if (installed === 0 && output.includes("lethe: starting")) {
        installed = Date.now() - started;
        console.log(`npm install (prepare included) took ${(installed / 1000).toFixed(1)} s`);
      }
      if (child.exitCode !== null) {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(output).toContain("Lethe is running");
    expect(output).toContain("Demo result: correct (TIMEOUT 30 + RETRIES 4 = 34).");
    expect(output).toContain("export const MAX_WAIT = 34;");
    expect(output).toMatch(/step {2}\d\/15 {2}apply_patch/);
    const health = await fetch(`http://127.0.0.1:${PORT}/health`);
    expect(await health.json()).toMatchObject({ ok: true });
    expect(output).toContain(`Dashboard: http://127.0.0.1:${PORT}/dashboard/`);
    const dashboard = await fetch(`http://127.0.0.1:${PORT}/dashboard/`);
    expect(await dashboard.text()).toContain("<title>Lethe dashboard</title>");

    expect(notAsLocked()).toEqual([]);

    process.kill(-(child.pid as number), "SIGINT");
    await closed;
    expect(output).toContain("lethe: stopped");
    expect(await processesOnPort()).toEqual([]);
  }, 300_000);
});
