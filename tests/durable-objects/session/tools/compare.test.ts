import { describe, it } from "vitest";
import { emptyPagerState, type PagerContext } from "../../../../shared/context/page.ts";
import { applyPagerOps } from "../../../../shared/context/pager.ts";
import { errorCodeOf, runTool } from "../../../../durable-objects/session/tools/index.ts";
import { MAX_DIFF_ITEMS } from "../../../../durable-objects/session/tools/compare.ts";
import { makeReads, type ReadsFixture } from "./fake-reads.ts";

const ctx: PagerContext = { step: 5, count: (text) => Math.ceil(text.length / 4) };

const world = (): ReadsFixture => ({
  files: {
    "src/a.ts": "const a = 1;\nconst b = 2;\nconst c = 3;\n",
    "src/b.ts": "const a = 1;\nconst b = 20;\nconst c = 3;\nconst d = 4;\n",
    "config.json": '{"port": 8080, "host": "localhost"}\n',
    "src/config.ts": "export const HOST = 'x';\nexport const PORT = 8080;\n",
    "logo.png": "\u0000\u0001PNG",
  },
  artifacts: {
    "config.port": { value: 8080, version: 2 },
    "config.port_text": { value: "8080.0", version: 1 },
    "config.all": { value: { port: 9090, host: "localhost", tls: true }, version: 1 },
    "config.same": { value: { host: "localhost", port: 8080 }, version: 1 },
    "config.name": { value: "alpha", version: 1 },
  },
  refs: { "ref:0123456789abcdef0123456789abcdef": "const a = 1;\nconst b = 2;\nconst c = 3;\n" },
});

describe("compare (the comparator)", () => {
  it("diffs two texts by line and widens L1 to exactly the two pages before collapsing them", async ({
    expect,
  }) => {
    const result = await runTool(
      "compare",
      { left: "src/a.ts", right: "src/b.ts" },
      makeReads(world()),
    );
    expect(result.error).toBe(false);
    expect(result.output).toBe(
      [
        "compare file src/a.ts vs file src/b.ts: differ in 2 regions: 1 line only left, 2 only right",
        "@@ left 2,1 right 2,1",
        "- const b = 2;",
        "+ const b = 20;",
        "@@ left 4,0 right 4,1",
        "+ const d = 4;",
      ].join("\n"),
    );
    expect(result.pagerOps.map((op) => op.type)).toEqual([
      "prefetch",
      "prefetch",
      "compare_open",
      "compare_close",
    ]);
    const open = applyPagerOps(emptyPagerState(2_000, "strict"), result.pagerOps.slice(0, 3), ctx);
    expect(open.ok && open.value.state.pages.map((p) => p.id)).toEqual(["src/a.ts", "src/b.ts"]);
    const closed = applyPagerOps(emptyPagerState(2_000, "strict"), result.pagerOps, ctx);
    expect(closed.ok && closed.value.state.pages.map((p) => [p.id, p.kind])).toEqual([
      ["compare:src/a.ts+src/b.ts", "summary"],
    ]);
    expect(closed.ok && closed.value.state.pages[0]?.content).toBe(result.output);
  });

  it("uses a page already in L1 without prefetching it again", async ({ expect }) => {
    const content = "const a = 1;\nconst b = 2;\nconst c = 3;\n";
    const inL1 = {
      id: "src/a.ts",
      kind: "file" as const,
      sourceRef: "file:src/a.ts@v1:1-3",
      content,
    };
    const result = await runTool(
      "compare",
      { left: "src/a.ts", right: "ref:0123456789abcdef0123456789abcdef" },
      makeReads({ ...world(), l1: [inL1] }),
    );
    expect(result.output).toBe(
      "compare L1 page src/a.ts vs ref:0123456789abcdef0123456789abcdef: equal",
    );
    expect(result.pagerOps.filter((op) => op.type === "prefetch")).toHaveLength(1);
    const staged = applyPagerOps(
      emptyPagerState(2_000, "strict"),
      [{ type: "stage", page: inL1 }, ...result.pagerOps],
      ctx,
    );
    expect(staged.ok && staged.value.state.pages.map((p) => p.id)).toEqual([
      "compare:src/a.ts+ref:0123456789abcdef0123456789abcdef",
    ]);
  });

  it("lists the differing fields of two JSON values", async ({ expect }) => {
    const result = await runTool(
      "compare",
      { left: "config.all", right: "config.json", question: "same config?" },
      makeReads(world()),
    );
    expect(result.output).toBe(
      [
        "compare artifact config.all@1 (fact) vs file config.json: differ in 2 fields",
        "question: same config?",
        "changed port: 9090 -> 8080",
        "only left: tls = true",
      ].join("\n"),
    );
    const same = await runTool(
      "compare",
      { left: "config.same", right: "config.json" },
      makeReads(world()),
    );
    expect(same.output).toBe("compare artifact config.same@1 (fact) vs file config.json: equal");
  });

  it("compares numbers by value, and says where a scalar appears in a text", async ({ expect }) => {
    const numbers = await runTool(
      "compare",
      { left: "config.port", right: "config.port_text" },
      makeReads(world()),
    );
    expect(numbers.output).toBe(
      "compare artifact config.port@2 (fact) vs artifact config.port_text@1 (fact): equal (8080 = 8080.0)",
    );
    const found = await runTool(
      "compare",
      { left: "config.port", right: "src/config.ts" },
      makeReads(world()),
    );
    expect(found.output).toBe(
      "compare artifact config.port@2 (fact) vs file src/config.ts: 8080 appears in the right operand at 1 line\nfound at right lines 2",
    );
    const missing = await runTool(
      "compare",
      { left: "src/config.ts", right: "config.name" },
      makeReads(world()),
    );
    expect(missing.output).toContain('"alpha" does not appear in the left operand');
  });

  it("lets artifact: and file: prefixes say which operand is meant", async ({ expect }) => {
    const reads = makeReads({ ...world(), files: { ...world().files, "config.port": "8080\n" } });
    const result = await runTool(
      "compare",
      { left: "artifact:config.port", right: "file:config.port" },
      reads,
    );
    expect(result.output).toBe(
      "compare artifact config.port@2 (fact) vs file config.port: equal (8080 = 8080)",
    );
  });

  it("caps the listed differences", async ({ expect }) => {
    const many = (v: number) =>
      Array.from({ length: 100 }, (_, i) => `line ${i} ${i % 2 === 0 ? v : 0}`).join("\n");
    const reads = makeReads({ files: { "x.txt": many(1), "y.txt": many(2) } });
    const result = await runTool("compare", { left: "x.txt", right: "y.txt" }, reads);
    expect(result.output.split("\n")).toHaveLength(1 + MAX_DIFF_ITEMS + 1);
    expect(result.output).toContain("more");
  });

  it("fails on unknown operands, the same page twice, binary files and failing reads", async ({
    expect,
  }) => {
    const reads = makeReads(world());
    const run = (left: string, right: string, r = reads) =>
      runTool("compare", { left, right }, r).then(errorCodeOf);
    expect(await run("nothing.here", "src/a.ts")).toBe("INVALID_ARGUMENTS");
    expect(await run("src/a.ts", "artifact:config.nope")).toBe("NOT_FOUND");
    expect(await run("src/a.ts", "ref:ffffffffffffffffffffffffffffffff")).toBe("NOT_FOUND");
    expect(await run("src/a.ts", "file:src/a.ts")).toBe("SAME_OPERAND");
    expect(await run("logo.png", "src/a.ts")).toBe("BINARY_CONTENT");
    expect(await run("../../etc/passwd", "src/a.ts")).toBe("PATH_TRAVERSAL");
    expect(await run("file:.env", "src/a.ts")).toBe("PATH_SENSITIVE");
    expect(
      await run(
        "config.port",
        "src/a.ts",
        makeReads({ ...world(), failing: { method: "artifact", code: "UNAVAILABLE" } }),
      ),
    ).toBe("UNAVAILABLE");
    const failed = await runTool("compare", { left: "nothing.here", right: "src/a.ts" }, reads);
    expect(failed.pagerOps).toEqual([]);
  });
});
