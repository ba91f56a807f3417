// AgentSession wire messages (watchers <-> AgentSession over the gateway's
// WebSocket). Composed into the one protocol in shared/protocol.ts; tags "session.*".
import { z } from "zod";

export const SessionClientMessages = [
  z.object({ type: z.literal("session.ping"), nonce: z.string().max(128).optional() }),
] as const;

export const SessionServerMessages = [
  z.object({ type: z.literal("session.pong"), nonce: z.string().optional(), at: z.number() }),
] as const;
