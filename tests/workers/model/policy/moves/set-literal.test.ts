import { describe, it } from "vitest";
import { filePage, play, tools } from "./play.ts";
import { dataMessage } from "../../../../../shared/context/untrusted.ts";

const OFFERED = tools("stage_context", "save_artifact", "apply_patch", "search", "finish");
const FILE = "# Pool sizes.\nWORKERS = 2\nQUEUE_DEPTH = 64\n";

describe("set a named value to a number the mission gives", () => {
  it("reads the file, patches the assigning line and reports it done", ({ expect }) => {
    const moves = play("Set QUEUE_DEPTH in pool/sizes.py to 128.", OFFERED, (m) =>
      m.tool === "stage_context"
        ? filePage("pool/sizes.py", FILE)
        : { result: "patched pool/sizes.py: 1 hunk applied" },
    );
    expect(moves.map((m) => m.tool)).toEqual(["stage_context", "apply_patch", "finish"]);
    expect(moves[1]?.args.patch).toBe(
      "--- a/pool/sizes.py\n+++ b/pool/sizes.py\n@@ -3,1 +3,1 @@\n-QUEUE_DEPTH = 64\n+QUEUE_DEPTH = 128\n",
    );
    expect(moves[2]?.args).toMatchObject({ status: "achieved" });
  });

  it("reports a refused patch as not achieved, quoting the refusal", ({ expect }) => {
    const moves = play("Set WORKERS in pool/sizes.py to 8.", OFFERED, (m) =>
      m.tool === "stage_context"
        ? filePage("pool/sizes.py", FILE)
        : {
            result:
              "[GATEKEEPER REFUSAL] apply_patch is outside the protocol of the skill\n[HINT] re-read it",
          },
    );
    expect(moves.at(-1)?.args).toMatchObject({
      status: "not_achieved",
      summary: expect.stringContaining("outside the protocol"),
    });
  });

  it("reads the symbol's own lines when L1 refuses the whole file, and patches at the file's line", ({
    expect,
  }) => {
    const moves = play("Set QUEUE_DEPTH in pool/sizes.py to 128.", OFFERED, (m) => {
      if (m.tool === "stage_context" && m.args.symbol === undefined) {
        return {
          result:
            "staged pool/sizes.py (lines 1-900 of 900)\n[L1 REFUSED] PAGE_TOO_LARGE: page pool/sizes.py has 9000 tokens, L1 holds 512\n[HINT] Stage a symbol or a slice",
        };
      }
      if (m.tool === "stage_context") {
        return {
          result: "staged pool/sizes.py:412-412 (variable QUEUE_DEPTH, lines 412-412 of 900)",
          page: {
            id: "pool/sizes.py:412-412",
            sourceRef: "file:pool/sizes.py@1:412-412",
            content: "QUEUE_DEPTH = 64",
          },
        };
      }
      return { result: "patched pool/sizes.py: 1 hunk applied" };
    });
    expect(moves[1]).toEqual({
      tool: "stage_context",
      args: { symbol: "QUEUE_DEPTH", path: "pool/sizes.py" },
    });
    expect(moves[2]?.args.patch).toContain(
      "@@ -412,1 +412,1 @@\n-QUEUE_DEPTH = 64\n+QUEUE_DEPTH = 128\n",
    );
  });

  it("does not claim a change when the name is not assigned in the file", ({ expect }) => {
    const moves = play("Set RETRIES in pool/sizes.py to 3.", OFFERED, () =>
      filePage("pool/sizes.py", FILE),
    );
    expect(moves.some((m) => m.tool === "apply_patch")).toBe(false);
    expect(moves.at(-1)?.args).toMatchObject({ status: "not_achieved" });
  });
});

describe("after a failed patch is travelled back from", () => {
  it("reads the file again before the next patch, instead of resending the stale one", async ({
    expect,
  }) => {
    const { agentMove } = await import("../../../../../workers/model/policy/moves/agent-policy.ts");
    const stage = {
      id: "c1",
      type: "function" as const,
      function: { name: "stage_context", arguments: '{"path":"pool/sizes.py"}' },
    };
    const request = {
      model: "lethe-local",
      tools: OFFERED,
      messages: [
        { role: "system" as const, content: "[TASK ANCHOR]\nSet WORKERS in pool/sizes.py to 8." },
        dataMessage("[L1 file pool/sizes.py | file:pool/sizes.py@1:1-3]", FILE),
        { role: "assistant" as const, content: null, tool_calls: [stage] },
        {
          role: "tool" as const,
          tool_call_id: "c1",
          content: "staged pool/sizes.py (lines 1-3 of 3)",
        },
        {
          role: "user" as const,
          content:
            "[AUTO-FIX RECOVERY]\nPrevious attempt failed: apply_patch: [TOOL ERROR] PATCH_REJECTED: hunk 1 does not match\nPlease analyze the error and try a different approach.",
        },
      ],
    };
    expect(agentMove(request)).toMatchObject({
      tool: "stage_context",
      args: { path: "pool/sizes.py" },
    });
    // Once read again, the patch is built from the fresh page.
    const again = {
      ...request,
      messages: [
        ...request.messages,
        { role: "assistant" as const, content: null, tool_calls: [{ ...stage, id: "c2" }] },
        {
          role: "tool" as const,
          tool_call_id: "c2",
          content: "staged pool/sizes.py (lines 1-3 of 3)",
        },
      ],
    };
    expect(agentMove(again)).toMatchObject({ tool: "apply_patch" });
  });
});

describe("a patch held for a person's approval", () => {
  const ask = "[SYSTEM NOTICE] sizes need a person: waiting for a person to approve\n[HINT] wait";
  it("is made again once approved, and reported plainly when denied", async ({ expect }) => {
    const { agentMove } = await import("../../../../../workers/model/policy/moves/agent-policy.ts");
    const history = (answer: string) => ({
      model: "lethe-local",
      tools: OFFERED,
      messages: [
        { role: "system" as const, content: "[TASK ANCHOR]\nSet WORKERS in pool/sizes.py to 8." },
        dataMessage("[L1 file pool/sizes.py | file:pool/sizes.py@1:1-3]", FILE),
        {
          role: "assistant" as const,
          content: null,
          tool_calls: [
            {
              id: "c1",
              type: "function" as const,
              function: { name: "apply_patch", arguments: '{"path":"pool/sizes.py","patch":"x"}' },
            },
          ],
        },
        { role: "tool" as const, tool_call_id: "c1", content: ask },
        { role: "user" as const, content: answer },
      ],
    });
    expect(
      agentMove(history("[HUMAN] approved apply_patch: you may now make it again.")),
    ).toMatchObject({
      tool: "apply_patch",
    });
    expect(agentMove(history("[HUMAN] denied apply_patch: choose another way."))).toMatchObject({
      tool: "finish",
      args: { status: "not_achieved", summary: expect.stringContaining("denied") },
    });
  });
});
