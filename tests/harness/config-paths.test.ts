// Config copies for the deploy and the test pools: every relative path absolute,
// nothing else changed.
import path from "node:path";
import { describe, it } from "vitest";
import { withAbsolutePaths } from "../../harness/config-paths.ts";

describe("withAbsolutePaths", () => {
  it("resolves main, migrations_dir, the assets directory and module aliases", ({ expect }) => {
    const source = [
      "#:schema ../../node_modules/wrangler/config-schema.json",
      'name = "x"',
      'main = "src/index.ts"',
      "[alias]",
      '"lethe/agents" = "../../packages/agents/index.ts"',
      '"left-alone" = "some-package"',
      "[[d1_databases]]",
      'migrations_dir = "../../migrations"',
      "[assets]",
      'directory = "./public"',
      "[vars]",
      'PATHISH = "./not-a-path-key"',
    ].join("\n");
    const dir = "/repo/examples/app";
    const out = withAbsolutePaths(source, dir).split("\n");
    expect(out[0]).toBe("");
    expect(out).toContain(`main = ${JSON.stringify(path.join(dir, "src/index.ts"))}`);
    expect(out).toContain(`"lethe/agents" = ${JSON.stringify("/repo/packages/agents/index.ts")}`);
    expect(out).toContain('"left-alone" = "some-package"');
    expect(out).toContain(`migrations_dir = ${JSON.stringify("/repo/migrations")}`);
    expect(out).toContain(`directory = ${JSON.stringify("/repo/examples/app/public")}`);
    expect(out).toContain('PATHISH = "./not-a-path-key"');
  });
});
