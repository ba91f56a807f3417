import { describe, it } from "vitest";
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
});
