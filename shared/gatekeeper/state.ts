// The gatekeeper's per-session state: a plain JSON value that AgentSession
// persists and passes to every admit() call; every helper returns a new value.
import { z } from "zod";
import { contentKey } from "../hash.ts";

/** Refusals or tool failures in a row before the session must involve the person:
 * issue 9's auto-fix loop retries at most twice, so a third error means retrying
 * has not helped. */
export const MAX_CONSECUTIVE_ERRORS = 3;
/** Active skills above which results carry a [COGNITIVE LOAD WARNING] (issue 7). */
export const MAX_ACTIVE_SKILLS = 5;

export const GatekeeperStateSchema = z.object({
  /** The previous move, to refuse the same tool with the same arguments twice in a row. */
  lastMove: z.object({ tool: z.string(), argsKey: z.string() }).nullable(),
  consecutiveErrors: z.number().int().min(0),
  /** Skill names in activation order; the last one is the skill being followed. */
  activeSkills: z.array(z.string()),
  /** Moves seen, a sequence number for decision ids. */
  moves: z.number().int().min(0),
});
export type GatekeeperState = z.infer<typeof GatekeeperStateSchema>;

export function initialGatekeeperState(): GatekeeperState {
  return { lastMove: null, consecutiveErrors: 0, activeSkills: [], moves: 0 };
}

/** The tool ran: a success ends an error streak, a failure extends it. */
export function recordToolResult(state: GatekeeperState, succeeded: boolean): GatekeeperState {
  return { ...state, consecutiveErrors: succeeded ? 0 : state.consecutiveErrors + 1 };
}

/** A person has stepped in (answered ask_human, resumed the session): loops and streaks start over. */
export function acknowledgeHuman(state: GatekeeperState): GatekeeperState {
  return { ...state, consecutiveErrors: 0, lastMove: null };
}

/** Makes `name` the skill being followed (moved to the end if already active). */
export function activateSkill(state: GatekeeperState, name: string): GatekeeperState {
  return { ...state, activeSkills: [...state.activeSkills.filter((s) => s !== name), name] };
}

export function deactivateSkill(state: GatekeeperState, name: string): GatekeeperState {
  return { ...state, activeSkills: state.activeSkills.filter((s) => s !== name) };
}

/** Resets the cognitive-load count: only the skill being followed stays active. */
export function resetCognitiveLoad(state: GatekeeperState): GatekeeperState {
  const current = state.activeSkills.at(-1);
  return { ...state, activeSkills: current === undefined ? [] : [current] };
}

/** JSON with sorted keys, so {a,b} and {b,a} are the same move. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map(stableStringify).join(",")}]`;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function argsKey(args: unknown): string {
  return contentKey(stableStringify(args));
}
