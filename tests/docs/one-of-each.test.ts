// The "one of each" rules of docs/architecture.md, checked in the product's code
// (every TypeScript file outside tests, bench, scripts, harness and examples):
// one L1 mode type, one driver factory, one way to each hive stub, one
// Result-to-HTTP path (workers/gateway/routes/results.ts).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { HTTPException } from "hono/http-exception";
import { describe, it } from "vitest";
import { err } from "../../shared/base/result.ts";
import { unwrap } from "../../workers/gateway/routes/results.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const NOT_PRODUCT = ["tests/", "bench/", "scripts/", "harness/", "examples/", "node_modules/"];

function productFiles(): string[] {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  }).split("\n");
  return files.filter(
    (f) =>
      f.endsWith(".ts") &&
      !f.endsWith(".d.ts") &&
      !NOT_PRODUCT.some((p) => f.startsWith(p)) &&
      !f.startsWith("."),
  );
}

/** `file:line` of every line of the product matching `pattern` (comments included). */
function sites(pattern: RegExp): string[] {
  const found: string[] = [];
  for (const file of productFiles()) {
    let text: string;
    try {
      text = readFileSync(path.join(ROOT, file), "utf8");
    } catch {
      continue; // a file git lists but the worktree deleted: nothing to check
    }
    text.split("\n").forEach((line, i) => {
      if (pattern.test(line)) {
        found.push(`${file}:${i + 1}`);
      }
    });
  }
  return found;
}

const inFile = (file: string) => (site: string) => site.startsWith(`${file}:`);

describe("one of each", () => {
  it("defines the strict/elastic mode once, as a zod schema", ({ expect }) => {
    const enums = sites(/z\.enum\(\[\s*"(strict|elastic)"/);
    expect(enums).toHaveLength(1);
    expect(enums.every(inFile("shared/context/page.ts"))).toBe(true);
    expect(sites(/"strict"\s*\|\s*"elastic"|"elastic"\s*\|\s*"strict"/)).toEqual([]);
  });

  it("builds the model driver in one factory, and an openai chat client only in the driver", ({
    expect,
  }) => {
    expect(sites(/new Driver\(/).every(inFile("shared/driver/factory.ts"))).toBe(true);
    // The embedder's own client serves /v1/embeddings, not the chat driver.
    const clients = sites(/new OpenAI\(/);
    expect(
      clients
        .filter((s) => !inFile("shared/l3/embedder.ts")(s))
        .every(inFile("shared/driver/driver.ts")),
    ).toBe(true);
  });

  it("reaches the session's hive through one helper, and a step through its port", ({ expect }) => {
    const session = sites(/Hive\.getByName\(/).filter((s) =>
      s.startsWith("durable-objects/session"),
    );
    expect(session.every(inFile("durable-objects/session/step/context.ts"))).toBe(true);
    expect(session).toHaveLength(1);
  });

  it("reaches the key's hive through one helper in the gateway and one in MCP", ({ expect }) => {
    expect(sites(/Hive\.getByName\(c\.get\("hiveKey"\)\.hive\)/)).toEqual([
      expect.stringMatching(/^workers\/gateway\/request\/auth\.ts:/),
    ]);
    expect(sites(/Hive\.getByName\(ctx\.hive\)/)).toEqual([
      expect.stringMatching(/^durable-objects\/mcp\/tool-context\.ts:/),
    ]);
  });

  it("keeps no status table in a gateway route: results.ts is the one", ({ expect }) => {
    const tables = sites(/Record<string, (\d{3}|ContentfulStatusCode)|STATUS\[/).filter((s) =>
      s.startsWith("workers/gateway/"),
    );
    expect(tables.every(inFile("workers/gateway/routes/results.ts"))).toBe(true);
  });

  it("answers the compress and firewall refusals with the statuses their routes used", async ({
    expect,
  }) => {
    const refused = async (code: string, status?: 500, extra: object = {}) => {
      try {
        unwrap({ ...err(code, `${code} happened`, "a hint"), ...extra }, status);
      } catch (error) {
        if (error instanceof HTTPException) {
          const res = error.getResponse();
          return { status: res.status, body: (await res.json()) as Record<string, unknown> };
        }
        throw error;
      }
      throw new Error("unwrap returned for a failed Result");
    };
    const statuses: Record<string, number> = {
      BAD_REQUEST: 400,
      INVALID_MESSAGES: 400,
      INVALID_OPTIONS: 400,
      INVALID_BUDGET: 400,
      WINDOW_TOO_SMALL: 400,
      INVALID_REF: 400,
      REF_MISMATCH: 500,
      REF_NOT_FOUND: 404,
      INVALID_DRIVER_CONFIG: 502,
      MODEL_NOT_CONFIGURED: 500,
      INTERNAL: 500,
      FIREWALL_INVALID: 400,
      FIREWALL_TOO_LARGE: 413,
    };
    for (const [code, status] of Object.entries(statuses)) {
      expect((await refused(code)).status, code).toBe(status);
    }
    // Storing the compressor's refs, or reading the stored firewall, fails on our side.
    expect((await refused("INVALID_REF", 500)).status).toBe(500);
    const invalid = await refused("FIREWALL_INVALID", undefined, {
      issues: [{ path: "rules.0", message: "no match" }],
    });
    expect(invalid.body).toEqual({
      error: { code: "FIREWALL_INVALID", message: "FIREWALL_INVALID happened", hint: "a hint" },
      issues: [{ path: "rules.0", message: "no match" }],
    });
  });
});
