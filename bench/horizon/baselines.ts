// The long-horizon bench's baselines (bench/horizon.ts): plain ReAct loops over the
// openai client, on the same stand-in model and policy as Lethe. Each gets the
// tools its memory needs, and every call it makes is counted at the model server:
// - full history, cut to a real model window (128k tokens): the oldest messages
//   are dropped until the prompt fits, as a client cuts before a 400;
// - last-K: the mission plus the last K messages (tool: read_file);
// - notes + window: the last K messages and a notes block that really stores what
//   `record` saved and shows it in every prompt (tools: read_file, record);
// - summarising: once its raw history passes a budget, the older messages are
//   folded by the compressor Lethe uses (shared/compress: the summariser contract,
//   map calls to the same stand-in, incremental like Lethe's compaction job), and
//   the turns it cites stay readable by ref (tools: read_file, read_ref).
import OpenAI from "openai";
import type {
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import type { ChatMessage } from "../../shared/context/messages.ts";
import type { Tokenizer } from "../../shared/context/tokens.ts";
import {
  compressConversation,
  DEFAULT_SUMMARISER_WINDOW,
  SUMMARY_MESSAGE_NAME,
} from "../../shared/compress/index.ts";
import { driverConfigFromEnv } from "../../shared/driver/config.ts";
import { Driver } from "../../shared/driver/driver.ts";
import { redactedSummariser } from "../../workers/compressor/redacted-summariser.ts";
import { ARM_HEADER, STAND_IN_MODEL } from "./model-server.ts";

const tool = (
  name: string,
  description: string,
  properties: Record<string, unknown>,
  required: string[],
): ChatCompletionTool => ({
  type: "function",
  function: {
    name,
    description,
    parameters: { type: "object", properties, required, additionalProperties: false },
  },
});

export const READ_FILE = tool(
  "read_file",
  "Read a workspace file and return its full text.",
  { path: { type: "string", description: "path relative to the root" } },
  ["path"],
);
export const RECORD = tool(
  "record",
  "Save a fact under a key in your notes; the notes are shown to you at every step.",
  { key: { type: "string" }, value: { type: ["number", "string"] } },
  ["key", "value"],
);
export const READ_REF = tool(
  "read_ref",
  "Read the full text a summary cites by its ref:… handle.",
  { ref: { type: "string" } },
  ["ref"],
);

export type Arm =
  | { kind: "full" }
  | { kind: "last"; k: number }
  | { kind: "notes"; k: number }
  | { kind: "summary"; atTokens: number; keep: number };

export function armName(arm: Arm): string {
  switch (arm.kind) {
    case "full":
      return `full-${Math.round(MODEL_WINDOW / 1000)}k`;
    case "last":
      return `last-${arm.k}`;
    case "notes":
      return `notes-window-${arm.k}`;
    case "summary":
      return "summarising";
  }
}

export function armTools(arm: Arm): ChatCompletionTool[] {
  return arm.kind === "notes"
    ? [READ_FILE, RECORD]
    : arm.kind === "summary"
      ? [READ_FILE, READ_REF]
      : [READ_FILE];
}

/** A real model's window (GPT-4o and most): every baseline client cuts its prompt to it. */
export const MODEL_WINDOW = 128_000;
/** Tokens a real client leaves for the answer when it cuts a prompt to the window. */
export const ANSWER_RESERVE = 4_096;

export interface BaselineOptions {
  baseURL: string;
  tag: string;
  mission: string;
  arm: Arm;
  /** The agent's own files, which the bench updates when the workload changes a fact. */
  files: Map<string, string>;
  tokenizer: Tokenizer;
  /** A guard against a model that never answers. */
  maxSteps: number;
}

export interface BaselineResult {
  answer: string;
  steps: number;
  /** Messages dropped to fit the window (full history), summaries made (summarising). */
  dropped: number;
  compactions: number;
}

/** The tail a window sends: the last `k` messages, never opening on a tool result. */
export function windowTail<T extends { role: string }>(history: readonly T[], k: number): T[] {
  let start = Math.max(0, history.length - k);
  while (start < history.length && history[start]?.role === "tool") {
    start++;
  }
  return history.slice(start);
}

const asChat = (m: ChatCompletionMessageParam): ChatMessage => m as ChatMessage;

/**
 * The newest messages that fit `windowTokens` with the system messages and tools,
 * oldest dropped first, never opening on a tool result: what a client sends.
 */
export function fitWindow(
  system: readonly ChatCompletionMessageParam[],
  history: readonly ChatCompletionMessageParam[],
  tools: readonly ChatCompletionTool[],
  tokenizer: Tokenizer,
  windowTokens: number,
): ChatCompletionMessageParam[] {
  const fixed =
    tokenizer.countMessages(system.map(asChat)) + tokenizer.count(JSON.stringify(tools));
  let total = fixed;
  let start = history.length;
  while (start > 0) {
    const next = tokenizer.countMessage(asChat(history[start - 1] as ChatCompletionMessageParam));
    if (total + next > windowTokens - ANSWER_RESERVE) {
      break;
    }
    total += next;
    start--;
  }
  return windowTail(history.slice(start), history.length);
}

export async function runBaseline(options: BaselineOptions): Promise<BaselineResult> {
  const { arm, tokenizer } = options;
  const client = new OpenAI({ apiKey: "local", baseURL: options.baseURL, maxRetries: 0 });
  const tools = armTools(arm);
  const mission: ChatCompletionMessageParam = { role: "system", content: options.mission };
  const history: ChatCompletionMessageParam[] = [];
  /** Transcript position of each history message (the summary carries the last it covers). */
  const numbers: number[] = [];
  let position = 0;
  const notes = new Map<string, string>();
  const kept = new Map<string, string>();
  let dropped = 0;
  let compactions = 0;
  const summariser = arm.kind === "summary" ? summariserFor(options.baseURL) : undefined;
  for (let step = 1; step <= options.maxSteps; step++) {
    if (arm.kind === "summary" && summariser !== undefined) {
      const raw = history.filter((m) => !isSummary(m));
      const weight = tokenizer.countMessages(raw.map(asChat));
      if (weight > arm.atTokens && raw.length > arm.keep) {
        // Fold everything but the last `keep` messages (a whole step at the cut).
        let cut = history.length - arm.keep;
        while (cut > 0 && history[cut]?.role === "tool") {
          cut--;
        }
        const older = history.slice(0, cut);
        // A closing user line marks the end of the range, so the compressor's
        // protected tail (from the last human message) is that line alone.
        const run = await compressConversation(
          [...older.map(asChat), { role: "user", content: "(continue)" }],
          {
            tokenizer,
            client: summariser,
            windowTokens: DEFAULT_SUMMARISER_WINDOW,
            turnNumbers: [...numbers.slice(0, cut), position + 1],
            headers: { [ARM_HEADER]: options.tag },
          },
        );
        if (!run.ok) {
          throw new Error(`${options.tag}: the compressor refused: ${run.message}`);
        }
        if (run.value.method !== "none") {
          compactions++;
          for (const k of run.value.kept) {
            kept.set(k.ref, k.content);
          }
          const summary: ChatCompletionMessageParam = {
            role: "user",
            name: SUMMARY_MESSAGE_NAME,
            content: run.value.summary,
          };
          const lastCovered = numbers[cut - 1] ?? 0;
          history.splice(0, cut, summary);
          numbers.splice(0, cut, lastCovered);
        }
      }
    }
    const system: ChatCompletionMessageParam[] =
      arm.kind === "notes" && notes.size > 0
        ? [
            mission,
            {
              role: "system",
              content: `[NOTES]\n${[...notes].map(([k, v]) => `${k} = ${v}`).join("\n")}`,
            },
          ]
        : [mission];
    // Every client cuts to the model's window; full history only by it.
    const sent = fitWindow(
      system,
      arm.kind === "last" || arm.kind === "notes" ? windowTail(history, arm.k) : history,
      tools,
      tokenizer,
      MODEL_WINDOW,
    );
    dropped = Math.max(dropped, history.length - sent.length);
    const completion = await client.chat.completions.create({
      model: STAND_IN_MODEL,
      messages: [...system, ...sent],
      tools,
    });
    const message = completion.choices[0]?.message;
    const call = message?.tool_calls?.[0];
    if (message === undefined || call === undefined || call.type !== "function") {
      return { answer: message?.content ?? "", steps: step - 1, dropped, compactions };
    }
    history.push({ role: "assistant", content: message.content ?? null, tool_calls: [call] });
    numbers.push(++position);
    let args: Record<string, unknown> = {};
    try {
      args = JSON.parse(call.function.arguments) as Record<string, unknown>;
    } catch {
      // Unparseable arguments: the tool runs with none and says what is missing.
    }
    let result: string;
    if (call.function.name === "read_file") {
      const path = String(args.path ?? "");
      result = options.files.get(path) ?? `error: no file ${path}`;
    } else if (call.function.name === "record" && arm.kind === "notes") {
      notes.set(String(args.key ?? ""), String(args.value ?? ""));
      result = `saved ${String(args.key ?? "")} in your notes`;
    } else if (call.function.name === "read_ref") {
      result = kept.get(String(args.ref ?? "")) ?? `error: no ref ${String(args.ref ?? "")}`;
    } else {
      result = `error: unknown tool ${call.function.name}`;
    }
    history.push({ role: "tool", tool_call_id: call.id, content: result });
    numbers.push(++position);
  }
  throw new Error(`${options.tag} did not answer within ${options.maxSteps} steps`);
}

function isSummary(message: ChatCompletionMessageParam): boolean {
  return message.role === "user" && message.name === SUMMARY_MESSAGE_NAME;
}

/** The compressor's summariser as the compactor builds it: a Driver, its answers redacted. */
function summariserFor(baseURL: string) {
  const config = driverConfigFromEnv({ LETHE_MODEL_BASE_URL: baseURL }, { maxAttempts: 1 });
  if (!config.ok) {
    throw new Error(config.message);
  }
  return redactedSummariser(new Driver(config.value));
}
