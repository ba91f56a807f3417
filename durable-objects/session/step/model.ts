// Stage 3 of an agent step, model: at the step budget the model assesses the
// mission without tools; otherwise it is called with the envelope and the routed
// tools, and its answer is healed into a move (clean room: secrets removed first).
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { assessmentPrompt, parseAssessment } from "../../../shared/governance/assessment.ts";
import { metaUse } from "../../../shared/governance/meta.ts";
import type { ToolMove } from "../../../shared/driver/move.ts";
import { cleanMove } from "../../../shared/gatekeeper/clean-room.ts";
import type { MissionOutcome } from "../../../shared/governance/mission-outcome.ts";
import { vouch } from "./vouch.ts";
import type { MoveTrace, StepContext, Staged, StepExit } from "./context.ts";
import { assessmentExit, finalExit, modelErrorExit } from "./exits.ts";
import type { Routed } from "./route.ts";

/** The step budget forces a tool-free self-assessment: the step's exit, or null below the budget. */
export async function assessAtBudget(ctx: StepContext): Promise<StepExit | null> {
  const { config, state } = ctx;
  if (state.step >= config.stepBudget) {
    const answer = await ctx.ports.model.call({
      role: "agent",
      messages: [
        ...(ctx.envelope.messages as ChatCompletionMessageParam[]),
        { role: "user", content: assessmentPrompt(config.stepBudget) },
      ],
      jsonMode: true,
      ...(ctx.metadata ? { metadata: ctx.metadata } : {}),
    });
    const claimed = parseAssessment(answer.ok ? answer.value.content : "");
    const outcome: MissionOutcome = await vouch(ctx, claimed, ctx.history, state.written);
    return assessmentExit(ctx, outcome);
  }
  return null;
}

/** The model's move (a tool call) and the trace fields of the call, or the step's exit. */
export async function model(
  ctx: StepContext,
  routed: Routed,
): Promise<Staged<{ move: ToolMove; base: MoveTrace }>> {
  ctx.meter.begin("model");
  const { state, preset } = ctx;
  const move = await ctx.ports.model.move({
    role: "agent",
    messages: ctx.envelope.messages as ChatCompletionMessageParam[],
    tools: routed.tools,
    ...(ctx.metadata ? { metadata: ctx.metadata } : {}),
  });
  const usage = move.ok ? move.value.answer.usage : move.usage;
  const base: MoveTrace = {
    step: ctx.step,
    elapsedMs: 0,
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
    costUsd: usage.costUsd,
    route: routed.method,
    tools: routed.tools.map((t) => t.function.name),
  };
  if (!move.ok) {
    return { ok: false, exit: modelErrorExit(ctx, move, base) };
  }
  // Clean room: a secret in the move's arguments, rationale or answer never enters the session.
  const healed = preset.cleanRoom ? cleanMove(move.value.move).move : move.value.move;
  // Meta items the model used: named in its move (the meta hit rate's numerator).
  ctx.received.metaUse = metaUse(ctx.hive.meta, JSON.stringify(healed));
  if (healed.kind === "final") {
    const claimed: MissionOutcome = { status: "achieved", summary: healed.answer };
    const outcome = await vouch(ctx, claimed, ctx.history, state.written);
    return { ok: false, exit: finalExit(ctx, healed.answer, outcome, base) };
  }
  return { ok: true, value: { move: healed, base } };
}
