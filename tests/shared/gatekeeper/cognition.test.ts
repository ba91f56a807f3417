import { describe, it } from "vitest";
import { annotateResult, COGNITIVE_LOAD_TAG } from "../../../shared/gatekeeper/cognition.ts";
import { initialGatekeeperState, MAX_ACTIVE_SKILLS } from "../../../shared/gatekeeper/state.ts";

/** The session's config names the active skills (session-store.ts); tests set them the same way. */
function activateSkill<T extends { activeSkills: string[] }>(state: T, name: string): T {
  return { ...state, activeSkills: [...state.activeSkills.filter((s) => s !== name), name] };
}

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
});
