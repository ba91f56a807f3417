// Workers AI as an OpenAI-compatible endpoint: a fetch that turns the `openai`
// client's chat-completions request into one `AI.run(model, inputs)` call on the
// Workers AI binding and its answer (`{response, tool_calls, usage}`, or a stream
// of server-sent events) back into OpenAI's shapes. The driver factory
// (shared/driver/factory.ts) hands it to the Driver when `AI` serves the model.
import type { FetchFn } from "./transport.ts";
import {
  argumentsText,
  completionAsChunks,
  openAiChunks,
  toolCallId,
  usageOf,
  type OpenAiToolCall,
} from "./workers-ai-stream.ts";

/**
 * The part of the Workers AI binding (`env.AI`, `[ai] binding = "AI"`) the driver
 * calls: `run(model, inputs, options?)`. Structural, so a recorded stand-in or a
 * service binding with the same method fits.
 */
export interface WorkersAiBinding {
  run(
    model: string,
    inputs: Record<string, unknown>,
    options?: Record<string, unknown>,
  ): Promise<unknown>;
}

/** True when `value` has a `run` method: the Workers AI binding or a stand-in of it. */
export function isWorkersAiBinding(value: unknown): value is WorkersAiBinding {
  return (
    (typeof value === "object" || typeof value === "function") &&
    value !== null &&
    typeof (value as { run?: unknown }).run === "function"
  );
}

/** The base URL the driver is given for Workers AI: a name only, never fetched over a network. */
export const WORKERS_AI_BASE_URL = "http://workers-ai.binding/v1";

/**
 * Output tokens asked for when the caller sets none: Workers AI's own default is
 * 256, which cuts a long final answer or a reduce step's summary short.
 */
export const WORKERS_AI_DEFAULT_MAX_TOKENS = 2048;

interface ChatRequest {
  model: string;
  messages: Record<string, unknown>[];
  temperature?: number;
  max_tokens?: number;
  tools?: unknown[];
  response_format?: { type?: string };
  stream?: boolean;
}

function openAiError(status: number, code: string, message: string): Response {
  return Response.json(
    { error: { message, type: status === 429 ? "rate_limit_error" : "api_error", code } },
    { status },
  );
}

/**
 * The HTTP status a Workers AI error stands for, read from its message (the
 * binding throws an Error whose text carries the platform's code): capacity and
 * rate limits are worth a retry (429), a refused input is not (400), anything
 * else is the platform's own trouble (503, retried).
 */
export function statusForWorkersAiError(message: string): number {
  if (/\b(3040|3036|3043)\b|capacity|rate limit|too many requests|neurons/i.test(message)) {
    return 429;
  }
  if (
    /\b(5006|5007|5016|5021)\b|JSON Mode couldn't be met|invalid input|no such model|validat/i.test(
      message,
    )
  ) {
    return 400;
  }
  return 503;
}

/** A message's content as the text Workers AI takes: text parts joined, nothing for null. */
function contentText(content: unknown): string {
  if (typeof content === "string") {
    return content;
  }
  if (Array.isArray(content)) {
    return content
      .flatMap((part: unknown) =>
        typeof part === "object" &&
        part !== null &&
        typeof (part as { text?: unknown }).text === "string"
          ? [(part as { text: string }).text]
          : [],
      )
      .join("\n");
  }
  return "";
}

/** OpenAI chat messages as Workers AI's scoped messages (string content; tool calls and ids kept). */
export function workersAiMessages(
  messages: readonly Record<string, unknown>[],
): Record<string, unknown>[] {
  return messages.map((m) => {
    const out: Record<string, unknown> = { role: m.role, content: contentText(m.content) };
    for (const key of ["name", "tool_call_id", "tool_calls"] as const) {
      if (m[key] !== undefined && m[key] !== null) {
        out[key] = m[key];
      }
    }
    return out;
  });
}

/** The inputs of `AI.run` for one chat request: messages, sampling, tools, JSON mode, stream. */
export function workersAiInputs(request: ChatRequest, stream: boolean): Record<string, unknown> {
  return {
    messages: workersAiMessages(request.messages),
    max_tokens: request.max_tokens ?? WORKERS_AI_DEFAULT_MAX_TOKENS,
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.tools && request.tools.length > 0 ? { tools: request.tools } : {}),
    ...(request.response_format ? { response_format: request.response_format } : {}),
    ...(stream ? { stream: true } : {}),
  };
}

/** Tool calls in OpenAI's shape, from either shape Workers AI answers with. */
function toolCallsOf(raw: unknown): OpenAiToolCall[] {
  if (!Array.isArray(raw)) {
    return [];
  }
  return raw.flatMap((item: unknown, index): OpenAiToolCall[] => {
    if (typeof item !== "object" || item === null) {
      return [];
    }
    const call = item as Record<string, unknown>;
    const fn =
      typeof call.function === "object" && call.function !== null
        ? (call.function as Record<string, unknown>)
        : call;
    if (typeof fn.name !== "string" || fn.name === "") {
      return [];
    }
    const id = typeof call.id === "string" && call.id !== "" ? call.id : toolCallId(index);
    return [
      {
        id,
        type: "function",
        function: { name: fn.name, arguments: argumentsText(fn.arguments) || "{}" },
      },
    ];
  });
}

/** The text, tool calls and usage of a non-streamed answer (native, or OpenAI-shaped from newer models). */
export function readAnswer(output: unknown) {
  const o =
    typeof output === "object" && output !== null ? (output as Record<string, unknown>) : {};
  const choice = Array.isArray(o.choices)
    ? (o.choices[0] as { message?: Record<string, unknown> } | undefined)
    : undefined;
  const source = choice?.message ?? o;
  const response = choice ? source.content : o.response;
  // In JSON mode Workers AI answers with the parsed object, not its text.
  const content =
    typeof response === "string"
      ? response
      : response === undefined || response === null
        ? ""
        : JSON.stringify(response);
  return { content, toolCalls: toolCallsOf(source.tool_calls), usage: usageOf(o.usage) };
}

/** Resolves with `work`, or rejects when `signal` aborts first (the driver's own deadline). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) {
    return work;
  }
  if (signal.aborted) {
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/**
 * A fetch for the `openai` client that answers `POST …/chat/completions` with
 * `ai.run`. JSON mode is asked without streaming (Workers AI does not stream it)
 * and replayed as one chunk when the caller streams.
 */
export function workersAiFetch(ai: WorkersAiBinding): FetchFn {
  return async (input, init) => {
    const request = new Request(input, init);
    if (request.method !== "POST" || !new URL(request.url).pathname.endsWith("/chat/completions")) {
      return openAiError(
        404,
        "not_found",
        `Workers AI serves chat completions only, not ${request.method} ${new URL(request.url).pathname}`,
      );
    }
    let body: ChatRequest;
    try {
      body = JSON.parse(await request.text()) as ChatRequest;
    } catch {
      return openAiError(400, "invalid_json", "the request body is not JSON");
    }
    if (typeof body.model !== "string" || !Array.isArray(body.messages)) {
      return openAiError(400, "invalid_request", "a chat request needs model and messages");
    }
    const jsonMode = body.response_format !== undefined;
    const stream = body.stream === true && !jsonMode;
    let output: unknown;
    try {
      output = await untilAborted(ai.run(body.model, workersAiInputs(body, stream)), init?.signal);
    } catch (error) {
      if (init?.signal?.aborted) {
        throw error;
      }
      const message = error instanceof Error ? error.message : String(error);
      return openAiError(
        statusForWorkersAiError(message),
        "workers_ai_error",
        `Workers AI: ${message.slice(0, 300)}`,
      );
    }
    const sse = { "content-type": "text/event-stream" };
    if (stream && output instanceof ReadableStream) {
      return new Response(openAiChunks(output as ReadableStream<Uint8Array>, body.model), {
        headers: sse,
      });
    }
    const answer = readAnswer(output);
    if (body.stream === true) {
      return new Response(
        completionAsChunks(body.model, answer.content, answer.toolCalls, answer.usage),
        {
          headers: sse,
        },
      );
    }
    return Response.json({
      id: "chatcmpl-workers-ai",
      object: "chat.completion",
      created: 0,
      model: body.model,
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: answer.content,
            ...(answer.toolCalls.length > 0 ? { tool_calls: answer.toolCalls } : {}),
          },
          finish_reason: answer.toolCalls.length > 0 ? "tool_calls" : "stop",
        },
      ],
      ...(answer.usage ? { usage: answer.usage } : {}),
    });
  };
}
