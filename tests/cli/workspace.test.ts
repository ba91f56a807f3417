import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "vitest";
import { batches, collectFiles, UPLOAD_BATCH_BYTES } from "../../cli/commands/workspace.ts";
import { main } from "../../cli/lethe.ts";
import { typescriptRepo } from "../fixtures/repos/index.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";

function writeRepo(files: Record<string, string | Uint8Array>): string {
  const dir = tempDir("cli-ws");
  for (const [rel, content] of Object.entries(files)) {
    const full = path.join(dir, rel);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
  return dir;
}

describe("lethe workspace", () => {
  it("collects a directory as relative paths, skipping dependencies, hidden and oversized files", ({
    expect,
  }) => {
    const dir = writeRepo({
      ...typescriptRepo(),
      "node_modules/zod/index.js": "module.exports = {};",
      ".git/HEAD": "ref: refs/heads/main",
      "logo.png": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]),
      "huge.txt": "x".repeat(UPLOAD_BATCH_BYTES),
    });
    const skipped: string[] = [];
    const files = collectFiles(dir, skipped);
    expect(files.map((f) => f.path)).toEqual([
      "README.md",
      "logo.png",
      "src/app.ts",
      "src/index.ts",
      "src/math.ts",
      "src/orphan.ts",
      "src/util/format.ts",
    ]);
    expect(files.find((f) => f.path === "logo.png")?.encoding).toBe("base64");
    expect(skipped).toHaveLength(1);
    expect(skipped[0]).toContain("huge.txt");
  });

  it("splits uploads into requests under the body limit", ({ expect }) => {
    const files = Array.from({ length: 10 }, (_, i) => ({
      path: `f${i}.ts`,
      content: "x".repeat(200_000),
      encoding: "utf8" as const,
    }));
    const groups = batches(files);
    expect(groups.flat()).toEqual(files);
    for (const g of groups) {
      expect(g.reduce((n, f) => n + f.content.length, 0)).toBeLessThanOrEqual(UPLOAD_BATCH_BYTES);
    }
  });

  it("answers usage mistakes and an unreachable gateway with one line", async ({ expect }) => {
    const err: string[] = [];
    const io = { out: () => undefined, err: (l: string) => err.push(l), env: { LETHE_KEY: "k" } };
    expect(await main(["workspace"], io)).toBe(1);
    expect(
      await main(["workspace", "search", "demo", "x", "--url", "http://127.0.0.1:1"], io),
    ).toBe(1);
    expect(err).toHaveLength(2);
    expect(err[1]).toContain("cannot reach the gateway");
  });
});
