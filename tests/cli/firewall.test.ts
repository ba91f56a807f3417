// `lethe firewall` over real HTTP against a stand-in gateway route: a refused
// firewall.yaml prints each problem with its line, then one error with a hint.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "vitest";
import { firewallCommand } from "../../cli/commands/firewall.ts";
import { createContext } from "../../cli/commands/context.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";

describe("lethe firewall", () => {
  it("prints a refused file's problems by line and fails with the gateway's code", async ({
    expect,
  }) => {
    const seen: { method: string; type: string; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        seen.push({ method: req.method ?? "", type: req.headers["content-type"] ?? "", body });
        res.writeHead(400, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            error: { code: "INVALID_FIREWALL", message: "1 problem", hint: "fix line 2" },
            issues: [{ line: 2, path: "rules.0.action", message: "unknown action MAYBE" }],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const file = path.join(tempDir("fw"), "firewall.yaml");
      writeFileSync(file, "rules:\n  - action: MAYBE\n");
      const lines: string[] = [];
      const ctx = createContext({
        url: `http://127.0.0.1:${port}`,
        key: "lethe_h_k",
        env: {},
        out: (l) => lines.push(l),
      });
      await expect(firewallCommand(["set", "h", file], ctx)).rejects.toMatchObject({
        name: "CliError",
        message: "firewall failed: INVALID_FIREWALL: 1 problem",
        hint: "fix line 2",
      });
      expect(lines).toEqual(["  line 2: rules.0.action: unknown action MAYBE"]);
      expect(seen).toEqual([
        { method: "PUT", type: "text/yaml", body: "rules:\n  - action: MAYBE\n" },
      ]);
    } finally {
      server.close();
    }
  });
});
