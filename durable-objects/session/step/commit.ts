// How the agent loop commits a draft: a speculative session's overlay is settled
// when the mission ends, and when the pager refuses the tool's L1 operations the
// step commits without them and says why. Called by the driver, recover and verify-first.
import type { SessionConfig } from "../../../shared/session/config.ts";
import { commitDraft, type StepDraft } from "./commit-step.ts";
import { settleSpeculation } from "./speculation.ts";
import type { AgentStepHost } from "./context.ts";

/** Commits a draft; if the pager refuses its L1 operations, commits without them and says why. */
export async function commitLoopDraft(
  host: AgentStepHost,
  config: SessionConfig,
  proposed: StepDraft,
) {
  // A speculative session's overlay is committed or discarded when the mission ends.
  const draft = await settleSpeculation(host, config, proposed);
  const first = await commitDraft(host, config, draft);
  if (first.ok || draft.ops.length === 0) {
    return first;
  }
  const turns = draft.turns.map((t, i) =>
    i === draft.turns.length - 1
      ? {
          ...t,
          content: `${t.content}\n[L1 REFUSED] ${first.message}${first.hint ? `\n[HINT] ${first.hint}` : ""}`,
        }
      : t,
  );
  return commitDraft(host, config, { ...draft, ops: [], turns });
}
