// A CompactionFunction for the `agents` SDK that summarises through Lethe's
// compressor (POST /v1/hives/:hive/compress): the overlay cites the refs under
// which the hive keeps every cut text. The last raw turn is never compacted,
// nor a tool result apart from its call.
import type { CompactionFunction, SessionMessage, SessionMessagePart } from "agents/sessions";
import type { ChatMessage } from "../../shared/context/messages.ts";
import { letheCall, type LetheConnection } from "./lethe-api.ts";

export interface LetheCompactionOptions {
  connection: LetheConnection;
  /** Messages at the end kept verbatim (at least 1: the last raw turn). Default 4. */
  keepRecentMessages?: number;
  /** What the summary may weigh (tokens). Default 1,024. */
  summaryTokens?: number;
  /** "structural" skips the model. Default "auto". */
  method?: "auto" | "structural";
}

function partText(part: SessionMessagePart): string {
  if (typeof part.text === "string") {
    return part.text;
  }
  if (typeof part.reasoning === "string") {
    return part.reasoning;
  }
  return "";
}

function isToolPart(part: SessionMessagePart): boolean {
  return part.type.startsWith("tool-") || part.type === "dynamic-tool";
}

function hasResult(part: SessionMessagePart): boolean {
  return part.output !== undefined || part.result !== undefined || part.state === "output-error";
}

/** A UI message as chat messages: text, then each tool call and its result (in that order). */
export function toChatMessages(message: SessionMessage): ChatMessage[] {
  const text = message.parts
    .map(partText)
    .filter((t) => t.length > 0)
    .join("\n");
  if (message.role === "user" || message.role === "system") {
    return [{ role: message.role, content: text }];
  }
  const tools = message.parts.filter(isToolPart);
  if (tools.length === 0) {
    return [{ role: "assistant", content: text }];
  }
  const calls = tools.map((part, i) => ({
    id: part.toolCallId ?? `${message.id}-${i}`,
    type: "function" as const,
    function: {
      name: part.toolName ?? part.type.replace(/^tool-/, ""),
      arguments: JSON.stringify(part.input ?? {}),
    },
  }));
  const results: ChatMessage[] = tools.flatMap((part, i) =>
    hasResult(part)
      ? [
          {
            role: "tool" as const,
            tool_call_id: calls[i]?.id ?? "",
            content: JSON.stringify(part.output ?? part.result ?? null),
          },
        ]
      : [],
  );
  return [{ role: "assistant", content: text || null, tool_calls: calls }, ...results];
}

/**
 * The span [0, to] of `messages` to compact: everything but the last `keep`
 * messages (never the last one), moved earlier while it would end on a tool
 * call whose result has not arrived. A leading overlay is inside the span: its
 * summary is compressed again and the new overlay replaces it (the store maps
 * an overlay id to the first message it covers). Null when fewer than two fit.
 */
export function compactionSpan(
  messages: readonly SessionMessage[],
  keep: number,
): { from: number; to: number } | null {
  let to = messages.length - 1 - Math.max(1, keep);
  while (to >= 0 && (messages[to]?.parts ?? []).some((p) => isToolPart(p) && !hasResult(p))) {
    to -= 1;
  }
  return to >= 1 ? { from: 0, to } : null;
}

const CONTINUES: ChatMessage[] = [{ role: "user", content: "[the conversation continues]" }];

/** The compaction function: summary of the span from Lethe's compressor, with its refs. */
export function letheCompaction(options: LetheCompactionOptions): CompactionFunction {
  return async (messages) => {
    const span = compactionSpan(messages, options.keepRecentMessages ?? 4);
    if (span === null) {
      return null;
    }
    const range = messages.slice(span.from, span.to + 1);
    const first = range[0];
    const last = range.at(-1);
    if (first === undefined || last === undefined) {
      return null;
    }
    const answer = await letheCall<{
      summary: string | null;
      messages: ChatMessage[];
      refs: string[];
      method: string;
    }>(
      options.connection,
      "POST",
      `/v1/hives/${encodeURIComponent(options.connection.hive)}/compress`,
      {
        // The compressor never touches the last two human turns and what follows
        // them; the span is all history, so two placeholders stand in for the turns kept outside it.
        messages: [...range.flatMap(toChatMessages), ...CONTINUES, ...CONTINUES],
        budget: { tokens: options.summaryTokens ?? 1_024 },
        method: options.method ?? "auto",
      },
    );
    const body =
      answer.summary ??
      answer.messages.map((m) => (typeof m.content === "string" ? m.content : "")).join("\n");
    const refs =
      answer.refs.length > 0 ? `\nOriginals kept in Lethe: ${answer.refs.join(", ")}` : "";
    return {
      fromMessageId: first.id,
      toMessageId: last.id,
      summary: `[Lethe compaction of ${range.length} messages (${answer.method})]\n${body}${refs}`,
    };
  };
}
