// A SIGKILLed cluster's owner-only vars file (it holds the admin token) is removed at
// the next start (harness/dev-server.ts removeStaleVarsFiles, called under the lock).
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, it } from "vitest";
import { removeStaleVarsFiles } from "../../harness/dev-server.ts";

describe("removeStaleVarsFiles", () => {
  it("removes every leftover vars file and nothing else", ({ expect }) => {
    const dir = mkdtempSync(path.join(tmpdir(), "vars-"));
    writeFileSync(path.join(dir, ".cluster-vars-4242.env"), "LETHE_ADMIN_TOKEN=x\n", {
      mode: 0o600,
    });
    writeFileSync(path.join(dir, ".cluster-vars-7.env"), "LETHE_ADMIN_TOKEN=y\n", { mode: 0o600 });
    writeFileSync(path.join(dir, "cluster.lock"), "1");
    expect(removeStaleVarsFiles(dir)).toBe(2);
    expect(existsSync(path.join(dir, ".cluster-vars-4242.env"))).toBe(false);
    expect(existsSync(path.join(dir, "cluster.lock"))).toBe(true);
  });
});
