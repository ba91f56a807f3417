// Workers AI's streamed answer (`data: {"response": "..."}` server-sent events,
// tool calls and usage in later events, then `data: [DONE]`) rewritten as OpenAI
// chat-completion chunks, so the driver's `openai` client reads it like any
// endpoint's stream. Used by shared/driver/workers-ai.ts.

/** A tool call as OpenAI's messages carry it. */
export interface OpenAiToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

export interface OpenAiUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** A tool-call id of nine letters and digits (the shape some Workers AI models require). */
export function toolCallId(index: number): string {
  return `call${String(index).padStart(5, "0")}`;
}

/** Usage as Workers AI reports it (`{prompt_tokens, completion_tokens, total_tokens}`), if present. */
export function usageOf(raw: unknown): OpenAiUsage | undefined {
  if (typeof raw !== "object" || raw === null) {
    return undefined;
  }
  const u = raw as Record<string, unknown>;
  const prompt = typeof u.prompt_tokens === "number" ? u.prompt_tokens : undefined;
  const completion = typeof u.completion_tokens === "number" ? u.completion_tokens : undefined;
  if (prompt === undefined || completion === undefined) {
    return undefined;
  }
  const total = typeof u.total_tokens === "number" ? u.total_tokens : prompt + completion;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: total };
}

/** Arguments as text: Workers AI's older tool calls carry them as an object. */
export function argumentsText(args: unknown): string {
  if (typeof args === "string") {
    return args;
  }
  return args === undefined || args === null ? "" : JSON.stringify(args);
}

/** One streamed tool-call fragment, in either shape Workers AI sends (`{name, arguments}` or OpenAI's). */
interface Fragment {
  index: number;
  id: string | undefined;
  name: string | undefined;
  arguments: string;
}

function fragmentsOf(raw: unknown): Fragment[] {
  if (!Array.isArray(raw)) {
    return [];
  }
  return raw.flatMap((item: unknown, position): Fragment[] => {
    if (typeof item !== "object" || item === null) {
      return [];
    }
    const call = item as Record<string, unknown>;
    const fn =
      typeof call.function === "object" && call.function !== null
        ? (call.function as Record<string, unknown>)
        : call;
    const name = typeof fn.name === "string" && fn.name !== "" ? fn.name : undefined;
    const id = typeof call.id === "string" && call.id !== "" ? call.id : undefined;
    const args = argumentsText(fn.arguments);
    // The last event of a streamed call repeats nothing (no id, name or arguments): skip it.
    if (id === undefined && name === undefined && args === "") {
      return [];
    }
    const index = typeof call.index === "number" ? call.index : position;
    return [{ index, id, name, arguments: args }];
  });
}

/** What one parsed event adds: text, tool-call fragments, usage, a finish reason. */
function readEvent(event: Record<string, unknown>) {
  let text = typeof event.response === "string" ? event.response : "";
  let fragments = fragmentsOf(event.tool_calls);
  let finish = typeof event.finish_reason === "string" ? event.finish_reason : undefined;
  // Some models stream OpenAI's own chunk shape through the binding.
  const choice = Array.isArray(event.choices) ? (event.choices[0] as unknown) : undefined;
  if (typeof choice === "object" && choice !== null) {
    const c = choice as { delta?: Record<string, unknown>; finish_reason?: unknown };
    text += typeof c.delta?.content === "string" ? c.delta.content : "";
    fragments = [...fragments, ...fragmentsOf(c.delta?.tool_calls)];
    finish = typeof c.finish_reason === "string" ? c.finish_reason : finish;
  }
  return { text, fragments, usage: usageOf(event.usage), finish };
}

/** The `data:` payloads of an SSE byte stream, one per event line. */
function sseData(): TransformStream<Uint8Array, string> {
  const decoder = new TextDecoder();
  let buffer = "";
  const take = (line: string, controller: TransformStreamDefaultController<string>) => {
    const trimmed = line.trim();
    if (trimmed.startsWith("data:")) {
      controller.enqueue(trimmed.slice(5).trim());
    }
  };
  return new TransformStream({
    transform(chunk, controller) {
      buffer += decoder.decode(chunk, { stream: true });
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) {
        take(line, controller);
      }
    },
    flush(controller) {
      take(buffer + decoder.decode(), controller);
    },
  });
}

/**
 * Workers AI's SSE stream as OpenAI chunks. The finish chunk and `data: [DONE]`
 * are written only when Workers AI sent its own `[DONE]`: a stream cut short
 * stays cut short, so the driver reports it as interrupted.
 */
export function openAiChunks(
  source: ReadableStream<Uint8Array>,
  model: string,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const seen = new Map<number, string>();
  let usage: OpenAiUsage | undefined;
  let finish: string | undefined;
  let done = false;
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
    id: "chatcmpl-workers-ai",
    object: "chat.completion.chunk",
    created: 0,
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  });
  return source.pipeThrough(sseData()).pipeThrough(
    new TransformStream<string, Uint8Array>({
      transform(data, controller) {
        const send = (value: unknown) =>
          controller.enqueue(encoder.encode(`data: ${JSON.stringify(value)}\n\n`));
        if (data === "[DONE]") {
          if (done) {
            return;
          }
          done = true;
          send(chunk({}, finish ?? (seen.size > 0 ? "tool_calls" : "stop")));
          if (usage) {
            send({ ...chunk({}), choices: [], usage });
          }
          controller.enqueue(encoder.encode("data: [DONE]\n\n"));
          return;
        }
        let event: unknown;
        try {
          event = JSON.parse(data);
        } catch {
          // A line that is not JSON carries nothing we can read; the rest of the stream still counts.
          return;
        }
        if (typeof event !== "object" || event === null) {
          return;
        }
        const read = readEvent(event as Record<string, unknown>);
        usage = read.usage ?? usage;
        finish = read.finish ?? finish;
        if (read.text !== "") {
          send(chunk({ content: read.text }));
        }
        for (const f of read.fragments) {
          const first = !seen.has(f.index);
          const id = f.id ?? seen.get(f.index) ?? toolCallId(f.index);
          seen.set(f.index, id);
          send(
            chunk({
              tool_calls: [
                first
                  ? {
                      index: f.index,
                      id,
                      type: "function",
                      function: { name: f.name ?? "", arguments: f.arguments },
                    }
                  : { index: f.index, function: { arguments: f.arguments } },
              ],
            }),
          );
        }
      },
    }),
  );
}

/** A whole completion replayed as a one-event OpenAI stream (JSON mode does not stream on Workers AI). */
export function completionAsChunks(
  model: string,
  content: string,
  toolCalls: readonly OpenAiToolCall[],
  usage: OpenAiUsage | undefined,
): ReadableStream<Uint8Array> {
  const base = { id: "chatcmpl-workers-ai", object: "chat.completion.chunk", created: 0, model };
  const events: unknown[] = [
    {
      ...base,
      choices: [
        {
          index: 0,
          delta: {
            content,
            ...(toolCalls.length > 0
              ? { tool_calls: toolCalls.map((c, index) => ({ index, ...c })) }
              : {}),
          },
          finish_reason: toolCalls.length > 0 ? "tool_calls" : "stop",
        },
      ],
    },
    ...(usage ? [{ ...base, choices: [], usage }] : []),
  ];
  const text = `${events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("")}data: [DONE]\n\n`;
  return new Response(text).body ?? new ReadableStream();
}
