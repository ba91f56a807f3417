// How a step whose tool ran ends, as two decision tables over plain facts: the
// auto-fix step (give up, retry, recovered, none) and the session's end state
// (finished, paused, halted, asked, handed over, gave up, running). Pure: tool-exit.ts
// reads the facts off the step and builds the draft from the decision.

/** What toolExit knows about the step, reduced to the facts the tables read. */
export interface ToolFacts {
  /** The tool failed. */
  failed: boolean;
  /** A policy (not the tool) stopped the step. */
  policyHalt: boolean;
  /** The mission's outcome was vouched for: the session finishes. */
  vouched: boolean;
  /** The tool asked to halt the session. */
  halt: boolean;
  /** The tool asked a person a question. */
  ask: boolean;
  /** The tool handed the mission over to another persona. */
  handoff: boolean;
  /** Auto-fix attempts already made for this failure (the session's `autofix`). */
  attempts: number;
  /** Auto-fix attempts allowed before the session halts. */
  maxAttempts: number;
  /** A checkpoint to travel back to exists (the step's start head). */
  canTravel: boolean;
}

/** What the auto-fix loop does after the tool: give up, retry, note a recovery, or nothing. */
export type AutofixStep = "give-up" | "retry" | "recovered" | "none";

/** The state the session is left in; `running` changes nothing. */
export type ToolEnd =
  | "finished"
  | "paused-by-halt"
  | "halted"
  | "asked"
  | "handoff"
  | "gave-up"
  | "running";

interface Row<F, T> {
  when: (facts: F) => boolean;
  result: T;
}

/** The first row whose condition holds; every table ends with an always-true row. */
function decide<F, T>(table: readonly Row<F, T>[], facts: F): T {
  const row = table.find((r) => r.when(facts));
  if (row === undefined) {
    throw new Error("decision table without a default row");
  }
  return row.result;
}

/** The auto-fix loop: a failed tool that no policy stopped and no vouched answer closed. */
const autofixes = (f: ToolFacts): boolean => f.failed && !f.policyHalt && !f.vouched;

/**
 * The auto-fix loop: a failed tool is retried from the previous checkpoint with the
 * lesson learned, at most `maxAttempts` times; then the session halts. A success
 * after attempts is a recovery (the counter resets).
 */
const AUTOFIX_TABLE: readonly Row<ToolFacts, AutofixStep>[] = [
  { when: (f) => autofixes(f) && f.attempts >= f.maxAttempts, result: "give-up" },
  { when: autofixes, result: "retry" },
  { when: (f) => !f.failed && f.attempts > 0, result: "recovered" },
  { when: () => true, result: "none" },
];

/** The end state, in priority order: the first that applies wins. */
const END_TABLE: readonly Row<ToolFacts & { autofix: AutofixStep }, ToolEnd>[] = [
  { when: (f) => f.vouched, result: "finished" },
  { when: (f) => f.halt && f.ask, result: "paused-by-halt" },
  { when: (f) => f.halt, result: "halted" },
  { when: (f) => f.ask, result: "asked" },
  { when: (f) => f.handoff, result: "handoff" },
  { when: (f) => f.autofix === "give-up", result: "gave-up" },
  { when: () => true, result: "running" },
];

/** The decision for one step: the auto-fix step, the end state, and what the loop does next. */
export interface ToolDecision {
  autofix: AutofixStep;
  end: ToolEnd;
  /** Travel back to the step's start and retry (a retry needs a checkpoint to go to). */
  travel: boolean;
  next: "continue" | "stop";
}

/** What the loop does next: a retry continues; a handoff or a running session runs on. */
const NEXT_TABLE: readonly Row<Omit<ToolDecision, "next">, ToolDecision["next"]>[] = [
  { when: (d) => d.travel, result: "continue" },
  // Giving up stops the loop even when a handoff decided the end state.
  { when: (d) => d.autofix === "give-up", result: "stop" },
  { when: (d) => d.end === "handoff" || d.end === "running", result: "continue" },
  { when: () => true, result: "stop" },
];

export function decideToolExit(facts: ToolFacts): ToolDecision {
  const autofix = decide(AUTOFIX_TABLE, facts);
  const end = decide(END_TABLE, { ...facts, autofix });
  const travel = autofix === "retry" && facts.canTravel;
  return { autofix, end, travel, next: decide(NEXT_TABLE, { autofix, end, travel }) };
}
