// Auto-fix recovery after a committed step: travel back to a checkpoint (files
// included), prune the context for the retry and add the lesson as the next turn.
// The driver (agent-step.ts) runs it when a step's exit asks for it.
import type { ChatMessage } from "../../../shared/context/messages.ts";
import { pruneForRetry } from "../../../shared/context/prune.ts";
import type { Tokenizer } from "../../../shared/context/tokens.ts";
import type { SessionConfig } from "../../../shared/session/config.ts";
import { rollbackWithFiles } from "../restore-files.ts";
import { commitLoopDraft } from "./commit.ts";
import type { HiveStub, AgentStepHost } from "./context.ts";

/** Retries of a failed tool from the previous checkpoint before the session halts. */
export const MAX_AUTOFIX_ATTEMPTS = 2;

/** The failure a recovery answers. */
export interface Failure {
  attempt: number;
  tool: string;
  error: string;
  modelCalls: number;
}

/** The newest checkpoint of the branch taken before gatekeeper move `fromMove`. */
export function checkpointBeforeMove(host: AgentStepHost, fromMove: number): string | null {
  const head = host.store.head();
  if (head === null) {
    return null;
  }
  for (let step = host.store.state().step; step >= 0; step--) {
    const summary = host.store.checkpoints.asOf(head, step);
    const manifest = summary ? host.store.checkpoints.manifest(summary.id) : undefined;
    if (manifest && host.store.stateOf(manifest).gatekeeper.moves < fromMove) {
      return manifest.id;
    }
  }
  return null;
}

/**
 * Auto-fix: travel back to the checkpoint before the failed step, prune the
 * context for the retry, and add the lesson learned as the next turn.
 */
export async function recoverFrom(
  host: AgentStepHost,
  config: SessionConfig,
  hive: HiveStub,
  checkpoint: string,
  messages: readonly ChatMessage[],
  tokenizer: Tokenizer,
  failure: Failure,
): Promise<void> {
  const manifest = host.store.checkpoints.manifest(checkpoint);
  if (!manifest) {
    return;
  }
  const firstLine = failure.error.split("\n")[0] ?? failure.error;
  const pruned = pruneForRetry(messages, { code: failure.tool, message: firstLine }, { tokenizer });
  // The files written since that checkpoint go back too, as a person's rollback does.
  const back = await rollbackWithFiles(
    host,
    hive,
    manifest,
    `auto-fix: ${host.name} back to ${manifest.id}`,
  );
  if (!back.ok) {
    return;
  }
  const lesson = [
    "[AUTO-FIX RECOVERY]",
    `Previous attempt failed: ${failure.tool}: ${firstLine}`,
    `We have rolled back to checkpoint ${manifest.id} (attempt ${failure.attempt} of ${MAX_AUTOFIX_ATTEMPTS}).`,
    "Please analyze the error and try a different approach.",
  ].join("\n");
  await commitLoopDraft(host, config, {
    turns: [{ role: "user", content: lesson }],
    ops: [],
    // The model was called: a scripted model's next answer is the next entry.
    patch: { autofix: failure.attempt, modelCalls: failure.modelCalls },
    trace: [
      { kind: "autofix/prune", data: { ...pruned.report } },
      {
        kind: "autofix/travel",
        data: { to: manifest.id, step: manifest.step, filesRestored: back.value.restored },
      },
    ],
  });
}
