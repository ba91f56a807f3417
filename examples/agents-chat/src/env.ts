// The example Worker's bindings (wrangler.toml), and the wire frames between
// the agent and its clients (agents/client sends and receives these as JSON).
import { z } from "zod";

export interface ChatEnv {
  ChatAgent: DurableObjectNamespace;
  LETHE: Fetcher;
  MODEL: Fetcher;
  LETHE_HIVE: string;
  LETHE_KEY: string;
  PROMPT_BUDGET: string;
  FACTS_BLOCK_TOKENS: string;
}

/** A scripted answer of the offline model (its test mode): text or tool calls. */
const ScriptEntrySchema = z.union([
  z.string(),
  z.object({ content: z.string() }),
  z.object({
    tool_calls: z.array(
      z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()) }),
    ),
  }),
]);

export const ChatFrameSchema = z.object({
  type: z.literal("chat"),
  id: z.string().min(1).max(128),
  text: z.string().min(1).max(100_000),
  /** Exact answers for the offline stand-in model, one per model call of this turn. */
  script: z.array(ScriptEntrySchema).max(16).optional(),
});
export type ChatFrame = z.infer<typeof ChatFrameSchema>;

export interface ReplyFrame {
  type: "chat.reply";
  id: string;
  text: string;
  /** Exact prompt tokens of every model call of this turn. */
  promptTokens: number[];
  /** The last prompt's tokens had the history not been compacted. */
  uncompactedTokens: number;
  /** The system prompt the last model call got (the context blocks rendered). */
  system: string;
  /** Messages in the last prompt, and compactions run during this turn. */
  messages: number;
  compactions: number;
  session: string;
}

export interface ErrorFrame {
  type: "chat.error";
  id: string | null;
  code: string;
  message: string;
  hint: string;
}
