// Outcome verification (shared/agent/outcome-check.ts): an `achieved` claim the
// evidence does not carry is downgraded with a reason; the stand-in says so.
import { describe, expect, it } from "vitest";
import {
  calculationsIn,
  checkOutcome,
  STAND_IN_LIMIT,
  type OutcomeEvidence,
} from "../../../shared/agent/outcome-check.ts";

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
});
