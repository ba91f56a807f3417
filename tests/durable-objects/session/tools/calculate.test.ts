import { describe, it } from "vitest";
import { errorCodeOf, runTool } from "../../../../durable-objects/session/tools/index.ts";
import { makeReads, type ReadsFixture } from "./fake-reads.ts";

const hive = (): ReadsFixture => ({
  artifacts: {
    "totals.file_a": { value: 30, version: 3 },
    "totals.file_b": { value: "12", version: 1 },
    "debt.owed": { value: "-7.5", version: 2 },
    "config.name": { value: "lethe", version: 1 },
    "config.obj": { value: { amount: 3 }, version: 1 },
    "fees.rate": { value: 0.1, version: 1 },
    "rule.fee": { value: "a * r + 2", version: 2 },
    "rule.bad": { value: { note: "no expression" }, version: 1 },
  },
});

describe("calculate (tool)", () => {
  it("shows the expression, the bound values and the exact result, with where each value came from", async ({
    expect,
  }) => {
    const result = await runTool(
      "calculate",
      { expression: "a + b", values: { a: "totals.file_a", b: "totals.file_b" } },
      makeReads(hive()),
    );
    expect(result).toMatchObject({ error: false, pagerOps: [], artifacts: [], files: [] });
    expect(result.output).toBe(
      "a + b = 30 + 12 = 42\nwhere a = totals.file_a@3, b = totals.file_b@1",
    );
  });

  it("binds decimal literals without reading the Hive and keeps the expression as written", async ({
    expect,
  }) => {
    const reads = makeReads({ failing: { method: "artifact", code: "UNAVAILABLE" } });
    const result = await runTool(
      "calculate",
      { expression: "(price  * qty)", values: { price: "19.99", qty: "3" } },
      reads,
    );
    expect(result.output).toBe("(price * qty) = (19.99 * 3) = 59.97");
  });

  it("puts negative values in parentheses and computes 0.1-based rates exactly", async ({
    expect,
  }) => {
    const result = await runTool(
      "calculate",
      {
        expression: "a - d + a * r",
        values: { a: "totals.file_a", d: "debt.owed", r: "fees.rate" },
      },
      makeReads(hive()),
    );
    expect(result.output.split("\n")[0]).toBe("a - d + a * r = 30 - (-7.5) + 30 * 0.1 = 40.5");
  });

  it("applies a rule saved as an artifact to artifact values, naming the rule's version", async ({
    expect,
  }) => {
    const result = await runTool(
      "calculate",
      { expression: "rule:rule.fee", values: { a: "totals.file_a", r: "fees.rate" } },
      makeReads(hive()),
    );
    expect(result.error).toBe(false);
    expect(result.output).toBe(
      "a * r + 2 = 30 * 0.1 + 2 = 5\nwhere a = totals.file_a@3, r = fees.rate@1\nrule rule.fee@2",
    );
    const missing = await runTool("calculate", { expression: "rule:rule.none" }, makeReads(hive()));
    expect(errorCodeOf(missing)).toBe("NOT_FOUND");
    const bad = await runTool("calculate", { expression: "rule:rule.bad" }, makeReads(hive()));
    expect(errorCodeOf(bad)).toBe("NOT_A_RULE");
  });

  it("prints a literal-only expression once", async ({ expect }) => {
    expect((await runTool("calculate", { expression: "1/4" }, makeReads())).output).toBe(
      "1/4 = 0.25",
    );
  });

  it("says when a result was rounded", async ({ expect }) => {
    const result = await runTool("calculate", { expression: "2/3" }, makeReads());
    expect(result.output).toMatch(/^2\/3 = 0\.6+7\n\(rounded to 64 significant digits\)$/);
  });

  it("fails on unbound names, missing artifacts, non-numeric artifacts and failing reads", async ({
    expect,
  }) => {
    const reads = makeReads(hive());
    const run = (expression: string, values: Record<string, string> = {}, r = reads) =>
      runTool("calculate", { expression, values }, r).then(errorCodeOf);
    expect(await run("a + 1")).toBe("UNKNOWN_NAME");
    expect(await run("toString + 1")).toBe("UNKNOWN_NAME");
    expect(await run("a + 1", { a: "totals.nope" })).toBe("NOT_FOUND");
    expect(await run("a + 1", { a: "config.name" })).toBe("NOT_NUMERIC");
    expect(await run("a + 1", { a: "config.obj" })).toBe("NOT_NUMERIC");
    expect(
      await run(
        "a",
        { a: "x.y" },
        makeReads({ failing: { method: "artifact", code: "UNAVAILABLE" } }),
      ),
    ).toBe("UNAVAILABLE");
    expect(await run("a / (b - 12)", { a: "totals.file_a", b: "totals.file_b" })).toBe(
      "DIVISION_BY_ZERO",
    );
    expect(await run("9^9^9^9")).toBe("EXPONENT_TOO_LARGE");
    expect(await run("1 +")).toBe("SYNTAX_ERROR");
  });

  it("names the artifact and its version when its value is not a number", async ({ expect }) => {
    const result = await runTool(
      "calculate",
      { expression: "n * 2", values: { n: "config.name" } },
      makeReads(hive()),
    );
    expect(result.output).toContain(
      'n is bound to config.name@1, whose value "lethe" is not a number',
    );
    expect(result.output).toContain("[HINT]");
  });
});
