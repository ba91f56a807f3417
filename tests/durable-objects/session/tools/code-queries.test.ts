import { describe, it } from "vitest";
import { errorCodeOf, runTool } from "../../../../durable-objects/session/tools/index.ts";
import { MISSING_DEPENDENCY } from "../../../../durable-objects/session/tools/code-queries.ts";
import { makeReads, type ReadsFixture } from "./fake-reads.ts";

const repo = (): ReadsFixture => ({
  files: {
    "src/config.ts": "export const PORT = 8080;\n",
    "src/app.ts": "import { PORT } from '../../../shared/tools/run/config';\nserve();\n",
    "lib/other.ts": "const port = 1;\n",
  },
  definitions: [
    {
      name: "computeTotal",
      kind: "function",
      path: "src/total.ts",
      startLine: 3,
      endLine: 9,
      signature: "computeTotal(items: Item[]): number",
    },
    { name: "computeTotal", kind: "method", path: "lib/cart.ts", startLine: 12, endLine: 12 },
  ],
  callers: {
    computeTotal: [
      { name: "checkout", kind: "function", path: "src/checkout.ts", startLine: 20, endLine: 20 },
      { name: "render", kind: "method", path: "src/ui/cart.ts", startLine: 7, endLine: 8 },
      { name: "report", kind: "call", path: "src/checkout.ts", startLine: 44, endLine: 44 },
    ],
  },
  imports: [
    { from: "src/app.ts", to: "src/config.ts", specifier: "./config", resolved: true },
    { from: "src/app.ts", to: null, specifier: "./missing", resolved: false },
    { from: "src/main.ts", to: "src/app.ts", specifier: "./app", resolved: true },
  ],
});

describe("search", () => {
  it("lists hits with path, line range, score and a one-line snippet", async ({ expect }) => {
    const result = await runTool("search", { query: "port", mode: "text" }, makeReads(repo()));
    expect(result.output).toBe(
      [
        '3 hits for "port" (text):',
        "lib/other.ts:1 (1.000) | const port = 1;",
        "src/app.ts:1 (0.500) | import { PORT } from '../../../shared/tools/run/config';",
        "src/config.ts:1 (0.333) | export const PORT = 8080;",
      ].join("\n"),
    );
  });

  it("honours the path and the limit, and suggests another mode when nothing matches", async ({
    expect,
  }) => {
    const scoped = await runTool(
      "search",
      { query: "port", mode: "text", path: "src", limit: 1 },
      makeReads(repo()),
    );
    expect(scoped.output).toBe(
      "1 hit for \"port\" (text under src):\nsrc/app.ts:1 (1.000) | import { PORT } from '../../../shared/tools/run/config';",
    );
    const none = await runTool("search", { query: "zebra" }, makeReads(repo()));
    expect(none.error).toBe(false);
    expect(none.output).toBe(
      '0 hits for "zebra" (semantic). Try mode text, other words, or a wider path.',
    );
  });

  it("prints semantic hits without lines or snippets as bare paths", async ({ expect }) => {
    const reads = {
      ...makeReads(),
      search: async () => ({
        ok: true as const,
        value: [
          { path: "docs/port.md", score: 0.87654 },
          { path: "src/a.ts", score: 0.5, startLine: 3, symbol: "listen", snippet: "  \n " },
        ],
      }),
    };
    const result = await runTool("search", { query: "port" }, reads);
    expect(result.output).toBe(
      '2 hits for "port" (semantic):\ndocs/port.md (0.877)\nsrc/a.ts:3 listen (0.500)',
    );
  });

  it("passes on the index's failure", async ({ expect }) => {
    const result = await runTool(
      "search",
      { query: "x" },
      makeReads({ failing: { method: "search", code: "INDEX_UNAVAILABLE" } }),
    );
    expect(errorCodeOf(result)).toBe("INDEX_UNAVAILABLE");
  });
});

describe("find_definitions and find_callers", () => {
  it("lists definitions with paths, line ranges, kinds and signatures", async ({ expect }) => {
    const result = await runTool("find_definitions", { symbol: "computeTotal" }, makeReads(repo()));
    expect(result.output).toBe(
      [
        "2 definitions of computeTotal:",
        "src/total.ts:3-9 function computeTotal | computeTotal(items: Item[]): number",
        "lib/cart.ts:12 method computeTotal",
      ].join("\n"),
    );
    const scoped = await runTool(
      "find_definitions",
      { symbol: "computeTotal", path: "lib" },
      makeReads(repo()),
    );
    expect(scoped.output).toBe(
      "1 definition of computeTotal under lib:\nlib/cart.ts:12 method computeTotal",
    );
  });

  it("says plainly when a symbol has no definition", async ({ expect }) => {
    const result = await runTool("find_definitions", { symbol: "nope" }, makeReads(repo()));
    expect(result).toMatchObject({
      error: false,
      output: "no definition of nope. Try search with mode text.",
    });
  });

  it("lists call sites with the enclosing function and counts the files", async ({ expect }) => {
    const result = await runTool("find_callers", { symbol: "computeTotal" }, makeReads(repo()));
    expect(result.output).toBe(
      [
        "3 call sites of computeTotal in 2 files:",
        "src/checkout.ts:20 in checkout (function)",
        "src/ui/cart.ts:7-8 in render (method)",
        "src/checkout.ts:44 in report",
      ].join("\n"),
    );
    expect((await runTool("find_callers", { symbol: "x" }, makeReads(repo()))).output).toBe(
      "no callers of x",
    );
  });

  it("passes on structural index failures", async ({ expect }) => {
    const defs = await runTool(
      "find_definitions",
      { symbol: "a" },
      makeReads({ failing: { method: "definitions", code: "NOT_INDEXED" } }),
    );
    const calls = await runTool(
      "find_callers",
      { symbol: "a" },
      makeReads({ failing: { method: "callers", code: "NOT_INDEXED" } }),
    );
    expect([errorCodeOf(defs), errorCodeOf(calls)]).toEqual(["NOT_INDEXED", "NOT_INDEXED"]);
  });
});

describe("find_imports", () => {
  it("flags a missing dependency first, then the resolved imports", async ({ expect }) => {
    const result = await runTool("find_imports", { path: "src/app.ts" }, makeReads(repo()));
    expect(result.error).toBe(false);
    expect(result.output).toBe(
      [
        "src/app.ts imports 2, 1 missing:",
        `${MISSING_DEPENDENCY} ./missing (imported by src/app.ts) resolves to nothing`,
        "./config -> src/config.ts",
      ].join("\n"),
    );
  });

  it("does not flag an external package as a missing dependency", async ({ expect }) => {
    const reads = makeReads({
      ...repo(),
      imports: [{ from: "tools/cleanup.py", to: null, specifier: "os", resolved: true }],
    });
    const result = await runTool("find_imports", { path: "tools/cleanup.py" }, reads);
    expect(result.output).toBe("tools/cleanup.py imports 1:\nos -> (external package)");
  });

  it("lists importers, and says when there are none", async ({ expect }) => {
    const importers = await runTool(
      "find_imports",
      { path: "src/app.ts", direction: "importers" },
      makeReads(repo()),
    );
    expect(importers.output).toBe("1 file import src/app.ts:\nsrc/main.ts (as ./app)");
    expect(
      (
        await runTool(
          "find_imports",
          { path: "src/main.ts", direction: "importers" },
          makeReads(repo()),
        )
      ).output,
    ).toBe("no file imports src/main.ts");
    expect(
      (await runTool("find_imports", { path: "src/config.ts" }, makeReads(repo()))).output,
    ).toBe("src/config.ts imports nothing");
  });

  it("passes on the index's failure", async ({ expect }) => {
    const result = await runTool(
      "find_imports",
      { path: "a.ts" },
      makeReads({ failing: { method: "imports", code: "NOT_INDEXED" } }),
    );
    expect(errorCodeOf(result)).toBe("NOT_INDEXED");
  });
});
