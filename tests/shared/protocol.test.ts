import { describe, it } from "vitest";
import {
  ClientMessageSchema,
  MAX_FRAME_BYTES,
  ServerMessageSchema,
  encodeServerMessage,
  parseClientFrame,
  type ClientMessage,
  type ServerMessage,
} from "../../shared/protocol.ts";

const provenance = { session: "s-1", agent: "a", step: 3, source: "src/config.ts@1:10-12" };

const clientSamples: ClientMessage[] = [
  { type: "sys.ping", nonce: "n1" },
  { type: "session.ping" },
  { type: "session.get_state" },
  { type: "session.checkpoint", label: "before-refactor" },
  { type: "session.rollback", checkpoint: "cp-3-abc" },
  { type: "session.answer", decision: "approve", decisionId: "d-1" },
  { type: "hive.ping", nonce: "n2" },
  { type: "hive.subscribe", since: 0 },
  { type: "hive.ack", seq: 12 },
  { type: "hive.unsubscribe" },
  {
    type: "hive.commit",
    id: "c1",
    commit: {
      idempotencyKey: "key-0001",
      writes: [
        {
          op: "put",
          expectedVersion: 0,
          artifact: {
            identifier: "config.TIMEOUT",
            kind: "fact",
            value: 30,
            summary: "timeout in seconds",
            provenance,
            tags: ["config"],
          },
        },
        { op: "retract", identifier: "config.OLD", expectedVersion: 1, reason: "gone", provenance },
      ],
    },
  },
  {
    type: "hive.commits",
    id: "g1",
    commits: [
      {
        idempotencyKey: "key-0002",
        writes: [
          {
            op: "put",
            expectedVersion: 3,
            artifact: {
              identifier: "config.RETRIES",
              kind: "fact",
              value: { n: 3 },
              summary: "",
              provenance,
              tags: [],
            },
          },
        ],
      },
    ],
  },
];

const serverSamples: ServerMessage[] = [
  { type: "sys.welcome", server: "AgentSession", name: "s-1", protocol: 1 },
  { type: "sys.pong", at: 1, nonce: "n" },
  { type: "sys.error", code: "BAD_FRAME", message: "m", hint: "h" },
  { type: "session.pong", at: 2 },
  {
    type: "session.state",
    state: {
      id: "s-1",
      step: 2,
      head: "cp-2-x",
      status: "idle",
      l1: {
        used: 10,
        capacity: 2048,
        pages: [{ id: "a.ts", kind: "file", tokens: 10, pinned: false }],
      },
      transcriptLength: 4,
      hiveSeqSeen: 0,
    },
  },
  {
    type: "session.step",
    step: 2,
    checkpoint: "cp-2-x",
    turns: 1,
    l1: { used: 10, capacity: 2048 },
  },
  {
    type: "session.paged",
    step: 2,
    event: "evicted",
    page: "a.ts",
    ref: "ref:0123456789abcdef0123456789abcdef",
  },
  { type: "session.checkpointed", id: "cp-2-y", step: 2, label: "mark" },
  { type: "session.rolled_back", to: "cp-1-z", step: 1 },
  {
    type: "session.question",
    kind: "decision",
    question: "apply_patch needs approval: changing limits needs a person",
    decisionId: "d-1",
    tool: "apply_patch",
    args: "{}",
    expiresAt: 1_700_000_000_000,
  },
  { type: "session.answered", label: "approved", decisionId: "d-1" },
  { type: "hive.pong", at: 3 },
];

describe("the wire protocol", () => {
  it("round-trips every client message through the one parse point", ({ expect }) => {
    const declared = ClientMessageSchema.options.map((o) => o.shape.type.value).sort();
    expect([...new Set(clientSamples.map((m) => m.type))].sort()).toEqual(declared);
    for (const message of clientSamples) {
      expect(parseClientFrame(JSON.stringify(message)).result).toEqual({
        ok: true,
        value: message,
      });
      const bytes = new TextEncoder().encode(JSON.stringify(message));
      expect(parseClientFrame(bytes).result).toEqual({ ok: true, value: message });
    }
  });

  it("round-trips every server message through its schema", ({ expect }) => {
    const declared = ServerMessageSchema.options
      .map((o) => o.shape.type.value)
      .filter((t) => !t.startsWith("hive."))
      .sort();
    // hive.* server messages are round-tripped by tests/durable-objects/hive-sockets.test.ts.
    expect(
      [...new Set(serverSamples.map((m) => m.type))].filter((t) => !t.startsWith("hive.")).sort(),
    ).toEqual(declared);
    for (const message of serverSamples) {
      expect(ServerMessageSchema.parse(JSON.parse(encodeServerMessage(message)))).toEqual(message);
    }
  });

  it("refuses hostile frames with a code, a message and a hint", ({ expect }) => {
    const refusals = [
      "",
      "{",
      "null",
      "[]",
      '"sys.ping"',
      '{"type":"sys.nope"}',
      '{"type":"sys.ping","nonce":1}',
      "x".repeat(MAX_FRAME_BYTES + 1),
    ].map((frame) => {
      const result = parseClientFrame(frame).result;
      return result.ok ? "accepted" : `${result.code}: ${result.message.slice(0, 60)}`;
    });
    expect(refusals).toMatchInlineSnapshot(`
      [
        "BAD_FRAME: frame is not valid JSON",
        "BAD_FRAME: frame is not valid JSON",
        "BAD_FRAME: frame must be a JSON object",
        "BAD_FRAME: frame must be a JSON object",
        "BAD_FRAME: frame must be a JSON object",
        "UNKNOWN_TYPE: unknown message type "sys.nope"",
        "INVALID_MESSAGE: invalid sys.ping message at nonce: Invalid input: expected s",
        "FRAME_TOO_LARGE: frame of 1048577 bytes exceeds the 1048576-byte limit",
      ]
    `);
    expect(parseClientFrame(new Uint8Array([0xc3, 0x28])).result).toMatchObject({
      ok: false,
      code: "BAD_FRAME",
    });
  });
});
