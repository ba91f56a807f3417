// The reliability suite's processes: `npm start` on a state already in use by
// the shared cluster is refused, and no process shows the admin token in `ps`.
import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { describe, it } from "vitest";
import { ROOT, nodeForWrangler } from "../../harness/cluster.ts";
import { rel } from "./client.ts";
import { report } from "./helpers.ts";

describe("reliability: processes", () => {
  it("npm start on a state in use is refused with a clear message, and no process shows the admin token", async ({
    expect,
  }) => {
    const run = spawnSync(
      nodeForWrangler(),
      [
        path.join(ROOT, "scripts", "start.ts"),
        "--no-demo",
        "--port",
        "1",
        "--persist-to",
        rel.persistTo,
      ],
      { cwd: ROOT, encoding: "utf8", timeout: 30_000 },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("is in use by a running cluster");
    expect(run.stderr).not.toContain("--port 2");
    const ps = execFileSync("ps", ["-eo", "args"], { encoding: "utf8" });
    report("processes", {
      refusedSecondStart: run.status === 1,
      tokenInPs: ps.includes(rel.adminToken),
    });
    expect(ps).not.toContain(rel.adminToken);
    // The token still reached the gateway (through the env file): admin calls work.
    const keys = await fetch(`${rel.url}/v1/admin/hives/${rel.hive}/keys`, {
      headers: { authorization: `Bearer ${rel.adminToken}` },
    });
    expect(keys.status).toBe(200);
    expect(rel.keyId).not.toBe("");
  });
});
