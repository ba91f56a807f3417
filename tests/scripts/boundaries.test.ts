// The tooling boundaries (scripts/boundaries.ts): the repository keeps them, and
// each rule refuses the import it names.
import path from "node:path";
import { describe, it } from "vitest";
import { boundaryViolations, brokenRule } from "../../scripts/boundaries.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("tooling boundaries", () => {
  it("hold across bench/, harness/, scripts/ and tests/", ({ expect }) => {
    expect(boundaryViolations(ROOT)).toEqual([]);
  });

  it("refuse each crossing and allow the harness and the mirrors", ({ expect }) => {
    expect(brokenRule("bench/compression.ts", "tests/shared/compress/x.ts")).toMatch(/harness/);
    expect(brokenRule("bench/hive.ts", "cli/commands/hive.ts")).toMatch(/typed client/);
    expect(brokenRule("scripts/start.ts", "bench/hive.ts")).not.toBeNull();
    expect(brokenRule("scripts/lib/demo.ts", "tests/fixtures/repos.ts")).not.toBeNull();
    expect(brokenRule("tests/e2e/proxy.test.ts", "bench/proxy/task.ts")).not.toBeNull();
    expect(brokenRule("tests/shared/x.test.ts", "scripts/start.ts")).not.toBeNull();
    expect(brokenRule("tests/bench/horizon.test.ts", "bench/horizon/rules.ts")).toBeNull();
    expect(brokenRule("tests/scripts/islands.test.ts", "scripts/islands.ts")).toBeNull();
    expect(brokenRule("tests/e2e/helpers.ts", "scripts/lib/demo.ts")).not.toBeNull();
    expect(brokenRule("tests/e2e/helpers.ts", "harness/dev-server.ts")).toBeNull();
    expect(brokenRule("harness/dev-server.ts", "scripts/start.ts")).not.toBeNull();
    expect(brokenRule("harness/admin.ts", "tests/e2e/helpers.ts")).not.toBeNull();
    expect(brokenRule("bench/compression.ts", "harness/prng.ts")).toBeNull();
  });
});
