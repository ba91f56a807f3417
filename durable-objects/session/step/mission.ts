// A mission's control between steps: start, pause, a person's answer to the
// pending question, rollback, and the alarm that runs one durable step (quarantine,
// the next alarm, the meta-steward job when the mission ends). Called by AgentSession.
import { err, ok, type Result } from "../../../shared/base/result.ts";
import { sessionStewardJob } from "../../../shared/memory/steward-job.ts";
import type { CheckpointManifest } from "../../../shared/session/checkpoint.ts";
import type { SessionConfig } from "../../../shared/session/config.ts";
import {
  AnswerSchema,
  answerTransition,
  pauseTransition,
  startTransition,
  type Answer,
  type ControlErrorCode,
} from "../../../shared/session/control.ts";
import { runAgentStep } from "./agent-step.ts";
import { checkpointMissing, findCheckpoint } from "../checkpoint-reads.ts";
import { commitDraft } from "./commit-step.ts";
import { quarantineOutcome, withinBudget, type StepQuarantine } from "../quarantine.ts";
import { rollbackWithFiles } from "../restore-files.ts";
import { sessionHive, type AgentStepHost } from "./context.ts";
import { workspaceHead } from "./prepare.ts";
import { questionMessage } from "../watchers.ts";

/** Pause between steps: lets watchers and other requests in between model calls. */
const STEP_GAP_MS = 10;

/** Applies an answer as a human turn and wakes the mission; nothing changes on refusal. */
export async function answerMission(
  host: AgentStepHost,
  config: SessionConfig,
  input: Answer,
): Promise<Result<null, ControlErrorCode | "PAGER_REFUSED">> {
  const parsed = AnswerSchema.safeParse(input);
  if (!parsed.success) {
    return err(
      "BAD_ANSWER",
      parsed.error.issues[0]?.message ?? "invalid answer",
      'send {"text": "..."} or {"decision": "approve"}',
    );
  }
  const pending = host.store.state().pending;
  const move = answerTransition(host.store.state(), parsed.data, Date.now());
  if (!move.ok) {
    return err(move.code, move.message, move.hint);
  }
  const decisionId = pending?.decisionId;
  const committed = await commitDraft(host, config, {
    turns: move.turn === undefined ? [] : [{ role: "user", content: move.turn }],
    ops: [],
    patch: move.patch,
    trace: [
      {
        kind: "human",
        data: {
          label: move.label,
          ...(decisionId === undefined
            ? {}
            : { decisionId, tool: pending?.tool ?? null, expiresAt: pending?.expiresAt ?? null }),
        },
      },
    ],
  });
  if (!committed.ok) {
    return committed;
  }
  host.broadcast({
    type: "session.answered",
    label: move.label,
    ...(decisionId === undefined ? {} : { decisionId }),
  });
  await host.ctx.storage.setAlarm(Date.now());
  return ok(null);
}

/** One durable step per alarm; a crash re-runs the step from the last commit. */
export async function runMissionAlarm(
  host: AgentStepHost,
  config: SessionConfig,
  quarantine: StepQuarantine,
  answer: (input: Answer) => Promise<unknown>,
): Promise<void> {
  const state = host.store.state();
  if (state.status === "paused" && state.pending?.kind === "decision") {
    // Nobody answered the ASK in time: it counts as denied.
    if (state.pending.expiresAt !== undefined && Date.now() >= state.pending.expiresAt) {
      await answer({ decision: "deny" });
    } else if (state.pending.expiresAt !== undefined) {
      await host.ctx.storage.setAlarm(state.pending.expiresAt);
    }
    return;
  }
  // Quarantine (quarantine.ts): a step that never completes halts the session.
  const quarantined = quarantine.begin(state.step);
  if (quarantined !== null) {
    host.store.control(quarantineOutcome(quarantined), "quarantined");
    return;
  }
  const next = await withinBudget(runAgentStep(host, config)).catch((error: unknown) => {
    quarantine.failed(state.step, error instanceof Error ? error.message : String(error));
    throw error;
  });
  quarantine.done(state.step);
  const after = host.store.state();
  const question = questionMessage(after);
  if (question !== null) {
    host.broadcast(question);
  }
  if (state.status === "running" && (after.status === "finished" || after.status === "halted")) {
    // The meta-steward replays the finished session (issue 21); its id is fixed per session.
    // A failed send is not retried here: the production cron's run covers the hive.
    await host.env.JOBS.send(sessionStewardJob(config.hive, host.name, Date.now())).catch(
      () => undefined,
    );
  }
  if (next === "continue") {
    await host.ctx.storage.setAlarm(Date.now() + STEP_GAP_MS);
  } else if (after.status === "paused" && after.pending?.expiresAt !== undefined) {
    await host.ctx.storage.setAlarm(after.pending.expiresAt);
  }
}

/** Starts the mission from the workspace's head: steps run one per alarm from now. */
export async function startMission(
  host: AgentStepHost,
  config: SessionConfig,
): Promise<Result<null, ControlErrorCode>> {
  const move = startTransition(host.store.state());
  if (!move.ok) {
    return err(move.code, move.message, move.hint);
  }
  // The workspace version the mission starts from: a rollback to here restores it.
  const head = await workspaceHead(sessionHive(host, config));
  host.store.control({ ...move.patch, workspaceManifest: head }, move.label);
  await host.ctx.storage.setAlarm(Date.now());
  return ok(null);
}

/** Pauses a running mission after its current step. */
export function pauseMission(host: AgentStepHost): Result<null, ControlErrorCode> {
  const move = pauseTransition(host.store.state());
  if (!move.ok) {
    return err(move.code, move.message, move.hint);
  }
  host.store.control(move.patch, move.label);
  return ok(null);
}

/** Brings L1, the envelope's sections, the transcript position and the files back to a checkpoint. */
export async function rollbackMission(
  host: AgentStepHost,
  config: SessionConfig,
  idOrLabel: string,
): Promise<Result<CheckpointManifest, "CHECKPOINT_NOT_FOUND" | "RESTORE_FAILED">> {
  const manifest = findCheckpoint(host.store, idOrLabel);
  if (!manifest) {
    return checkpointMissing(host.name, idOrLabel);
  }
  const restored = await rollbackWithFiles(
    host,
    sessionHive(host, config),
    manifest,
    `rollback of ${host.name} to ${manifest.id}`,
  );
  if (!restored.ok) {
    return restored;
  }
  host.broadcast({ type: "session.rolled_back", to: manifest.id, step: manifest.step });
  return ok(manifest);
}
