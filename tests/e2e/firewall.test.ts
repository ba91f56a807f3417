// A firewall per hive on the running cluster: firewall.yaml given by its route,
// hostile files refused, BLOCK and ASK met by sessions whose moves come from the
// local policy, ASK approved over a partysocket and denied with `lethe answer`.
import { describe, it } from "vitest";
import { answerCommand } from "../../cli/commands/sessions.ts";
import { createContext } from "../../cli/commands/context.ts";
import { firewallCommand } from "../../cli/commands/firewall.ts";
import type { ServerMessage } from "../../shared/protocol.ts";
import { subscribe, type Subscriber } from "./helpers.ts";
import { scenarioCluster, type HiveHandle } from "./scenarios/harness.ts";
import { SUM_MISSION, TWO_FILES } from "./scenarios/fixtures.ts";

const env = scenarioCluster(0, "firewall");

const ASK_LIMITS = (timeoutSeconds = 300) => `version: 1
default: ALLOW
ask_timeout_seconds: ${timeoutSeconds}
rules:
  - id: limits-need-a-person
    tool: apply_patch
    action: ASK
    field: path
    matches: "^src/limits\\\\.ts$"
    reason: changing limits needs a person
`;

async function putFirewall(hive: HiveHandle, text: string) {
  const response = await fetch(`${env().cluster.url}/v1/hives/${hive.name}/firewall`, {
    method: "PUT",
    headers: { authorization: `Bearer ${hive.key}`, "content-type": "text/yaml" },
    body: text,
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      error?: { code: string; message: string };
      issues?: Array<{ line?: number; message: string }>;
      firewall?: { ruleCount: number } | null;
    },
  };
}

/** Reads frames until one matches (the others are step and page events). */
async function frame<T extends ServerMessage["type"]>(
  sub: Subscriber,
  type: T,
  timeoutMs = 60_000,
): Promise<Extract<ServerMessage, { type: T }>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = await sub.next(Math.max(1, deadline - Date.now()));
    if (message.type === type) {
      return message as Extract<ServerMessage, { type: T }>;
    }
  }
}

async function waitFor(hive: HiveHandle, id: string, status: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await hive.call("GET", `/v1/sessions/${id}/state`);
    if (state.body.status === status) {
      return state.body as { step: number; pending: { decisionId?: string } | null };
    }
    if (Date.now() > deadline) {
      const run = await hive.read(id);
      throw new Error(
        `session ${id} is ${String(state.body.status)}, not ${status}: ${JSON.stringify(state.body.pending)}\n${run.turns.map((t) => `${t.step} ${t.role}: ${t.content.slice(0, 200)}`).join("\n")}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("firewall per hive", () => {
  it("refuses hostile firewall files with a typed error and keeps the stored one", async ({
    expect,
  }) => {
    const hive = await env().hive("fw-hostile");
    expect((await putFirewall(hive, ASK_LIMITS())).status).toBe(200);
    const invalid = await putFirewall(hive, "rules: [\n  - id: a\n    tool: :::\n");
    expect(invalid.status).toBe(400);
    expect(invalid.body.error?.code).toBe("FIREWALL_INVALID");
    const duplicate = await putFirewall(
      hive,
      "default: ALLOW\nrules:\n  - id: same\n    tool: write_file\n    action: BLOCK\n  - id: same\n    tool: apply_patch\n    action: BLOCK\n",
    );
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.error?.message).toContain("duplicate rule id");
    expect(duplicate.body.issues?.[0]?.line).toBe(6);
    const redos = await putFirewall(
      hive,
      'default: ALLOW\nrules:\n  - id: slow\n    tool: write_file\n    action: BLOCK\n    field: path\n    matches: "(a+)+$"\n',
    );
    expect(redos.status).toBe(400);
    expect(redos.body.error?.code).toBe("FIREWALL_INVALID");
    const huge = await putFirewall(hive, `# ${"x".repeat(5 * 1024 * 1024)}\n`);
    expect(huge.status).toBe(413);
    expect(huge.body.error?.code).toBe("PAYLOAD_TOO_LARGE");
    // None of the refused files replaced the stored one.
    const shown: string[] = [];
    const ctx = createContext({
      url: env().cluster.url,
      key: hive.key,
      out: (l) => shown.push(l),
      env: {},
    });
    await firewallCommand(["show", hive.name], ctx);
    expect(shown[0]).toContain("1 rules, default ALLOW");
    expect(shown.join("\n")).toContain("limits-need-a-person");
  });

  it("BLOCK refuses the move with the rule's line and hint; nothing is written", async ({
    expect,
  }) => {
    const hive = await env().hive("fw-block", TWO_FILES);
    const set = await putFirewall(
      hive,
      'default: ALLOW\nrules:\n  - id: no-limits\n    tool: apply_patch\n    action: BLOCK\n    field: path\n    matches: "limits"\n    reason: limits are frozen\n    hint: report the value instead of writing it\n',
    );
    expect(set.status).toBe(200);
    const run = await hive.run({ mission: SUM_MISSION });
    const refused = run.trace.filter((e) => e.kind === "refused");
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]?.data).toMatchObject({
      tool: "apply_patch",
      verdict: "deny",
      rule: { source: "firewall", id: "no-limits", line: 3 },
    });
    const told = run.moves.find((m) => m.tool === "apply_patch");
    expect(told?.output).toContain("limits are frozen");
    expect(told?.output).toContain("[HINT] report the value instead of writing it");
    expect(await hive.file("src/limits.ts")).toContain("MAX_WAIT = 0;");
  });

  it("ASK pauses and asks on the socket; a partysocket approve runs the move once; a wrong decision id, a second approve and another hive's key are refused", async ({
    expect,
  }) => {
    const hive = await env().hive("fw-approve", TWO_FILES);
    expect((await putFirewall(hive, ASK_LIMITS())).status).toBe(200);
    const id = await hive.create({ mission: SUM_MISSION });
    const sub = subscribe(env().cluster, "agent-session", id, { key: hive.key });
    try {
      await frame(sub, "session.state");
      await hive.call("POST", `/v1/sessions/${id}/start`);
      const question = await frame(sub, "session.question");
      expect(question).toMatchObject({ kind: "decision", tool: "apply_patch" });
      expect(question.question).toContain("changing limits needs a person");
      const paused = await waitFor(hive, id, "paused");
      expect(paused.pending?.decisionId).toBe(question.decisionId);
      // The move waits: the file is unchanged.
      expect(await hive.file("src/limits.ts")).toContain("MAX_WAIT = 0;");

      const wrong = await hive.call("POST", `/v1/sessions/${id}/answer`, {
        decision: "approve",
        decisionId: "someone-elses-decision",
      });
      expect(wrong.status).toBe(409);
      expect((wrong.body.error as { code: string }).code).toBe("WRONG_DECISION");
      const other = await env().hive("fw-other");
      const foreign = await other.call("POST", `/v1/sessions/${id}/answer`, {
        decision: "approve",
      });
      // Another hive's key cannot tell this session from a missing one.
      expect(foreign.status).toBe(404);

      sub.socket.send(
        JSON.stringify({
          type: "session.answer",
          decision: "approve",
          decisionId: question.decisionId,
        }),
      );
      const answered = await frame(sub, "session.answered");
      expect(answered).toMatchObject({ label: "approved", decisionId: question.decisionId });
      const done = await waitFor(hive, id, "finished");
      expect(await hive.file("src/limits.ts")).toContain("MAX_WAIT = 34;");

      const twice = await hive.call("POST", `/v1/sessions/${id}/answer`, { decision: "approve" });
      expect(twice.status).toBe(409);
      expect((twice.body.error as { code: string }).code).toBe("NOT_PAUSED");

      const run = await hive.read(id);
      expect(
        run.moves.filter((m) => m.tool === "apply_patch" && m.output.includes("[TOOL ERROR]")),
      ).toEqual([]);
      const decisions = run.trace.filter((e) => e.kind === "human");
      expect(decisions).toHaveLength(1);
      expect(decisions[0]?.data).toMatchObject({
        label: "approved",
        decisionId: question.decisionId,
      });
      // What the model received when it made the approved move.
      const envelope = await hive.call("GET", `/v1/sessions/${id}/envelope?step=${done.step - 1}`);
      const messages = envelope.body.messages as Array<{ content: string }>;
      expect(messages.some((m) => m.content.includes("[HUMAN] approved apply_patch"))).toBe(true);
    } finally {
      sub.close();
    }
  });

  it("ASK denied with `lethe answer --deny`, and an unanswered ASK expires as a deny", async ({
    expect,
  }) => {
    const hive = await env().hive("fw-deny", TWO_FILES);
    expect((await putFirewall(hive, ASK_LIMITS())).status).toBe(200);
    const id = await hive.create({ mission: SUM_MISSION });
    await hive.call("POST", `/v1/sessions/${id}/start`);
    const ctx = createContext({
      url: env().cluster.url,
      key: hive.key,
      out: () => undefined,
      env: {},
    });
    // The policy tries the patch twice; both are denied.
    for (let i = 0; i < 2; i++) {
      await waitFor(hive, id, "paused");
      await answerCommand([id, "--deny"], ctx);
    }
    await waitFor(hive, id, "finished");
    expect(await hive.file("src/limits.ts")).toContain("MAX_WAIT = 0;");
    const labels = (await hive.read(id)).trace
      .filter((e) => e.kind === "human")
      .map((e) => (e.data as { label: string }).label);
    expect(labels).toEqual(["denied", "denied"]);

    // An ASK nobody answers lapses into a deny; an approve arriving after it changes nothing.
    const late = await env().hive("fw-expire", TWO_FILES);
    expect((await putFirewall(late, ASK_LIMITS(1))).status).toBe(200);
    const lateId = await late.create({ mission: SUM_MISSION });
    await late.call("POST", `/v1/sessions/${lateId}/start`);
    const first = await waitFor(late, lateId, "paused");
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const tooLate = await late.call("POST", `/v1/sessions/${lateId}/answer`, {
      decision: "approve",
      decisionId: first.pending?.decisionId,
    });
    expect(tooLate.status).toBe(409);
    const trace = (await late.read(lateId)).trace.filter((e) => e.kind === "human");
    expect(trace[0]?.data).toMatchObject({
      label: "denied",
      decisionId: first.pending?.decisionId,
    });
  });
});
