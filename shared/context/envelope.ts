// The segmented envelope: {system, static, dynamic, meta}, each with a token
// budget and a content hash, rendered to OpenAI chat messages. AgentSession
// builds one per step; the compressor reduces the sections that ask for it.
import { z } from "zod";
import { contentKey } from "../base/hash.ts";
import type { ChatMessage } from "./messages.ts";
import type { Page } from "./page.ts";
import { pageHeader } from "./page-header.ts";
import type { Tokenizer } from "./tokens.ts";
import { META_OPEN, dataMessage, fenceData, fenceItem } from "./untrusted.ts";

export const SectionNameSchema = z.enum(["system", "static", "dynamic", "meta"]);
export type SectionName = z.infer<typeof SectionNameSchema>;
export const SECTION_NAMES: readonly SectionName[] = ["system", "static", "meta", "dynamic"];

export type SectionBudgets = Record<SectionName, number>;
/**
 * Default budgets (tokens), sized so the whole envelope (28k) plus a 4k reply
 * fits a 32k window, the smallest window Lethe targets: system holds the
 * mission, persona and protocol; static the policies and routed tool schemas;
 * meta a handful of artifacts; dynamic L1, the anchor and the recent turns.
 */
export const DEFAULT_SYSTEM_BUDGET = 2_000;
export const DEFAULT_STATIC_BUDGET = 6_000;
export const DEFAULT_META_BUDGET = 4_000;
export const DEFAULT_DYNAMIC_BUDGET = 16_000;
export const DEFAULT_BUDGETS: SectionBudgets = {
  system: DEFAULT_SYSTEM_BUDGET,
  static: DEFAULT_STATIC_BUDGET,
  meta: DEFAULT_META_BUDGET,
  dynamic: DEFAULT_DYNAMIC_BUDGET,
};
/** ARCHITECTURE.md: a section past 80% of its budget asks for compression. */
export const COMPRESS_AT = 0.8;
/**
 * Recent turns read per step. Bounds the per-step build to O(window), not
 * O(history): older turns live in the transcript and reach the model through
 * summaries and L1 pages.
 */
export const MAX_WINDOW_TURNS = 24;
/** Share of the dynamic budget the recent turns may fill (the last turn always goes in). */
export const TURN_SHARE = 0.5;

/** A history entry: a chat message, optionally with its content's token count (count(content)) already known. */
export type Turn = ChatMessage & { tokens?: number };

export interface EnvelopeInput {
  /** Mission, persona and protocol: never compressed. */
  system: string;
  /** Policies and routed tool schemas, one item each. */
  static: readonly string[];
  /** Relevant artifacts and long-term knowledge, one item each. */
  meta: readonly string[];
  /** L1 pages, in pager order. */
  pages: readonly Page[];
  /** The task anchor: always in dynamic, verbatim. */
  anchor: string;
  checkpoint?: string;
  /** The summary of the turns before the history (a background compaction): always in dynamic. */
  summary?: string;
  /** The whole history; only its tail (the window) is read. */
  history: readonly Turn[];
}

export interface EnvelopeOptions {
  tokenizer: Tokenizer;
  budgets?: Partial<SectionBudgets>;
  maxTurns?: number;
}

export interface Section {
  name: SectionName;
  messages: ChatMessage[];
  tokens: number;
  budget: number;
  /** sha256 of the rendered messages: equal hash, byte-identical text. */
  hash: string;
  needsCompression: boolean;
}

export interface Envelope {
  sections: Record<SectionName, Section>;
  /** Rendered in cache-friendly order: system, static, the task anchor, meta, the rest of dynamic. */
  messages: ChatMessage[];
  tokens: number;
  needsCompression: SectionName[];
  /** Turns in the window and turns of history left out of it. */
  window: { turns: number; omitted: number };
}

export function renderAnchor(anchor: string, checkpoint?: string): string {
  return checkpoint === undefined
    ? `[TASK ANCHOR]\n${anchor}`
    : `[TASK ANCHOR]\n${anchor}\n\n[PLAN CHECKPOINT]\n${checkpoint}`;
}

/** The header of the earlier turns' summary: written from tool output and replies, so data too. */
export const SUMMARY_HEADER = "[SUMMARY OF EARLIER TURNS]";
/** The header of a tool result inside its fence. */
export const TOOL_RESULT_HEADER = "[TOOL RESULT]";

/** The tail of history that goes in: bounded, and never starting at an orphan tool result. */
export function selectWindow(
  history: readonly Turn[],
  turnBudget: number,
  tokenizer: Tokenizer,
  maxTurns = MAX_WINDOW_TURNS,
): number {
  let start = history.length;
  let used = 0;
  // The last turn always goes in, whatever the bounds say.
  const limit = Math.max(1, maxTurns);
  while (start > 0 && history.length - start < limit) {
    const turn = history[start - 1];
    if (turn === undefined) {
      break;
    }
    const cost = turnTokens(turn, tokenizer);
    if (start < history.length && used + cost > turnBudget) {
      break;
    }
    used += cost;
    start--;
  }
  // A tool result needs its assistant call: extend back to it, or drop the orphans.
  let extended = start;
  while (extended > 0 && history[extended]?.role === "tool") {
    extended--;
  }
  if (history[extended]?.role === "assistant" && extended < start) {
    return extended;
  }
  while (start < history.length - 1 && history[start]?.role === "tool") {
    start++;
  }
  return start;
}

function turnTokens(turn: Turn, tokenizer: Tokenizer): number {
  return tokenizer.countMessage(toMessage(turn), knownTokens(turn));
}

/** A turn as the model receives it: a tool's output fenced as data (its known count no longer applies). */
function toMessage(turn: Turn): ChatMessage {
  const { tokens: _tokens, ...message } = turn;
  return message.role === "tool"
    ? { ...message, content: fenceData(TOOL_RESULT_HEADER, message.content ?? "") }
    : message;
}

/** The count a turn's message costs: the known count only when the message is the turn's own text. */
function knownTokens(turn: Turn): number | undefined {
  return turn.role === "tool" ? undefined : turn.tokens;
}

function section(
  name: SectionName,
  messages: ChatMessage[],
  budget: number,
  tokenizer: Tokenizer,
  known?: number,
): Section {
  let tokens = known ?? 0;
  if (known === undefined) {
    for (const message of messages) {
      tokens += tokenizer.countMessage(message);
    }
  }
  return {
    name,
    messages,
    tokens,
    budget,
    // 128 bits identify a section; checkpoints store these every step, so they stay short.
    hash: contentKey(JSON.stringify(messages)),
    needsCompression: name !== "system" && tokens > COMPRESS_AT * budget,
  };
}

/** Builds one step's envelope. Cost grows with the window and L1, not with history. */
export function buildEnvelope(input: EnvelopeInput, options: EnvelopeOptions): Envelope {
  const { tokenizer } = options;
  const budgets: SectionBudgets = { ...DEFAULT_BUDGETS, ...options.budgets };
  const join = (items: readonly string[]) => items.join("\n\n");

  const system = section(
    "system",
    [{ role: "system", content: input.system }],
    budgets.system,
    tokenizer,
  );
  const staticMessages: ChatMessage[] =
    input.static.length === 0 ? [] : [{ role: "system", content: join(input.static) }];
  // Data from other agents: each item one quoted line, fenced, after the task anchor (below).
  const meta: ChatMessage[] =
    input.meta.length === 0 ? [] : [dataMessage(META_OPEN, input.meta.map(fenceItem).join("\n"))];

  const dynamic: ChatMessage[] = [
    { role: "system", content: renderAnchor(input.anchor, input.checkpoint) },
  ];
  // Files, tool output kept in L1, artifacts: data, never with the system role.
  for (const page of input.pages) {
    dynamic.push(dataMessage(pageHeader(page), page.content));
  }
  if (input.summary !== undefined) {
    dynamic.push(dataMessage(SUMMARY_HEADER, input.summary));
  }
  const fixedTokens = dynamic.reduce((sum, m) => sum + tokenizer.countMessage(m), 0);
  const turnBudget = Math.max(0, Math.floor(budgets.dynamic * TURN_SHARE));
  const start = selectWindow(input.history, turnBudget, tokenizer, options.maxTurns);
  let turnTotal = 0;
  for (let i = start; i < input.history.length; i++) {
    const turn = input.history[i];
    if (turn !== undefined) {
      dynamic.push(toMessage(turn));
      turnTotal += turnTokens(turn, tokenizer);
    }
  }

  const sections: Record<SectionName, Section> = {
    system,
    static: section("static", staticMessages, budgets.static, tokenizer),
    meta: section("meta", meta, budgets.meta, tokenizer),
    dynamic: section("dynamic", dynamic, budgets.dynamic, tokenizer, fixedTokens + turnTotal),
  };
  // The anchor goes ahead of meta: nothing another agent wrote precedes the task.
  const [anchorMessage, ...rest] = sections.dynamic.messages;
  const messages = [
    ...sections.system.messages,
    ...sections.static.messages,
    ...(anchorMessage === undefined ? [] : [anchorMessage]),
    ...sections.meta.messages,
    ...rest,
  ];
  return {
    sections,
    messages,
    tokens: SECTION_NAMES.reduce((sum, name) => sum + sections[name].tokens, 0),
    needsCompression: SECTION_NAMES.filter((name) => sections[name].needsCompression),
    window: { turns: input.history.length - start, omitted: start },
  };
}
