import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { encodeScript, type ScriptEntry } from "../../shared/model/script.ts";
import { SessionConfigSchema, type SessionConfigInput } from "../../shared/session/config.ts";

async function hiveWith(files: Record<string, string>) {
  const hive = `loop-${crypto.randomUUID().slice(0, 8)}`;
  const written = await env.Hive.getByName(hive)
    .workspace()
    .write({
      files: Object.entries(files).map(([path, content]) => ({ path, content })),
      message: "fixture",
    });
  if (!written.ok) {
    throw new Error(written.message);
  }
  return hive;
}

async function runMission(hive: string, overrides: Partial<SessionConfigInput>, maxAlarms = 40) {
  const stub = env.AgentSession.getByName(`s-${crypto.randomUUID()}`);
  const created = await stub.init(SessionConfigSchema.parse({ hive, mission: "m", ...overrides }));
  if (!created.ok) {
    throw new Error(created.message);
  }
  const started = await stub.start();
  if (!started.ok) {
    throw new Error(started.message);
  }
  for (let i = 0; i < maxAlarms; i++) {
    const view = await stub.view();
    if (!view.ok || view.value.status !== "running") {
      break;
    }
    await runDurableObjectAlarm(stub);
  }
  const state = await stub.state();
  if (!state.ok) {
    throw new Error(state.message);
  }
  return { stub, state: state.value };
}

const TWO_FILES = {
  "src/config.ts": "// Network settings.\nexport const TIMEOUT = 30;\n",
  "src/retry.ts": "export const RETRIES = 4;\n",
  "src/limits.ts": "// Upper bound on waiting, in seconds.\nexport const MAX_WAIT = 0;\n",
};

describe("the agent loop on the local model", () => {
  it("finds two values in two files, sums them from artifacts and patches the code", async ({
    expect,
  }) => {
    const hive = await hiveWith(TWO_FILES);
    const { stub, state } = await runMission(hive, {
      mission:
        "Find TIMEOUT in src/config.ts and RETRIES in src/retry.ts, save both, compute their sum and set MAX_WAIT in src/limits.ts to it.",
      l1Tokens: 512,
    });
    expect(state.status).toBe("finished");
    expect(state.outcome?.status).toBe("achieved");
    const h = env.Hive.getByName(hive);
    expect(await h.get("timeout")).toMatchObject({ ok: true, value: { value: 30, kind: "fact" } });
    expect(await h.get("retries")).toMatchObject({ ok: true, value: { value: 4 } });
    const limits = await h.workspace().read("src/limits.ts");
    expect(limits.ok && limits.value.text).toContain("MAX_WAIT = 34;");

    // Every step: L1 under its 512-token budget, never two unpinned files at once.
    for (let step = 1; step <= state.step; step++) {
      const past = await stub.asOf(step);
      if (!past.ok) {
        throw new Error(past.message);
      }
      const pages = past.value.state.pager.pages;
      expect(pages.reduce((n, p) => n + p.tokens, 0)).toBeLessThanOrEqual(512);
      expect(pages.filter((p) => p.kind === "file" && !p.pinned).length).toBeLessThanOrEqual(1);
    }
    // The answer came out of calculate over the artifacts, and the trace points at it.
    const trace = await stub.traceEvents(0, 200);
    const tools = trace.filter((e) => e.kind === "tool").map((e) => String(e.data.tool));
    expect(tools).toEqual(
      expect.arrayContaining([
        "stage_context",
        "save_artifact",
        "calculate",
        "apply_patch",
        "finish",
      ]),
    );
    const calculated = trace.find((e) => e.data.tool === "calculate");
    const outputRef = String(calculated?.data.outputRef);
    const output = await stub.resolveRef(outputRef);
    expect(output.ok && output.value.content).toMatch(/= 34$/m);
  });

  it("lets a second agent use the first agent's artifact without reading its file", async ({
    expect,
  }) => {
    const hive = await hiveWith(TWO_FILES);
    const first = await runMission(hive, {
      agent: "agent-a",
      mission: "Find TIMEOUT in src/config.ts and save it.",
    });
    expect(first.state.status).toBe("finished");
    const second = await runMission(hive, {
      agent: "agent-b",
      mission:
        "Find RETRIES in src/retry.ts, save it, compute the sum of timeout and retries and set MAX_WAIT in src/limits.ts to it.",
    });
    expect(second.state.outcome?.status).toBe("achieved");
    const trace = await second.stub.traceEvents(0, 200);
    const staged = trace
      .filter((e) => e.data.tool === "stage_context")
      .map((e) => String(e.data.inputRef));
    const stagedArgs = await Promise.all(staged.map((r) => second.stub.resolveRef(r)));
    expect(stagedArgs.map((a) => (a.ok ? a.value.content : ""))).not.toContain(
      JSON.stringify({ path: "src/config.ts" }),
    );
    const limits = await env.Hive.getByName(hive).workspace().read("src/limits.ts");
    expect(limits.ok && limits.value.text).toContain("MAX_WAIT = 34;");
  });

  it("forces a tool-free self-assessment when the model never finishes", async ({ expect }) => {
    const hive = await hiveWith(TWO_FILES);
    // Entry n answers the request that already holds n assistant turns: 3 steps, then the assessment.
    const wander: ScriptEntry[] = Array.from({ length: 3 }, (_, i) => ({
      tool_calls: [{ name: "search", arguments: { query: `wander ${i}` } }],
    }));
    const script = encodeScript([
      ...wander,
      '{"status": "partially_achieved", "summary": "searched but found nothing", "next": "stage src/config.ts"}',
    ]);
    const { state } = await runMission(hive, { mission: "Find TIMEOUT.", stepBudget: 3, script });
    expect(state.status).toBe("finished");
    // The outcome is vouched for: on the stand-in it says so, naming LETHE_MODEL_BASE_URL.
    expect(state.outcome).toEqual({
      status: "partially_achieved",
      summary: "searched but found nothing",
      next: "stage src/config.ts",
      reason: expect.stringContaining("LETHE_MODEL_BASE_URL"),
    });
    expect(state.step).toBe(4);
  });

  it("stops a model that repeats the same move and asks the person", async ({ expect }) => {
    const hive = await hiveWith(TWO_FILES);
    const same: ScriptEntry = { tool_calls: [{ name: "search", arguments: { query: "timeout" } }] };
    const { state } = await runMission(hive, {
      mission: "Find TIMEOUT.",
      script: encodeScript([same, same, same, same]),
    });
    expect(state.status).toBe("paused");
    expect(state.pending?.kind).toBe("question");
    expect(state.gatekeeper.lastMove?.tool).toBe("search");
  });

  it("halts after malformed answers in a row instead of hanging", async ({ expect }) => {
    const hive = await hiveWith(TWO_FILES);
    const { state } = await runMission(hive, {
      mission: "Find TIMEOUT.",
      script: encodeScript(["I think maybe", "???", "no json here either", "still nothing"]),
    });
    expect(state.status).toBe("halted");
    expect(state.outcome?.reason).toBe("model errors in a row");
  });

  it("switches strategy: the architect's phase hands over to the implementer", async ({
    expect,
  }) => {
    const hive = await hiveWith(TWO_FILES);
    const { stub, state } = await runMission(hive, {
      mission:
        "Find TIMEOUT in src/config.ts and RETRIES in src/retry.ts, save both, compute their sum and set MAX_WAIT in src/limits.ts to it.",
      strategy: ["architect", "implementer"],
    });
    expect(state.status).toBe("finished");
    expect(state.persona).toBe("implementer");
    const transcript = await stub.transcript(0, 200);
    const turns = transcript.ok ? transcript.value.turns.map((t) => t.content) : [];
    expect(
      turns.some((t) => t.startsWith("[STRATEGY SWITCH] architect handed over to implementer")),
    ).toBe(true);
    // The architect may not edit; the implementer did.
    const limits = await env.Hive.getByName(hive).workspace().read("src/limits.ts");
    expect(limits.ok && limits.value.text).toContain("MAX_WAIT = 34;");
  });

  it("auto-fixes a failed move from the previous checkpoint twice, then halts", async ({
    expect,
  }) => {
    const hive = await hiveWith(TWO_FILES);
    const badPatch: ScriptEntry = {
      tool_calls: [
        {
          name: "apply_patch",
          arguments: {
            path: "src/limits.ts",
            patch:
              "--- a/src/limits.ts\n+++ b/src/limits.ts\n@@ -9,1 +9,1 @@\n-no such line\n+MAX_WAIT = 1\n",
          },
        },
      ],
    };
    const { stub, state } = await runMission(hive, {
      mission: "Set MAX_WAIT.",
      script: encodeScript([badPatch, badPatch, badPatch, badPatch]),
    });
    expect(state.status).toBe("halted");
    expect(state.outcome?.reason).toBe("auto-fix failed");
    const kinds = (await stub.traceEvents(0, 200))
      .map((e) => e.kind)
      .filter((k) => k.startsWith("autofix/"));
    expect(kinds).toEqual([
      "autofix/attempt",
      "autofix/prune",
      "autofix/travel",
      "autofix/attempt",
      "autofix/prune",
      "autofix/travel",
      "autofix/fail",
    ]);
    const transcript = await stub.transcript(0, 200);
    const lessons = (transcript.ok ? transcript.value.turns : []).filter((t) =>
      t.content.startsWith("[AUTO-FIX RECOVERY]"),
    );
    expect(lessons.length).toBe(2);
    const limits = await env.Hive.getByName(hive).workspace().read("src/limits.ts");
    expect(limits.ok && limits.value.text).toContain("MAX_WAIT = 0;");
  });

  it("verifies first: an artifact whose code changed rolls the session back and halts it", async ({
    expect,
  }) => {
    const hive = await hiveWith(TWO_FILES);
    const stub = env.AgentSession.getByName(`s-${crypto.randomUUID()}`);
    const script = encodeScript([
      { tool_calls: [{ name: "stage_context", arguments: { path: "src/config.ts" } }] },
      {
        tool_calls: [
          {
            name: "save_artifact",
            arguments: { key: "timeout", value: 30, evidence: ["src/config.ts:2"] },
          },
        ],
      },
      { tool_calls: [{ name: "search", arguments: { query: "retries" } }] },
    ]);
    await stub.init(
      SessionConfigSchema.parse({ hive, mission: "Find TIMEOUT and save it.", script }),
    );
    await stub.start();
    await runDurableObjectAlarm(stub); // stage
    await runDurableObjectAlarm(stub); // save, citing src/config.ts@v1:2-2
    const saved = await env.Hive.getByName(hive).get("timeout");
    expect(saved.ok && saved.value.provenance.source).toBe("src/config.ts@v1:2-2");
    // Someone changes the code the artifact was extracted from.
    await env.Hive.getByName(hive)
      .workspace()
      .write({
        files: [
          { path: "src/config.ts", content: "// Network settings.\nexport const TIMEOUT = 45;\n" },
        ],
      });
    await runDurableObjectAlarm(stub);
    const state = await stub.state();
    expect(state.ok && state.value.status).toBe("halted");
    expect(state.ok && state.value.outcome?.reason).toBe("verify-first");
    // Rolled back to before the save: the stale fact is not in this session's L1 or history.
    const transcript = await stub.transcript(0, 100);
    const turns = transcript.ok ? transcript.value.turns.map((t) => t.content) : [];
    expect(turns.some((t) => t.startsWith("saved timeout"))).toBe(false);
    expect(turns.at(-1)).toContain(
      "[VERIFY-FIRST] verify-first: timeout@1 cites src/config.ts@v1:2-2",
    );
  });

  it("keeps secrets out of the hive and the trace in a clean room", async ({ expect }) => {
    const hive = await hiveWith({
      "src/env.ts": "export const API_KEY = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD';\n",
    });
    const secret = "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD";
    const script = encodeScript([
      { tool_calls: [{ name: "stage_context", arguments: { path: "src/env.ts" } }] },
      {
        tool_calls: [
          {
            name: "save_artifact",
            arguments: { key: "api.key", value: secret, evidence: ["src/env.ts:1"] },
          },
        ],
      },
      { tool_calls: [{ name: "finish", arguments: { status: "achieved", summary: "recorded" } }] },
    ]);
    const { stub, state } = await runMission(hive, {
      mission: "Find the API key and save it.",
      persona: "clean-room",
      script,
    });
    expect(state.status).toBe("finished");
    const saved = await env.Hive.getByName(hive).get("api.key");
    expect(saved.ok && JSON.stringify(saved.value.value)).not.toContain(secret);
    for (let step = 1; step <= state.step; step++) {
      const past = await stub.asOf(step);
      expect(past.ok && JSON.stringify(past.value.state)).not.toContain(secret);
    }
    for (const event of await stub.traceEvents(0, 100)) {
      for (const ref of [event.data.inputRef, event.data.outputRef]) {
        if (typeof ref === "string") {
          const stored = await stub.resolveRef(ref);
          expect(stored.ok && stored.value.content).not.toContain(secret);
        }
      }
    }
  });

  it("points checkpoints at workspace versions, and a rollback restores the files it wrote", async ({
    expect,
  }) => {
    const hive = await hiveWith(TWO_FILES);
    const { stub, state } = await runMission(hive, {
      mission:
        "Find TIMEOUT in src/config.ts and RETRIES in src/retry.ts, save both, compute their sum and set MAX_WAIT in src/limits.ts to it.",
    });
    expect(state.written).toEqual(["src/limits.ts"]);
    const h = env.Hive.getByName(hive);
    const head = await h.workspace().manifest("head", undefined, 1);
    expect(state.workspaceManifest).toBe(head.ok && head.value.id);
    const start = await stub.manifest("start");
    expect(start.ok && start.value.workspaceManifest).toMatch(/^wsm_1_/);
    expect((await h.workspace().read("src/limits.ts")).ok).toBe(true);

    const back = await stub.rollback("start");
    expect(back.ok).toBe(true);
    const limits = await h.workspace().read("src/limits.ts");
    expect(limits.ok && limits.value.text).toContain("MAX_WAIT = 0;");
    const after = await stub.state();
    expect(after.ok && after.value.written).toEqual([]);
    // Files other sessions or people wrote are not touched.
    const config = await h.workspace().read("src/config.ts");
    expect(config.ok && config.value.text).toContain("TIMEOUT = 30;");
  });
});
