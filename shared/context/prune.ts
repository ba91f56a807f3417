// pruneForRetry: shrinks a failed step's messages before the auto-fix loop
// retries it. Keeps every system message and the last N×2 messages, truncates
// archived tool outputs, never splits a tool call from its results, and ends
// with an [AUTO-FIX RECOVERY] lesson naming the error. Pure; compressor and
// AgentSession call it.
import type { ChatMessage } from "./messages.ts";
import { keep, type KeptContent } from "./refs.ts";
import { reductionReport, type ReductionReport } from "./report.ts";
import type { Tokenizer } from "./tokens.ts";

export type PrunePresetName = "small" | "medium" | "large";

export interface PrunePreset {
  /** Model window this preset is for (tokens). */
  windowTokens: number;
  /** N: the last N×2 messages (N exchanges) are kept. */
  keepExchanges: number;
  /** Archived tool outputs longer than this (characters) are truncated. */
  toolOutputCapChars: number;
  /** Characters of a truncated output kept as its preview. */
  previewChars: number;
}

/**
 * Presets per model window: at ~4 characters per token, the kept exchanges
 * with capped tool outputs stay well inside a quarter of the window, leaving
 * room for the envelope's other sections and the reply.
 */
export const PRUNE_PRESETS: Readonly<Record<PrunePresetName, PrunePreset>> = {
  small: { windowTokens: 8_192, keepExchanges: 2, toolOutputCapChars: 1_000, previewChars: 400 },
  medium: {
    windowTokens: 32_768,
    keepExchanges: 4,
    toolOutputCapChars: 4_000,
    previewChars: 1_200,
  },
  large: {
    windowTokens: 131_072,
    keepExchanges: 8,
    toolOutputCapChars: 12_000,
    previewChars: 3_000,
  },
};

export function presetForWindow(windowTokens: number): PrunePresetName {
  if (windowTokens <= PRUNE_PRESETS.small.windowTokens) {
    return "small";
  }
  return windowTokens <= PRUNE_PRESETS.medium.windowTokens ? "medium" : "large";
}

export interface PruneOptions extends Partial<PrunePreset> {
  preset?: PrunePresetName;
  /** Counts report tokens exactly; without it the report's tokens are 0. */
  tokenizer?: Tokenizer;
  /**
   * Also keep the dropped messages as one JSON archive under a ref. Off by
   * default: they are the caller's own history, already in its transcript.
   */
  archiveDropped?: boolean;
}

export type RetryError = string | { code?: string; message: string };

export interface PruneResult {
  messages: ChatMessage[];
  report: ReductionReport;
  /** Full tool outputs (and, with archiveDropped, the dropped messages as JSON): store each under its ref. */
  kept: KeptContent[];
}

export const RECOVERY_TAG = "[AUTO-FIX RECOVERY]";

export function recoveryMessage(error: RetryError): ChatMessage {
  const named =
    typeof error === "string"
      ? error
      : error.code === undefined
        ? error.message
        : `${error.code}: ${error.message}`;
  return {
    role: "user",
    content: `${RECOVERY_TAG} The previous attempt failed with: ${named}\nLesson learned: do not repeat the same move unchanged. Fix its cause, then retry.`,
  };
}

export function truncatedPreview(content: string, previewChars: number): string {
  let cut = Math.min(previewChars, content.length);
  const code = content.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) {
    cut--;
  }
  return `${content.slice(0, cut)}\n[... ${content.length - cut} chars hidden]`;
}

/** First index of the kept tail: at least the last `count` messages, widened to whole tool exchanges. */
function tailStart(messages: readonly ChatMessage[], count: number): number {
  let start = Math.max(0, messages.length - count);
  while (start > 0 && messages[start]?.role === "tool") {
    start--;
  }
  return start;
}

function tokensOf(messages: readonly ChatMessage[], tokenizer: Tokenizer | undefined): number {
  return tokenizer === undefined ? 0 : tokenizer.countMessages(messages);
}

export function pruneForRetry(
  messages: readonly ChatMessage[],
  error: RetryError,
  options: PruneOptions = {},
): PruneResult {
  const name =
    options.preset ??
    (options.windowTokens === undefined ? "medium" : presetForWindow(options.windowTokens));
  const preset = { ...PRUNE_PRESETS[name], ...stripUndefined(options) };
  let end = messages.length;
  // A trailing tool call with no results cannot be answered on retry: drop it whole.
  const last = messages[end - 1];
  const pendingCall = last?.role === "assistant" && (last.tool_calls?.length ?? 0) > 0;
  if (pendingCall) {
    end--;
  }
  const start = tailStart(messages.slice(0, end), preset.keepExchanges * 2);
  // The tool results the model is answering stay whole; older ones are archived.
  let latestGroup = end;
  while (latestGroup > start && messages[latestGroup - 1]?.role === "tool") {
    latestGroup--;
  }

  const out: ChatMessage[] = [];
  const dropped: ChatMessage[] = [];
  const kept: KeptContent[] = [];
  const losses: string[] = [];
  messages.forEach((message, i) => {
    if (i >= end || (i < start && message.role !== "system")) {
      dropped.push(message);
      return;
    }
    if (
      message.role === "tool" &&
      i < latestGroup &&
      message.content.length > preset.toolOutputCapChars
    ) {
      const original = keep(message.content);
      kept.push(original);
      losses.push(
        `tool output ${message.tool_call_id}: ${message.content.length - preset.previewChars} chars truncated (${original.ref})`,
      );
      out.push({ ...message, content: truncatedPreview(message.content, preset.previewChars) });
      return;
    }
    out.push(message);
  });
  if (dropped.length > 0 && options.archiveDropped === true) {
    const archive = keep(JSON.stringify(dropped));
    kept.push(archive);
    losses.push(`${dropped.length} older messages dropped (${archive.ref})`);
  } else if (dropped.length > 0) {
    losses.push(
      `${dropped.length} older messages dropped from the retry (still in the transcript)`,
    );
  }
  out.push(recoveryMessage(error));
  return {
    messages: out,
    kept,
    report: reductionReport(
      "prune",
      "history",
      tokensOf(messages, options.tokenizer),
      tokensOf(out, options.tokenizer),
      losses,
      kept.map((k) => k.ref),
    ),
  };
}

function stripUndefined(options: PruneOptions): Partial<PrunePreset> {
  const out: Partial<PrunePreset> = {};
  for (const key of [
    "windowTokens",
    "keepExchanges",
    "toolOutputCapChars",
    "previewChars",
  ] as const) {
    const value = options[key];
    if (value !== undefined) {
      out[key] = value;
    }
  }
  return out;
}
