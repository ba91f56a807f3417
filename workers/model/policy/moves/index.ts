// The stand-in's mission rules, consulted before its generic plan (agent-policy.ts
// decideMove): each recognises one shape of mission by its wording (never a file or
// a constant of the project's own tests) and returns null when it does not apply.
import type { Move } from "../../../../shared/driver/move.ts";
import type { VisibleState } from "../visible-state.ts";
import { addParameterMove } from "./add-parameter.ts";
import { applyRuleMove } from "./apply-rule.ts";
import { pastVersionMove } from "./past-version.ts";
import { refusalMove } from "./refusal.ts";
import { refusedPageMove } from "./refused-page.ts";
import { setLiteralMove } from "./set-literal.ts";
import { structuralQuestionMove } from "./structural-question.ts";

type MissionRule = (state: VisibleState) => Move | null;

/** In order: the first rule that recognises the mission decides the move. */
const RULES: readonly MissionRule[] = [
  setLiteralMove,
  pastVersionMove,
  applyRuleMove,
  addParameterMove,
  structuralQuestionMove,
  refusedPageMove,
  refusalMove,
];

export function ruleMove(state: VisibleState): Move | null {
  for (const rule of RULES) {
    const move = rule(state);
    if (move !== null) {
      return move;
    }
  }
  return null;
}
