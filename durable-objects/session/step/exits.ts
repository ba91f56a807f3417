// Every way an agent step ends before its tool runs, as a StepExit (the draft to
// commit and what the loop does next): halt, self-assessment, model error, final
// answer, gateway error, refusal (ASK, escalation, thrash/deadlock). The tool's own
// step is tool-exit.ts; the envelope's compaction added to a draft, compaction-draft.ts.
import type { ToolMove } from "../../../shared/driver/move.ts";
import type { Verdict } from "../../../shared/gatekeeper/verdict.ts";
import { keep } from "../../../shared/context/refs.ts";
import { redactDeep } from "../../../shared/gatekeeper/clean-room.ts";
import { recordToolResult, MAX_CONSECUTIVE_ERRORS } from "../../../shared/gatekeeper/state.ts";
import type { PendingHuman, SessionState } from "../../../shared/session/step.ts";
import type { MissionOutcome } from "../../../shared/governance/mission-outcome.ts";
import type { MoveTrace, StepContext, StepExit } from "./context.ts";
import { MAX_AUTOFIX_ATTEMPTS } from "./recover.ts";

type GatekeeperState = SessionState["gatekeeper"];

/** The assistant's tool call and the tool's answer, as two transcript turns. */
export function stepTurns(
  step: number,
  tool: string,
  args: unknown,
  rationale: string,
  output: string,
) {
  const id = `call-${step}`;
  return [
    {
      role: "assistant" as const,
      content: rationale,
      toolCalls: [
        {
          id,
          type: "function" as const,
          function: { name: tool, arguments: JSON.stringify(args) },
        },
      ],
    },
    { role: "tool" as const, content: output, toolCallId: id },
  ];
}

/** The session cannot run (no model configured): it halts with the reason. */
export function haltExit(code: string, message: string): StepExit {
  return {
    next: "stop",
    draft: {
      turns: [],
      ops: [],
      patch: { status: "halted", outcome: { status: "halted", summary: message, reason: code } },
      trace: [{ kind: "halt", data: { reason: code, message } }],
    },
  };
}

/** At the step budget: the mission ends with the model's (vouched) self-assessment. */
export function assessmentExit(ctx: StepContext, outcome: MissionOutcome): StepExit {
  return {
    next: "stop",
    draft: {
      turns: [
        { role: "assistant", content: `[SELF-ASSESSMENT] ${outcome.status}: ${outcome.summary}` },
      ],
      ops: [],
      hiveSeqSeen: ctx.hive.hiveSeqSeen,
      patch: { meta: ctx.hive.meta, modelCalls: ctx.modelCalls, status: "finished", outcome },
      trace: [{ kind: "assessment", data: { ...outcome, elapsedMs: Date.now() - ctx.started } }],
    },
  };
}

/** The model call failed: a typed note for the next step; halts after errors in a row. */
export function modelErrorExit(
  ctx: StepContext,
  failure: {
    code: string;
    message: string;
    hint?: string | undefined;
    raw?: string | undefined;
    rawRef?: string | undefined;
  },
  base: MoveTrace,
): StepExit {
  const gatekeeper = recordToolResult(ctx.state.gatekeeper, false);
  const halt = gatekeeper.consecutiveErrors >= MAX_CONSECUTIVE_ERRORS;
  const note = `[MODEL ERROR] ${failure.code}: ${failure.message}${failure.hint ? `\n[HINT] ${failure.hint}` : ""}`;
  return {
    next: halt ? "stop" : "continue",
    draft: {
      turns: [{ role: "user", content: note }],
      ops: [],
      hiveSeqSeen: ctx.hive.hiveSeqSeen,
      // Clean room: an unparseable answer is kept for debugging, never with a secret in it.
      kept: failure.raw
        ? [
            {
              ...keep(ctx.preset.cleanRoom ? redactDeep(failure.raw).text : failure.raw),
              kind: "raw_answer",
            },
          ]
        : [],
      patch: {
        meta: ctx.hive.meta,
        modelCalls: ctx.modelCalls,
        gatekeeper,
        ...(halt
          ? {
              status: "halted" as const,
              outcome: {
                status: "halted" as const,
                summary: note,
                reason: "model errors in a row",
              },
            }
          : {}),
      },
      trace: [
        { kind: "model_error", data: { ...base, code: failure.code, rawRef: failure.rawRef } },
      ],
    },
  };
}

/** The model answered: the mission finishes with the (vouched) outcome. */
export function finalExit(
  ctx: StepContext,
  answer: string,
  outcome: MissionOutcome,
  base: MoveTrace,
): StepExit {
  return {
    next: "stop",
    draft: {
      turns: [{ role: "assistant", content: answer }],
      ops: [],
      hiveSeqSeen: ctx.hive.hiveSeqSeen,
      patch: { meta: ctx.hive.meta, modelCalls: ctx.modelCalls, status: "finished", outcome },
      trace: [{ kind: "final", data: { ...base, elapsedMs: Date.now() - ctx.started } }],
    },
  };
}

/** The gatekeeper could not be reached: the move counts as a failed one. */
export function gatewayErrorExit(
  ctx: StepContext,
  move: ToolMove,
  failure: { code: string; message: string },
  base: MoveTrace,
): StepExit {
  const note = `[GATEKEEPER REFUSAL] ${failure.code}: ${failure.message}`;
  return {
    next: "continue",
    draft: {
      turns: stepTurns(ctx.step, move.tool, move.args, move.rationale ?? "", note),
      ops: [],
      hiveSeqSeen: ctx.hive.hiveSeqSeen,
      patch: {
        meta: ctx.hive.meta,
        modelCalls: ctx.modelCalls,
        gatekeeper: recordToolResult(ctx.state.gatekeeper, false),
      },
      trace: [{ kind: "gatekeeper_error", data: { ...base, code: failure.code } }],
    },
  };
}

/**
 * The gatekeeper did not allow the move: a person is asked (ASK pauses with a
 * decision, an escalation with a question), or a thrash/deadlock is recovered
 * like a failed tool, at most MAX_AUTOFIX_ATTEMPTS times, then the session halts.
 */
export function refusedExit(
  ctx: StepContext,
  move: ToolMove,
  verdict: Verdict,
  gatekeeper: GatekeeperState,
  base: MoveTrace,
): StepExit {
  const { state } = ctx;
  const pending: PendingHuman | null =
    verdict.verdict === "ask" && verdict.pending
      ? {
          kind: "decision",
          question: `${move.tool} needs approval: ${verdict.reason}`,
          decisionId: verdict.pending.decisionId,
          tool: move.tool,
          args: JSON.stringify(verdict.pending.args),
          expiresAt: verdict.pending.expiresAt,
        }
      : verdict.escalate
        ? { kind: "question", question: `${verdict.reason}. How should the agent continue?` }
        : null;
  // Failure taxonomy: thrash and deadlock are recovered like a failed tool (travel
  // back to before the failure began, prune, a lesson), at most twice, then halt.
  const failure = verdict.failure;
  const givingUpOn = failure !== undefined && state.autofix >= MAX_AUTOFIX_ATTEMPTS;
  const recovering = failure !== undefined && !givingUpOn;
  return {
    next: recovering ? "continue" : pending || givingUpOn ? "stop" : "continue",
    ...(recovering
      ? {
          recover: {
            to: { beforeMove: failure.fromMove },
            attempt: state.autofix + 1,
            tool: failure.kind,
            error: verdict.reason,
          },
        }
      : {}),
    draft: {
      turns: stepTurns(
        ctx.step,
        move.tool,
        move.args,
        move.rationale ?? "",
        verdict.message ?? verdict.reason,
      ),
      ops: [],
      hiveSeqSeen: ctx.hive.hiveSeqSeen,
      patch: {
        meta: ctx.hive.meta,
        modelCalls: ctx.modelCalls,
        // A move waiting for a person did not happen: the repeat checks must not count it,
        // or its approved re-run would look like the same call twice in a row.
        gatekeeper: pending?.kind === "decision" ? state.gatekeeper : gatekeeper,
        ...(pending ? { status: "paused" as const, pending } : {}),
        ...(givingUpOn
          ? {
              status: "halted" as const,
              outcome: {
                status: "halted" as const,
                summary: `${failure.kind} persisted after ${state.autofix} recoveries: ${verdict.reason}`,
                reason: failure.kind,
              },
            }
          : {}),
      },
      trace: [
        {
          kind: "refused",
          data: { ...base, tool: move.tool, verdict: verdict.verdict, rule: verdict.rule },
        },
        ...(failure === undefined
          ? []
          : [
              {
                kind: `failure/${failure.kind}` as const,
                data: { moves: failure.moves, fromMove: failure.fromMove, reason: verdict.reason },
              },
            ]),
      ],
    },
  };
}
