import { spawn } from "node:child_process";
import path from "node:path";
import { describe, it } from "vitest";
import { ROOT } from "../../harness/cluster.ts";
import { freePort } from "../../harness/dev-server.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";

const PORT = await freePort();

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

describe("npm start", () => {
  it("runs the demo to its correct answer, leaves /health all-ok, and Ctrl-C leaves no process behind", async ({
    expect,
  }) => {
    const child = spawn(process.execPath, [path.join(ROOT, "scripts/start.ts")], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(PORT), LETHE_STATE_DIR: tempDir("start") },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));

    const started = Date.now();
    while (!output.includes("Lethe is running") && Date.now() - started < 90_000) {
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

    child.kill("SIGINT");
    expect(await exited).toBe(0);
    expect(output).toContain("lethe: stopped");
    expect(await processesOnPort()).toEqual([]);
  });
});
