// The subset of OpenAI's chat-completions and embeddings wire format that the
// local endpoint accepts and answers. Loose objects: real clients send fields we
// ignore (temperature, seed, user…); the ones we read are validated here.
import { z } from "zod";

/** Requests past this many messages are refused: an envelope is a handful of sections. */
export const MAX_MESSAGES = 512;
/** Tools offered in one request; Lethe routes to a few domains, OpenAI allows 128. */
export const MAX_TOOLS = 128;
/** Inputs in one embeddings request (OpenAI allows 2,048). */
export const MAX_EMBED_INPUTS = 2_048;

const ContentPartSchema = z.looseObject({ type: z.string(), text: z.string().optional() });

export const ToolCallSchema = z.looseObject({
  id: z.string(),
  type: z.literal("function").default("function"),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

export const ChatMessageSchema = z.looseObject({
  role: z.enum(["system", "developer", "user", "assistant", "tool", "function"]),
  content: z.union([z.string(), z.array(ContentPartSchema), z.null()]).optional(),
  name: z.string().optional(),
  tool_calls: z.array(ToolCallSchema).optional(),
  tool_call_id: z.string().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ToolSpecSchema = z.looseObject({
  type: z.literal("function"),
  function: z.looseObject({
    name: z.string().min(1).max(64),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ToolSpec = z.infer<typeof ToolSpecSchema>;

export const ChatRequestSchema = z.looseObject({
  model: z.string().min(1).max(256),
  messages: z.array(ChatMessageSchema).min(1).max(MAX_MESSAGES),
  tools: z.array(ToolSpecSchema).max(MAX_TOOLS).optional(),
  tool_choice: z
    .union([
      z.enum(["none", "auto", "required"]),
      z.looseObject({ type: z.literal("function"), function: z.object({ name: z.string() }) }),
    ])
    .optional(),
  response_format: z.looseObject({ type: z.string() }).optional(),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullish(),
  n: z.literal(1).nullish(),
  max_tokens: z.number().int().positive().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

export const EmbeddingsRequestSchema = z.looseObject({
  model: z.string().min(1).max(256),
  input: z.union([z.string(), z.array(z.string()).min(1).max(MAX_EMBED_INPUTS)]),
  encoding_format: z.enum(["float", "base64"]).optional(),
  dimensions: z.number().int().positive().optional(),
});
export type EmbeddingsRequest = z.infer<typeof EmbeddingsRequestSchema>;

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface ChatCompletion {
  id: string;
  object: "chat.completion";
  created: number;
  model: string;
  system_fingerprint: string;
  choices: {
    index: 0;
    message: { role: "assistant"; content: string | null; tool_calls?: ToolCall[]; refusal: null };
    finish_reason: "stop" | "tool_calls" | "length";
    logprobs: null;
  }[];
  usage: Usage;
}

/** The text of a message, whether a string or a list of text parts. */
export function messageText(message: ChatMessage): string {
  const content = message.content;
  if (typeof content === "string") {
    return content;
  }
  if (Array.isArray(content)) {
    return content.map((p) => p.text ?? "").join("");
  }
  return "";
}
