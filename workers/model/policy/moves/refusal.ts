// Stand-in rule: a mission it has no plan for is refused plainly, at once, instead
// of explored: a question about what code does, or a change none of its rules
// makes. Last of the rules (index.ts); the generic plan says the same when it finds
// nothing, and decideMove when a move it would make failed already.
import type { Move } from "../../../../shared/driver/move.ts";
import { missionIntent } from "../../../../shared/governance/mission-intent.ts";
import { SET_TARGET } from "../page-facts.ts";
import type { VisibleState } from "../visible-state.ts";
import { finishMove } from "./kit.ts";

/** How every refusal of the stand-in begins: the outcome says what it could not do. */
export const STAND_IN_REFUSAL = "the stand-in cannot do this mission:";

/** What the stand-in can do, said with each refusal. */
const CAN_DO =
  "it answers which files call or import a symbol, values the files state as NAME = number, arithmetic over such values, and the changes of its own rules (set NAME in a file to a value, add a parameter, apply a saved rule)";

/** The stand-in's refusal: not achieved, with why and what it can do. */
export function refusal(state: VisibleState, why: string): Move {
  return finishMove(state, "not_achieved", `${STAND_IN_REFUSAL} ${why}; ${CAN_DO}`);
}

export function refusalMove(state: VisibleState): Move | null {
  const intent = missionIntent(state.mission);
  if (intent.files !== null) {
    return null;
  }
  if (intent.behaviour) {
    return refusal(state, "it asks what code does, which no file states as a value");
  }
  if (intent.change && !SET_TARGET.test(state.mission)) {
    return refusal(state, "it asks for a change that none of the stand-in's rules makes");
  }
  return null;
}
