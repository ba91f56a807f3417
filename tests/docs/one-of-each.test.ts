// The "one of each" rules of docs/architecture.md, checked in the product's code
// (every TypeScript file outside tests, bench, scripts, harness and examples):
// one L1 mode type, one driver factory, one way to each hive stub.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "vitest";

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
      expect.stringMatching(/^workers\/gateway\/auth\.ts:/),
    ]);
    expect(sites(/Hive\.getByName\(ctx\.hive\)/)).toEqual([
      expect.stringMatching(/^durable-objects\/mcp\/tool-context\.ts:/),
    ]);
  });
});
