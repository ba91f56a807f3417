// The stand-in in new wordings (workers/model/policy/moves/refusal.ts, structural-question.ts,
// agent-policy.ts): a question is answered by its intent or refused plainly, and a
// move that failed already is never made again (no auto-fix loop to halt in).
import { describe, it } from "vitest";
import { decideMove } from "../../../../../workers/model/policy/moves/agent-policy.ts";
import type { VisibleState } from "../../../../../workers/model/policy/visible-state.ts";
import { STAND_IN_REFUSAL } from "../../../../../workers/model/policy/moves/refusal.ts";
import { filePage, play, tools, type PlayedMove } from "./play.ts";

const OFFERED = tools(
  "search",
  "stage_context",
  "save_artifact",
  "calculate",
  "find_callers",
  "find_imports",
  "find_definitions",
  "apply_patch",
  "finish",
);

const WORKSPACE: Record<string, string> = {
  "inventory/stock.py": "REORDER_LEVEL = 12\nSAFETY_MARGIN = 3\n",
  "inventory/supplier.py": "LEAD_DAYS = 5\n",
  "http/headers.py": "def parse_header(line):\n    if not line:\n        return None\n",
};

/** The tools' answers over WORKSPACE, in the real tools' shapes. */
function respond(move: PlayedMove) {
  const path = String(move.args.path ?? "");
  if (move.tool === "stage_context" && WORKSPACE[path] !== undefined) {
    return filePage(path, WORKSPACE[path]);
  }
  if (move.tool === "search") {
    const hits = Object.keys(WORKSPACE).filter((p) => p.startsWith("inventory/"));
    return { result: [`${hits.length} hits:`, ...hits.map((p) => `${p}:1-2 (0.5)`)].join("\n") };
  }
  if (move.tool === "calculate") {
    return { result: "reorder_level * lead_days = 60" };
  }
  if (move.tool === "find_callers") {
    return { result: "1 call site of fetchUser in 1 file:\nsrc/api/teams.ts:4 in teamOwner" };
  }
  return { result: "ok" };
}

const finished = (moves: PlayedMove[]) => moves.at(-1)?.args ?? {};

describe("the stand-in reads a question's intent, not its phrasing", () => {
  it("answers 'who ends up calling X' from the call graph", ({ expect }) => {
    for (const mission of [
      "Who ends up calling fetchUser?",
      "Where is fetchUser called from?",
      "List the places that invoke `fetchUser`.",
    ]) {
      const moves = play(mission, OFFERED, respond);
      expect(moves.map((m) => m.tool)).toEqual(["find_callers", "finish"]);
      expect(finished(moves)).toEqual({
        status: "achieved",
        summary: "1 file(s) call fetchUser: src/api/teams.ts",
      });
    }
  });

  it("computes a product of two found values however it is worded", ({ expect }) => {
    for (const mission of [
      "What do you get when REORDER_LEVEL is multiplied by LEAD_DAYS?",
      "REORDER_LEVEL times LEAD_DAYS: what is it?",
    ]) {
      const moves = play(mission, OFFERED, respond);
      expect(moves.find((m) => m.tool === "calculate")?.args).toMatchObject({
        expression: "reorder_level * lead_days",
      });
      expect(finished(moves)).toMatchObject({ status: "achieved" });
      expect(String(finished(moves).summary)).toContain("= 60");
    }
  });

  it("states the values it found in its answer, never only their names", ({ expect }) => {
    const moves = play("What is LEAD_DAYS in inventory/supplier.py?", OFFERED, respond);
    expect(finished(moves)).toEqual({ status: "achieved", summary: "facts: lead_days = 5" });
  });

  it("refuses plainly a question about what code does, without exploring", ({ expect }) => {
    const moves = play(
      "What does parse_header in http/headers.py return when it is given an empty line?",
      OFFERED,
      respond,
    );
    expect(moves).toHaveLength(1);
    expect(finished(moves).status).toBe("not_achieved");
    expect(String(finished(moves).summary)).toMatch(
      new RegExp(`^${STAND_IN_REFUSAL} it asks what code does`),
    );
  });

  it("refuses plainly a change none of its rules makes", ({ expect }) => {
    for (const mission of [
      "Rename the function fetchUser to loadUser everywhere in this repository.",
      "Add a one-line docstring to every function in tools/cleanup.py.",
    ]) {
      const moves = play(mission, OFFERED, respond);
      expect(moves.map((m) => m.tool)).toEqual(["finish"]);
      expect(finished(moves)).toMatchObject({ status: "not_achieved" });
      expect(String(finished(moves).summary)).toContain(`${STAND_IN_REFUSAL} it asks for a change`);
    }
  });

  it("never claims achieved without the value, for any of these wordings", ({ expect }) => {
    for (const mission of [
      "What is the product of REORDER_LEVEL and LEAD_DAYS?",
      "How long is LEAD_DAYS?",
      "Who ends up calling fetchUser?",
      "What does parse_header return?",
      "Tell me how SAFETY_MARGIN relates to the moon.",
    ]) {
      const last = finished(play(mission, OFFERED, respond));
      if (last.status === "achieved") {
        expect(String(last.summary)).toMatch(/= 60|= 5|src\/api\/teams\.ts/);
      }
    }
  });
});

describe("after an auto-fix lesson", () => {
  const state = (lessons: VisibleState["lessons"]): VisibleState => ({
    mission: "What is the product of REORDER_LEVEL and LEAD_DAYS?",
    offered: OFFERED.map((t) => ({
      name: t.function.name,
      properties: Object.keys(t.function.parameters?.properties ?? {}),
    })),
    done: [{ tool: "search", args: { query: "reorder level lead days" }, result: "0 hits" }],
    pages: [],
    known: [
      { key: "reorder_level", value: 12, evidence: "artifact:reorder_level" },
      { key: "lead_days", value: 5, evidence: "artifact:lead_days" },
    ],
    lessons,
  });

  it("does not make the move that failed again: it refuses plainly", ({ expect }) => {
    expect(decideMove(state([]))).toMatchObject({ kind: "tool", tool: "calculate" });
    const move = decideMove(
      state([
        {
          text: "[AUTO-FIX RECOVERY]\nPrevious attempt failed: calculate: [TOOL ERROR] unknown variable\nPlease analyze the error and try a different approach.",
          movesBefore: 1,
        },
      ]),
    );
    expect(move).toMatchObject({
      kind: "tool",
      tool: "finish",
      args: {
        status: "not_achieved",
        summary: expect.stringContaining(
          `${STAND_IN_REFUSAL} its only next move failed already (Previous attempt failed: calculate:`,
        ),
      },
    });
  });
});
