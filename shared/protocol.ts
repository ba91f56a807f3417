// The WebSocket protocol between clients and the Durable Objects, declared once.
// Every frame a client sends is parsed here; servers send with `satisfies`.
import { z } from "zod";
import {
  MAX_JSON_DEPTH,
  jsonDepthExceeds,
  jsonProblem,
  topLevelStrings,
} from "./contracts/text.ts";
import { HiveClientMessages, HiveServerMessages } from "./hive/messages.ts";
import { fastCommitFrame, fastCommitsFrame } from "./hive/commit-fast-path.ts";
import { err, ok, type Result } from "./base/result.ts";
import { SessionClientMessages, SessionServerMessages } from "./session/messages.ts";

export const PROTOCOL_VERSION = 1;
/** Frames above this are refused before parsing (workerd accepts up to 32 MiB). */
export const MAX_FRAME_BYTES = 1024 * 1024;

// Each subsystem declares its messages beside its code (shared/session/messages.ts,
// shared/hive/messages.ts); this is the one union every frame is parsed against.
export const ClientMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("sys.ping"),
    nonce: z.string().max(128).optional(),
  }),
  ...SessionClientMessages,
  ...HiveClientMessages,
]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;

export const ProtocolErrorCodeSchema = z.enum([
  "BAD_FRAME",
  "FRAME_TOO_LARGE",
  "UNKNOWN_TYPE",
  "INVALID_MESSAGE",
  "FRAME_TOO_DEEP",
]);
export type ProtocolErrorCode = z.infer<typeof ProtocolErrorCodeSchema>;

export const ServerMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("sys.welcome"),
    server: z.enum(["AgentSession", "Hive"]),
    name: z.string(),
    protocol: z.literal(PROTOCOL_VERSION),
  }),
  z.object({
    type: z.literal("sys.pong"),
    nonce: z.string().optional(),
    at: z.number(),
  }),
  z.object({
    type: z.literal("sys.error"),
    code: z.string(),
    message: z.string(),
    hint: z.string().optional(),
    /** The `id` (or `nonce`) of the frame this error answers, when it had one. */
    id: z.string().optional(),
  }),
  ...SessionServerMessages,
  ...HiveServerMessages,
]);
export type ServerMessage = z.infer<typeof ServerMessageSchema>;

const CLIENT_TYPES: ReadonlySet<string> = new Set(
  ClientMessageSchema.options.map((o) => o.shape.type.value),
);

/** A parsed frame, with the id and type it claimed even when it failed to parse. */
export interface ClientFrame {
  result: Result<ClientMessage, ProtocolErrorCode>;
  /** The frame's string `id` (or `nonce`), so an error can answer that request. */
  id: string | undefined;
  type: string | undefined;
}

const MAX_FRAME_ID_CHARS = 128;

/**
 * The one parse point for client frames (text or binary, never trusted), keeping
 * the frame's claimed id and type for the error reply.
 */
export function parseClientFrame(raw: string | ArrayBuffer | ArrayBufferView): ClientFrame {
  let id: string | undefined;
  let type: string | undefined;
  const result = parseFrame(raw, (data) => {
    const claimed = (data as { id?: unknown; nonce?: unknown; type?: unknown }) ?? {};
    const ref = typeof claimed.id === "string" ? claimed.id : claimed.nonce;
    id = typeof ref === "string" && ref.length <= MAX_FRAME_ID_CHARS ? ref : undefined;
    type = typeof claimed.type === "string" ? claimed.type.slice(0, 64) : undefined;
  });
  return { result, id, type };
}

function parseFrame(
  raw: string | ArrayBuffer | ArrayBufferView,
  claimed: (data: unknown) => void,
): Result<ClientMessage, ProtocolErrorCode> {
  const size = typeof raw === "string" ? raw.length : raw.byteLength;
  if (size > MAX_FRAME_BYTES) {
    return err(
      "FRAME_TOO_LARGE",
      `frame of ${size} bytes exceeds the ${MAX_FRAME_BYTES}-byte limit`,
      "send large payloads over HTTP and refer to them by reference",
    );
  }
  let text: string;
  try {
    text =
      typeof raw === "string"
        ? raw
        : new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(raw);
  } catch {
    return err("BAD_FRAME", "binary frame is not valid UTF-8", "send JSON text frames");
  }
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
    claimed(topLevelStrings(text, ["type", "id", "nonce"]));
    return err(
      "FRAME_TOO_DEEP",
      `frame nests deeper than ${MAX_JSON_DEPTH} levels`,
      "flatten the value; store large structures as a workspace file",
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return err(
      "BAD_FRAME",
      "frame is not valid JSON",
      'send a JSON object such as {"type":"sys.ping"}',
    );
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    return err("BAD_FRAME", "frame must be a JSON object", 'send {"type": "..."}');
  }
  claimed(data);
  const problem = jsonProblem(data);
  if (problem !== undefined) {
    return err(
      "INVALID_MESSAGE",
      `${problem.where}: ${problem.detail}`,
      "keys __proto__, constructor and prototype and lone surrogates are refused",
    );
  }
  const type = (data as { type?: unknown }).type;
  if (typeof type !== "string" || !CLIENT_TYPES.has(type)) {
    return err(
      "UNKNOWN_TYPE",
      `unknown message type ${JSON.stringify(type ?? null).slice(0, 80)}`,
      `expected one of: ${[...CLIENT_TYPES].join(", ")}`,
    );
  }
  // Commit frames are the hot path: a well-formed commit of puts skips zod (same rules).
  const fast =
    type === "hive.commit"
      ? fastCommitFrame(data as Record<string, unknown>)
      : type === "hive.commits"
        ? fastCommitsFrame(data as Record<string, unknown>)
        : undefined;
  if (fast !== undefined) {
    return ok(fast);
  }
  const parsed = ClientMessageSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") || "(root)";
    return err(
      "INVALID_MESSAGE",
      `invalid ${type} message at ${where}: ${issue?.message ?? "invalid"}`,
      "check the message against shared/protocol.ts",
    );
  }
  return ok(parsed.data);
}

export function encodeServerMessage(message: ServerMessage): string {
  return JSON.stringify(message);
}
