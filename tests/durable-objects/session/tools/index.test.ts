import { describe, expectTypeOf, it } from "vitest";
import { TOOL_CATALOGUE } from "../../../../shared/tools/catalogue.ts";
import type { ToolOutcome } from "../../../../shared/tools/tool-ports.ts";
import {
  errorCodeOf,
  runTool,
  runTypedTool,
  TOOL_NAMES,
  type ToolArgs,
} from "../../../../durable-objects/session/tools/index.ts";
import { makeReads, type ReadsFixture } from "./fake-reads.ts";

const world = (): ReadsFixture => ({
  files: { "src/a.ts": "export const a = 30;\n", "src/b.ts": "export const b = 12;\n" },
  artifacts: { "totals.a": { value: 30 }, "totals.b": { value: 12 } },
  definitions: [{ name: "a", kind: "const", path: "src/a.ts", startLine: 1, endLine: 1 }],
  callers: { a: [{ name: "main", kind: "function", path: "src/b.ts", startLine: 1, endLine: 1 }] },
  imports: [{ from: "src/b.ts", to: "src/a.ts", specifier: "./a", resolved: true }],
  refs: { "ref:0123456789abcdef0123456789abcdef": "payload" },
  l1: [
    {
      id: "src/a.ts",
      kind: "file",
      sourceRef: "file:src/a.ts@v1:1-1",
      content: "export const a = 30;\n",
    },
  ],
});

describe("runTool", () => {
  it("runs every tool of the catalogue", ({ expect }) => {
    expect([...TOOL_NAMES].sort()).toEqual(TOOL_CATALOGUE.map((t) => t.name).sort());
  });

  it.for(TOOL_CATALOGUE.map((t) => [t.name, t.example] as const))(
    "runs the catalogue's example of %s twice with identical outcomes",
    async ([name, example], { expect }) => {
      const first = await runTool(name, example, makeReads(world()));
      const second = await runTool(name, example, makeReads(world()));
      expect(second).toEqual(first);
      expect(JSON.stringify(second)).toBe(JSON.stringify(first));
      expect(first.output.length).toBeGreaterThan(0);
    },
  );

  it("refuses an unknown tool and names the real ones", async ({ expect }) => {
    const result = await runTool("rm_rf", {}, makeReads());
    expect(errorCodeOf(result)).toBe("UNKNOWN_TOOL");
    expect(result.output).toContain("stage_context");
    expect(errorCodeOf(await runTool("__proto__", {}, makeReads()))).toBe("UNKNOWN_TOOL");
  });

  it("refuses arguments its schema refuses, quoting the catalogue's example", async ({
    expect,
  }) => {
    const result = await runTool("calculate", { expression: 42 }, makeReads());
    expect(errorCodeOf(result)).toBe("INVALID_ARGUMENTS");
    expect(result.output).toContain("calculate: expression:");
    expect(result.output).toContain('[HINT] Example: {"expression":"a + b"');
    expect(errorCodeOf(await runTool("stage_context", {}, makeReads()))).toBe("INVALID_ARGUMENTS");
  });

  it("applies schema defaults before the tool runs", async ({ expect }) => {
    const result = await runTool(
      "save_artifact",
      { key: "totals.c", value: 1 },
      makeReads(world()),
    );
    expect(result.artifacts[0]?.artifact.kind).toBe("fact");
  });

  it.for([
    ["stage_context", { symbol: "nope" }],
    ["stage_context", { path: "src/a.ts", start_line: 5, end_line: 1 }],
    ["unstage_context", { page: "nowhere" }],
    ["read_ref", { ref: "ref:0123456789abcdef0123456789abcdef", offset: 99 }],
    ["save_artifact", { key: "totals.a", value: 1, supersedes: "totals.a@9" }],
    ["calculate", { expression: "1 +" }],
    ["calculate", { expression: "1 / 0" }],
    ["calculate", { expression: "(-8) ^ 0.5" }],
    ["calculate", { expression: "round(1, 2, 3)" }],
    ["calculate", { expression: "a", values: { a: "totals.none" } }],
    ["write_file", { path: "x.bin", content: "\u0000" }],
    ["apply_patch", { path: "src/a.ts", patch: "@@ -1 +1 @@\n-nope\n+yes\n" }],
    ["apply_patch", { path: "src/a.ts", patch: "@@ -9 +9 @@\n-nope\n+yes\n" }],
    ["compare", { left: "src/a.ts", right: "src/a.ts" }],
    ["compare", { left: "nothing", right: "src/a.ts" }],
  ] as const)("fails %s %j with a code, a message and a hint", async ([name, args], { expect }) => {
    const result = await runTool(name, args, makeReads(world()));
    expect(result.error).toBe(true);
    expect(result.output).toMatch(/^\[TOOL ERROR\] [A-Z0-9_]+: .+\n\[HINT\] .+/s);
    expect([result.pagerOps, result.artifacts, result.files]).toEqual([[], [], []]);
  });

  it("turns a reader that throws into a failed outcome, never an exception", async ({ expect }) => {
    const result = await runTool(
      "stage_context",
      { path: "src/a.ts" },
      makeReads({ throwing: true }),
    );
    expect(errorCodeOf(result)).toBe("TOOL_CRASHED");
    expect(result.output).toContain("reader exploded in readFile");
  });

  it("types the arguments of each tool by name", async ({ expect }) => {
    expectTypeOf<ToolArgs["calculate"]>().toEqualTypeOf<{
      expression: string;
      values: Record<string, string>;
    }>();
    expectTypeOf(runTypedTool<"finish">)
      .parameter(1)
      .toEqualTypeOf<ToolArgs["finish"]>();
    const outcome = await runTypedTool(
      "calculate",
      { expression: "a * 2", values: { a: "totals.a" } },
      makeReads(world()),
    );
    expectTypeOf(outcome).toEqualTypeOf<ToolOutcome>();
    expect(outcome.output).toBe("a * 2 = 30 * 2 = 60\nwhere a = totals.a@1");
  });
});
