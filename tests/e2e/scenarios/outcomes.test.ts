// Outcomes vouched by evidence, end to end on the shared cluster: an `achieved`
// claim the mission's own evidence does not carry is downgraded by the server, and
// a mission beyond the stand-in ends in the stand-in's own refusal. The mutation
// runner (scripts/mutations.ts, family "outcomes") removes each of these in turn.
import { describe, it } from "vitest";
import { STAND_IN_REFUSAL } from "../../../workers/model/policy/moves/refusal.ts";
import { invariantViolations, OFFLINE, scenarioCluster } from "./harness.ts";

const env = scenarioCluster(0, "scenarios-outcomes");

const INVENTORY: Record<string, string> = {
  "inventory/stock.py": "# Stock thresholds.\nREORDER_LEVEL = 12\nSAFETY_MARGIN = 3\n",
  "inventory/api.ts":
    'import { limit } from "./limits";\n\nexport function fetchUser(id: string) {\n  return { id, limit };\n}\n',
};

describe.runIf(OFFLINE)("outcomes vouched by the mission's own evidence", () => {
  it("a model that claims achieved without the value is not reported achieved", async ({
    expect,
  }) => {
    const hive = await env().hive("own-unvouched", INVENTORY);
    const run = await hive.run({
      mission: "What is REORDER_LEVEL in inventory/stock.py?",
      script: [
        { tool_calls: [{ name: "stage_context", arguments: { path: "inventory/stock.py" } }] },
        {
          tool_calls: [
            {
              name: "save_artifact",
              arguments: {
                key: "safety_margin",
                value: 3,
                kind: "fact",
                evidence: ["inventory/stock.py:3"],
              },
            },
          ],
        },
        { tool_calls: [{ name: "finish", arguments: { status: "achieved", summary: "it is 3" } }] },
      ],
    });
    expect(run.state.outcome?.status).toBe("partially_achieved");
    expect(run.state.outcome?.reason).toMatch(/^downgraded from achieved: /);
    expect(run.state.outcome?.reason).not.toContain("LETHE_MODEL_BASE_URL");
  });

  it("a rename is refused by the stand-in itself: not achieved, with why and where to go", async ({
    expect,
  }) => {
    const hive = await env().hive("outcome-refused", INVENTORY);
    const run = await hive.run({
      mission: "Rename the function fetchUser to loadUser everywhere.",
    });
    expect(invariantViolations(run)).toEqual([]);
    expect(run.moves.map((m) => m.tool)).toEqual(["finish"]);
    expect(run.state.outcome?.status).toBe("not_achieved");
    expect(run.state.outcome?.summary).toMatch(
      new RegExp(`^${STAND_IN_REFUSAL} it asks for a change`),
    );
    expect(run.state.outcome?.reason).toContain("LETHE_MODEL_BASE_URL");
    expect(await hive.file("inventory/api.ts")).toBe(INVENTORY["inventory/api.ts"]);
  });
});
