// Starting, pausing and answering a mission: the transitions of a session's
// status that happen outside a step. Pure decisions; AgentSession applies them.
import { z } from "zod";
import { acknowledgeHuman } from "../gatekeeper/state.ts";
import type { SessionState } from "./step.ts";

export const AnswerSchema = z.strictObject({
  /** For a gatekeeper ASK: approve or deny the pending move. */
  decision: z.enum(["approve", "deny"]).optional(),
  /** For a question: the person's answer, added to the transcript. */
  text: z.string().min(1).max(8_000).optional(),
  /** The decision this answer is for (from the session.question frame); another one is refused. */
  decisionId: z.string().min(1).max(200).optional(),
});
export type Answer = z.infer<typeof AnswerSchema>;

export type ControlErrorCode = "NOT_STARTABLE" | "NOT_PAUSED" | "BAD_ANSWER" | "WRONG_DECISION";

export type Transition =
  | { ok: true; patch: Partial<SessionState>; turn?: string; label: string }
  | { ok: false; code: ControlErrorCode; message: string; hint: string };

export function startTransition(state: SessionState): Transition {
  if (state.status === "running") {
    return { ok: true, patch: {}, label: "start" };
  }
  if (state.status !== "idle") {
    return {
      ok: false,
      code: "NOT_STARTABLE",
      message: `the session is ${state.status}`,
      hint:
        state.status === "paused"
          ? "answer the pending question with POST /v1/sessions/:id/answer"
          : "fork the session from a checkpoint to run again",
    };
  }
  return { ok: true, patch: { status: "running" }, label: "start" };
}

export function pauseTransition(state: SessionState): Transition {
  if (state.status !== "running") {
    return {
      ok: false,
      code: "NOT_STARTABLE",
      message: `the session is ${state.status}`,
      hint: "only a running session pauses",
    };
  }
  return {
    ok: true,
    patch: {
      status: "paused",
      pending: { kind: "question", question: "paused by a person: answer to resume" },
    },
    label: "pause",
  };
}

/** A person's answer (or the ASK timeout, as a deny) resumes a paused session. */
export function answerTransition(state: SessionState, answer: Answer, now: number): Transition {
  const pending = state.pending;
  if (state.status !== "paused" || pending === null) {
    return {
      ok: false,
      code: "NOT_PAUSED",
      message: `the session is ${state.status}`,
      hint: "answers are for a paused session",
    };
  }
  if (answer.decisionId !== undefined && pending.decisionId !== answer.decisionId) {
    return {
      ok: false,
      code: "WRONG_DECISION",
      message: `this session waits for ${pending.decisionId ?? "an answer to its question"}, not ${answer.decisionId}`,
      hint: "answer the question the session's socket sent last (GET /v1/sessions/:id/state shows it)",
    };
  }
  if (pending.kind === "decision") {
    const expired = pending.expiresAt !== undefined && now >= pending.expiresAt;
    const decision = expired ? "deny" : answer.decision;
    if (decision === undefined) {
      return {
        ok: false,
        code: "BAD_ANSWER",
        message: "this pause waits for a decision",
        hint: 'send {"decision": "approve"} or {"decision": "deny"}',
      };
    }
    const turn =
      decision === "approve"
        ? `[HUMAN] approved ${pending.tool ?? "the move"}: you may now make it again.`
        : `[HUMAN] ${expired ? "no answer in time: denied" : "denied"} ${pending.tool ?? "the move"}: choose another way.`;
    return {
      ok: true,
      patch: {
        status: "running",
        pending: null,
        // A person stepped in: the gatekeeper's loops, cycles and streaks start over.
        gatekeeper: acknowledgeHuman(state.gatekeeper),
        ...(decision === "approve"
          ? { approved: { tool: pending.tool ?? "", args: pending.args ?? "" } }
          : {}),
      },
      turn,
      label: decision === "approve" ? "approved" : "denied",
    };
  }
  if (answer.text === undefined) {
    return {
      ok: false,
      code: "BAD_ANSWER",
      message: "this pause waits for an answer",
      hint: 'send {"text": "..."}',
    };
  }
  return {
    ok: true,
    patch: { status: "running", pending: null, gatekeeper: acknowledgeHuman(state.gatekeeper) },
    turn: `[HUMAN] ${answer.text}`,
    label: "answered",
  };
}
