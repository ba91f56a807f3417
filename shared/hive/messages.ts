// Hive wire messages (client <-> Hive over the gateway's WebSocket). Composed into
// the one protocol in shared/protocol.ts; tags are namespaced "hive.*".
import { z } from "zod";

export const HiveClientMessages = [
  z.object({ type: z.literal("hive.ping"), nonce: z.string().max(128).optional() }),
] as const;

export const HiveServerMessages = [
  z.object({ type: z.literal("hive.pong"), nonce: z.string().optional(), at: z.number() }),
] as const;
