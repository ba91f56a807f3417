// lethe/agents' context blocks and compaction against a real Lethe (inside
// Miniflare via lethe/testing): the facts block fits its budget counted exactly
// and carries provenance; the L1 block shows a session's pages; the compaction
// cites Lethe refs, keeps the last raw turn and never splits a tool call from its result.
import type { SessionMessage } from "agents/sessions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compactionSpan, letheCompaction } from "../../../packages/agents/compaction.ts";
import { letheArtifactsBlock, letheL1Block } from "../../../packages/agents/context-blocks.ts";
import { letheSaveFact } from "../../../packages/agents/facts.ts";
import { LetheSessionStore } from "../../../packages/agents/session-store.ts";
import { loadTokenizer } from "../../../shared/context/tokens.ts";
import { startLetheMiniflare, type LetheInMiniflare } from "../../../packages/testing/miniflare.ts";
import { connectionOf, saveFact } from "./helpers.ts";

let lethe: LetheInMiniflare;
let key: string;

beforeAll(async () => {
  lethe = await startLetheMiniflare({ workers: [] });
  key = await lethe.hiveKey("blocks");
}, 240_000);
afterAll(async () => lethe?.dispose());

const user = (id: string, text: string): SessionMessage => ({
  id,
  role: "user",
  parts: [{ type: "text", text }],
});
const toolMessage = (id: string, done: boolean): SessionMessage => ({
  id,
  role: "assistant",
  parts: [
    {
      type: "tool-lookup",
      toolCallId: `call-${id}`,
      toolName: "lookup",
      input: { q: id },
      state: done ? "output-available" : "input-available",
      ...(done
        ? { output: { rows: Array.from({ length: 40 }, (_, i) => `row ${i} of ${id}`) } }
        : {}),
    },
  ],
});

describe("letheArtifactsBlock", () => {
  it("renders the newest facts with provenance within maxTokens, counted exactly", async () => {
    const connection = connectionOf(lethe, "blocks", key);
    for (let i = 0; i < 30; i++) {
      await saveFact(
        connection,
        `config.limit-${i}`,
        `value ${i} ${"x".repeat(i * 3)}`,
        `src/config.ts:${i}`,
      );
    }
    const tokenizer = await loadTokenizer("o200k_base");
    for (const maxTokens of [150, 300, 900]) {
      const text = (await letheArtifactsBlock({ connection, maxTokens }).get()) ?? "";
      expect(tokenizer.count(text)).toBeLessThanOrEqual(maxTokens);
      expect(text).toContain("config.limit-29");
      expect(text).toContain("source src/config.ts:29");
    }
    const all = (await letheArtifactsBlock({ connection, maxTokens: 100_000 }).get()) ?? "";
    expect(all).toContain("config.limit-0 ");
    const small = (await letheArtifactsBlock({ connection, maxTokens: 300 }).get()) ?? "";
    expect(small).not.toContain("config.limit-0 ");
    expect(await letheArtifactsBlock({ connection, maxTokens: 5 }).get()).toBeNull();
  });
});

describe("letheSaveFact", () => {
  it("saves a fact learned again: the same value keeps its version, another is the next", async () => {
    const connection = connectionOf(lethe, "blocks", key);
    const fact = (value: number, call: string) => ({
      identifier: "service.billing.port",
      value,
      summary: `billing listens on ${value}`,
      source: `tool:lookup_service#${call}`,
      session: "s-facts",
      agent: "alice",
      step: 1,
    });
    expect(await letheSaveFact(connection, fact(8443, "call_1"))).toEqual({ version: 1 });
    // The same lookup in a later turn (another call id): known already, not an error.
    expect(await letheSaveFact(connection, fact(8443, "call_2"))).toEqual({ version: 1 });
    expect(await letheSaveFact(connection, fact(9443, "call_3"))).toEqual({ version: 2 });
    const block = (await letheArtifactsBlock({ connection, maxTokens: 100_000 }).get()) ?? "";
    expect(block).toContain("service.billing.port = 9443");
  });
});

describe("letheL1Block", () => {
  it("shows the pages a Lethe session holds in L1", async () => {
    const connection = connectionOf(lethe, "blocks", key);
    const store = await LetheSessionStore.create(connection);
    const step = await lethe.gateway(`/v1/sessions/${store.sessionId}/steps`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({
        ops: [
          {
            type: "stage",
            page: {
              id: "file:src/app.ts",
              kind: "file",
              sourceRef: "src/app.ts",
              content: "export const port = 8080;",
              priority: 5,
            },
          },
        ],
      }),
    });
    expect(step.status).toBe(201);
    const text =
      (await letheL1Block({ connection, session: store.sessionId, maxTokens: 200 }).get()) ?? "";
    expect(text).toContain("export const port = 8080;");
  });
});

describe("letheCompaction", () => {
  it("never takes the last raw turn, nor ends on a tool call without its result", () => {
    const done = [
      user("u1", "a"),
      toolMessage("t1", true),
      user("u2", "b"),
      toolMessage("t2", true),
      user("u3", "c"),
    ];
    expect(compactionSpan(done, 1)).toEqual({ from: 0, to: 3 });
    const pending = [
      user("u1", "a"),
      toolMessage("t1", true),
      user("u2", "b"),
      toolMessage("t2", false),
      user("u3", "c"),
    ];
    expect(compactionSpan(pending, 1)).toEqual({ from: 0, to: 2 });
    expect(compactionSpan([user("only", "x")], 0)).toBeNull();
  });

  it("summarises through Lethe's compressor, citing the refs that keep the cut text", async () => {
    const connection = connectionOf(lethe, "blocks", key);
    const store = await LetheSessionStore.create(connection);
    store.onCompaction(letheCompaction({ connection, keepRecentMessages: 1, summaryTokens: 200 }));
    const messages = [
      user("m1", "find the rows"),
      toolMessage("m2", true),
      user("m3", "more"),
      toolMessage("m4", true),
      user("m5", "and the answer?"),
    ];
    await store.appendMessages(messages);
    const result = await store.compact();
    expect(result?.fromMessageId).toBe("m1");
    expect(result?.toMessageId).toBe("m4");
    const history = await store.getHistory();
    expect(history.map((m) => (m.id.startsWith("compaction_") ? "overlay" : m.id))).toEqual([
      "overlay",
      "m5",
    ]);
    const summary = history[0]?.parts[0]?.text ?? "";
    expect(summary).toMatch(/ref:[0-9a-f]+/);
    // The ref gives the cut text back from the hive.
    const ref = /ref:[0-9a-f]+/.exec(summary)?.[0] ?? "";
    const back = await lethe.gateway(`/v1/hives/blocks/refs/${ref}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(back.status).toBe(200);
    // The raw messages stay in Lethe's transcript.
    expect((await store.getMessage("m2"))?.parts[0]?.output).toBeTruthy();

    // A second compaction starting at the overlay replaces it (one overlay, from m1 on).
    await store.appendMessages([toolMessage("m6", true), user("m7", "last")]);
    const again = await store.compact();
    expect(again?.fromMessageId).toBe("m1");
    const after = await store.getHistory();
    expect(after.filter((m) => m.id.startsWith("compaction_"))).toHaveLength(1);
    expect(after.at(-1)?.id).toBe("m7");
  });
});
