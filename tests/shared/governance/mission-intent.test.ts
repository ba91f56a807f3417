// The intent classifier (shared/governance/mission-intent.ts): which-files questions by
// an interrogative and a verb of calling or importing, in any wording it parses.
import { describe, it } from "vitest";
import { missionIntent } from "../../../shared/governance/mission-intent.ts";

describe("missionIntent", () => {
  it("reads a which-files question in many wordings", ({ expect }) => {
    const cases: [string, string, string][] = [
      ["Which files call the function fetchUser?", "call", "fetchUser"],
      ["Who ends up calling fetchUser?", "call", "fetchUser"],
      ["Where is parse_row called from?", "call", "parse_row"],
      ["What invokes `load()`?", "call", "load"],
      ["Which modules use MAX_USERS?", "call", "MAX_USERS"],
      ["Which files import src/limits/users.ts?", "import", "src/limits/users.ts"],
      ["Who imports etl/rows.py these days?", "import", "etl/rows.py"],
      ["What requires the module utils?", "import", "utils"],
    ];
    for (const [mission, relation, target] of cases) {
      expect(missionIntent(mission).files, mission).toEqual({ relation, target });
    }
  });

  it("does not read a value question or a name as a files question", ({ expect }) => {
    for (const mission of [
      "What is the product of REORDER_LEVEL and LEAD_DAYS?",
      "What is the constant called MAX_USERS set to?",
      "Find PAGE_SIZE in src/big.ts and save it.",
      "Explain what checkout in src/app.ts calls and which imports it relies on.",
    ]) {
      expect(missionIntent(mission).files, mission).toBeNull();
    }
  });

  it("tells behaviour questions, values, operations and changes apart", ({ expect }) => {
    expect(missionIntent("What does parse_header return?")).toMatchObject({
      behaviour: true,
      question: true,
    });
    expect(missionIntent("What do you get when A_B is multiplied by C_D?")).toMatchObject({
      behaviour: false,
      operation: { name: "product" },
    });
    expect(missionIntent("Rename fetchUser to loadUser.")).toMatchObject({ change: true });
    expect(missionIntent('Add a currency parameter to f and pass "EUR".')).toMatchObject({
      change: true,
      operation: undefined,
    });
    expect(missionIntent("Add up A_B and C_D, then set E_F in a.ts to it.").operation?.name).toBe(
      "sum",
    );
    expect(missionIntent("How long is LEAD_DAYS?")).toMatchObject({ asksValue: true });
  });
});
