// The agent step's recoveries on the running cluster, asserted on what the model
// received (GET /v1/sessions/:id/envelope?step=N) and on the workspace: prune-for-retry
// leaves the failed attempt out and the lesson in; auto-fix rollbacks restore files;
// compressed history never shows a replaced value as current (POST .../compress).
// Failing moves are scripted: the local policy never makes a bad patch or thrashes.
import { describe, it } from "vitest";
import type { ChatMessage } from "../../shared/context/messages.ts";
import { scenarioCluster } from "./scenarios/harness.ts";
import { TWO_FILES, call } from "./scenarios/fixtures.ts";

const env = scenarioCluster(0, "step-wiring");

describe("agent step recoveries", () => {
  it("prune-for-retry: the next envelope has the lesson and not the failed attempt", async ({
    expect,
  }) => {
    const hive = await env().hive("prune", TWO_FILES);
    const run = await hive.run({
      mission: "Set MAX_WAIT in src/limits.ts to 34.",
      script: [
        call("stage_context", { path: "src/limits.ts" }),
        call("apply_patch", {
          path: "src/limits.ts",
          patch:
            "--- a/src/limits.ts\n+++ b/src/limits.ts\n@@ -9,1 +9,1 @@\n-no such line\n+export const MAX_WAIT = 34;\n",
        }),
        call("apply_patch", {
          path: "src/limits.ts",
          patch:
            "--- a/src/limits.ts\n+++ b/src/limits.ts\n@@ -2,1 +2,1 @@\n-export const MAX_WAIT = 0;\n+export const MAX_WAIT = 34;\n",
        }),
        call("finish", { status: "achieved", summary: "MAX_WAIT is 34" }),
      ],
    });
    const lesson = run.turns.find((t) => t.content.startsWith("[AUTO-FIX RECOVERY]"));
    expect(lesson).toBeDefined();
    const envelope = await hive.call(
      "GET",
      `/v1/sessions/${run.id}/envelope?step=${lesson?.step ?? 0}`,
    );
    expect(envelope.status).toBe(200);
    const received = JSON.stringify(envelope.body.messages);
    expect(received).toContain("[AUTO-FIX RECOVERY]");
    expect(received).not.toContain("no such line");
    const prune = run.trace.find((e) => e.kind === "autofix/prune")?.data as {
      pre_tokens?: number;
    };
    expect(prune.pre_tokens ?? 0).toBeGreaterThan(0);
    expect(await hive.file("src/limits.ts")).toContain("MAX_WAIT = 34;");
  });

  it("a verify-first rollback restores the files written since the stale fact was saved", async ({
    expect,
  }) => {
    const hive = await env().hive("verify-files", TWO_FILES);
    const id = await hive.create({
      mission:
        "Find TIMEOUT in src/config.ts, save it, then write the file src/notes.ts with a note about it.",
      script: [
        call("stage_context", { path: "src/config.ts" }),
        call("save_artifact", { key: "timeout", value: 30, evidence: ["src/config.ts:2"] }),
        call("write_file", { path: "src/notes.ts", content: "// TIMEOUT is 30\n" }),
        call("ask_human", { question: "Is the note enough?" }),
        call("finish", { status: "achieved", summary: "noted" }),
      ],
    });
    const paused = await hive.start(id);
    expect(paused.state.status).toBe("paused");
    expect(await hive.file("src/notes.ts")).toContain("TIMEOUT is 30");
    // The cited code changes under the session: its fact is stale before the next step.
    await hive.write({ "src/config.ts": "// Network settings.\nexport const TIMEOUT = 45;\n" });
    await hive.call("POST", `/v1/sessions/${id}/answer`, { text: "yes" });
    const deadline = Date.now() + 30_000;
    let run = await hive.read(id);
    while (run.state.status === "running" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = await hive.read(id);
    }
    expect(run.state.status).toBe("halted");
    expect(run.state.outcome?.reason).toBe("verify-first");
    // The note was written after the fact it rests on: it is gone with the fact.
    expect(await hive.file("src/notes.ts")).toBeNull();
    expect(await hive.file("src/config.ts")).toContain("TIMEOUT = 45;");
  });

  it("compaction: a section past 0.8 of its budget is compressed in the envelope the model receives, what left stays retrievable", async ({
    expect,
  }) => {
    const lines = Array.from(
      { length: 900 },
      (_, i) =>
        `export const SETTING_${i} = "value number ${i} of the long generated settings file";`,
    );
    const hive = await env().hive("compaction", { "src/settings.ts": `${lines.join("\n")}\n` });
    const run = await hive.run({
      mission: "Read src/settings.ts and finish.",
      l1Tokens: 40_000,
      script: [
        call("stage_context", { path: "src/settings.ts" }),
        call("finish", { status: "achieved", summary: "read" }),
      ],
    });
    const compaction = run.trace.find((e) => e.kind === "compaction");
    expect(compaction).toBeDefined();
    const data = compaction?.data as { tokensBefore: number; tokensAfter: number; refs: string[] };
    expect(data.tokensAfter).toBeLessThan(data.tokensBefore);
    // What the model received for its second move: the compressed envelope.
    const envelope = await hive.call("GET", `/v1/sessions/${run.id}/envelope?step=1`);
    const sections = envelope.body.sections as Array<{
      name: string;
      tokens: number;
      budget: number;
    }>;
    const dynamic = sections.find((x) => x.name === "dynamic");
    expect(dynamic?.tokens ?? Infinity).toBeLessThanOrEqual((dynamic?.budget ?? 0) * 0.8);
    expect(envelope.body.tokens).toBe(data.tokensAfter);
    const ref = data.refs[0] ?? "";
    const resolved = await hive.call(
      "GET",
      `/v1/sessions/${run.id}/refs/${encodeURIComponent(ref)}`,
    );
    expect(resolved.status).toBe(200);
    expect(JSON.stringify(resolved.body)).toContain("SETTING_899");
  });
});

describe("what a strict step sends the model", () => {
  it("offers no unstage beside a lone file page, lists a saved artifact as one short line and leaves settled pairs out", async ({
    expect,
  }) => {
    const hive = await env().hive("lean-step", TWO_FILES);
    const run = await hive.run({
      mission: "Find TIMEOUT in src/config.ts and save it, then read src/retry.ts.",
      persona: "monitor",
      mode: "strict",
      script: [
        call("stage_context", { path: "src/config.ts" }),
        call("save_artifact", { key: "timeout", value: 30, evidence: ["src/config.ts:2"] }),
        call("stage_context", { path: "src/retry.ts" }),
        call("finish", { status: "achieved", summary: "timeout saved" }),
      ],
    });
    expect(run.state.status).toBe("finished");
    // The tools each move was offered (the trace's tool and final events carry them).
    const offered = run.trace
      .filter((e) => e.kind === "tool" || e.kind === "final")
      .map((e) => (e.data as { tools: string[] }).tools);
    expect(offered).toHaveLength(4);
    // Beside the one staged file, strict mode drops it by itself (a save purges it).
    expect(offered[1]).toContain("save_artifact");
    expect(offered[1]).not.toContain("unstage_context");
    // What the model received for its last move (the envelope after the step before
    // it): the artifact as one short line, its own (no author) with its source and no
    // summary beside it.
    const envelope = await hive.call(
      "GET",
      `/v1/sessions/${run.id}/envelope?step=${run.state.step - 1}`,
    );
    const messages = envelope.body.messages as ChatMessage[];
    const texts = messages.map((m) => (typeof m.content === "string" ? m.content : ""));
    const artifacts = texts.find((t) => t.startsWith("[RELEVANT ARTIFACTS]"));
    expect(artifacts).toMatch(/^timeout = 30 \(v1 from src\/config.ts:2\)$/m);
    expect(artifacts).not.toContain("(fact, ");
    expect(artifacts).not.toContain("evidence:");
    // The page in L1 names its path once.
    expect(texts.some((t) => /^\[L1 file src\/retry.ts @\d+:1-\d+\]\n/.test(t))).toBe(true);
    expect(texts.join("\n")).not.toContain("| file:");
    // The window leaves out the pairs the prompt already shows: the save (listed above)
    // and the read of src/config.ts (its page left L1; the artifact cites it). The newest
    // pair, the read of src/retry.ts, stays.
    const calls = messages.flatMap((m) => (m.role === "assistant" ? (m.tool_calls ?? []) : []));
    expect(calls.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ["stage_context", { path: "src/retry.ts" }],
    ]);
    expect(messages.filter((m) => m.role === "tool")).toHaveLength(1);
  });
});

describe("compressed history", () => {
  it("supersession: a value replaced in a later map call is never shown as current", async ({
    expect,
  }) => {
    const hive = await env().hive("supersession");
    const filler = (i: number): ChatMessage => ({
      role: i % 2 === 0 ? "user" : "assistant",
      content: `Round ${i}: we went over the rota, the printer and the parking lot again, in some detail.`,
    });
    const messages: ChatMessage[] = [
      { role: "system", content: "You keep the clinic's settings." },
      { role: "user", content: "pool_max: 20" },
      ...Array.from({ length: 40 }, (_, i) => filler(i + 1)),
      { role: "user", content: "pool_max: 30" },
      ...Array.from({ length: 6 }, (_, i) => filler(i + 41)),
    ];
    // A small window: the two values are read by two map calls, and merged by the compressor.
    const { status, body } = await hive.call("POST", `/v1/hives/${hive.name}/compress`, {
      messages,
      windowTokens: 1_024,
    });
    expect(status).toBe(200);
    expect(body.method).toBe("map-reduce");
    const lines = String(body.summary).split("\n");
    const from = lines.findIndex((l) => l.startsWith("current facts"));
    const to = lines.findIndex((l, i) => i > from && !l.startsWith("- "));
    const current = lines.slice(from + 1, to);
    expect(current.filter((l) => l.startsWith("- pool_max:"))).toEqual([
      "- pool_max: 30 [turns: 43]",
    ]);
  });
});
