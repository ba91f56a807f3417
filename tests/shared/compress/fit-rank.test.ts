// Which bullets a tight budget keeps (shared/compress/budget.ts fitBullets, ranked
// by compress.ts): a subject the conversation keeps naming ranks before a field a
// tool printed once, both before unkeyed chatter; newest first within a rank.
import { describe, expect, it } from "vitest";
import { fitBullets, TALKED_ABOUT, turnsNaming } from "../../../shared/compress/index.ts";
import type { SummaryBullet } from "../../../shared/model/contracts.ts";

describe("fitBullets ranks", () => {
  const bullets: SummaryBullet[] = [
    { text: "The kiln firing temperature is 1240 C.", turns: [3] },
    { text: "The restart count is `14`.", turns: [40] },
    { text: "Sounds good.", turns: [41] },
    { text: "The glaze batch size is 18 l.", turns: [12] },
  ];
  const rank = (b: SummaryBullet) =>
    b.text.startsWith("Sounds") ? 0 : b.text.includes("restart") ? 1 : 2;

  it("keeps the talked-about subjects first when only two fit", () => {
    const fitted = fitBullets(bullets, 2, () => 1, rank);
    expect(fitted.kept.map((b) => b.turns[0])).toEqual([3, 12]);
    expect(fitted.cut.map((b) => b.turns[0])).toEqual([40, 41]);
  });

  it("a boolean rank still puts keyed bullets first, newest first (kept in their order)", () => {
    const fitted = fitBullets(
      bullets,
      2,
      () => 1,
      (b) => !b.text.startsWith("Sounds"),
    );
    expect(fitted.kept.map((b) => b.turns[0])).toEqual([40, 12]);
  });
});

describe("turnsNaming", () => {
  it("counts the turns naming a subject, up to TALKED_ABOUT", () => {
    const count = turnsNaming([
      "The kiln firing temperature is 1220 C.",
      "Remember the kiln firing temperature for the test tiles.",
      "Nothing about it here; the kiln is cold.",
      "Set the kiln firing temperature to 1240 C.",
      "Is the kiln firing temperature right?",
      "restart count: 14",
    ]);
    expect(count("kiln firing temperature")).toBe(TALKED_ABOUT);
    expect(count("restart count")).toBe(1);
    expect(count("glaze batch size")).toBe(0);
  });
});
