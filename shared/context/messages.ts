// OpenAI chat messages as the context engine reads and writes them: the
// envelope renders to them, the pruner and the token counter take them.
import { z } from "zod";

export const ToolCallSchema = z.object({
  id: z.string(),
  type: z.literal("function"),
  function: z.object({ name: z.string(), arguments: z.string() }),
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

export const ChatMessageSchema = z.discriminatedUnion("role", [
  z.object({ role: z.literal("system"), content: z.string(), name: z.string().optional() }),
  z.object({ role: z.literal("user"), content: z.string(), name: z.string().optional() }),
  z.object({
    role: z.literal("assistant"),
    content: z.string().nullable(),
    name: z.string().optional(),
    tool_calls: z.array(ToolCallSchema).optional(),
  }),
  z.object({ role: z.literal("tool"), content: z.string(), tool_call_id: z.string() }),
]);
export type ChatMessage = z.infer<typeof ChatMessageSchema>;
export type ChatRole = ChatMessage["role"];

/** The text a message carries, "" for an assistant message that only calls tools. */
export function messageText(message: ChatMessage): string {
  return message.content ?? "";
}
