// Every way an agent step ends, as a StepExit (the draft to commit and what the
// loop does next): halt, self-assessment, model error, final answer, gateway
// error, refusal (ASK, escalation, thrash/deadlock) and the tool's own step.
import type { ToolMove } from "../../../shared/driver/move.ts";
import type { Verdict } from "../../../shared/gatekeeper/verdict.ts";
import type { PagerOp } from "../../../shared/context/page.ts";
import { keep } from "../../../shared/context/refs.ts";
import { redactDeep } from "../../../shared/gatekeeper/clean-room.ts";
import { recordToolResult, MAX_CONSECUTIVE_ERRORS } from "../../../shared/gatekeeper/state.ts";
import type { MissionOutcome, PendingHuman, SessionState } from "../../../shared/session/step.ts";
import type { StepDraft } from "../commit-step.ts";
import type { EnvelopeView } from "../envelope-view.ts";
import type { Admitted, Effects, Gated, MoveTrace, Ran, StepContext, StepExit } from "./context.ts";
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

/** The L1 page ids a pager operation names. */
function pagesOf(op: PagerOp): string[] {
  switch (op.type) {
    case "stage":
    case "prefetch":
      return [op.page.id];
    case "unstage":
    case "access":
    case "pin":
    case "unpin":
      return [op.id];
    case "restore":
      return op.id === undefined ? [] : [op.id];
    case "compare_open":
      return [...op.ids];
    default:
      return [];
  }
}

/**
 * Adds the envelope's compaction to a step draft: kept content, one trace event, and
 * the unstaging of the L1 pages it cut (first, and only those the step's own
 * operations leave alone), so the next envelope does not cut them again.
 */
export function withCompaction(
  draft: StepDraft,
  compaction: EnvelopeView["compaction"],
): StepDraft {
  if (compaction === null) {
    return draft;
  }
  const touched = new Set(draft.ops.flatMap(pagesOf));
  const unstage = compaction.unstagePageIds
    .filter((id) => !touched.has(id))
    .map((id) => ({ type: "unstage" as const, id }));
  return {
    ...draft,
    ops: [...unstage, ...draft.ops],
    kept: [...(draft.kept ?? []), ...compaction.kept.map((k) => ({ ...k, kind: "compaction" }))],
    trace: [
      ...(draft.trace ?? []),
      {
        kind: "compaction",
        data: {
          tokensBefore: compaction.tokensBefore,
          tokensAfter: compaction.tokensAfter,
          sections: compaction.reports.map((r) => r.section),
          refs: compaction.kept.map((k) => k.ref),
        },
      },
    ],
  };
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
      trace: [{ kind: "gateway_error", data: { ...base, code: failure.code } }],
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

/**
 * The tool ran: its turns, L1 operations and kept content, and the state it leads
 * to (finished, halted, paused on a question, handed over, or running). A failed
 * tool starts auto-fix (travel back to the step's start, retry) or gives up.
 */
export function toolExit(
  ctx: StepContext,
  move: ToolMove,
  admitted: Admitted,
  ran: Ran,
  effects: Effects,
  gated: Gated,
  base: MoveTrace,
): StepExit {
  const { state } = ctx;
  const { outcome } = ran;
  const { failed, output } = effects;
  const handoff =
    effects.handoff === null ? null : { persona: effects.handoff, status: "running" as const };
  const finished =
    effects.vouched === null ? null : { status: "finished" as const, outcome: effects.vouched };
  const halted = outcome.halt
    ? {
        status: outcome.ask ? ("paused" as const) : ("halted" as const),
        outcome: outcome.ask
          ? null
          : {
              status: "halted" as const,
              summary: outcome.halt.reason,
              reason: outcome.halt.reason,
            },
        pending: outcome.ask ? { kind: "question" as const, question: outcome.ask.question } : null,
      }
    : null;
  const asked =
    !halted && outcome.ask
      ? { status: "paused" as const, pending: { kind: "question" as const, ...outcome.ask } }
      : null;
  // The auto-fix loop: a failed tool is retried from the previous checkpoint with
  // the lesson learned, at most MAX_AUTOFIX_ATTEMPTS times; then the session halts.
  const autofix = failed && !ran.policyHalt && !finished;
  const givingUp = autofix && state.autofix >= MAX_AUTOFIX_ATTEMPTS;
  const recovered = !failed && state.autofix > 0;
  const autofixTrace = givingUp
    ? [
        {
          kind: "autofix/fail" as const,
          data: { attempts: state.autofix, tool: move.tool, error: output.slice(0, 500) },
        },
      ]
    : autofix
      ? [
          {
            kind: "autofix/attempt" as const,
            data: { attempt: state.autofix + 1, tool: move.tool, error: output.slice(0, 500) },
          },
        ]
      : recovered
        ? [{ kind: "autofix/recover" as const, data: { attempts: state.autofix, tool: move.tool } }]
        : [];
  const gaveUp = givingUp
    ? {
        status: "halted" as const,
        outcome: {
          status: "halted" as const,
          summary: `auto-fix gave up after ${state.autofix} attempts: ${output.split("\n")[0] ?? ""}`,
          reason: "auto-fix failed",
        },
      }
    : null;
  const retry = autofix && !givingUp && ctx.startHead !== null ? ctx.startHead : null;
  return {
    next: retry !== null ? "continue" : finished || halted || asked || gaveUp ? "stop" : "continue",
    ...(retry === null
      ? {}
      : {
          recover: {
            to: { checkpoint: retry },
            attempt: state.autofix + 1,
            tool: move.tool,
            error: output,
          },
        }),
    draft: {
      workspaceManifest: effects.workspaceManifest,
      turns: [
        ...stepTurns(ctx.step, move.tool, admitted.args, move.rationale ?? "", gated.content),
        ...(handoff
          ? [
              {
                role: "user" as const,
                content: `[STRATEGY SWITCH] ${state.persona} handed over to ${handoff.persona}: ${outcome.finish?.summary ?? ""}${outcome.finish?.next ? `\nNext: ${outcome.finish.next}` : ""}`,
              },
            ]
          : []),
      ],
      ops: effects.ops,
      hiveSeqSeen: ctx.hive.hiveSeqSeen,
      kept: gated.kept,
      patch: {
        meta: ctx.hive.meta,
        modelCalls: ctx.modelCalls,
        // Progress (for deadlock detection): something was learned, written or decided.
        gatekeeper: recordToolResult(
          admitted.gatekeeper,
          !failed,
          !failed &&
            (move.tool === "save_artifact" ||
              outcome.files.length > 0 ||
              outcome.finish !== undefined ||
              move.tool === "calculate"),
        ),
        ...(admitted.approvedNow ? { approved: null } : {}),
        written: effects.written,
        ...(effects.overlay ? { overlay: effects.overlay } : {}),
        ...(recovered ? { autofix: 0 } : {}),
        ...(finished ?? halted ?? asked ?? handoff ?? gaveUp),
      },
      trace: [
        {
          kind: "tool",
          data: {
            ...base,
            elapsedMs: Date.now() - ctx.started,
            tool: move.tool,
            inputRef: gated.inputRef,
            outputRef: gated.outputRef,
            error: failed,
            ...(ran.policy === null ? {} : { policy: ran.policy }),
          },
        },
        ...(effects.collected === null
          ? []
          : [
              {
                kind: "gc" as const,
                data: {
                  unreachable: effects.collected.unreachable,
                  unstaged: effects.collected.unstaged,
                },
              },
            ]),
        ...autofixTrace,
      ],
    },
  };
}
