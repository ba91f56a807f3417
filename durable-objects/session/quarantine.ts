// Step quarantine for AgentSession: every attempt at a step is counted durably
// before it runs, so a step that crashes, hangs until the isolate dies or throws
// MAX_STEP_ATTEMPTS times halts the session with the reason instead of re-running
// at every boot. Called by AgentSession.onAlarm around runAgentStep.
import { z } from "zod";

/** Attempts at one step before the session halts (the first run and two retries). */
export const MAX_STEP_ATTEMPTS = 3;
/** Wall time one step may take before it counts as a failed attempt (model calls included). */
export const STEP_WALL_BUDGET_MS = 5 * 60_000;

export const QuarantineRecordSchema = z.object({
  step: z.number().int(),
  attempts: z.number().int(),
  reason: z.string(),
});
export type QuarantineRecord = z.infer<typeof QuarantineRecordSchema>;

/** The typed error of a step past its wall budget. */
export class StepBudgetError extends Error {
  override readonly name = "StepBudgetError";
  readonly code = "STEP_BUDGET_EXCEEDED";
}

/** Migration 5 of the session (IF NOT EXISTS: states that created it before the migration). */
export const STEP_ATTEMPTS_SCHEMA = `CREATE TABLE IF NOT EXISTS step_attempts (
  step INTEGER PRIMARY KEY, attempts INTEGER NOT NULL, reason TEXT NOT NULL
)`;

export class StepQuarantine {
  readonly #sql: SqlStorage;

  constructor(sql: SqlStorage) {
    this.#sql = sql;
  }

  /**
   * Counts an attempt at `step` (durably, before it runs). Returns the record
   * to halt with once the step already had MAX_STEP_ATTEMPTS attempts.
   */
  begin(step: number): QuarantineRecord | null {
    const row = this.#sql
      .exec<{ attempts: number; reason: string }>(
        "SELECT attempts, reason FROM step_attempts WHERE step = ?",
        step,
      )
      .toArray()[0];
    const attempts = row?.attempts ?? 0;
    if (attempts >= MAX_STEP_ATTEMPTS) {
      return { step, attempts, reason: row?.reason || "the step never completed" };
    }
    this.#sql.exec(
      `INSERT INTO step_attempts (step, attempts, reason) VALUES (?, 1, 'interrupted: the step did not complete')
       ON CONFLICT(step) DO UPDATE SET attempts = attempts + 1`,
      step,
    );
    return null;
  }

  /** The attempt failed with `reason` (kept for the halt message). */
  failed(step: number, reason: string): void {
    this.#sql.exec(
      "UPDATE step_attempts SET reason = ? WHERE step = ?",
      reason.slice(0, 500),
      step,
    );
  }

  /** The step completed: its attempts are forgotten (and any older ones). */
  done(step: number): void {
    this.#sql.exec("DELETE FROM step_attempts WHERE step <= ?", step);
  }
}

/** `work`, or a StepBudgetError once `ms` pass (the timer is cleared either way). */
export async function withinBudget<T>(work: Promise<T>, ms = STEP_WALL_BUDGET_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const budget = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new StepBudgetError(`the step exceeded its wall budget of ${ms} ms`)),
      ms,
    );
  });
  try {
    return await Promise.race([work, budget]);
  } finally {
    clearTimeout(timer);
  }
}

/** The halt patch for a quarantined step. */
export function quarantineOutcome(record: QuarantineRecord) {
  const summary = `step ${record.step} failed or did not complete ${record.attempts} times; the session halted instead of running it again`;
  return {
    status: "halted" as const,
    outcome: {
      status: "halted" as const,
      summary,
      reason: `STEP_QUARANTINED: ${record.reason}`,
    },
  };
}
