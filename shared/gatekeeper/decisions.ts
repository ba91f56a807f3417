// ASK verdicts carry a pending decision; AgentSession pauses on it, asks over its
// WebSocket and resolves it with these helpers (pure: the clock is passed in).
import type { PendingDecision, Verdict } from "./verdict.ts";
import { refusal } from "./verdict.ts";

export type HumanAnswer = "approve" | "deny";

/** The verdict a person's answer turns the pending move into; too late counts as denied. */
export function resolveDecision(
  pending: PendingDecision,
  answer: HumanAnswer,
  now: number,
  note?: string,
): Verdict {
  const timedOut = expireDecision(pending, now);
  if (timedOut) {
    return timedOut;
  }
  if (answer === "approve") {
    return {
      verdict: "allow",
      rule: { source: "human", id: pending.decisionId },
      reason: `a person approved ${pending.tool} (asked by firewall rule ${pending.rule.id})`,
      hint: "",
      args: pending.args,
    };
  }
  return refusal(
    { source: "human", id: pending.decisionId },
    `a person denied ${pending.tool}${note ? `: ${note}` : ""}`,
    "do not retry this move; choose another approach or ask_human what they want instead",
  );
}

/** A deny verdict when the decision's time is up, otherwise undefined (still waiting). */
export function expireDecision(pending: PendingDecision, now: number): Verdict | undefined {
  if (now < pending.expiresAt) {
    return undefined;
  }
  return refusal(
    { source: "timeout", id: pending.decisionId },
    `nobody approved ${pending.tool} before the decision expired`,
    "continue without this move, or ask_human and wait for the person",
  );
}
