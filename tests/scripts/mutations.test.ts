import { readFileSync } from "node:fs";
import { describe, it } from "vitest";
import { MUTATIONS, SCENARIO_FILE } from "../../scripts/mutations.ts";

function titlesOf(file: string): string[] {
  return [...readFileSync(file, "utf8").matchAll(/\bit\(\s*"([^"]+)"/g)].map((m) => m[1] ?? "");
}

describe("the scenario mutations (npm run mutations)", () => {
  it("each applies exactly once to today's source and names a scenario of its family's file", ({
    expect,
  }) => {
    for (const m of MUTATIONS) {
      const source = readFileSync(m.file, "utf8");
      expect(source.split(m.find).length, `${m.scenario}: ${m.file}`).toBe(2);
      const titles = titlesOf(SCENARIO_FILE[m.family] ?? "");
      expect(
        titles.some((t) => t.startsWith(m.scenario)),
        m.scenario,
      ).toBe(true);
    }
  });

  it("covers every scenario of the suite", ({ expect }) => {
    const named = new Set(MUTATIONS.map((m) => m.scenario));
    for (const file of Object.values(SCENARIO_FILE)) {
      const titles = titlesOf(file);
      for (const title of titles) {
        expect(
          [...named].some((n) => title.startsWith(n)),
          `${file}: "${title}" has no mutation`,
        ).toBe(true);
      }
    }
  });
});
