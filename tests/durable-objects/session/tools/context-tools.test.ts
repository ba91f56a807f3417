import { describe, it } from "vitest";
import { emptyPagerState, type PagerContext } from "../../../../shared/context/page.ts";
import { applyPagerOps } from "../../../../shared/context/pager.ts";
import { errorCodeOf, runTool } from "../../../../durable-objects/session/tools/index.ts";
import { READ_REF_DEFAULT_CHARS } from "../../../../durable-objects/session/tools/context-tools.ts";
import { makeReads, type ReadsFixture } from "./fake-reads.ts";

const ctx: PagerContext = { step: 1, count: (text) => Math.ceil(text.length / 4) };

const workspace = (): ReadsFixture => ({
  files: {
    "src/a.ts": "export const a = 30;\nexport function total() {\n  return a + 12;\n}\n",
    "src/b.ts": "export const b = 12;\n",
    "bin/blob.dat": "PK\u0003\u0004\u0000\u0000binary",
  },
  definitions: [
    { name: "total", kind: "function", path: "src/a.ts", startLine: 2, endLine: 4 },
    { name: "render", kind: "function", path: "src/ui/a.ts", startLine: 1, endLine: 3 },
    { name: "render", kind: "method", path: "src/ui/b.ts", startLine: 5, endLine: 9 },
    { name: "ghost", kind: "function", path: "src/gone.ts", startLine: 1, endLine: 2 },
  ],
  refs: { "ref:0123456789abcdef0123456789abcdef": "tool said\nthree\nlines\n" },
});

describe("stage_context", () => {
  it("prefetches a file outside L1, and a later stage promotes it without reading again", async ({
    expect,
  }) => {
    const ahead = await runTool(
      "stage_context",
      { path: "src/b.ts", prefetch: true },
      makeReads(workspace()),
    );
    expect(ahead.output).toBe(
      "prefetched src/b.ts (lines 1-1 of 1): outside L1 until you stage it",
    );
    expect(ahead.pagerOps[0]?.type).toBe("prefetch");
    const page = ahead.pagerOps[0]?.type === "prefetch" ? ahead.pagerOps[0].page : undefined;
    const l1 = applyPagerOps(emptyPagerState(1_000, "strict"), ahead.pagerOps, ctx);
    expect(l1.ok && l1.value.state.pages).toEqual([]);
    expect(l1.ok && l1.value.state.prefetched.map((p) => p.id)).toEqual(["src/b.ts"]);
    // The file is gone from the workspace: promotion must not read it.
    const promoted = await runTool(
      "stage_context",
      { path: "src/b.ts" },
      makeReads({ prefetched: page ? [{ ...page, kind: "file" }] : [] }),
    );
    expect(promoted.error).toBe(false);
    expect(promoted.output).toBe(
      "staged src/b.ts (promoted from prefetch, read as file:src/b.ts@v1:1-1)",
    );
    expect(promoted.pagerOps).toEqual([{ type: "access", id: "src/b.ts" }]);
  });

  it("stages a past version of a file as its own page", async ({ expect }) => {
    const result = await runTool(
      "stage_context",
      { path: "src/a.ts", version: 1 },
      makeReads(workspace()),
    );
    expect(result.output).toBe("staged src/a.ts@vv1 (lines 1-4 of 4, as of workspace version v1)");
    const bad = await runTool(
      "stage_context",
      { symbol: "total", version: 1 },
      makeReads(workspace()),
    );
    expect(bad.error).toBe(true);
  });

  it("stages a whole file as one file page and says so without the content", async ({ expect }) => {
    const result = await runTool("stage_context", { path: "src/a.ts" }, makeReads(workspace()));
    expect(result.error).toBe(false);
    expect(result.output).toBe("staged src/a.ts (lines 1-4 of 4)");
    expect(result.output).not.toContain("export");
    expect(result.pagerOps).toEqual([
      {
        type: "stage",
        page: {
          id: "src/a.ts",
          kind: "file",
          sourceRef: "file:src/a.ts@v1:1-4",
          content: workspace().files?.["src/a.ts"],
        },
      },
    ]);
  });

  it("stages an empty file whole", async ({ expect }) => {
    const result = await runTool(
      "stage_context",
      { path: "e.txt" },
      makeReads({ files: { "e.txt": "" } }),
    );
    expect(result.output).toBe("staged e.txt (empty file)");
    expect(result.pagerOps[0]).toMatchObject({ page: { id: "e.txt", content: "" } });
  });

  it("stages a line range as a page named path:start-end", async ({ expect }) => {
    const result = await runTool(
      "stage_context",
      { path: "src/a.ts", start_line: 2, end_line: 3 },
      makeReads(workspace()),
    );
    expect(result.output).toBe("staged src/a.ts:2-3 (lines 2-3 of 4)");
    expect(result.pagerOps[0]).toMatchObject({
      type: "stage",
      page: { id: "src/a.ts:2-3", content: "export function total() {\n  return a + 12;\n" },
    });
  });

  it("under strict mode, staging a second file makes the pager drop the first", async ({
    expect,
  }) => {
    const reads = makeReads(workspace());
    const first = await runTool("stage_context", { path: "src/a.ts" }, reads);
    const second = await runTool("stage_context", { path: "src/b.ts" }, reads);
    const applied = applyPagerOps(
      emptyPagerState(1_000, "strict"),
      [...first.pagerOps, ...second.pagerOps],
      ctx,
    );
    expect(applied.ok && applied.value.state.pages.map((p) => p.id)).toEqual(["src/b.ts"]);
  });

  it("stages the defining lines of a symbol with exactly one definition", async ({ expect }) => {
    const result = await runTool("stage_context", { symbol: "total" }, makeReads(workspace()));
    expect(result.output).toBe("staged src/a.ts:2-4 (function total, lines 2-4 of 4)");
    expect(result.pagerOps[0]).toMatchObject({
      page: { kind: "file", content: "export function total() {\n  return a + 12;\n}\n" },
    });
  });

  it("lists every definition of an ambiguous symbol with its path, and stages the one a path picks", async ({
    expect,
  }) => {
    const reads = makeReads(workspace());
    const ambiguous = await runTool("stage_context", { symbol: "render" }, reads);
    expect(ambiguous.error).toBe(true);
    expect(errorCodeOf(ambiguous)).toBe("AMBIGUOUS_SYMBOL");
    expect(ambiguous.output).toContain("function render src/ui/a.ts:1-3");
    expect(ambiguous.output).toContain("method render src/ui/b.ts:5-9");
    expect(ambiguous.pagerOps).toEqual([]);
    const picked = await runTool(
      "stage_context",
      { symbol: "render", path: "src/ui/b.ts" },
      makeReads({
        ...workspace(),
        files: { "src/ui/b.ts": "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n" },
      }),
    );
    expect(picked.output).toBe("staged src/ui/b.ts:5-9 (method render, lines 5-9 of 10)");
  });

  it("fails with SYMBOL_NOT_FOUND for an unknown symbol, and passes on the read error of a vanished file", async ({
    expect,
  }) => {
    const reads = makeReads(workspace());
    expect(errorCodeOf(await runTool("stage_context", { symbol: "nothing" }, reads))).toBe(
      "SYMBOL_NOT_FOUND",
    );
    expect(errorCodeOf(await runTool("stage_context", { symbol: "ghost" }, reads))).toBe(
      "NOT_FOUND",
    );
  });

  it("stages a reference as a tool_output page whose source is the ref", async ({ expect }) => {
    const ref = "ref:0123456789abcdef0123456789abcdef";
    const result = await runTool("stage_context", { ref }, makeReads(workspace()));
    expect(result.output).toBe(`staged ${ref} (3 lines, reference)`);
    expect(result.pagerOps[0]).toMatchObject({
      page: { id: ref, kind: "tool_output", sourceRef: ref },
    });
  });

  it("refuses reversed ranges, ranges on a symbol or a ref, missing files and binary files", async ({
    expect,
  }) => {
    const reads = makeReads(workspace());
    const codes = await Promise.all([
      runTool("stage_context", { path: "src/a.ts", start_line: 3, end_line: 2 }, reads),
      runTool("stage_context", { symbol: "total", start_line: 1 }, reads),
      runTool("stage_context", { ref: "ref:0123456789abcdef0123456789abcdef", end_line: 2 }, reads),
      runTool("stage_context", { path: "src/none.ts" }, reads),
      runTool("stage_context", { path: "bin/blob.dat" }, reads),
      runTool("stage_context", { ref: "ref:ffffffffffffffffffffffffffffffff" }, reads),
    ]);
    expect(codes.map(errorCodeOf)).toEqual([
      "INVALID_RANGE",
      "INVALID_RANGE",
      "INVALID_RANGE",
      "NOT_FOUND",
      "BINARY_CONTENT",
      "NOT_FOUND",
    ]);
    expect(codes.every((c) => c.error && c.pagerOps.length === 0)).toBe(true);
  });

  it("refuses a path too long to be a page id instead of handing the pager an invalid page", async ({
    expect,
  }) => {
    const path = `${"d/".repeat(150)}f.ts`;
    const result = await runTool(
      "stage_context",
      { path },
      makeReads({ files: { [path]: "x\n" } }),
    );
    expect(errorCodeOf(result)).toBe("INVALID_PAGE");
  });

  it("passes on a reader's failure code and hint", async ({ expect }) => {
    const result = await runTool(
      "stage_context",
      { path: "src/a.ts" },
      makeReads({ ...workspace(), failing: { method: "readFile", code: "UNAVAILABLE" } }),
    );
    expect(result.output).toBe(
      "[TOOL ERROR] UNAVAILABLE: readFile is unavailable\n[HINT] Retry later.",
    );
  });
});

describe("unstage_context", () => {
  const l1 = () => [
    { id: "mission", kind: "mission", sourceRef: "mission", content: "find the sum" },
    { id: "src/a.ts:1-2", kind: "file", sourceRef: "file:src/a.ts@v1:1-2", content: "x" },
    { id: "src/a.ts:3-4", kind: "file", sourceRef: "file:src/a.ts@v1:3-4", content: "y" },
    { id: "ref:aa", kind: "tool_output", sourceRef: "ref:aa", content: "z" },
  ];

  it("unstages a page by its id", async ({ expect }) => {
    const result = await runTool("unstage_context", { page: "ref:aa" }, makeReads({ l1: l1() }));
    expect(result.output).toBe("unstaged ref:aa");
    expect(result.pagerOps).toEqual([{ type: "unstage", id: "ref:aa" }]);
  });

  it("unstages every slice of a file named by its path, and a page named by its source ref", async ({
    expect,
  }) => {
    const byPath = await runTool("unstage_context", { page: "src/a.ts" }, makeReads({ l1: l1() }));
    expect(byPath.pagerOps).toEqual([
      { type: "unstage", id: "src/a.ts:1-2" },
      { type: "unstage", id: "src/a.ts:3-4" },
    ]);
    const bySource = await runTool(
      "unstage_context",
      { page: "file:src/a.ts@v1:3-4" },
      makeReads({ l1: l1() }),
    );
    expect(bySource.pagerOps).toEqual([{ type: "unstage", id: "src/a.ts:3-4" }]);
  });

  it("says what L1 holds when the page is not there, and never drops the mission", async ({
    expect,
  }) => {
    const missing = await runTool("unstage_context", { page: "src/b.ts" }, makeReads({ l1: l1() }));
    expect(errorCodeOf(missing)).toBe("PAGE_NOT_IN_L1");
    expect(missing.output).toContain("L1 holds: mission, src/a.ts:1-2, src/a.ts:3-4, ref:aa");
    expect(errorCodeOf(await runTool("unstage_context", { page: "x" }, makeReads()))).toBe(
      "PAGE_NOT_IN_L1",
    );
    expect(
      errorCodeOf(await runTool("unstage_context", { page: "mission" }, makeReads({ l1: l1() }))),
    ).toBe("PAGE_PROTECTED");
  });
});

describe("read_ref", () => {
  const ref = "ref:0123456789abcdef0123456789abcdef";

  it("reads a slice and says where the rest starts", async ({ expect }) => {
    const reads = makeReads({ refs: { [ref]: "abcdefghij" } });
    const slice = await runTool("read_ref", { ref, offset: 2, length: 3 }, reads);
    expect(slice.output).toBe(`[${ref} characters 2-5 of 10]\ncde\n[more: offset=5]`);
    const rest = await runTool("read_ref", { ref, offset: 5 }, reads);
    expect(rest.output).toBe(`[${ref} characters 5-10 of 10]\nfghij`);
  });

  it("reads at most the default length when none is given", async ({ expect }) => {
    const reads = makeReads({ refs: { [ref]: "x".repeat(READ_REF_DEFAULT_CHARS + 10) } });
    const result = await runTool("read_ref", { ref }, reads);
    expect(result.output).toContain(`[more: offset=${READ_REF_DEFAULT_CHARS}]`);
  });

  it("never cuts a surrogate pair in half", async ({ expect }) => {
    const reads = makeReads({ refs: { [ref]: "a😀b" } });
    const result = await runTool("read_ref", { ref, offset: 0, length: 2 }, reads);
    expect(result.output).toBe(`[${ref} characters 0-1 of 4]\na\n[more: offset=1]`);
  });

  it("fails on an offset past the end and on an unknown ref", async ({ expect }) => {
    const reads = makeReads({ refs: { [ref]: "abc" } });
    expect(errorCodeOf(await runTool("read_ref", { ref, offset: 3 }, reads))).toBe(
      "OFFSET_BEYOND_END",
    );
    expect(errorCodeOf(await runTool("read_ref", { ref: "ref:nope" }, reads))).toBe("NOT_FOUND");
  });
});
