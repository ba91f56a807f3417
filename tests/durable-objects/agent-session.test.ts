import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { filePage, longText, makeConfig, newSession, step } from "./session-fixtures.ts";

describe("AgentSession storage", () => {
  it("migrates its SQLite schema before the first message", async ({ expect }) => {
    const stub = env.AgentSession.getByName(`s-${crypto.randomUUID()}`);
    const health = await stub.health();
    expect(health.detail).toMatchObject({ schemaVersion: 6 });
    await runInDurableObject(stub, (_instance, state) => {
      const tables = state.storage.sql
        .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .toArray()
        .map((r) => r.name);
      expect(tables).toEqual(
        expect.arrayContaining([
          "session_meta",
          "turns",
          "lineage",
          "checkpoints",
          "refs",
          "blobs",
          "step_attempts",
          "proxy_meta",
        ]),
      );
    });
  });

  it("stores a session's config once and refuses a second init", async ({ expect }) => {
    const { stub } = await newSession();
    expect(await stub.init(makeConfig({ mission: "other" }))).toMatchObject({
      ok: false,
      code: "SESSION_EXISTS",
    });
    expect(await stub.describe()).toMatchObject({
      ok: true,
      value: { config: { mission: "find the timeout", mode: "strict" } },
    });
  });

  it("commits steps as checkpoints and keeps evicted content behind references", async ({
    expect,
  }) => {
    const { stub } = await newSession({ l1Tokens: 1_000 });
    const a = longText("a");
    const first = await step(stub, {
      turns: [{ role: "user", content: "stage a.ts" }],
      ops: [{ type: "stage", page: filePage("a.ts", a) }],
    });
    expect(first.step).toBe(1);
    expect(first.l1.used).toBeGreaterThan(0);
    expect(first.l1.used).toBeLessThanOrEqual(1_000);
    // Strict mode: staging a second file unstages the first, keeping it by reference.
    const second = await step(stub, {
      ops: [{ type: "stage", page: filePage("b.ts", longText("b")) }],
    });
    const unstaged = second.events.find((e) => e.id === "a.ts" && e.ref !== undefined);
    expect(unstaged?.ref).toMatch(/^ref:[0-9a-f]{32}$/);
    const resolved = await stub.resolveRef(unstaged?.ref ?? "");
    expect(resolved).toMatchObject({ ok: true, value: { content: a } });
    const state = await stub.state();
    expect(state.ok && state.value.pager.pages.map((p) => p.id)).toEqual(["b.ts"]);
  });

  it("rolls back to a checkpoint with L1 and state byte-identical to that moment", async ({
    expect,
  }) => {
    const { stub } = await newSession();
    await step(stub, {
      turns: [{ role: "user", content: "begin" }],
      ops: [{ type: "stage", page: filePage("a.ts", longText("a")) }],
    });
    const labelled = await stub.checkpoint("before-b");
    const atLabel = await stub.state();
    const transcriptAtLabel = await stub.transcript(0, 100);
    const envelopeAtLabel = await stub.envelope();
    expect(envelopeAtLabel.ok).toBe(true);
    await step(stub, {
      turns: [{ role: "assistant", content: "now b" }],
      ops: [{ type: "stage", page: filePage("b.ts", longText("b")) }],
    });
    await step(stub, { ops: [{ type: "artifact_saved" }] });
    const back = await stub.rollback("before-b");
    expect(back.ok && back.value.id).toBe(labelled.ok && labelled.value.id);
    expect(JSON.stringify(await stub.state())).toBe(JSON.stringify(atLabel));
    expect(JSON.stringify(await stub.transcript(0, 100))).toBe(JSON.stringify(transcriptAtLabel));
    const envelopeBack = await stub.envelope();
    expect(JSON.stringify(envelopeBack)).toBe(JSON.stringify(envelopeAtLabel));
    // The checkpoint's section hashes are those of the envelope it restores.
    const hashes = Object.fromEntries(
      (envelopeBack.ok ? envelopeBack.value.sections : []).map((x) => [x.name, x.hash]),
    );
    expect(back.ok && back.value.sectionHashes).toEqual(hashes);
    // The next step continues from the restored state.
    const next = await step(stub, { turns: [{ role: "user", content: "again" }] });
    expect(next.step).toBe(2);
    const timeline = await stub.timeline();
    expect(timeline.ok && timeline.value.map((c) => c.step)).toEqual([2, 1, 1, 0]);
  });

  it("renders the envelope with the task anchor and L1, and counts section-hash hits", async ({
    expect,
  }) => {
    const { stub } = await newSession({ mission: "find TIMEOUT and double it" });
    await step(stub, {
      turns: [{ role: "user", content: "go" }],
      ops: [{ type: "stage", page: filePage("a.ts", longText("a")) }],
    });
    await step(stub, {
      turns: [
        {
          role: "assistant",
          content: "",
          toolCalls: [
            { id: "c1", type: "function", function: { name: "finish", arguments: "{}" } },
          ],
        },
        { role: "tool", content: "done", toolCallId: "c1" },
      ],
    });
    const envelope = await stub.envelope();
    if (!envelope.ok) {
      throw new Error(envelope.message);
    }
    const text = envelope.value.messages.map((m) => m.content ?? "").join("\n");
    expect(text).toContain("[TASK ANCHOR]\nfind TIMEOUT and double it");
    expect(text).toContain("[L1 file a.ts");
    expect(envelope.value.messages.at(-1)).toMatchObject({ role: "tool", tool_call_id: "c1" });
    // system, static and meta did not change between the two steps: 3 of 4 hit.
    expect(envelope.value.hitRate).toBe(0.75);
  });

  it("diffs two checkpoints and answers what the agent knew at a step", async ({ expect }) => {
    const { stub } = await newSession();
    const one = await step(stub, {
      ops: [{ type: "stage", page: filePage("a.ts", longText("a")) }],
    });
    const two = await step(stub, {
      ops: [{ type: "stage", page: filePage("b.ts", longText("b")) }],
      hiveSeqSeen: 7,
    });
    const diff = await stub.diff(one.checkpoint, two.checkpoint);
    expect(diff).toMatchObject({
      ok: true,
      value: { steps: 1, hiveSeq: { from: 0, to: 7 }, stateChanged: true },
    });
    expect(diff.ok && diff.value.pagesAdded).toHaveLength(1);
    expect(diff.ok && diff.value.pagesRemoved).toHaveLength(1);
    const past = await stub.asOf(1);
    expect(past.ok && past.value.state.pager.pages.map((p) => p.id)).toEqual(["a.ts"]);
    expect(past.ok && past.value.state.hiveSeqSeen).toBe(0);
  });

  it("forks copy-on-write and leaves the original untouched, three levels deep", async ({
    expect,
  }) => {
    const { name, stub } = await newSession();
    await step(stub, {
      turns: [{ role: "user", content: "root turn" }],
      ops: [{ type: "stage", page: filePage("a.ts", longText("a")) }],
    });
    const cp = await stub.checkpoint("fork-here");
    const originalState = JSON.stringify(await stub.state());
    let parent = name;
    const chain: string[] = [];
    for (let level = 1; level <= 3; level++) {
      const child = `s-${crypto.randomUUID()}`;
      const forked = await env.AgentSession.getByName(child).forkFrom(
        parent,
        level === 1 ? "fork-here" : "genesis-of-fork",
      );
      expect(forked.ok, forked.ok ? "" : forked.message).toBe(true);
      const childStub = env.AgentSession.getByName(child);
      await step(childStub, {
        turns: [{ role: "user", content: `child ${level}` }],
        ops: [{ type: "stage", page: filePage(`c${level}.ts`, longText(`c${level}`)) }],
      });
      await childStub.checkpoint("genesis-of-fork");
      chain.push(child);
      parent = child;
    }
    const deepest = env.AgentSession.getByName(chain[2] ?? "");
    const transcript = await deepest.transcript(0, 100);
    expect(transcript.ok && transcript.value.turns.map((t) => t.content)).toEqual([
      "root turn",
      "child 1",
      "child 2",
      "child 3",
    ]);
    expect(JSON.stringify(await stub.state())).toBe(originalState);
    const rootTranscript = await stub.transcript(0, 100);
    expect(rootTranscript.ok && rootTranscript.value.turns.map((t) => t.content)).toEqual([
      "root turn",
    ]);
    expect(cp.ok).toBe(true);
  });

  it("refuses hostile input with typed errors and leaves the state unchanged", async ({
    expect,
  }) => {
    const { stub } = await newSession();
    await step(stub, { ops: [{ type: "stage", page: filePage("a.ts", longText("a")) }] });
    const other = await newSession();
    const kept = await step(other.stub, {
      ops: [
        { type: "stage", page: filePage("x.ts", longText("x")) },
        { type: "unstage", id: "x.ts" },
      ],
    });
    const foreignRef = kept.events.find((e) => e.ref)?.ref ?? "";
    const before = JSON.stringify(await stub.state());
    const failures = await Promise.all([
      stub.resolveRef(foreignRef),
      stub.resolveRef("ref:not-a-ref"),
      stub.rollback("cp-does-not-exist"),
      stub.diff("nope", "nope"),
      stub.step({ turns: [{ role: "user", content: "x".repeat(20 * 1024 * 1024) }] }),
      stub.step({ ops: [{ type: "unstage", id: "never-staged" }] }),
      stub.step({ ops: [{ type: "stage", page: filePage("huge.ts", longText("h", 3_000)) }] }),
      env.AgentSession.getByName(`s-${crypto.randomUUID()}`).forkFrom("s-missing", "genesis"),
    ]);
    expect(failures.map((f) => (f.ok ? "ok" : f.code))).toEqual([
      "REF_NOT_FOUND",
      "INVALID_REF",
      "CHECKPOINT_NOT_FOUND",
      "CHECKPOINT_NOT_FOUND",
      "INVALID_STEP",
      "PAGER_REFUSED",
      "PAGER_REFUSED",
      "NOT_FOUND",
    ]);
    for (const f of failures) {
      expect(f.ok === false && f.hint).toBeTruthy();
    }
    expect(JSON.stringify(await stub.state())).toBe(before);
  });

  it("applies retention without breaking a reference or a checkpoint in use", async ({
    expect,
  }) => {
    const { stub } = await newSession({ retention: { keepLast: 3, everyNth: 0 } });
    const refs: Array<{ ref: string; content: string }> = [];
    for (let i = 0; i < 12; i++) {
      const content = longText(`f${i}`);
      const result = await step(stub, {
        turns: [{ role: "user", content: `output ${i}` }],
        ops: [{ type: "stage", page: filePage(`f${i}.ts`, content) }],
        ...(i === 2 ? { label: "kept-label" } : {}),
      });
      const ref = result.events.find((e) => e.ref)?.ref;
      if (ref) {
        refs.push({ ref, content: longText(`f${i - 1}`) });
      }
    }
    const removed = await stub.retain();
    expect(removed.removedCheckpoints).toBeGreaterThan(0);
    for (const { ref, content } of refs) {
      expect(await stub.resolveRef(ref)).toMatchObject({ ok: true, value: { content } });
    }
    expect((await stub.rollback("kept-label")).ok).toBe(true);
    const transcript = await stub.transcript(0, 100);
    expect(transcript.ok && transcript.value.turns.map((t) => t.content)).toEqual([
      "output 0",
      "output 1",
      "output 2",
    ]);
  });
});
