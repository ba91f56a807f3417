// ChatAgent: an `agents` SDK agent whose memory is Lethe. Its history lives in a
// Lethe session (LetheSessionStore), its system prompt carries the hive's facts
// (letheArtifactsBlock in ContextBlocks), and it compacts through Lethe's
// compressor (letheCompaction) whenever the prompt would pass its budget.
import { Agent, type Connection, type WSMessage } from "agents";
import { ContextBlocks } from "agents/context";
import type { SessionMessage } from "agents/sessions";
import OpenAI from "openai";
import {
  LetheSessionStore,
  isLetheAgentsError,
  letheArtifactsBlock,
  letheCompaction,
  letheSaveFact,
  letheTokenizer,
  toChatMessages,
  type LetheConnection,
} from "lethe/agents";
import {
  ChatFrameSchema,
  type ChatEnv,
  type ChatFrame,
  type ErrorFrame,
  type ReplyFrame,
} from "./env.ts";
import { LOOKUP_TOOL, lookupService } from "./tools.ts";

/** Model calls one user message may take (tool rounds included). */
const MAX_MODEL_CALLS = 6;

interface ChatState {
  session: string | null;
}

function toBase64Url(text: string): string {
  let binary = "";
  for (const b of new TextEncoder().encode(text)) {
    binary += String.fromCharCode(b);
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export class ChatAgent extends Agent<Cloudflare.Env, ChatState> {
  override initialState: ChatState = { session: null };

  get #env(): ChatEnv {
    return this.env as unknown as ChatEnv;
  }

  get #lethe(): LetheConnection {
    return { binding: this.#env.LETHE, hive: this.#env.LETHE_HIVE, key: this.#env.LETHE_KEY };
  }

  async #store(): Promise<LetheSessionStore> {
    const compaction = letheCompaction({
      connection: this.#lethe,
      keepRecentMessages: 3,
      summaryTokens: 300,
    });
    if (this.state.session !== null) {
      return new LetheSessionStore(this.#lethe, this.state.session).onCompaction(compaction);
    }
    const store = await LetheSessionStore.create(this.#lethe, {
      mission: `agents-chat conversation ${this.name}`,
    });
    this.setState({ session: store.sessionId });
    return store.onCompaction(compaction);
  }

  override async onMessage(connection: Connection, message: WSMessage): Promise<void> {
    let frame: ChatFrame;
    try {
      frame = ChatFrameSchema.parse(JSON.parse(String(message)));
    } catch {
      // Frames of the SDK's own protocol (state, rpc) never reach here; anything else is refused.
      connection.send(
        JSON.stringify({
          type: "chat.error",
          id: null,
          code: "BAD_FRAME",
          message: "expected {type: 'chat', id, text}",
          hint: "send JSON chat frames",
        } satisfies ErrorFrame),
      );
      return;
    }
    try {
      connection.send(JSON.stringify(await this.#turn(frame)));
    } catch (error) {
      connection.send(
        JSON.stringify({
          type: "chat.error",
          id: frame.id,
          code: isLetheAgentsError(error) ? error.code : "CHAT_FAILED",
          message: error instanceof Error ? error.message : String(error),
          hint: isLetheAgentsError(error) ? error.hint : "see the agent's logs",
        } satisfies ErrorFrame),
      );
    }
  }

  async #turn(frame: ChatFrame): Promise<ReplyFrame> {
    const env = this.#env;
    const budget = Number(env.PROMPT_BUDGET);
    const store = await this.#store();
    const blocks = new ContextBlocks([
      {
        label: "hive_facts",
        description: "Facts every agent of this hive has established, with where they came from",
        maxTokens: Number(env.FACTS_BLOCK_TOKENS),
        provider: letheArtifactsBlock({
          connection: this.#lethe,
          maxTokens: Number(env.FACTS_BLOCK_TOKENS),
        }),
      },
    ]);
    await store.appendMessage({
      id: frame.id,
      role: "user",
      parts: [{ type: "text", text: frame.text }],
    });
    const tokenizer = await letheTokenizer();
    const model = new OpenAI({
      apiKey: "offline",
      baseURL: "http://lethe-model/v1",
      fetch: (input: string | URL | Request, init?: RequestInit) => env.MODEL.fetch(input, init),
    });
    const promptTokens: number[] = [];
    let compactions = 0;
    let system = "";
    let messages: ReturnType<typeof toChatMessages> = [];
    for (let call = 0; call < MAX_MODEL_CALLS; call++) {
      system = await blocks.refreshSystemPrompt();
      const prompt = async () => {
        const history = await store.getHistory();
        messages = [
          { role: "system", content: `You are a helpful operations agent.\n${system}` },
          ...history.flatMap(toChatMessages),
        ];
        return tokenizer.countMessages(messages);
      };
      let tokens = await prompt();
      // Compact (Lethe's compressor, citations kept) until the prompt fits or nothing more can go.
      while (tokens > budget && (await store.compact()) !== null) {
        compactions += 1;
        tokens = await prompt();
      }
      promptTokens.push(tokens);
      const entry = frame.script?.[call];
      const completion = await model.chat.completions.create({
        model: "lethe-local",
        messages,
        tools: [LOOKUP_TOOL],
        ...(entry === undefined
          ? {}
          : {
              metadata: {
                lethe_script: toBase64Url(JSON.stringify([entry])),
                lethe_script_index: "0",
              },
            }),
      });
      const choice = completion.choices[0]?.message;
      const calls = (choice?.tool_calls ?? []).filter((c) => c.type === "function");
      if (calls.length === 0) {
        const text = choice?.content ?? "";
        await store.appendMessage({
          id: `${frame.id}-a${call}`,
          role: "assistant",
          parts: [{ type: "text", text }],
        });
        // What the same prompt would count with the raw history (no compaction), for comparison.
        const raw = await store.getHistory({ overlays: false });
        const uncompactedTokens = tokenizer.countMessages([
          messages[0] ?? { role: "system", content: "" },
          ...raw.flatMap(toChatMessages),
        ]);
        return {
          type: "chat.reply",
          uncompactedTokens,
          id: frame.id,
          text,
          promptTokens,
          system,
          messages: messages.length,
          compactions,
          session: store.sessionId,
        };
      }
      // The tool calls and their results are stored together: one message, never split.
      const parts: SessionMessage["parts"] = [];
      for (const c of calls) {
        const args = JSON.parse(c.function.arguments || "{}") as { name?: string };
        const output = lookupService(String(args.name ?? "unknown"));
        parts.push({
          type: "tool-lookup_service",
          toolCallId: c.id,
          toolName: "lookup_service",
          state: "output-available",
          input: args,
          output,
        });
        // What the tool taught the agent becomes a hive fact with its provenance.
        await letheSaveFact(this.#lethe, {
          identifier: `service.${output.name}.port`,
          value: output.port,
          summary: `${output.name} listens on port ${output.port} (owner ${output.owner})`,
          source: `tool:lookup_service#${c.id}`,
          session: store.sessionId,
          agent: this.name,
          step: call,
        });
      }
      await store.appendMessage({ id: `${frame.id}-t${call}`, role: "assistant", parts });
    }
    throw new Error(`no answer after ${MAX_MODEL_CALLS} model calls`);
  }
}
