// LetheSessionStore against a real Lethe (inside Miniflare via lethe/testing):
// the behaviours of the SDK's in-SQLite Sessions store it reproduces — ordering,
// idempotent appends, branches, updates, deletes, clear, compaction overlays —
// plus Lethe's checkpoints, rollback and fork, and the hostile inputs.
import type { SessionMessage } from "agents/sessions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LetheAgentsError } from "../../../packages/agents/lethe-api.ts";
import { LetheSessionStore, MAX_MESSAGE_CHARS } from "../../../packages/agents/session-store.ts";
import { startLetheMiniflare, type LetheInMiniflare } from "../../../packages/testing/miniflare.ts";
import { connectionOf } from "./helpers.ts";

const text = (id: string, role: string, t: string): SessionMessage => ({
  id,
  role,
  parts: [{ type: "text", text: t }],
});
const ids = (messages: SessionMessage[]) => messages.map((m) => m.id);

let lethe: LetheInMiniflare;
let key: string;
const store = () => LetheSessionStore.create(connectionOf(lethe, "agents", key));

beforeAll(async () => {
  lethe = await startLetheMiniflare({ workers: [] });
  key = await lethe.hiveKey("agents");
}, 240_000);
afterAll(async () => lethe?.dispose());

describe("LetheSessionStore: the SDK store's behaviours", () => {
  it("keeps append order, and a repeated id is an idempotent no-op", async () => {
    const s = await store();
    await s.appendMessage(text("m1", "user", "hello"));
    await s.appendMessage(text("m2", "assistant", "hi"));
    const again = await s.appendMessage(text("m1", "user", "changed?"));
    expect(again.inserted).toBe(false);
    await s.appendMessage(text("m3", "user", "bye"));
    expect(ids(await s.getHistory())).toEqual(["m1", "m2", "m3"]);
    // A second store on the same Lethe session reads the same history.
    const reopened = new LetheSessionStore(s.connection, s.sessionId);
    expect(ids(await reopened.getHistory())).toEqual(["m1", "m2", "m3"]);
    expect((await reopened.getMessage("m1"))?.parts[0]?.text).toBe("hello");
  });

  it("branches: an explicit parent forks the path, the newest leaf is active", async () => {
    const s = await store();
    await s.appendMessage(text("a", "user", "q"));
    await s.appendMessage(text("b1", "assistant", "first answer"));
    await s.appendMessage(text("b2", "assistant", "regenerated"), { parentId: "a" });
    expect(ids(await s.getBranches("a"))).toEqual(["b1", "b2"]);
    expect(ids(await s.getHistory())).toEqual(["a", "b2"]);
    expect(ids(await s.getHistory({ leafId: "b1" }))).toEqual(["a", "b1"]);
    expect((await s.getLatestLeaf())?.id).toBe("b2");
    await s.appendMessage(text("r", "user", "root"), { parentId: null });
    expect(ids(await s.getHistory())).toEqual(["r"]);
    await s.appendMessage(text("x", "user", "orphan"), { parentId: "no-such-message" });
    expect(ids(await s.getHistory())).toEqual(["x"]);
  });

  it("updates replace content in place; an unknown id updates nothing", async () => {
    const s = await store();
    await s.appendMessage(text("u1", "user", "draft"));
    await s.appendMessage(text("u2", "assistant", "ok"));
    expect(await s.updateMessage(text("u1", "user", "final"))).not.toBeNull();
    expect(await s.updateMessage(text("nope", "user", "x"))).toBeNull();
    const history = await s.getHistory();
    expect(ids(history)).toEqual(["u1", "u2"]);
    expect(history[0]?.parts[0]?.text).toBe("final");
    const upserted = await s.upsertMessage(text("u2", "assistant", "ok, done"));
    expect(upserted.inserted).toBe(false);
    expect((await s.getMessage("u2"))?.parts[0]?.text).toBe("ok, done");
  });

  it("deletes rewire children to the nearest surviving ancestor; clear empties the session", async () => {
    const s = await store();
    for (const id of ["d1", "d2", "d3", "d4"]) {
      await s.appendMessage(text(id, "user", id));
    }
    await s.deleteMessages(["d2", "d3"]);
    expect(ids(await s.getHistory())).toEqual(["d1", "d4"]);
    await s.deleteMessages(["d4"]);
    expect((await s.getLatestLeaf())?.id).toBe("d1");
    await s.clearMessages();
    expect(await s.getHistory()).toEqual([]);
  });

  it("compaction overlays replace their span on read; the raw messages stay", async () => {
    const s = await store();
    for (const id of ["c1", "c2", "c3", "c4"]) {
      await s.appendMessage(text(id, "user", id));
    }
    await s.addCompaction("summary of c1..c2", "c1", "c2");
    const history = await s.getHistory();
    expect(history.map((m) => m.parts[0]?.text)).toEqual(["summary of c1..c2", "c3", "c4"]);
    expect(history[0]?.id.startsWith("compaction_")).toBe(true);
    expect((await s.getMessage("c1"))?.parts[0]?.text).toBe("c1");
    expect(await s.getCompactions()).toHaveLength(1);
  });
});

describe("LetheSessionStore: Lethe's checkpoints, rollback and fork", () => {
  it("rolls back to a labelled checkpoint and forks from it", async () => {
    const s = await store();
    await s.appendMessage(text("k1", "user", "keep"));
    await s.checkpoint("before-mistake");
    await s.appendMessage(text("k2", "assistant", "mistake"));
    const fork = await s.fork("before-mistake");
    await s.rollback("before-mistake");
    expect(ids(await s.getHistory())).toEqual(["k1"]);
    await s.appendMessage(text("k3", "assistant", "better"));
    expect(ids(await s.getHistory())).toEqual(["k1", "k3"]);
    expect(ids(await fork.getHistory())).toEqual(["k1"]);
    await fork.appendMessage(text("f1", "assistant", "forked"));
    expect(ids(await fork.getHistory())).toEqual(["k1", "f1"]);
    expect(ids(await s.getHistory())).toEqual(["k1", "k3"]);
  });
});

describe("LetheSessionStore: hostile inputs", () => {
  it("keeps a 5 MB message whole (chunked across steps)", async () => {
    const s = await store();
    const big = "x".repeat(2_500_000) + '\u0000"é😀' + "y".repeat(2_500_000);
    await s.appendMessage(text("big", "user", big));
    await s.appendMessage(text("after", "assistant", "read it"));
    const reopened = new LetheSessionStore(s.connection, s.sessionId);
    const history = await reopened.getHistory();
    expect(ids(history)).toEqual(["big", "after"]);
    expect(history[0]?.parts[0]?.text).toBe(big);
  });

  it("keeps 10,000 messages in order", async () => {
    const s = await store();
    const many = Array.from({ length: 10_000 }, (_, i) =>
      text(`n${i}`, i % 2 ? "assistant" : "user", `message ${i}`),
    );
    await s.appendMessages(many);
    const reopened = new LetheSessionStore(s.connection, s.sessionId);
    const history = await reopened.getHistory();
    expect(history).toHaveLength(10_000);
    expect(history[9_999]?.parts[0]?.text).toBe("message 9999");
    expect(ids(history)).toEqual(ids(many));
  }, 120_000);

  it("keeps parts of unknown types verbatim", async () => {
    const s = await store();
    const odd: SessionMessage = {
      id: "odd",
      role: "assistant",
      parts: [
        { type: "data-weather", data: { c: 21 } } as never,
        { type: "step-start" },
        {
          type: "tool-lookup",
          toolCallId: "t1",
          state: "output-available",
          input: { q: 1 },
          output: { v: 2 },
        },
      ],
      metadata: { any: ["thing"] },
    };
    await s.appendMessage(odd);
    expect((await s.getMessage("odd"))?.parts).toEqual(odd.parts);
    expect((await s.getMessage("odd"))?.metadata).toEqual({ any: ["thing"] });
  });

  it("refuses a message over the size limit with a typed error, and nothing of its batch is written", async () => {
    const s = await store();
    await s.appendMessage(text("ok", "user", "fine"));
    const huge = text("huge", "user", "z".repeat(MAX_MESSAGE_CHARS + 1));
    const error = await s
      .appendMessages([text("before", "assistant", "small"), huge])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LetheAgentsError);
    expect((error as LetheAgentsError).code).toBe("MESSAGE_TOO_LARGE");
    const reopened = new LetheSessionStore(s.connection, s.sessionId);
    expect(ids(await reopened.getHistory())).toEqual(["ok"]);
  }, 120_000);

  it("refuses a malformed message with a typed error and writes nothing", async () => {
    const s = await store();
    await s.appendMessage(text("ok", "user", "fine"));
    const error = await s
      .appendMessage({ id: "", role: "user", parts: [{ text: "no type" }] } as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LetheAgentsError);
    expect((error as LetheAgentsError).code).toBe("INVALID_MESSAGE");
    expect(ids(await s.getHistory())).toEqual(["ok"]);
  });

  it("a key of another hive gets the typed 404 of a missing session and the session is unchanged", async () => {
    const s = await store();
    await s.appendMessage(text("mine", "user", "private"));
    const otherKey = await lethe.hiveKey("intruders");
    const intruder = new LetheSessionStore(connectionOf(lethe, "intruders", otherKey), s.sessionId);
    const read = await intruder.getHistory().catch((e: unknown) => e);
    expect(read).toBeInstanceOf(LetheAgentsError);
    // Another hive's key cannot tell this session from a missing one.
    expect((read as LetheAgentsError).status).toBe(404);
    const write = await intruder.appendMessage(text("evil", "user", "x")).catch((e: unknown) => e);
    expect(write).toBeInstanceOf(LetheAgentsError);
    expect((write as LetheAgentsError).status).toBe(404);
    for (const attempt of [
      () => intruder.updateMessage(text("mine", "user", "overwritten")),
      () => intruder.deleteMessages(["mine"]),
      () => intruder.clearMessages(),
      () => intruder.checkpoint("theirs"),
    ]) {
      const refused = await attempt().catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(LetheAgentsError);
      expect((refused as LetheAgentsError).status).toBe(404);
    }
    const reopened = new LetheSessionStore(s.connection, s.sessionId);
    expect(ids(await reopened.getHistory())).toEqual(["mine"]);
    expect((await reopened.getMessage("mine"))?.parts[0]?.text).toBe("private");
  });
});
