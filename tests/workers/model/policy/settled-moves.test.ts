// The stand-in reads what it has done from the prompt as a whole: its own listed
// artifacts stand for the saves and reads whose turns the envelope left out
// (workers/model/policy/settled-moves.ts, read by visible-state.ts).
import { describe, it } from "vitest";
import { dataMessage, META_OPEN } from "../../../../shared/context/untrusted.ts";
import { readState } from "../../../../workers/model/policy/visible-state.ts";
import { agentMove } from "../../../../workers/model/policy/moves/agent-policy.ts";
import { tools } from "./moves/play.ts";

const MISSION = "Find TIMEOUT in src/config.ts and save it.";

function request(meta: string[]) {
  return {
    model: "lethe-local",
    messages: [
      { role: "system" as const, content: `[TASK ANCHOR]\n${MISSION}` },
      dataMessage(META_OPEN, meta.join("\n")),
      { role: "user" as const, content: "Begin." },
    ],
    tools: tools("stage_context", "save_artifact", "finish"),
  };
}

describe("settled moves", () => {
  it("counts the session's own listed artifact as the read and the save done, another's as known only", ({
    expect,
  }) => {
    const own = readState(request(["timeout = 30 (v2 from src/config.ts:2)"]));
    expect(own.done).toEqual([
      { tool: "stage_context", args: { path: "src/config.ts" }, result: "" },
      {
        tool: "save_artifact",
        args: { key: "timeout", value: 30, kind: "fact", evidence: ["src/config.ts:2"] },
        result: "saved timeout@2",
      },
    ]);
    const move = agentMove(request(["timeout = 30 (v2 from src/config.ts:2)"]));
    expect(move.kind === "tool" ? move.tool : move.kind).toBe("finish");

    // A past version's page is a stage of that version.
    const past = readState(request(["timeout.v1 = 0 (v1 from src/config.ts@v1:2)"]));
    expect(past.done[0]).toEqual({
      tool: "stage_context",
      args: { path: "src/config.ts", version: 1 },
      result: "",
    });

    const theirs = readState(request(["timeout = 30 (v2 by agent-b from src/config.ts:2)"]));
    expect(theirs.done).toEqual([]);
    expect(theirs.known.map((k) => k.key)).toEqual(["timeout"]);
  });
});
