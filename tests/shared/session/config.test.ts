import { describe, it } from "vitest";
import { parseRunArgs } from "../../../cli/commands/run.ts";
import { PRESETS } from "../../../shared/governance/presets.ts";
import { L1ModeSchema, PagerStateSchema } from "../../../shared/context/page.ts";
import { SessionConfigSchema } from "../../../shared/session/config.ts";

const base = { hive: "h", mission: "m" };
const SKILL =
  "---\nname: extract-facts\ndescription: d\nallowed-tools: [context:*, artifacts:*]\n---\nStage, save, forget.";

describe("SessionConfigSchema", () => {
  it("defaults to the whole workspace and no skills", ({ expect }) => {
    const config = SessionConfigSchema.parse(base);
    expect(config.roots).toEqual(["."]);
    expect(config.skills).toEqual([]);
  });

  it("accepts workspace-relative roots and refuses escapes", ({ expect }) => {
    expect(SessionConfigSchema.parse({ ...base, roots: ["lib", "app/src"] }).roots).toEqual([
      "lib",
      "app/src",
    ]);
    for (const bad of ["../etc", "/abs", "a/../b", "", "a//b", "~/x"]) {
      const parsed = SessionConfigSchema.safeParse({ ...base, roots: [bad] });
      expect(parsed.success, bad).toBe(false);
    }
  });

  it("accepts SKILL.md texts and names what is wrong with a broken one", ({ expect }) => {
    expect(SessionConfigSchema.parse({ ...base, skills: [SKILL] }).skills).toEqual([SKILL]);
    const broken = SessionConfigSchema.safeParse({ ...base, skills: ["no front matter"] });
    expect(broken.success).toBe(false);
    expect(broken.error?.issues[0]?.message).toContain("front matter");
  });

  it("takes its mode from the one L1 mode schema the pager state and the CLI read", ({
    expect,
  }) => {
    expect(L1ModeSchema.options).toEqual(["strict", "elastic"]);
    expect(SessionConfigSchema.parse(base).mode).toBe("strict");
    for (const mode of L1ModeSchema.options) {
      expect(SessionConfigSchema.parse({ ...base, mode }).mode).toBe(mode);
      expect(PagerStateSchema.shape.mode.parse(mode)).toBe(mode);
      expect(parseRunArgs(["-m", "go", "--mode", mode, "d"]).mode).toBe(mode);
    }
    expect(SessionConfigSchema.safeParse({ ...base, mode: "loose" }).success).toBe(false);
    expect(PagerStateSchema.shape.mode.safeParse("loose").success).toBe(false);
    expect(() => parseRunArgs(["-m", "go", "--mode", "loose", "d"])).toThrow(
      'unknown mode "loose"',
    );
    for (const preset of Object.values(PRESETS)) {
      expect(L1ModeSchema.options).toContain(preset.mode);
    }
  });
});
