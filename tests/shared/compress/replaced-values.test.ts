// Values a newer statement says it replaced (shared/compress/replaced-values.ts),
// and supersession of a sentence no rule keys that states one of them.
import { describe, expect, it } from "vitest";
import {
  replacedValues,
  replacementsIn,
  statesReplacedValue,
  subjectIndex,
  supersede,
} from "../../../shared/compress/index.ts";

describe("replaced values", () => {
  it.each([
    ["`tide gauge mode`: `quiet` → `verbose`", ["quiet"]],
    ["- berth count: 6 berths → 9 berths", ["6 berths"]],
    ["The berth count is `9` (was `6`, config `BERTHS`).", ["6"]],
    ["The berth count is 9 instead of 6.", ["6"]],
    ["Sorry: the berth count is 9, not 6.", ["6"]],
    ["We moved the berth count from 6 to 9.", ["6"]],
    ["The berth count is 9.", []],
  ])("%s", (text, values) => {
    expect(replacedValues(text)).toEqual(values);
  });

  it("a sentence naming the subject with a replaced value states it", () => {
    expect(
      statesReplacedValue("Marta said the tide gauge mode should be quiet.", "tide gauge mode", [
        "quiet",
      ]),
    ).toBe(true);
    expect(
      statesReplacedValue("The river gauge mode is quiet.", "tide gauge mode", ["quiet"]),
    ).toBe(false);
    expect(
      statesReplacedValue("Marta said the tide gauge mode should be quietest.", "tide gauge mode", [
        "quiet",
      ]),
    ).toBe(false);
  });

  it("finds the statements of a conversation that name what they replaced", () => {
    const turns = [
      {
        turn: 4,
        text: "I would rather not touch the harbour.\n`tide gauge mode`: `quiet` → `verbose`",
      },
      { turn: 8, text: "The berth count is 9, not 6." },
    ];
    const subjectOf = (s: string) =>
      s.includes("tide gauge mode")
        ? "tide gauge mode"
        : s.includes("berth count")
          ? "berth count"
          : undefined;
    expect(replacementsIn(turns, subjectOf)).toEqual([
      { subject: "berth count", turn: 8, values: ["6"] },
      { subject: "tide gauge mode", turn: 4, values: ["quiet"] },
    ]);
  });

  it("an old statement is superseded by a replacement the summariser did not keep", () => {
    const bullets = [
      { text: "Marta said the tide gauge mode should be quiet, so I left it.", turns: [3] },
      { text: "Let's keep the tide gauge mode at `loud` from now on.", turns: [12] },
    ];
    const split = supersede(bullets, subjectIndex(bullets.map((b) => b.text)), [
      { subject: "tide gauge mode", turn: 9, values: ["quiet"] },
    ]);
    expect(split.superseded.map((s) => s.old.turns[0])).toEqual([3]);
  });

  it("an unkeyed old statement is superseded by the newer one that replaced its value", () => {
    const bullets = [
      { text: "Marta said the tide gauge mode should be quiet, so I left it.", turns: [3] },
      { text: "The river gauge mode should be quiet as well.", turns: [5] },
      { text: "`tide gauge mode`: `quiet` → `verbose`", turns: [9] },
    ];
    const split = supersede(bullets, subjectIndex(bullets.map((b) => b.text)));
    expect(split.current.map((b) => b.turns[0])).toEqual([5, 9]);
    expect(split.superseded).toEqual([{ old: bullets[0], subject: "tide gauge mode", byTurn: 9 }]);
  });
});
