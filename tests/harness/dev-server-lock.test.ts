// One cluster per state directory: a live owner's lock refuses a second cluster;
// a dead owner's lock, reaped or still a zombie, is taken over.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lockState, stateOwner } from "../../harness/dev-server.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";

/** Runs `sh`, which starts `sleep 0` and then becomes `sleep 5`: `sleep` never reaps, so the child stays a zombie. */
async function zombie(): Promise<{ pid: number; stop: () => void }> {
  const holder = spawn("sh", ["-c", "sleep 0 & echo $!; exec sleep 5"], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  const pid = await new Promise<number>((resolve) =>
    holder.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
  );
  // Wait until the child has exited and shows as a zombie.
  for (let i = 0; i < 100; i++) {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) {
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { pid, stop: () => holder.kill("SIGKILL") };
}

describe("lockState", () => {
  it("refuses a state directory whose owner runs", () => {
    const dir = tempDir("lock");
    const sleeper = spawn("sleep", ["5"], { stdio: "ignore" });
    try {
      writeFileSync(path.join(dir, "cluster.lock"), String(sleeper.pid));
      expect(stateOwner(dir)).toBe(sleeper.pid);
      expect(() => lockState(dir)).toThrow(/in use by another cluster/);
    } finally {
      sleeper.kill("SIGKILL");
    }
  });

  it("takes over the lock of an owner that is a zombie", async () => {
    const dir = tempDir("lock");
    const dead = await zombie();
    try {
      writeFileSync(path.join(dir, "cluster.lock"), String(dead.pid));
      expect(stateOwner(dir)).toBeNull();
      const unlock = lockState(dir);
      expect(readFileSync(path.join(dir, "cluster.lock"), "utf8")).toBe(String(process.pid));
      unlock();
    } finally {
      dead.stop();
    }
  });

  it("takes over the lock of an owner that is gone, and ignores a lock that is not a pid", () => {
    const dir = tempDir("lock");
    writeFileSync(path.join(dir, "cluster.lock"), "2147483646");
    lockState(dir)();
    writeFileSync(path.join(dir, "cluster.lock"), "not a pid\n");
    expect(stateOwner(dir)).toBeNull();
    lockState(dir)();
  });
});
