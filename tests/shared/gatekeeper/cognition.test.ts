import { describe, it } from "vitest";
import { annotateResult, COGNITIVE_LOAD_TAG } from "../../../shared/gatekeeper/cognition.ts";
import {
  activateSkill,
  initialGatekeeperState,
  MAX_ACTIVE_SKILLS,
  resetCognitiveLoad,
} from "../../../shared/gatekeeper/state.ts";

function withSkills(count: number) {
  let state = initialGatekeeperState();
  for (let i = 0; i < count; i++) {
    state = activateSkill(state, `skill-${i}`);
  }
  return state;
}

describe("cognitive load warnings", () => {
  it(`stays quiet with ${MAX_ACTIVE_SKILLS} active skills`, ({ expect }) => {
    expect(annotateResult("result", withSkills(MAX_ACTIVE_SKILLS))).toBe("result");
  });

  it("appends the warning to text and adds _cognition to objects above the limit", ({ expect }) => {
    const state = withSkills(MAX_ACTIVE_SKILLS + 1);
    expect(annotateResult("result", state)).toMatch(
      /^result\n\n\[COGNITIVE LOAD WARNING\] 6 skills are active/,
    );
    expect(annotateResult({ ok: true }, state)).toMatchObject({
      ok: true,
      _cognition: {
        activeSkills: state.activeSkills,
        warning: expect.stringContaining(COGNITIVE_LOAD_TAG),
      },
    });
    expect(annotateResult([1, 2], state)).toEqual([1, 2]);
  });

  it("is silenced by resetting the count, which keeps the skill being followed", ({ expect }) => {
    const reset = resetCognitiveLoad(withSkills(8));
    expect(reset.activeSkills).toEqual(["skill-7"]);
    expect(annotateResult("result", reset)).toBe("result");
  });

  it("moves a re-activated skill to the end instead of counting it twice", ({ expect }) => {
    const state = activateSkill(withSkills(3), "skill-0");
    expect(state.activeSkills).toEqual(["skill-1", "skill-2", "skill-0"]);
  });
});
