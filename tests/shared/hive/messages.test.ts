import { describe, it } from "vitest";
import {
  ClientMessageSchema,
  ServerMessageSchema,
  encodeServerMessage,
  parseClientFrame,
  type ClientMessage,
  type ServerMessage,
} from "../../../shared/protocol.ts";
import type { Artifact } from "../../../shared/hive/artifact.ts";
import type { HiveEvent } from "../../../shared/hive/writes.ts";
import { makeCommit, makePut } from "./fixtures.ts";

function makeStored(overrides: Partial<Artifact> = {}): Artifact {
  return {
    identifier: "config.TIMEOUT",
    version: 1,
    kind: "fact",
    value: { ms: 30_000 },
    summary: "timeout",
    provenance: {
      session: "s",
      agent: "a",
      step: 1,
      source: "ref:abc",
      contentHash: "0".repeat(64),
    },
    status: "active",
    supersedes: null,
    supersededBy: null,
    reason: null,
    tags: ["config"],
    validFrom: 1,
    validTo: null,
    seq: 1,
    ...overrides,
  };
}

function makeEvent(seq: number): HiveEvent {
  return { seq, at: 1, op: "put", artifact: makeStored({ seq }), retired: null };
}

const clientMessages: ClientMessage[] = [
  { type: "hive.ping", nonce: "n" },
  { type: "hive.subscribe", since: 42 },
  { type: "hive.ack", seq: 42 },
  { type: "hive.unsubscribe" },
  ClientMessageSchema.parse({
    type: "hive.commit",
    id: "c1",
    commit: makeCommit([makePut()], "k"),
  }),
  ClientMessageSchema.parse({
    type: "hive.commits",
    id: "g1",
    commits: [makeCommit([makePut()], "k1"), makeCommit([makePut({ tags: ["b", "a"] })], "k2")],
  }),
];

const serverMessages: ServerMessage[] = [
  { type: "hive.pong", nonce: "n", at: 1 },
  { type: "hive.events", events: [makeEvent(1), makeEvent(2)] },
  { type: "hive.snapshot", seq: 7, artifacts: [makeStored()], done: true },
  { type: "hive.synced", seq: 7 },
  { type: "hive.subscribed", since: 0, head: 7 },
  {
    type: "hive.committed",
    id: "c1",
    result: { seq: 3, artifacts: [makeStored()], replayed: false },
  },
  {
    type: "hive.results",
    id: "g1",
    results: [
      { ok: true, result: { seq: 3, artifacts: [makeStored()], replayed: false } },
      { ok: false, code: "VERSION_CONFLICT", message: "stale", hint: "retry" },
    ],
  },
  {
    type: "hive.rejected",
    id: "c2",
    code: "VERSION_CONFLICT",
    message: "stale",
    hint: "retry",
    conflict: {
      index: 0,
      identifier: "x",
      expectedVersion: 0,
      currentVersion: 1,
      current: makeStored(),
    },
  },
];

describe("hive wire messages", () => {
  for (const message of clientMessages) {
    it(`round-trips client message ${message.type}`, ({ expect }) => {
      const parsed = parseClientFrame(JSON.stringify(message)).result;
      expect(parsed).toEqual({ ok: true, value: message });
    });
  }

  for (const message of serverMessages) {
    it(`round-trips server message ${message.type}`, ({ expect }) => {
      expect(ServerMessageSchema.parse(JSON.parse(encodeServerMessage(message)))).toEqual(message);
    });
  }

  it("covers every hive message type of the protocol", ({ expect }) => {
    const hiveTypes = (schema: typeof ClientMessageSchema | typeof ServerMessageSchema) =>
      schema.options.map((o) => o.shape.type.value).filter((t) => t.startsWith("hive."));
    expect(clientMessages.map((m) => m.type).sort()).toEqual(hiveTypes(ClientMessageSchema).sort());
    expect(serverMessages.map((m) => m.type).sort()).toEqual(hiveTypes(ServerMessageSchema).sort());
  });

  it("refuses hostile subscribe, ack and commit frames with typed codes", ({ expect }) => {
    const codes = [
      { type: "hive.subscribe", since: -1 },
      { type: "hive.subscribe", since: "0" },
      { type: "hive.ack" },
      { type: "hive.commit", id: "x", commit: { idempotencyKey: "k", writes: [] } },
      {
        type: "hive.commit",
        id: "x",
        commit: { idempotencyKey: "has space", writes: [makePut()] },
      },
    ].map((m) => {
      const r = parseClientFrame(JSON.stringify(m)).result;
      return r.ok ? "accepted" : r.code;
    });
    expect(codes).toEqual(Array(5).fill("INVALID_MESSAGE"));
  });

  it("takes a seq per shard in a merged socket's subscribe and ack, and nothing else as a string", ({
    expect,
  }) => {
    for (const message of [
      { type: "hive.subscribe", since: "0:12,1:7" },
      { type: "hive.ack", seq: "0:12,1:7" },
      { type: "hive.ack", seq: "15:999999999999999" },
    ]) {
      expect(parseClientFrame(JSON.stringify(message)).result).toEqual({
        ok: true,
        value: message,
      });
    }
    const subscribed = { type: "hive.subscribed", since: 12, head: 20, shards: "0:12,1:7" };
    expect(ServerMessageSchema.parse(subscribed)).toEqual(subscribed);
    const codes = [
      "12",
      "0:12,",
      "0:12;1:7",
      "a:1",
      "100:1",
      "0:-1",
      "0:1,".repeat(80) + "0:1",
    ].map((seq) => {
      const r = parseClientFrame(JSON.stringify({ type: "hive.ack", seq })).result;
      return r.ok ? "accepted" : r.code;
    });
    expect(codes).toEqual(Array(7).fill("INVALID_MESSAGE"));
  });
});
