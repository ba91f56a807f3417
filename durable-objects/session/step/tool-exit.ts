// The step whose tool ran, as a StepExit: its turns, L1 operations, kept content and
// trace, with the state the session is left in as decided by tool-exit-table.ts.
// Called by agent-step.ts after the gate stage.
import type { ToolMove } from "../../../shared/driver/move.ts";
import { recordToolResult } from "../../../shared/gatekeeper/state.ts";
import type { StepDraft } from "./commit-step.ts";
import type { Admitted, Effects, Gated, MoveTrace, Ran, StepContext, StepExit } from "./context.ts";
import { stepTurns } from "./exits.ts";
import { MAX_AUTOFIX_ATTEMPTS } from "./recover.ts";
import { decideToolExit, type AutofixStep, type ToolEnd } from "./tool-exit-table.ts";

type Patch = NonNullable<StepDraft["patch"]>;

/** The session state an end leaves behind (`running` changes nothing). */
function endPatch(
  end: ToolEnd,
  ctx: StepContext,
  ran: Ran,
  effects: Effects,
  output: string,
): Patch {
  const { outcome } = ran;
  switch (end) {
    case "finished":
      return effects.vouched === null ? {} : { status: "finished", outcome: effects.vouched };
    case "paused-by-halt":
      return {
        status: "paused",
        outcome: null,
        pending: { kind: "question", question: outcome.ask?.question ?? "" },
      };
    case "halted": {
      const reason = outcome.halt?.reason ?? "";
      return {
        status: "halted",
        outcome: { status: "halted", summary: reason, reason },
        pending: null,
      };
    }
    case "asked":
      return outcome.ask === undefined
        ? {}
        : { status: "paused", pending: { kind: "question", ...outcome.ask } };
    case "handoff":
      return effects.handoff === null ? {} : { persona: effects.handoff, status: "running" };
    case "gave-up":
      return {
        status: "halted",
        outcome: {
          status: "halted",
          summary: `auto-fix gave up after ${ctx.state.autofix} attempts: ${output.split("\n")[0] ?? ""}`,
          reason: "auto-fix failed",
        },
      };
    case "running":
      return {};
  }
}

/** The auto-fix loop's trace event for the step, if any. */
function autofixTrace(step: AutofixStep, ctx: StepContext, tool: string, output: string) {
  const attempts = ctx.state.autofix;
  switch (step) {
    case "give-up":
      return [
        {
          kind: "autofix/fail" as const,
          data: { attempts, tool, error: output.slice(0, 500) },
        },
      ];
    case "retry":
      return [
        {
          kind: "autofix/attempt" as const,
          data: { attempt: attempts + 1, tool, error: output.slice(0, 500) },
        },
      ];
    case "recovered":
      return [{ kind: "autofix/recover" as const, data: { attempts, tool } }];
    case "none":
      return [];
  }
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
  const decision = decideToolExit({
    failed,
    policyHalt: ran.policyHalt,
    vouched: effects.vouched !== null,
    halt: outcome.halt !== undefined,
    ask: outcome.ask !== undefined,
    handoff: effects.handoff !== null,
    attempts: state.autofix,
    maxAttempts: MAX_AUTOFIX_ATTEMPTS,
    canTravel: ctx.startHead !== null,
  });
  const retry = decision.travel ? ctx.startHead : null;
  return {
    next: decision.next,
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
        ...(effects.handoff === null
          ? []
          : [
              {
                role: "user" as const,
                content: `[STRATEGY SWITCH] ${state.persona} handed over to ${effects.handoff}: ${outcome.finish?.summary ?? ""}${outcome.finish?.next ? `\nNext: ${outcome.finish.next}` : ""}`,
              },
            ]),
      ],
      ops: effects.ops,
      hiveSeqSeen: ctx.hive.hiveSeqSeen,
      kept: [...gated.kept, ...ran.kept],
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
        ...(decision.autofix === "recovered" ? { autofix: 0 } : {}),
        ...endPatch(decision.end, ctx, ran, effects, output),
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
        ...autofixTrace(decision.autofix, ctx, move.tool, output),
      ],
    },
  };
}
