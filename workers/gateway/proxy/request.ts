// The proxy's input contract: an OpenAI Chat Completions request (the fields the
// proxy reads; others are accepted and ignored), normalised to Lethe's chat
// messages, and the OpenAI-style error it answers with. Used by proxy/route.ts and
// its helpers beside it.
import { z } from "zod";
import type { ChatMessage } from "../../../shared/context/messages.ts";

/** The conversation's id travels in this header, both ways. */
export const SESSION_HEADER = "x-lethe-session";
/** Prompt tokens Lethe sent upstream for this call (all rounds). */
export const UPSTREAM_TOKENS_HEADER = "x-lethe-upstream-prompt-tokens";
/** Prompt tokens the client's own history would have cost sent as is. */
export const CLIENT_TOKENS_HEADER = "x-lethe-client-prompt-tokens";
/** The 10,000-message hostile conversation fits; more is refused. */
export const MAX_PROXY_MESSAGES = 12_000;
export const MAX_PROXY_TOOLS = 128;

const TextPartSchema = z.looseObject({ type: z.string(), text: z.string().optional() });
const ContentSchema = z.union([z.string(), z.array(TextPartSchema), z.null()]).optional();

const ToolCallSchema = z.looseObject({
  id: z.string().min(1).max(256),
  type: z.literal("function"),
  function: z.looseObject({ name: z.string().min(1).max(128), arguments: z.string() }),
});

const MessageSchema = z.discriminatedUnion("role", [
  z.looseObject({ role: z.enum(["system", "developer"]), content: ContentSchema }),
  z.looseObject({ role: z.literal("user"), content: ContentSchema }),
  z.looseObject({
    role: z.literal("assistant"),
    content: ContentSchema,
    tool_calls: z.array(ToolCallSchema).max(128).optional(),
  }),
  z.looseObject({
    role: z.literal("tool"),
    content: ContentSchema,
    tool_call_id: z.string().min(1).max(256),
  }),
  z.looseObject({ role: z.literal("function"), content: ContentSchema, name: z.string() }),
]);

export const ClientToolSchema = z.looseObject({
  type: z.literal("function"),
  function: z.looseObject({
    name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    description: z.string().max(8_192).optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ClientTool = z.infer<typeof ClientToolSchema>;

export const ProxyRequestSchema = z.looseObject({
  model: z.string().min(1).max(256),
  messages: z.array(MessageSchema).min(1).max(MAX_PROXY_MESSAGES),
  tools: z.array(ClientToolSchema).max(MAX_PROXY_TOOLS).optional(),
  stream: z.boolean().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullish(),
});
export type ProxyRequest = z.infer<typeof ProxyRequestSchema>;

export interface ProxyError {
  status: 400 | 401 | 403 | 404 | 413 | 429 | 500 | 502 | 503 | 504;
  type: string;
  code: string;
  message: string;
  hint?: string;
}

/** OpenAI's error shape ({message, type, param, code}) plus Lethe's hint. */
export function proxyErrorBody(error: ProxyError) {
  return {
    error: {
      message: error.message,
      type: error.type,
      param: null,
      code: error.code,
      ...(error.hint === undefined ? {} : { hint: error.hint }),
    },
  };
}

export function invalidRequest(code: string, message: string, hint?: string): ProxyError {
  return {
    status: 400,
    type: "invalid_request_error",
    code,
    message,
    ...(hint === undefined ? {} : { hint }),
  };
}

function text(content: z.infer<typeof ContentSchema>): string {
  if (content === undefined || content === null) {
    return "";
  }
  if (typeof content === "string") {
    return content;
  }
  return content.map((part) => part.text ?? "").join("");
}

/** Parses the body and normalises it: developer → system, parts → text, tool calls checked. */
export type ParsedProxyRequest =
  | { ok: true; request: ProxyRequest; messages: ChatMessage[] }
  | { ok: false; error: ProxyError };

export function parseProxyRequest(body: unknown): ParsedProxyRequest {
  const parsed = ProxyRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".") || "(body)";
    return {
      ok: false,
      error: invalidRequest(
        "invalid_body",
        `${field}: ${issue?.message ?? "invalid value"}`,
        "send an OpenAI Chat Completions body: {model, messages, tools?, stream?}",
      ),
    };
  }
  const messages: ChatMessage[] = [];
  const open = new Set<string>();
  for (const [index, m] of parsed.data.messages.entries()) {
    if (m.role === "system" || m.role === "developer") {
      messages.push({ role: "system", content: text(m.content) });
    } else if (m.role === "user") {
      messages.push({ role: "user", content: text(m.content) });
    } else if (m.role === "assistant") {
      const calls = (m.tool_calls ?? []).map((c) => ({
        id: c.id,
        type: "function" as const,
        function: { name: c.function.name, arguments: c.function.arguments },
      }));
      for (const call of calls) {
        open.add(call.id);
      }
      const content = m.content === undefined || m.content === null ? null : text(m.content);
      messages.push(
        calls.length > 0
          ? { role: "assistant", content, tool_calls: calls }
          : { role: "assistant", content },
      );
    } else if (m.role === "tool") {
      if (!open.has(m.tool_call_id)) {
        return {
          ok: false,
          error: invalidRequest(
            "invalid_tool_message",
            `messages.${index}: tool_call_id ${m.tool_call_id.slice(0, 64)} answers no earlier assistant tool call`,
            "send each tool result after the assistant message whose tool_calls name its id",
          ),
        };
      }
      messages.push({ role: "tool", content: text(m.content), tool_call_id: m.tool_call_id });
    } else {
      return {
        ok: false,
        error: invalidRequest(
          "unsupported_role",
          `messages.${index}: the deprecated "function" role is not supported`,
          'send tool results as role "tool" with a tool_call_id',
        ),
      };
    }
  }
  return { ok: true, request: parsed.data, messages };
}
