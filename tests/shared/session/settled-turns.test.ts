// The envelope's window without the read/save pairs whose outcome the artifacts
// block and L1 already show (shared/session/settled-turns.ts).
import { describe, it } from "vitest";
import type { Turn } from "../../../shared/context/envelope.ts";
import { withoutSettled } from "../../../shared/session/settled-turns.ts";

let n = 0;
function pair(tool: string, args: Record<string, unknown>, result: string): Turn[] {
  const id = `call-${++n}`;
  return [
    {
      role: "assistant",
      content: "",
      tool_calls: [
        { id, type: "function", function: { name: tool, arguments: JSON.stringify(args) } },
      ],
    },
    { role: "tool", tool_call_id: id, content: result },
  ];
}

const calls = (turns: readonly Turn[]) =>
  turns
    .flatMap((t) => (t.role === "assistant" ? (t.tool_calls ?? []) : []))
    .map((c) => c.function.arguments);

describe("withoutSettled", () => {
  const readA = pair("stage_context", { path: "src/a.ts" }, "staged src/a.ts (lines 1-9 of 9)");
  const saveA1 = pair("save_artifact", { key: "a" }, "saved a@1");
  const readA2 = pair("stage_context", { path: "src/a.ts" }, "staged src/a.ts (lines 1-9 of 9)");
  const saveA2 = pair("save_artifact", { key: "a" }, "saved a@2 (replaces @1: 1 -> 2)");
  const readB = pair("stage_context", { path: "src/b.ts" }, "staged src/b.ts (lines 1-4 of 4)");
  const history = [...readA, ...saveA1, ...readA2, ...saveA2, ...readB];

  it("leaves out saves the block lists and reads of pages gone from L1 that a listed artifact cites, keeping the newest pair", ({
    expect,
  }) => {
    const kept = withoutSettled(history, ["a = 2 (v2 from src/a.ts:3)"], [{ id: "src/b.ts" }]);
    expect(calls(kept)).toEqual([JSON.stringify({ path: "src/b.ts" })]);
    // The newest pair stays even when settled.
    const last = withoutSettled([...readA, ...saveA1], ["a = 1 (v1 from src/a.ts:3)"], []);
    expect(calls(last)).toEqual([JSON.stringify({ key: "a" })]);
  });

  it("keeps what the prompt does not show: an older listed version, another agent's source, a page still in L1, a failed move", ({
    expect,
  }) => {
    // The block still lists v1: the save of v2 stays (the reads of src/a.ts it cites go).
    expect(calls(withoutSettled(history, ["a = 1 (v1 from src/a.ts:3)"], []))).toEqual([
      JSON.stringify({ key: "a" }),
      JSON.stringify({ path: "src/b.ts" }),
    ]);
    // Another agent cites src/a.ts: this agent's reads of it stay; its listed saves go.
    expect(calls(withoutSettled(history, ["a = 2 (v2 by agent-b from src/a.ts:3)"], []))).toEqual([
      JSON.stringify({ path: "src/a.ts" }),
      JSON.stringify({ path: "src/a.ts" }),
      JSON.stringify({ path: "src/b.ts" }),
    ]);
    // src/a.ts is still in L1: its reads stay.
    expect(
      calls(withoutSettled(history, ["a = 2 (v2 from src/a.ts:3)"], [{ id: "src/a.ts" }])),
    ).toHaveLength(3);
    const failed = pair(
      "save_artifact",
      { key: "a" },
      "[TOOL ERROR] STALE_VERSION: a@1 is not current",
    );
    const kept = withoutSettled([...failed, ...readB], ["a = 2 (v2 from src/a.ts:3)"], []);
    expect(kept).toHaveLength(4);
    // No artifacts listed: nothing is left out.
    expect(withoutSettled(history, [], [])).toEqual(history);
  });
});
