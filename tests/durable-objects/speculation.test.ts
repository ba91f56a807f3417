import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { encodeScript, type ScriptEntry } from "../../shared/model/script.ts";
import { SessionConfigSchema, type SessionConfigInput } from "../../shared/session/config.ts";

const FILES = {
  "src/config.ts": "// Network settings.\nexport const TIMEOUT = 30;\n",
  "src/retry.ts": "export const RETRIES = 4;\n",
  "src/limits.ts": "// Upper bound on waiting, in seconds.\nexport const MAX_WAIT = 0;\n",
};

const PATCH_LIMITS: ScriptEntry = {
  tool_calls: [
    {
      name: "apply_patch",
      arguments: {
        path: "src/limits.ts",
        patch:
          "--- a/src/limits.ts\n+++ b/src/limits.ts\n@@ -2,1 +2,1 @@\n-export const MAX_WAIT = 0;\n+export const MAX_WAIT = 34;\n",
      },
    },
  ],
};
const STAGE_LIMITS: ScriptEntry = {
  tool_calls: [{ name: "stage_context", arguments: { path: "src/limits.ts" } }],
};
const FINISH: ScriptEntry = {
  tool_calls: [{ name: "finish", arguments: { status: "achieved", summary: "MAX_WAIT is 34" } }],
};

async function hiveWith(files: Record<string, string>) {
  const hive = `spec-${crypto.randomUUID().slice(0, 8)}`;
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

async function startSession(hive: string, overrides: Partial<SessionConfigInput>) {
  const name = `s-${crypto.randomUUID()}`;
  const stub = env.AgentSession.getByName(name);
  const created = await stub.init(
    SessionConfigSchema.parse({ hive, mission: "Set MAX_WAIT to 34.", ...overrides }),
  );
  if (!created.ok) {
    throw new Error(created.message);
  }
  const started = await stub.start();
  if (!started.ok) {
    throw new Error(started.message);
  }
  return { stub, name };
}

type Session = Awaited<ReturnType<typeof startSession>>["stub"];

async function stateOf(stub: Session) {
  const state = await stub.state();
  if (!state.ok) {
    throw new Error(state.message);
  }
  return state.value;
}

async function runToEnd(stub: Session, maxAlarms = 20) {
  for (let i = 0; i < maxAlarms; i++) {
    const view = await stub.view();
    if (!view.ok || view.value.status !== "running") {
      break;
    }
    await runDurableObjectAlarm(stub);
  }
  return stateOf(stub);
}

async function headOf(hive: string) {
  const head = await env.Hive.getByName(hive).workspace().manifest("head", undefined, 1);
  if (!head.ok) {
    throw new Error(head.message);
  }
  return head.value;
}

async function limitsText(hive: string) {
  const read = await env.Hive.getByName(hive).workspace().read("src/limits.ts");
  return read.ok ? read.value.text : null;
}

describe("speculative sessions", () => {
  it("work on their own hypothesis and commit it as one version when the mission is achieved", async ({
    expect,
  }) => {
    const hive = await hiveWith(FILES);
    const before = await headOf(hive);
    const { stub, name } = await startSession(hive, {
      speculative: true,
      script: encodeScript([STAGE_LIMITS, PATCH_LIMITS, STAGE_LIMITS, FINISH]),
    });
    await runDurableObjectAlarm(stub); // stage
    await runDurableObjectAlarm(stub); // patch: into the overlay
    let state = await stateOf(stub);
    expect(state.overlay?.map((f) => f.path)).toEqual(["src/limits.ts"]);
    expect(state.written).toEqual([]);
    const view = await stub.view();
    expect(view.ok && view.value.overlay).toEqual(["src/limits.ts"]);
    // The hive still holds the old text while the session runs.
    expect(await limitsText(hive)).toContain("MAX_WAIT = 0;");
    expect((await headOf(hive)).version).toBe(before.version);

    await runDurableObjectAlarm(stub); // stage again: the session sees its own change
    state = await stateOf(stub);
    const page = state.pager.pages.find((p) => p.id === "src/limits.ts");
    expect(page?.content).toContain("MAX_WAIT = 34;");
    expect(page?.sourceRef).toBe("file:src/limits.ts@speculative:1-2");
    expect(await limitsText(hive)).toContain("MAX_WAIT = 0;");

    state = await runToEnd(stub);
    expect(state.status).toBe("finished");
    expect(state.outcome?.status).toBe("achieved");
    expect(state.overlay).toEqual([]);
    expect(state.written).toEqual(["src/limits.ts"]);
    expect(await limitsText(hive)).toContain("MAX_WAIT = 34;");
    const after = await headOf(hive);
    expect(after.version).toBe(before.version + 1);
    expect(state.workspaceManifest).toBe(after.id);
    const history = await env.Hive.getByName(hive).workspace().history(5);
    expect(history.ok && history.value[0]?.message).toContain(name);
    const commits = (await stub.traceEvents(0, 200)).filter((e) => e.kind === "speculation/commit");
    expect(commits.map((e) => e.data.paths)).toEqual([["src/limits.ts"]]);
    const finalView = await stub.view();
    expect(finalView.ok && finalView.value.overlay).toBeUndefined();
  });

  it("finds its own symbols and text in the overlay, at their new lines", async ({ expect }) => {
    const hive = await hiveWith(FILES);
    const grow: ScriptEntry = {
      tool_calls: [
        {
          name: "apply_patch",
          arguments: {
            path: "src/limits.ts",
            patch:
              "--- a/src/limits.ts\n+++ b/src/limits.ts\n@@ -1,2 +1,4 @@\n // Upper bound on waiting, in seconds.\n-export const MAX_WAIT = 0;\n+export const MIN_WAIT = 2;\n+\n+export const MAX_WAIT = 34;\n",
          },
        },
      ],
    };
    const { stub } = await startSession(hive, {
      mission: "Search the code for MIN_WAIT and MAX_WAIT, then patch MAX_WAIT to 34.",
      speculative: true,
      script: encodeScript([
        grow,
        { tool_calls: [{ name: "stage_context", arguments: { symbol: "MAX_WAIT" } }] },
        { tool_calls: [{ name: "search", arguments: { query: "MIN_WAIT", mode: "text" } }] },
        FINISH,
      ]),
    });
    await runDurableObjectAlarm(stub); // patch
    await runDurableObjectAlarm(stub); // stage the symbol
    const state = await stateOf(stub);
    const page = state.pager.pages.find((p) => p.kind === "file");
    expect(page?.id).toBe("src/limits.ts:4-4");
    expect(page?.content).toBe("export const MAX_WAIT = 34;");
    expect(page?.sourceRef).toBe("file:src/limits.ts@speculative:4-4");
    await runDurableObjectAlarm(stub); // text search
    const searched = (await stub.traceEvents(0, 200)).find((e) => e.data.tool === "search");
    const output = await stub.resolveRef(String(searched?.data.outputRef));
    expect(output.ok && output.value.content).toContain(
      "src/limits.ts:2 (1.000) | (speculative) export const MIN_WAIT = 2;",
    );
  });

  it("discards the hypothesis when a change violates a contract and the session halts", async ({
    expect,
  }) => {
    const hive = await hiveWith(FILES);
    const h = env.Hive.getByName(hive);
    const put = await h.put({
      idempotencyKey: `contract-${hive}`,
      artifact: {
        identifier: "contract.retries",
        kind: "contract",
        value: { path: "src/retry.ts", requires: ["RETRIES"], forbids: ["RETRIES = 0"] },
        provenance: { session: "people", agent: "reviewer", step: 1, source: "ref:review" },
      },
    });
    expect(put.ok).toBe(true);
    const before = await headOf(hive);
    const breakRetries: ScriptEntry = {
      tool_calls: [
        {
          name: "write_file",
          arguments: { path: "src/retry.ts", content: "export const RETRIES = 0;\n" },
        },
      ],
    };
    const { stub } = await startSession(hive, {
      speculative: true,
      script: encodeScript([PATCH_LIMITS, breakRetries, FINISH]),
    });
    const state = await runToEnd(stub);
    expect(state.status).toBe("halted");
    expect(state.outcome?.summary).toContain("violates a contract");
    expect(state.overlay).toEqual([]);
    expect(state.written).toEqual([]);
    // The workspace is untouched: no new version, the old text.
    expect((await headOf(hive)).version).toBe(before.version);
    expect(await limitsText(hive)).toContain("MAX_WAIT = 0;");
    const retry = await h.workspace().read("src/retry.ts");
    expect(retry.ok && retry.value.text).toBe("export const RETRIES = 4;\n");
    const trace = await stub.traceEvents(0, 200);
    const discards = trace.filter((e) => e.kind === "speculation/discard");
    expect(discards.length).toBe(1);
    expect(discards[0]?.data.paths).toEqual(["src/limits.ts"]);
    expect(String(discards[0]?.data.reason)).toContain("violates a contract");
    expect(trace.some((e) => e.kind === "speculation/commit")).toBe(false);
    // The quarantined change stays in the checkpoint before the halt, for inspection.
    const past = await stub.asOf(1);
    expect(past.ok && past.value.state.overlay?.[0]?.content).toContain("MAX_WAIT = 34;");
  });

  it("discards the hypothesis when auto-fix gives up", async ({ expect }) => {
    const hive = await hiveWith(FILES);
    const before = await headOf(hive);
    const badPatch: ScriptEntry = {
      tool_calls: [
        {
          name: "apply_patch",
          arguments: {
            path: "src/retry.ts",
            patch:
              "--- a/src/retry.ts\n+++ b/src/retry.ts\n@@ -9,1 +9,1 @@\n-no such line\n+RETRIES = 1\n",
          },
        },
      ],
    };
    const { stub } = await startSession(hive, {
      speculative: true,
      script: encodeScript([PATCH_LIMITS, badPatch, badPatch, badPatch, badPatch]),
    });
    const state = await runToEnd(stub);
    expect(state.status).toBe("halted");
    expect(state.outcome?.reason).toBe("auto-fix failed");
    expect(state.overlay).toEqual([]);
    expect((await headOf(hive)).version).toBe(before.version);
    expect(await limitsText(hive)).toContain("MAX_WAIT = 0;");
    const discards = (await stub.traceEvents(0, 200)).filter(
      (e) => e.kind === "speculation/discard",
    );
    expect(discards.map((e) => [e.data.paths, e.data.reason])).toEqual([
      [["src/limits.ts"], "auto-fix failed"],
    ]);
  });

  it("discards the hypothesis when the mission finishes not achieved", async ({ expect }) => {
    const hive = await hiveWith(FILES);
    const giveUp: ScriptEntry = {
      tool_calls: [
        { name: "finish", arguments: { status: "not_achieved", summary: "wrong approach" } },
      ],
    };
    const { stub } = await startSession(hive, {
      speculative: true,
      script: encodeScript([PATCH_LIMITS, giveUp]),
    });
    const state = await runToEnd(stub);
    expect(state.outcome?.status).toBe("not_achieved");
    expect(state.overlay).toEqual([]);
    expect(await limitsText(hive)).toContain("MAX_WAIT = 0;");
    const discards = (await stub.traceEvents(0, 200)).filter(
      (e) => e.kind === "speculation/discard",
    );
    expect(discards.map((e) => e.data.reason)).toEqual(["finished not_achieved"]);
  });

  it("rolls the overlay back with the session, and forks carry it", async ({ expect }) => {
    const hive = await hiveWith(FILES);
    const addNotes: ScriptEntry = {
      tool_calls: [
        {
          name: "write_file",
          arguments: { path: "src/notes.ts", content: "export const N = 1;\n" },
        },
      ],
    };
    const { stub, name } = await startSession(hive, {
      speculative: true,
      script: encodeScript([PATCH_LIMITS, addNotes, FINISH]),
    });
    await runDurableObjectAlarm(stub); // patch src/limits.ts
    await runDurableObjectAlarm(stub); // write src/notes.ts
    expect((await stateOf(stub)).overlay?.map((f) => f.path)).toEqual([
      "src/limits.ts",
      "src/notes.ts",
    ]);
    const stepOne = await stub.asOf(1);
    if (!stepOne.ok) {
      throw new Error(stepOne.message);
    }

    const child = env.AgentSession.getByName(`s-${crypto.randomUUID()}`);
    const forked = await child.forkFrom(name, stepOne.value.checkpoint);
    expect(forked.ok).toBe(true);
    const childState = await child.state();
    expect(childState.ok && childState.value.overlay?.map((f) => f.path)).toEqual([
      "src/limits.ts",
    ]);

    expect((await stub.rollback(stepOne.value.checkpoint)).ok).toBe(true);
    expect((await stateOf(stub)).overlay?.map((f) => f.path)).toEqual(["src/limits.ts"]);
    expect((await stub.rollback("start")).ok).toBe(true);
    expect((await stateOf(stub)).overlay ?? []).toEqual([]);
    // Nothing of the hypothesis ever reached the workspace.
    expect(await limitsText(hive)).toContain("MAX_WAIT = 0;");
    const notes = await env.Hive.getByName(hive).workspace().read("src/notes.ts");
    expect(notes.ok).toBe(false);
  });

  it("leaves non-speculative sessions writing straight to the workspace", async ({ expect }) => {
    const hive = await hiveWith(FILES);
    const { stub } = await startSession(hive, { script: encodeScript([PATCH_LIMITS, FINISH]) });
    await runDurableObjectAlarm(stub);
    expect(await limitsText(hive)).toContain("MAX_WAIT = 34;");
    const state = await runToEnd(stub);
    expect(state.overlay ?? []).toEqual([]);
    expect(state.written).toEqual(["src/limits.ts"]);
    const kinds = (await stub.traceEvents(0, 200)).map((e) => e.kind);
    expect(kinds.filter((k) => k.startsWith("speculation/"))).toEqual([]);
  });
});
