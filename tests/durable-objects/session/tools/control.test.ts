import { describe, it } from "vitest";
import { runTool } from "../../../../durable-objects/session/tools/index.ts";
import { makeReads } from "./fake-reads.ts";

describe("ask_human and finish", () => {
  it("asks a question with its options and touches nothing else", async ({ expect }) => {
    const result = await runTool(
      "ask_human",
      { question: "Which branch?", options: ["main", "release"] },
      makeReads(),
    );
    expect(result).toEqual({
      output: "asked: Which branch? [main | release]",
      error: false,
      pagerOps: [],
      artifacts: [],
      files: [],
      ask: { question: "Which branch?", options: ["main", "release"] },
    });
    const open = await runTool("ask_human", { question: "Why?" }, makeReads());
    expect(open.ask).toEqual({ question: "Why?" });
  });

  it("finishes with the status, the summary and what comes next", async ({ expect }) => {
    const result = await runTool(
      "finish",
      { status: "partially_achieved", summary: "Sum is 42.", next: "Fix b.ts" },
      makeReads(),
    );
    expect(result.output).toBe("finished (partially_achieved): Sum is 42.");
    expect(result.finish).toEqual({
      status: "partially_achieved",
      summary: "Sum is 42.",
      next: "Fix b.ts",
    });
    const done = await runTool("finish", { status: "achieved", summary: "done" }, makeReads());
    expect(done.finish).toEqual({ status: "achieved", summary: "done" });
  });
});
