// The script check (tests/e2e/scenarios/script-check.ts) on its own: a value the
// prompt never showed is caught with a typed reason; targets and shown values pass.
import { describe, expect, it } from "vitest";
import { carriedValues, scriptValueLeaks } from "./script-check.ts";

const call = (name: string, args: Record<string, unknown>) => ({
  tool_calls: [{ name, arguments: args }],
});

describe("script check", () => {
  it("catches a number handed to the model that its prompt never showed", async () => {
    const leaks = await scriptValueLeaks(
      [
        call("stage_context", { path: "src/config.ts" }),
        call("save_artifact", { key: "timeout", value: 30, evidence: ["src/config.ts:2"] }),
      ],
      async (i) => (i === 0 ? "mission: find the timeout" : "[L1 file src/config.ts] RETRIES = 5"),
    );
    expect(leaks).toEqual([
      expect.objectContaining({ code: "SCRIPT_VALUE_NOT_IN_PROMPT", value: "30", call: 1 }),
    ]);
  });

  it("passes values the prompt showed, and checks only a diff's added lines", async () => {
    const diff = "--- a/x.ts\n+++ b/x.ts\n@@ -1,1 +1,1 @@\n-MAX_WAIT = 0;\n+MAX_WAIT = 35;\n";
    expect(carriedValues({ path: "x.ts", patch: diff }).sort()).toEqual(["35", "MAX_WAIT"]);
    const leaks = await scriptValueLeaks(
      [call("apply_patch", { path: "x.ts", patch: diff })],
      async () => "calculate: timeout + retries = 35; MAX_WAIT = 0 in x.ts",
    );
    expect(leaks).toEqual([]);
  });

  it("catches quoted code and identifiers the model was never shown", async () => {
    const leaks = await scriptValueLeaks(
      [call("finish", { status: "achieved", summary: "it returns 'parse_ok' from parseHeader" })],
      async () => "What does the parser return?",
    );
    expect(leaks.map((l) => l.value).sort()).toEqual(["parseHeader", "parse_ok"]);
  });

  it("reports a step whose prompt cannot be read", async () => {
    const leaks = await scriptValueLeaks(
      [call("calculate", { expression: "a * 7" })],
      async () => null,
    );
    expect(leaks).toHaveLength(1);
  });
});
