import { describe, it } from "vitest";
import { filePage, play, tools } from "./play.ts";

const OFFERED = tools("stage_context", "save_artifact", "search", "finish");

describe("a question about a file as it was", () => {
  it("reads the file now, then the version before, and saves both with their versions", ({
    expect,
  }) => {
    const moves = play(
      "Before the last change to jobs/backoff.py, jobs retried at once. Explain from the code as it was.",
      OFFERED,
      (m) => {
        if (m.tool !== "stage_context") {
          return { result: `saved ${String(m.args.key)}@1` };
        }
        return m.args.version === 4
          ? filePage("jobs/backoff.py", "BACKOFF_SECONDS = 0\n", 4, "jobs/backoff.py@v4")
          : filePage("jobs/backoff.py", "BACKOFF_SECONDS = 5\n", 5);
      },
    );
    // One file page at a time (strict L1): the file is read again for today's value.
    expect(moves.map((m) => m.tool)).toEqual([
      "stage_context",
      "stage_context",
      "save_artifact",
      "stage_context",
      "save_artifact",
      "finish",
    ]);
    expect(moves[1]?.args).toEqual({ path: "jobs/backoff.py", version: 4 });
    expect(moves[2]?.args).toMatchObject({
      key: "backoff_seconds.v4",
      value: 0,
      evidence: ["jobs/backoff.py@v4:1"],
    });
    expect(moves.at(-1)?.args).toMatchObject({
      status: "achieved",
      summary: expect.stringContaining("backoff_seconds.v4 = 0"),
    });
  });

  it("says plainly when the file has no earlier version", ({ expect }) => {
    const moves = play("What was in jobs/backoff.py before the last change?", OFFERED, () =>
      filePage("jobs/backoff.py", "BACKOFF_SECONDS = 5\n", 1),
    );
    expect(moves.at(-1)?.args).toMatchObject({
      status: "not_achieved",
      summary: expect.stringContaining("no version before 1"),
    });
  });
});
