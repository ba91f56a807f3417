// The long-horizon bench's baselines (bench/horizon.ts): a plain ReAct loop over
// the openai client with two tools, read_file and record. Full history keeps every
// call and result; the sliding window sends the mission plus the last K messages;
// the summarising agent has the same model compact its history when it grows.
import OpenAI from "openai";
import type {
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import { COMPACT_MARKER, STAND_IN_MODEL } from "./model-server.ts";

export const BASELINE_TOOLS: ChatCompletionTool[] = [
  {
    type: "function",
    function: {
      name: "read_file",
      description: "Read a workspace file and return its full text.",
      parameters: {
        type: "object",
        properties: { path: { type: "string", description: "path relative to the root" } },
        required: ["path"],
        additionalProperties: false,
      },
    },
  },
  {
    type: "function",
    function: {
      name: "record",
      description: "Record a fact under a key.",
      parameters: {
        type: "object",
        properties: {
          key: { type: "string" },
          value: { type: ["number", "string"] },
        },
        required: ["key", "value"],
        additionalProperties: false,
      },
    },
  },
];

export interface BaselineOptions {
  baseURL: string;
  mission: string;
  /** The agent's own files, which the bench updates when the mission changes a fact. */
  files: Map<string, string>;
  /** Keep the system message and only the last `window` messages; undefined keeps everything. */
  window?: number;
  /**
   * The summarising agent: once the history reaches `at` messages, the same model
   * summarises it (one extra request) and the history becomes that summary plus the
   * last `keep` messages. Undefined: never compacts.
   */
  compact?: { at: number; keep: number };
  /** A guard against a model that never answers: the mission has fewer moves. */
  maxSteps: number;
}

export interface BaselineResult {
  answer: string;
  steps: number;
  /** Messages of the full history at the end (what the window sent is a tail of it). */
  historyMessages: number;
  /** Summaries the compacting agent asked for (0 for the others). */
  compactions: number;
}

/** The tail the sliding window sends: the last `k` messages, never opening on a tool result. */
export function windowTail<T extends { role: string }>(history: readonly T[], k: number): T[] {
  let start = Math.max(0, history.length - k);
  while (start < history.length && history[start]?.role === "tool") {
    start++;
  }
  return history.slice(start);
}

function runTool(name: string, args: Record<string, unknown>, files: Map<string, string>): string {
  if (name === "read_file") {
    const path = String(args.path ?? "");
    return files.get(path) ?? `error: no file ${path}`;
  }
  if (name === "record") {
    return "ok";
  }
  return `error: unknown tool ${name}`;
}

export async function runBaseline(options: BaselineOptions): Promise<BaselineResult> {
  const client = new OpenAI({ apiKey: "local", baseURL: options.baseURL, maxRetries: 0 });
  const system: ChatCompletionMessageParam = { role: "system", content: options.mission };
  const history: ChatCompletionMessageParam[] = [];
  let compactions = 0;
  for (let step = 1; step <= options.maxSteps; step++) {
    if (options.compact !== undefined && history.length >= options.compact.at) {
      const summary = await client.chat.completions.create({
        model: STAND_IN_MODEL,
        messages: [
          system,
          ...history,
          {
            role: "user",
            content: `${COMPACT_MARKER} Summarise the conversation so far for your own later use: keep every fact and its latest value.`,
          },
        ],
      });
      compactions++;
      const kept = windowTail(history, options.compact.keep);
      history.length = 0;
      history.push(
        {
          role: "user",
          content: `Summary of the earlier conversation:\n${summary.choices[0]?.message.content ?? ""}`,
        },
        ...kept,
      );
    }
    const sent = options.window === undefined ? history : windowTail(history, options.window);
    const completion = await client.chat.completions.create({
      model: STAND_IN_MODEL,
      messages: [system, ...sent],
      tools: BASELINE_TOOLS,
    });
    const message = completion.choices[0]?.message;
    const call = message?.tool_calls?.[0];
    if (message === undefined || call === undefined || call.type !== "function") {
      return {
        answer: message?.content ?? "",
        steps: step - 1,
        historyMessages: history.length + 1,
        compactions,
      };
    }
    history.push({ role: "assistant", content: message.content ?? null, tool_calls: [call] });
    let args: Record<string, unknown> = {};
    try {
      args = JSON.parse(call.function.arguments) as Record<string, unknown>;
    } catch {
      // Unparseable arguments: the tool runs with none and says what is missing.
    }
    history.push({
      role: "tool",
      tool_call_id: call.id,
      content: runTool(call.function.name, args, options.files),
    });
  }
  throw new Error(`the baseline did not answer within ${options.maxSteps} steps`);
}
