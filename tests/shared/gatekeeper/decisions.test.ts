import { describe, it } from "vitest";
import { admit } from "../../../shared/gatekeeper/admit.ts";
import { expireDecision, resolveDecision } from "../../../shared/gatekeeper/decisions.ts";
import type { PendingDecision } from "../../../shared/gatekeeper/verdict.ts";
import { firewallOf, makeContext, makeMove, NOW } from "./fixtures.ts";

function pendingFromAsk(): PendingDecision {
  const firewall = firewallOf("default: ASK\nask_timeout_seconds: 30\n");
  const { verdict } = admit(makeMove(), makeContext({ firewall }));
  if (!verdict.pending) {
    throw new Error("expected an ASK verdict");
  }
  return verdict.pending;
}

describe("pending decisions", () => {
  it("resumes an approved move with its arguments, recording the person as the rule", ({
    expect,
  }) => {
    const pending = pendingFromAsk();
    expect(pending.expiresAt).toBe(NOW + 30_000);
    expect(resolveDecision(pending, "approve", NOW + 1_000)).toMatchObject({
      verdict: "allow",
      rule: { source: "human", id: pending.decisionId },
      args: pending.args,
    });
  });

  it("turns a denial into a refusal with a reason and a hint", ({ expect }) => {
    const verdict = resolveDecision(pendingFromAsk(), "deny", NOW + 1_000, "not on Fridays");
    expect(verdict).toMatchObject({ verdict: "deny", rule: { source: "human" } });
    expect(verdict.reason).toContain("not on Fridays");
    expect(verdict.hint.length).toBeGreaterThan(0);
  });

  it("denies when nobody answers before the timeout, even if an approval comes late", ({
    expect,
  }) => {
    const pending = pendingFromAsk();
    expect(expireDecision(pending, NOW + 29_999)).toBeUndefined();
    expect(expireDecision(pending, NOW + 30_000)).toMatchObject({
      verdict: "deny",
      rule: { source: "timeout" },
    });
    expect(resolveDecision(pending, "approve", NOW + 31_000)).toMatchObject({
      verdict: "deny",
      rule: { source: "timeout" },
    });
  });
});
