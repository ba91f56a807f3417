// The proxy's answer to the client in OpenAI's Chat Completions shape: one JSON
// completion, or the same as an SSE stream of chunks ending in [DONE]. The
// client's tool calls and the content pass through unchanged. Used by proxy/answer-client.ts.
import type { ModelToolCall } from "../../../shared/driver/types.ts";

export interface FinalAnswer {
  id: string;
  model: string;
  content: string;
  toolCalls: ModelToolCall[];
  finishReason: string;
  promptTokens: number;
  completionTokens: number;
}

/** Content per SSE chunk: small enough to stream visibly, large enough to stay cheap. */
const STREAM_CHUNK_CHARS = 64;

function created(): number {
  return Math.floor(Date.now() / 1000);
}

function toolCallsOut(calls: readonly ModelToolCall[]) {
  return calls.map((c) => ({
    id: c.id,
    type: "function" as const,
    function: { name: c.name, arguments: c.arguments },
  }));
}

function usage(answer: FinalAnswer) {
  return {
    prompt_tokens: answer.promptTokens,
    completion_tokens: answer.completionTokens,
    total_tokens: answer.promptTokens + answer.completionTokens,
  };
}

export function completionBody(answer: FinalAnswer) {
  const message =
    answer.toolCalls.length > 0
      ? {
          role: "assistant" as const,
          content: answer.content.length > 0 ? answer.content : null,
          tool_calls: toolCallsOut(answer.toolCalls),
        }
      : { role: "assistant" as const, content: answer.content };
  return {
    id: answer.id,
    object: "chat.completion",
    created: created(),
    model: answer.model,
    choices: [{ index: 0, message, finish_reason: answer.finishReason, logprobs: null }],
    usage: usage(answer),
  };
}

/** The SSE frames of one answer: role, content pieces, tool calls, finish, usage when asked. */
export function completionChunks(answer: FinalAnswer, includeUsage: boolean): string[] {
  const base = {
    id: answer.id,
    object: "chat.completion.chunk",
    created: created(),
    model: answer.model,
  };
  const frame = (delta: Record<string, unknown>, finish: string | null) =>
    JSON.stringify({
      ...base,
      choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
    });
  const frames = [frame({ role: "assistant", content: "" }, null)];
  for (let i = 0; i < answer.content.length; i += STREAM_CHUNK_CHARS) {
    frames.push(frame({ content: answer.content.slice(i, i + STREAM_CHUNK_CHARS) }, null));
  }
  answer.toolCalls.forEach((call, index) => {
    frames.push(
      frame(
        {
          tool_calls: [
            { index, id: call.id, type: "function", function: { name: call.name, arguments: "" } },
          ],
        },
        null,
      ),
    );
    frames.push(frame({ tool_calls: [{ index, function: { arguments: call.arguments } }] }, null));
  });
  frames.push(frame({}, answer.finishReason));
  if (includeUsage) {
    frames.push(JSON.stringify({ ...base, choices: [], usage: usage(answer) }));
  }
  return frames.map((f) => `data: ${f}\n\n`).concat("data: [DONE]\n\n");
}

export function streamResponse(frames: readonly string[], headers: Headers): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const f of frames) {
        controller.enqueue(encoder.encode(f));
      }
      controller.close();
    },
  });
  headers.set("content-type", "text/event-stream; charset=utf-8");
  headers.set("cache-control", "no-cache");
  return new Response(body, { status: 200, headers });
}
