// The failure taxonomy beyond loops and error streaks: THRASH (a short cycle of
// moves repeated back to back) and DEADLOCK (moves in a row that change nothing).
// admit() consults it on every move; its verdicts carry a `failure` marker the
// agent loop recovers from (travel back, prune, lesson) without asking a person.
import { freshStall, type GatekeeperState, type RecentMove, type Stall } from "./state.ts";
import { refusal, type Failure, type Verdict } from "./verdict.ts";

/** Shortest cycle thrash looks for: period 1 (the same move twice) is the loop rule. */
export const MIN_THRASH_PERIOD = 2;
/** Longest cycle: A,B,C,A,B,C. Longer periods look like exploration more than
 * thrashing (stage four files, then re-read them) and would need a bigger ring in
 * every checkpoint. */
export const MAX_THRASH_PERIOD = 3;
/** Copies of a cycle in a row that make it a thrash: one copy is a plan, the second
 * copy of the same moves shows the first one changed nothing. */
export const THRASH_REPETITIONS = 2;
/** Moves kept in state.recentMoves: exactly what the longest cycle needs to show its
 * repetitions, nothing more (the ring rides in every checkpoint). */
export const RECENT_MOVES_KEPT = MAX_THRASH_PERIOD * THRASH_REPETITIONS;
/** Admitted moves without progress before the session counts as deadlocked. Under
 * strict amnesia a productive step stages what it needs and saves what it found,
 * a progress move every 2-3 moves; 6 is two such rounds with nothing saved, written
 * or finished (issue 10, failure taxonomy). */
export const MAX_MOVES_WITHOUT_PROGRESS = 6;
/** A move's target label is cut here: enough for a path or a symbol, small in state. */
export const MAX_TARGET_CHARS = 60;

/** Argument fields that name what a move aims at, most telling first. */
const TARGET_FIELDS = ["path", "symbol", "ref", "page", "key", "query", "expression", "left"];

/** A short label of what a move aims at (its path, symbol, query...), if it names one. */
export function moveTarget(args: unknown): string | undefined {
  const cut = (text: string) =>
    text.length > MAX_TARGET_CHARS ? `${text.slice(0, MAX_TARGET_CHARS - 3)}...` : text;
  if (typeof args === "string") {
    return args === "" ? undefined : cut(args);
  }
  if (args === null || typeof args !== "object" || Array.isArray(args)) {
    return undefined;
  }
  const record = args as Record<string, unknown>;
  const named = TARGET_FIELDS.map((field) => record[field]).find(
    (value): value is string => typeof value === "string" && value !== "",
  );
  const text =
    named ?? Object.values(record).find((v): v is string => typeof v === "string" && v !== "");
  return text === undefined ? undefined : cut(text);
}

/** The ring with `move` appended, oldest dropped past RECENT_MOVES_KEPT; a new array. */
export function rememberMove(
  recent: readonly RecentMove[] | undefined,
  move: RecentMove,
): RecentMove[] {
  return [...(recent ?? []), move].slice(-RECENT_MOVES_KEPT);
}

export interface Thrash {
  period: number;
  /** One copy of the cycle, oldest first. */
  cycle: RecentMove[];
}

const sameMove = (a: RecentMove, b: RecentMove) => a.tool === b.tool && a.argsKey === b.argsKey;

/** The shortest cycle (period 2..3) whose last THRASH_REPETITIONS copies end the ring,
 * with at least two distinct moves in it; undefined when there is none. */
export function findThrash(recent: readonly RecentMove[]): Thrash | undefined {
  for (let period = MIN_THRASH_PERIOD; period <= MAX_THRASH_PERIOD; period++) {
    const span = period * THRASH_REPETITIONS;
    if (recent.length < span) {
      return undefined;
    }
    const tail = recent.slice(-span);
    const cycle = tail.slice(0, period);
    const repeats = tail.every((move, i) => sameMove(move, cycle[i % period] ?? move));
    const distinct = cycle.some((move) => !sameMove(move, cycle[0] ?? move));
    if (repeats && distinct) {
      return { period, cycle };
    }
  }
  return undefined;
}

const describeMove = (move: RecentMove) =>
  move.target === undefined ? move.tool : `${move.tool} ${move.target}`;

/** The refusal for a thrash ending at move number `seq` (the refused move is its last). */
export function thrashVerdict(thrash: Thrash, seq: number): Verdict {
  const moves = thrash.period * THRASH_REPETITIONS;
  const cycle = thrash.cycle.map(describeMove).join(" -> ");
  return failureVerdict(
    { kind: "thrash", moves, fromMove: seq - moves + 1 },
    `period-${thrash.period}`,
    `thrashing: the last ${moves} moves repeat the cycle [${cycle}] ${THRASH_REPETITIONS} times in a row`,
    "break the cycle: save_artifact with what these moves showed, then move on to a different tool or target; or finish with what you have",
  );
}

/** The refusal for a stall of `stall.admitted` moves; move number `seq` is refused. */
export function deadlockVerdict(stall: Stall, seq: number): Verdict {
  const moves = Math.max(1, seq - stall.since + 1);
  return failureVerdict(
    { kind: "deadlock", moves, fromMove: seq - moves + 1 },
    "no-progress",
    `deadlocked: ${stall.admitted} moves in a row changed nothing (no artifact saved, no file written, no finish)`,
    "make progress now: save_artifact with what you have found, write the change, or finish with status partially_achieved and what remains",
  );
}

function failureVerdict(failure: Failure, id: string, reason: string, hint: string): Verdict {
  return {
    ...refusal({ source: failure.kind, id }, reason, hint, "[SYSTEM NOTICE]"),
    failure,
  };
}

/** The thrash or deadlock verdict for the move numbered `seq`, whose key is already the
 * last entry of `recent`; undefined when neither applies. */
export function detectFailure(
  recent: readonly RecentMove[],
  stall: Stall,
  seq: number,
): Verdict | undefined {
  const thrash = findThrash(recent);
  if (thrash) {
    return thrashVerdict(thrash, seq);
  }
  if (stall.admitted >= MAX_MOVES_WITHOUT_PROGRESS) {
    return deadlockVerdict(stall, seq);
  }
  return undefined;
}

/** The state after a failure verdict: the ring and the stall start over, so detection
 * does not fire again on the first move after the loop recovered. */
export function clearFailures(state: GatekeeperState): GatekeeperState {
  return { ...state, recentMoves: [], stall: freshStall(state.moves) };
}
