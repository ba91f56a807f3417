// The gatekeeper's per-session state: a plain JSON value that AgentSession
// persists and passes to every admit() call; every helper returns a new value.
import { z } from "zod";
import { contentKey } from "../base/hash.ts";

/** Refusals or tool failures in a row before the session must involve the person:
 * issue 9's auto-fix loop retries at most twice, so a third error means retrying
 * has not helped. */
export const MAX_CONSECUTIVE_ERRORS = 3;
/** Active skills above which results carry a [COGNITIVE LOAD WARNING] (issue 7). */
export const MAX_ACTIVE_SKILLS = 5;

export const RecentMoveSchema = z.object({
  tool: z.string(),
  /** argsKey() of the raw arguments (or `invalid:...`): with the tool, the move's identity. */
  argsKey: z.string(),
  /** A short label of what the move aimed at (its path, symbol, query...), for messages. */
  target: z.string().optional(),
});
export type RecentMove = z.infer<typeof RecentMoveSchema>;

export const StallSchema = z.object({
  /** The move number (see `moves`) of the first move since the last progress. */
  since: z.number().int().min(0),
  /** Admitted moves since the last progress. */
  admitted: z.number().int().min(0),
});
export type Stall = z.infer<typeof StallSchema>;

export const GatekeeperStateSchema = z.object({
  /** The previous move, to refuse the same tool with the same arguments twice in a row. */
  lastMove: z.object({ tool: z.string(), argsKey: z.string() }).nullable(),
  consecutiveErrors: z.number().int().min(0),
  /** Skill names in activation order; the last one is the skill being followed. */
  activeSkills: z.array(z.string()),
  /** Moves seen, a sequence number for decision ids and failure markers. */
  moves: z.number().int().min(0),
  /** The last moves, oldest first, for thrash detection (failures.ts bounds it).
   * Optional: states persisted before it existed read as an empty ring. */
  recentMoves: z.array(RecentMoveSchema).optional(),
  /** The run of moves since the last progress, for deadlock detection. Optional:
   * absent means a run starting at the next move. */
  stall: StallSchema.optional(),
});
export type GatekeeperState = z.infer<typeof GatekeeperStateSchema>;

export function initialGatekeeperState(): GatekeeperState {
  return {
    lastMove: null,
    consecutiveErrors: 0,
    activeSkills: [],
    moves: 0,
    recentMoves: [],
    stall: freshStall(0),
  };
}

/** A stall run that starts with the move after `moves`. */
export function freshStall(moves: number): Stall {
  return { since: moves + 1, admitted: 0 };
}

/**
 * The tool ran: a success ends an error streak, a failure extends it. `progress`
 * says whether the step changed something (saved an artifact, wrote a file,
 * finished); a progressing success ends the stall run deadlock detection counts.
 * A failed move never counts as progress. Left out, progress is not reported: a
 * success then ends the run too, so callers that do not track progress never see
 * a deadlock.
 */
export function recordToolResult(
  state: GatekeeperState,
  succeeded: boolean,
  progress?: boolean,
): GatekeeperState {
  const progressed = succeeded && progress !== false;
  return {
    ...state,
    consecutiveErrors: succeeded ? 0 : state.consecutiveErrors + 1,
    ...(progressed ? { stall: freshStall(state.moves) } : {}),
  };
}

/** A person has stepped in (answered ask_human, resumed the session): loops, cycles and streaks start over. */
export function acknowledgeHuman(state: GatekeeperState): GatekeeperState {
  return {
    ...state,
    consecutiveErrors: 0,
    lastMove: null,
    recentMoves: [],
    stall: freshStall(state.moves),
  };
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
