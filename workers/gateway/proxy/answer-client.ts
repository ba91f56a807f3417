// The proxy's answer to its client: the upstream's content and the client's own tool
// calls in OpenAI's shape (a body or a stream), with the session and token headers.
// Used by route.ts.
import type { Context } from "hono";
import type { ModelToolCall } from "../../../shared/driver/types.ts";
import { CLIENT_TOKENS_HEADER, SESSION_HEADER, UPSTREAM_TOKENS_HEADER } from "./request.ts";
import { completionBody, completionChunks, streamResponse } from "./respond.ts";

export interface Outgoing {
  session: string;
  model: string;
  content: string;
  toolCalls: ModelToolCall[];
  finishReason: string;
  upstreamTokens: number;
  clientTokens: number;
  completionTokens: number;
  stream: boolean;
  includeUsage: boolean;
}

export function answerClient(c: Context, out: Outgoing): Response {
  const answer = {
    id: `chatcmpl-${crypto.randomUUID()}`,
    model: out.model,
    content: out.content,
    toolCalls: out.toolCalls,
    finishReason: out.finishReason,
    promptTokens: out.upstreamTokens,
    completionTokens: out.completionTokens,
  };
  const headers = new Headers({
    [SESSION_HEADER]: out.session,
    [UPSTREAM_TOKENS_HEADER]: String(out.upstreamTokens),
    [CLIENT_TOKENS_HEADER]: String(out.clientTokens),
  });
  if (out.stream) {
    return streamResponse(completionChunks(answer, out.includeUsage), headers);
  }
  const response = c.json(completionBody(answer));
  headers.forEach((value, name) => response.headers.set(name, value));
  return response;
}
