// The managed envelope the proxy sends upstream instead of the client's history:
// system (the client's, Lethe's note, the conversation's artifacts, the current
// facts block of proxy/facts-block.ts), the task
// anchor, older turns compacted with citations (shared/compress), the last turns
// verbatim, every large tool result cut to a sandwich behind a `ref:`. Pure but for
// the compaction, which the caller passes in (the route: the compressor Worker's
// structural compaction over RPC); the originals to store come back in `kept`.
// Used by proxy/route.ts.
import type { ChatMessage } from "../../../shared/context/messages.ts";
import type { CompressionRun } from "../../../shared/compress/compress.ts";
import {
  DEFAULT_TOOL_OUTPUT_CAP_TOKENS,
  gateOutput,
  sandwich,
} from "../../../shared/context/output-gate.ts";
import { refFor, type KeptContent } from "../../../shared/context/refs.ts";
import type { Tokenizer } from "../../../shared/context/tokens.ts";
import type { ProxyArtifact } from "../../../durable-objects/session/proxy-store.ts";
import { currentFactsBlock } from "./facts-block.ts";

/** The last messages sent as they are (moved back so a tool result keeps its call). */
export const VERBATIM_TAIL_MESSAGES = 4;
/** A tool result older than the tail enters the compactor as this many tokens (head, marker, tail). */
export const OLD_TOOL_RESULT_CAP_TOKENS = 64;
/** Older messages compacted with previews; those before are archived in blocks behind refs. */
export const COMPACT_WINDOW_MESSAGES = 24;
/** Messages per archived block; blocks align on turn numbers so each is stored once. */
export const ARCHIVE_BLOCK_MESSAGES = 40;
/** The task anchor (the first user message) is cut to this many tokens. */
export const ANCHOR_CAP_TOKENS = 2_000;
/** Artifacts shown whole, newest first, within this many tokens; the rest by name and ref. */
export const ARTIFACT_BUDGET_TOKENS = 2_000;
/** Bytes per token assumed for a result too large to count (over the gate's hard cap). */
const BYTES_PER_TOKEN_ESTIMATE = 4;

export const LETHE_NOTE = [
  "Lethe manages this conversation's context.",
  "Older turns appear as a cited summary whose refs hold their full text;",
  "a large tool result is cut to its head and tail around [CONTENT OFFLOADED: ref:…].",
  "When you need a detail that is not shown, call lethe_read_ref with the ref;",
  "call lethe_save_artifact to keep a finding in view for the rest of the conversation.",
].join(" ");

/**
 * Compacts older prose turns with citations: the compressor's structural
 * compressConversation, numbered by the turns given, titled by `section`.
 */
export type CompactProse = (
  messages: ChatMessage[],
  options: { turnNumbers: number[]; section: string; encoding: string },
) => Promise<{ ok: true; value: Pick<CompressionRun, "messages" | "kept"> } | { ok: false }>;

export interface Envelope {
  messages: ChatMessage[];
  /** Originals behind the refs the envelope advertises. */
  kept: KeptContent[];
  /** Turns compacted into the summary. */
  compacted: number;
}

/** One text gated to `cap` tokens; results over the gate's hard cap are cut without a full count. */
export function gateText(
  content: string,
  cap: number,
  tokenizer: Tokenizer,
  kept: KeptContent[],
): string {
  const gated = gateOutput(content, { capTokens: cap, tokenizer });
  if (gated.ok) {
    if (gated.value.offloaded) {
      kept.push({ ref: gated.value.offloaded.ref, content: gated.value.offloaded.content });
    }
    return gated.value.content;
  }
  // Over the gate's hard cap: the original is still kept (chunked), the preview cut uncounted.
  const ref = refFor(content);
  kept.push({ ref, content });
  return sandwich(
    content,
    cap,
    ref,
    Math.ceil(content.length / BYTES_PER_TOKEN_ESTIMATE),
    tokenizer,
  );
}

/** First message of the verbatim tail: never a tool result without its call. */
export function tailStart(convo: readonly ChatMessage[]): number {
  let start = Math.max(0, convo.length - VERBATIM_TAIL_MESSAGES);
  while (start > 0 && convo[start]?.role === "tool") {
    start--;
  }
  return start;
}

/** An older message as plain text for the compactor (tool calls and results spelled out). */
function asText(message: ChatMessage, tokenizer: Tokenizer, kept: KeptContent[]): ChatMessage {
  if (message.role === "assistant") {
    const calls = (message.tool_calls ?? []).map(
      (c) => `called ${c.function.name}(${c.function.arguments}) [${c.id}]`,
    );
    return {
      role: "assistant",
      content: [message.content ?? "", ...calls].filter(Boolean).join("\n"),
    };
  }
  if (message.role === "tool") {
    const body = gateText(message.content, OLD_TOOL_RESULT_CAP_TOKENS, tokenizer, kept);
    return { role: "assistant", content: `[tool result ${message.tool_call_id}]\n${body}` };
  }
  return message;
}

/**
 * The oldest messages, beyond the compaction window, as whole blocks kept behind
 * refs and listed in one message: the envelope stays bounded at any length.
 */
function archive(
  older: readonly { message: ChatMessage; turn: number }[],
  tokenizer: Tokenizer,
  kept: KeptContent[],
): { count: number; message?: ChatMessage } {
  const first = older[0]?.turn ?? 0;
  const blocks = Math.floor(
    Math.max(0, older.length - COMPACT_WINDOW_MESSAGES) / ARCHIVE_BLOCK_MESSAGES,
  );
  if (blocks === 0) {
    return { count: 0 };
  }
  const lines: string[] = [];
  for (let b = 0; b < blocks; b++) {
    const slice = older.slice(b * ARCHIVE_BLOCK_MESSAGES, (b + 1) * ARCHIVE_BLOCK_MESSAGES);
    const text = slice
      .map(
        ({ message, turn }) => `[turn ${turn}] ${asText(message, tokenizer, kept).content ?? ""}`,
      )
      .join("\n");
    const ref = refFor(text);
    kept.push({ ref, content: text });
    lines.push(`turns ${slice[0]?.turn ?? first}-${slice.at(-1)?.turn ?? first}: ${ref}`);
  }
  return {
    count: blocks * ARCHIVE_BLOCK_MESSAGES,
    message: {
      role: "user",
      content: ["[ARCHIVED TURNS] not shown; lethe_read_ref reads each block:", ...lines].join(
        "\n",
      ),
    },
  };
}

/** Characters of a call's arguments and of its result's head shown in the ledger. */
const LEDGER_ARGS_CHARS = 120;
const LEDGER_PREVIEW_CHARS = 80;

/**
 * One line per older tool call: name, arguments, a preview of its result and the
 * ref of the whole result, so every earlier result is one lethe_read_ref away.
 */
function toolLedger(
  older: readonly { message: ChatMessage; turn: number }[],
  tokenizer: Tokenizer,
  kept: KeptContent[],
): ChatMessage | undefined {
  const results = new Map<string, { content: string; turn: number }>();
  for (const { message, turn } of older) {
    if (message.role === "tool") {
      results.set(message.tool_call_id, { content: message.content, turn });
    }
  }
  const lines: string[] = [];
  const shown = new Set<string>();
  const entry = (name: string, args: string, id: string, turn: number) => {
    const result = results.get(id);
    shown.add(id);
    const call = `${name}(${args.length > LEDGER_ARGS_CHARS ? `${args.slice(0, LEDGER_ARGS_CHARS)}…` : args})`;
    if (result === undefined) {
      return `- [turn ${turn}] ${call} → no result yet`;
    }
    const ref = refFor(result.content);
    kept.push({ ref, content: result.content });
    const head = result.content.slice(0, LEDGER_PREVIEW_CHARS).replaceAll("\n", " ");
    const tokens =
      result.content.length > 256 * 1024
        ? Math.ceil(result.content.length / 4)
        : tokenizer.countCached(result.content);
    return `- [turn ${turn}] ${call} → ${ref} (${tokens} tokens): ${head}${result.content.length > LEDGER_PREVIEW_CHARS ? "…" : ""}`;
  };
  for (const { message, turn } of older) {
    if (message.role === "assistant") {
      for (const c of message.tool_calls ?? []) {
        lines.push(entry(c.function.name, c.function.arguments, c.id, turn));
      }
    }
  }
  for (const [id, result] of results) {
    if (!shown.has(id)) {
      const ref = refFor(result.content);
      kept.push({ ref, content: result.content });
      lines.push(`- [turn ${result.turn}] result of an earlier call ${id} → ${ref}`);
    }
  }
  if (lines.length === 0) {
    return undefined;
  }
  return {
    role: "user",
    content: ["[TOOL CALLS] earlier calls; lethe_read_ref reads a whole result:", ...lines].join(
      "\n",
    ),
  };
}

function artifactSection(artifacts: readonly ProxyArtifact[], tokenizer: Tokenizer): string {
  if (artifacts.length === 0) {
    return "";
  }
  const shown: string[] = [];
  const listed: string[] = [];
  let spent = 0;
  for (const artifact of [...artifacts].reverse()) {
    const block = `## ${artifact.name} (${artifact.ref})\n${artifact.content}`;
    const tokens = tokenizer.countCached(block);
    if (spent + tokens <= ARTIFACT_BUDGET_TOKENS) {
      shown.push(block);
      spent += tokens;
    } else {
      listed.push(`- ${artifact.name} (${artifact.ref})`);
    }
  }
  return ["Artifacts saved in this conversation:", ...shown, ...listed].join("\n");
}

export async function buildEnvelope(
  messages: readonly ChatMessage[],
  artifacts: readonly ProxyArtifact[],
  tokenizer: Tokenizer,
  compact: CompactProse,
): Promise<Envelope> {
  const kept: KeptContent[] = [];
  const systems = messages.filter((m) => m.role === "system").map((m) => m.content);
  const convo: { message: ChatMessage; turn: number }[] = [];
  messages.forEach((message, index) => {
    if (message.role !== "system") {
      convo.push({ message, turn: index + 1 });
    }
  });
  const start = tailStart(convo.map((c) => c.message));
  const anchorAt = convo.findIndex((c) => c.message.role === "user");
  const head: ChatMessage[] = [];
  if (anchorAt >= 0 && anchorAt < start) {
    const anchor = convo[anchorAt]?.message.content ?? "";
    head.push({
      role: "user",
      content: gateText(anchor ?? "", ANCHOR_CAP_TOKENS, tokenizer, kept),
    });
  }
  const allOlder = convo.slice(anchorAt >= 0 && anchorAt < start ? anchorAt + 1 : 0, start);
  const archived = archive(allOlder, tokenizer, kept);
  const older = allOlder.slice(archived.count);
  const compactedMessages: ChatMessage[] = archived.message === undefined ? [] : [archived.message];
  const ledger = toolLedger(older, tokenizer, kept);
  if (ledger !== undefined) {
    compactedMessages.push(ledger);
  }
  // Prose (user turns, assistant text) goes to the compactor; tool traffic is in the ledger.
  const prose = older.filter(
    (c) =>
      c.message.role === "user" ||
      (c.message.role === "assistant" && (c.message.content ?? "") !== ""),
  );
  if (prose.length > 0) {
    const texts = prose.map((c): ChatMessage =>
      c.message.role === "assistant"
        ? { role: "assistant", content: c.message.content ?? "" }
        : c.message,
    );
    const run = await compact(texts, {
      turnNumbers: prose.map((c) => c.turn),
      section: "proxy history",
      encoding: tokenizer.encoding,
    });
    if (run.ok) {
      kept.push(...run.value.kept);
      compactedMessages.push(...run.value.messages);
    } else {
      compactedMessages.push(...texts);
    }
  }
  const tail = convo.slice(start).map(({ message }): ChatMessage => {
    if (message.role !== "tool") {
      return message;
    }
    return {
      ...message,
      content: gateText(message.content, DEFAULT_TOOL_OUTPUT_CAP_TOKENS, tokenizer, kept),
    };
  });
  const system = [
    ...systems,
    LETHE_NOTE,
    artifactSection(artifacts, tokenizer),
    currentFactsBlock(messages, artifacts, tokenizer),
  ]
    .filter((s) => s.length > 0)
    .join("\n\n");
  return {
    messages: [{ role: "system", content: system }, ...head, ...compactedMessages, ...tail],
    kept,
    compacted: allOlder.length,
  };
}
