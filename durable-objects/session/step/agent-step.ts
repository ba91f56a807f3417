// The agent step as a pipeline, one durable step per alarm: prepare → (budget) →
// route → model → admit → tool → effects → gate, each in step/, over one step
// context; the first stage that ends the step returns its exit, which is committed
// here (pager, checkpoint, broadcast: commit-step.ts) and may start an auto-fix.
// A crash before the commit re-runs the step from the last commit (alarms retry).
import type { SessionConfig } from "../../../shared/session/config.ts";
import { makeToolReads } from "./tool-reads.ts";
import { admit } from "./admit.ts";
import { commitLoopDraft } from "./commit.ts";
import { requestCompaction } from "./compact.ts";
import type { AgentStepHost, LoopOutcome, StepContext, StepExit } from "./context.ts";
import { effects } from "./effects.ts";
import { withCompaction } from "./compaction-draft.ts";
import { toolExit } from "./tool-exit.ts";
import { gate } from "./gate.ts";
import { StepMeter } from "./meter.ts";
import { assessAtBudget, model } from "./model.ts";
import { prepare } from "./prepare.ts";
import { checkpointBeforeMove, recoverFrom } from "./recover.ts";
import { route } from "./route.ts";
import { tool } from "./tool.ts";

/** The stages in order, up to the first that ends the step. */
async function runStages(ctx: StepContext): Promise<StepExit> {
  const assessed = await assessAtBudget(ctx);
  if (assessed !== null) {
    return assessed;
  }
  const routed = await route(ctx);
  const called = await model(ctx, routed);
  if (!called.ok) {
    return called.exit;
  }
  const { move, base } = called.value;
  const admitted = await admit(ctx, move, base);
  if (!admitted.ok) {
    return admitted.exit;
  }
  const reads = makeToolReads(ctx);
  const ran = await tool(ctx, move, admitted.value, reads);
  const done = await effects(ctx, ran, reads);
  const gated = gate(ctx, move, admitted.value, done.output);
  return toolExit(ctx, move, admitted.value, ran, done, gated, base);
}

/** Commits the step's exit with the envelope's compaction, then runs its auto-fix, if any. */
async function commitExit(ctx: StepContext, exit: StepExit): Promise<LoopOutcome> {
  const { host, config, envelope } = ctx;
  // The stage ends when the step's trace entry is written.
  ctx.meter.begin("checkpoint");
  const committed = await commitLoopDraft(host, config, {
    ...withCompaction(exit.draft, envelope.compaction),
    meter: ctx.meter,
    received: ctx.received,
  });
  if (!committed.ok) {
    return "stop";
  }
  // The transcript past its threshold: a background compaction is requested.
  await requestCompaction(ctx);
  const recover = exit.recover;
  if (recover !== undefined) {
    const to =
      "checkpoint" in recover.to
        ? recover.to.checkpoint
        : checkpointBeforeMove(host, recover.to.beforeMove);
    if (to !== null) {
      await recoverFrom(host, config, ctx.ports.hive, to, envelope.messages, ctx.tokenizer, {
        attempt: recover.attempt,
        tool: recover.tool,
        error: recover.error,
        modelCalls: ctx.modelCalls,
      });
    }
  }
  return exit.next;
}

/** Runs one step of the mission. Returns whether another step should follow. */
export async function runAgentStep(
  host: AgentStepHost,
  config: SessionConfig,
): Promise<LoopOutcome> {
  const prepared = await prepare(host, config, new StepMeter());
  if (!prepared.ok) {
    if (prepared.exit !== null) {
      await commitLoopDraft(host, config, prepared.exit.draft);
    }
    return "stop";
  }
  return commitExit(prepared.ctx, await runStages(prepared.ctx));
}
