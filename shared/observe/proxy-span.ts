// One proxy call (POST /v1/chat/completions) as a trace row of its AgentSession
// (kind `proxy.call`) and as an OpenTelemetry span. Written by the gateway's
// proxy (workers/gateway/proxy/span.ts); exported by spans.ts.
import { z } from "zod";

export const PROXY_CALL_KIND = "proxy.call";

export const ProxyCallSchema = z.strictObject({
  startedAt: z.number().int().nonnegative(),
  ms: z.number().nonnegative().max(86_400_000),
  status: z.number().int().min(100).max(599),
  /** The OpenAI-style error code of a refused or failed call. */
  code: z.string().max(80).optional(),
  upstreamTokens: z.number().int().nonnegative().optional(),
  clientTokens: z.number().int().nonnegative().optional(),
  stream: z.boolean(),
});
export type ProxyCall = z.infer<typeof ProxyCallSchema>;
