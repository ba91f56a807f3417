// Outcome verification (shared/governance/outcome-check.ts): an `achieved` claim the
// evidence does not carry is downgraded with a reason; the stand-in says so.
import { describe, expect, it } from "vitest";
import {
  calculationsIn,
  checkOutcome,
  savedKeysIn,
  STAND_IN_LIMIT,
  toolResultsIn,
  type OutcomeEvidence,
} from "../../../shared/governance/outcome-check.ts";

const evidence = (over: Partial<OutcomeEvidence>): OutcomeEvidence => ({
  mission: "",
  artifacts: [],
  calculations: [],
  written: [],
  localModel: false,
  ...over,
});

describe("checkOutcome", () => {
  it("downgrades a product answered with two facts and no number", () => {
    const out = checkOutcome(
      { status: "achieved", summary: "facts: width, height" },
      evidence({
        mission: "Multiply the canvas width by its height and tell me the area.",
        artifacts: [
          { key: "width", value: 12 },
          { key: "height", value: 7 },
        ],
      }),
    );
    expect(out.status).toBe("partially_achieved");
    expect(out.reason).toMatch(/calculation/);
  });

  it("keeps a product whose number a calculate call produced", () => {
    const out = checkOutcome(
      { status: "achieved", summary: "area: width * height = 84" },
      evidence({
        mission: "Multiply the canvas width by its height.",
        artifacts: [{ key: "width", value: 12 }],
        calculations: ["width * height = 84"],
      }),
    );
    expect(out).toEqual({ status: "achieved", summary: "area: width * height = 84" });
  });

  it("downgrades a rename that changed no file", () => {
    const out = checkOutcome(
      { status: "achieved", summary: "renamed" },
      evidence({ mission: "Rename fetchUser to loadUser everywhere." }),
    );
    expect(out.status).toBe("not_achieved");
    expect(out.reason).toMatch(/changed no file/);
  });

  it("downgrades an answer carrying an unrelated value", () => {
    const out = checkOutcome(
      { status: "achieved", summary: "it returns 42" },
      evidence({
        mission: "What does parse_header return for an empty line?",
        artifacts: [{ key: "retries", value: 3 }],
      }),
    );
    expect(out.status).toBe("partially_achieved");
    expect(out.reason).toMatch(/no artifact it names or the session saved holds one/);
  });

  it("catches a fabricated citation", () => {
    const out = checkOutcome(
      { status: "achieved", summary: "the limit is 30 (artifact:limits.max)" },
      evidence({ mission: "Record the limit.", artifacts: [{ key: "limit", value: 30 }] }),
    );
    expect(out.status).toBe("partially_achieved");
    expect(out.reason).toMatch(/cites artifact:limits\.max/);
  });

  it("on the stand-in, an unfinished mission names LETHE_MODEL_BASE_URL", () => {
    const out = checkOutcome(
      { status: "not_achieved", summary: "no facts were found for the mission" },
      evidence({ mission: "Explain the design.", localModel: true }),
    );
    expect(out.status).toBe("not_achieved");
    expect(out.reason).toBe(STAND_IN_LIMIT);
    expect(out.reason).toContain("LETHE_MODEL_BASE_URL");
  });

  it("leaves halts alone and reads calculate results from turns", () => {
    const halted = { status: "halted" as const, summary: "x", reason: "y" };
    expect(checkOutcome(halted, evidence({ localModel: true }))).toBe(halted);
    const turns = [
      {
        role: "assistant",
        content: "",
        extra: '{"toolCalls":[{"function":{"name":"calculate"}}]}',
      },
      { role: "tool", content: "a * b = 6", extra: null },
    ];
    expect(calculationsIn(turns)).toEqual(["a * b = 6"]);
  });

  it("vouches for a value only from the artifact the mission names, not any artifact", () => {
    const ev = evidence({
      mission: "What is REORDER_LEVEL in the inventory package?",
      artifacts: [
        { key: "reorder_level", value: 12 },
        { key: "retries", value: 3 },
      ],
    });
    const wrong = checkOutcome({ status: "achieved", summary: "it is 3" }, ev);
    expect(wrong.status).toBe("partially_achieved");
    expect(wrong.reason).toMatch(/carries none of artifact:reorder_level/);
    expect(checkOutcome({ status: "achieved", summary: "reorder_level = 12" }, ev).status).toBe(
      "achieved",
    );
  });

  it("without a named artifact, vouches from the artifacts the session saved", () => {
    const ev = evidence({
      mission: "How long does the supplier take?",
      artifacts: [
        { key: "lead_days", value: 5 },
        { key: "max_users", value: 7 },
      ],
      saved: ["lead_days"],
    });
    expect(checkOutcome({ status: "achieved", summary: "7 days" }, ev).status).toBe(
      "partially_achieved",
    );
    expect(checkOutcome({ status: "achieved", summary: "5 days" }, ev).status).toBe("achieved");
  });

  it("never keeps achieved without a value, and a partial claim keeps its own status", () => {
    const ev = evidence({ mission: "What is the product of A_ONE and B_TWO?" });
    expect(checkOutcome({ status: "achieved", summary: "done" }, ev).status).toBe("not_achieved");
    expect(checkOutcome({ status: "partially_achieved", summary: "" }, ev).status).toBe(
      "partially_achieved",
    );
  });

  it("checks a which-files answer against the files the structural query listed", () => {
    const ev = evidence({
      mission: "Who ends up calling fetchUser?",
      listings: ["1 call site of fetchUser in 1 file:\nsrc/api/teams.ts:4 in teamOwner"],
    });
    const wrong = checkOutcome({ status: "achieved", summary: "src/api/users.ts" }, ev);
    expect(wrong.status).toBe("not_achieved");
    expect(wrong.reason).toMatch(/leaves out src\/api\/teams\.ts/);
    const right = {
      status: "achieved" as const,
      summary: "1 file(s) call fetchUser: src/api/teams.ts",
    };
    expect(checkOutcome(right, ev)).toEqual(right);
    const unlisted = checkOutcome(
      { status: "achieved", summary: "src/a.ts calls it" },
      evidence({ mission: "Which files import src/b.ts?", results: ["src/c.ts:1 import"] }),
    );
    expect(unlisted.reason).toMatch(/names src\/a\.ts, which no tool of the session listed/);
  });

  it("names LETHE_MODEL_BASE_URL only when the stand-in itself fell short, not on a downgrade", () => {
    const downgraded = checkOutcome(
      { status: "achieved", summary: "done" },
      evidence({ mission: "What is LIMIT?", localModel: true }),
    );
    expect(downgraded.status).toBe("not_achieved");
    expect(downgraded.reason).not.toContain("LETHE_MODEL_BASE_URL");
  });

  it("reads saved keys and any tool's results from turns", () => {
    const turns = [
      {
        role: "assistant",
        content: "",
        extra: JSON.stringify({
          toolCalls: [
            {
              id: "c1",
              type: "function",
              function: { name: "save_artifact", arguments: '{"key":"lead_days","value":5}' },
            },
          ],
        }),
      },
      { role: "tool", content: "saved lead_days", extra: null },
      {
        role: "assistant",
        content: "",
        extra: JSON.stringify({
          toolCalls: [
            { id: "c2", type: "function", function: { name: "find_callers", arguments: "{}" } },
          ],
        }),
      },
      { role: "tool", content: "src/a.ts:1 in f", extra: null },
    ];
    expect(savedKeysIn(turns)).toEqual(["lead_days"]);
    expect(toolResultsIn(turns, ["find_callers"])).toEqual(["src/a.ts:1 in f"]);
    expect(toolResultsIn(turns)).toEqual(["saved lead_days", "src/a.ts:1 in f"]);
  });

  it("a constant the mission names is its evidence: another saved value does not vouch", () => {
    const out = checkOutcome(
      { status: "achieved", summary: "it is 3" },
      evidence({
        mission: "What is REORDER_LEVEL in inventory/stock.py?",
        artifacts: [{ key: "safety_margin", value: 3 }],
        saved: ["safety_margin"],
      }),
    );
    expect(out.status).toBe("partially_achieved");
    expect(out.reason).toMatch(/asks for REORDER_LEVEL, and no artifact holds it/);
  });
});
