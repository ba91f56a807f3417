import { describe, it } from "vitest";
import {
  ClientMessageSchema,
  MAX_FRAME_BYTES,
  ServerMessageSchema,
  encodeServerMessage,
  parseClientMessage,
  type ClientMessage,
  type ServerMessage,
} from "../../shared/protocol.ts";

const clientSamples: ClientMessage[] = [
  { type: "sys.ping", nonce: "n1" },
  { type: "session.ping" },
  { type: "hive.ping", nonce: "n2" },
];

const serverSamples: ServerMessage[] = [
  { type: "sys.welcome", server: "AgentSession", name: "s-1", protocol: 1 },
  { type: "sys.pong", at: 1, nonce: "n" },
  { type: "sys.error", code: "BAD_FRAME", message: "m", hint: "h" },
  { type: "session.pong", at: 2 },
  { type: "hive.pong", at: 3 },
];

describe("the wire protocol", () => {
  it("round-trips every client message through the one parse point", ({ expect }) => {
    const declared = ClientMessageSchema.options.map((o) => o.shape.type.value).sort();
    expect(clientSamples.map((m) => m.type).sort()).toEqual(expect.arrayContaining(declared));
    for (const message of clientSamples) {
      expect(parseClientMessage(JSON.stringify(message))).toEqual({ ok: true, value: message });
      const bytes = new TextEncoder().encode(JSON.stringify(message));
      expect(parseClientMessage(bytes)).toEqual({ ok: true, value: message });
    }
  });

  it("round-trips every server message through its schema", ({ expect }) => {
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
      const result = parseClientMessage(frame);
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
    expect(parseClientMessage(new Uint8Array([0xc3, 0x28]))).toMatchObject({
      ok: false,
      code: "BAD_FRAME",
    });
  });
});
