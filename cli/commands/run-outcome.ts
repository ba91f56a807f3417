// How `lethe run` ends: its exit status for each outcome (docs/cli.md) and the
// one-line error for a session that ended short of achieved.
import { CliError } from "./context.ts";
import { answerHint, type SessionStateBody } from "./sessions.ts";

/**
 * `lethe run`'s exit status for each way it ends (docs/cli.md): 0 only for an
 * achieved mission; 1 for any failure of the CLI, the gateway or the upload.
 */
export const RUN_EXIT = {
  achieved: 0,
  failure: 1,
  partially_achieved: 2,
  not_achieved: 3,
  halted: 4,
  paused: 5,
  deadline: 6,
} as const;

/** The one-line error (with its RUN_EXIT status) for a session that ended short of achieved; null when achieved. */
export function outcomeFailure(id: string, state: SessionStateBody): CliError | null {
  if (state.status === "paused") {
    return new CliError(
      `session ${id} is paused: ${state.pending?.question ?? "it waits for a person"}`,
      `answer with \`${answerHint(id, state.pending)}\``,
      RUN_EXIT.paused,
    );
  }
  const outcome = state.outcome;
  if (outcome === null || outcome.status !== "achieved") {
    return new CliError(
      `mission ${outcome?.status ?? state.status}: ${outcome?.reason ?? outcome?.summary ?? "no outcome"}`,
      `read the trace, or fork from a checkpoint: \`lethe checkpoints ${id}\``,
      outcome === null ? RUN_EXIT.failure : RUN_EXIT[outcome.status],
    );
  }
  return null;
}
