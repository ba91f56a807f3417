// Cognitive-load warnings: with more than MAX_ACTIVE_SKILLS skills active, every
// successful tool result tells the model to narrow down. Called on results after
// the output gate; the active skills are those the session config names (session-store.ts).
import { MAX_ACTIVE_SKILLS, type GatekeeperState } from "./state.ts";

export const COGNITIVE_LOAD_TAG = "[COGNITIVE LOAD WARNING]";

export interface CognitionNote {
  warning: string;
  activeSkills: string[];
}

export function cognitiveLoad(state: GatekeeperState): CognitionNote | undefined {
  if (state.activeSkills.length <= MAX_ACTIVE_SKILLS) {
    return undefined;
  }
  return {
    warning: `${COGNITIVE_LOAD_TAG} ${state.activeSkills.length} skills are active (more than ${MAX_ACTIVE_SKILLS}): finish or drop the ones you no longer need and follow ${state.activeSkills.at(-1) ?? "one"} at a time`,
    activeSkills: [...state.activeSkills],
  };
}

/** Appends the warning to text, or adds a `_cognition` field to a plain object; other values pass through. */
export function annotateResult<T>(
  result: T,
  state: GatekeeperState,
): T | string | (T & { _cognition: CognitionNote }) {
  const note = cognitiveLoad(state);
  if (!note) {
    return result;
  }
  if (typeof result === "string") {
    return `${result}\n\n${note.warning}`;
  }
  if (result !== null && typeof result === "object" && !Array.isArray(result)) {
    return { ...result, _cognition: note };
  }
  return result;
}
