// The cluster dies with the process that started it, however that process dies,
// a second cluster on the same state directory is refused, and a stopped cluster
// leaves no wrangler or workerd process behind.
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, it } from "vitest";
import { ROOT, nodeForWrangler } from "../../harness/cluster.ts";
import { freePort, startCluster } from "../../harness/dev-server.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";
import { groupAlive } from "./helpers.ts";

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    // Refused or silent: nothing serves there.
    return false;
  }
}

describe("cluster processes", () => {
  it("a SIGKILLed parent takes its cluster with it, a second cluster on the same state is refused, a stopped one leaves no process", async ({
    expect,
  }) => {
    const port = await freePort();
    const persistTo = tempDir("orphan");
    const script = `
      import { startCluster } from ${JSON.stringify(path.join(ROOT, "harness/dev-server.ts"))};
      const c = await startCluster({ port: ${port}, persistTo: ${JSON.stringify(persistTo)} });
      console.log("READY " + c.url);
      setInterval(() => {}, 1000);
    `;
    const parent = spawn(nodeForWrangler(), ["--input-type=module", "-e", script], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    parent.stdout.on("data", (c: Buffer) => (output += c.toString()));
    parent.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const started = Date.now();
    while (!output.includes("READY") && Date.now() - started < 90_000 && parent.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(output).toContain("READY");
    expect(await answers(`http://127.0.0.1:${port}/`)).toBe(true);

    await expect(startCluster({ persistTo })).rejects.toThrow(/in use by another cluster/);

    const parentExited = new Promise<void>((resolve) => parent.once("exit", () => resolve()));
    parent.kill("SIGKILL");
    const killed = Date.now();
    while ((await answers(`http://127.0.0.1:${port}/`)) && Date.now() - killed < 20_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await answers(`http://127.0.0.1:${port}/`)).toBe(false);

    // The state is free again once its owner is gone (reaped, or a zombie: both read as gone).
    await parentExited;
    const again = await startCluster({ persistTo });
    expect(await answers(`${again.url}/`)).toBe(true);

    // Stopped, it leaves no wrangler or workerd process behind.
    const pid = again.child.pid ?? -1;
    expect(groupAlive(pid)).toBe(true);
    await again.stop();
    expect(groupAlive(pid)).toBe(false);
  });
});
