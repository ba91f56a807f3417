// Production configs derived from the committed wrangler.toml files.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "vitest";
import { ROOT, WORKERS } from "../../../../harness/cluster.ts";
import { productionConfig } from "../../../../scripts/lib/deploy/configs.ts";

const worker = (name: string) => {
  const w = WORKERS.find((x) => x.name === name);
  if (w === undefined) {
    throw new Error(name);
  }
  return { info: w, source: readFileSync(path.join(ROOT, w.config), "utf8") };
};

describe("productionConfig", () => {
  it("sets the D1 id, production, the model's encoding, absolute paths and the AI binding", ({
    expect,
  }) => {
    const { info, source } = worker("lethe-gateway");
    const text = productionConfig(info, source, { d1Id: "abc", encoding: "cl100k_base" });
    expect(text).toContain('database_id = "abc"');
    expect(text).toContain('LETHE_ENV = "production"');
    expect(text).toContain(`LETHE_ENCODING = '"cl100k_base"'`);
    expect(text).toContain(`main = ${JSON.stringify(path.join(ROOT, "workers/gateway/index.ts"))}`);
    expect(text).toMatch(/\[ai\]\nbinding = "AI"\n$/);
  });

  it("binds Workers AI in every Worker that calls the model, and in none without it", ({
    expect,
  }) => {
    for (const name of ["lethe-gateway", "lethe-router", "lethe-compressor"]) {
      const { info, source } = worker(name);
      expect(productionConfig(info, source, { d1Id: "abc" }), name).toMatch(
        /\[ai\]\nbinding = "AI"/,
      );
      expect(productionConfig(info, source, { d1Id: "abc", workersAi: false }), name).not.toContain(
        "[ai]",
      );
      expect(productionConfig(info, source, { d1Id: "abc" }), name).toContain(
        'LETHE_ENV = "production"',
      );
    }
    for (const name of ["lethe-gatekeeper", "lethe-model"]) {
      const { info, source } = worker(name);
      expect(productionConfig(info, source, { d1Id: "abc" }), name).not.toContain("[ai]");
    }
  });

  it("drops only the compressor's bindings to the gateway's objects on its first pass", ({
    expect,
  }) => {
    const { info, source } = worker("lethe-compressor");
    const first = productionConfig(info, source, { d1Id: "abc", withoutSessionBinding: true });
    expect(first).not.toContain("AgentSession");
    expect(first).not.toContain('class_name = "Hive"');
    expect(first).toContain('service = "lethe-model"');
    expect(first).toContain("[[queues.consumers]]");
    expect(productionConfig(info, source, { d1Id: "abc" })).toContain(
      'class_name = "AgentSession"',
    );
  });
});
