// compressConversation: replaces the older turns of a conversation with one
// `[CONVERSATION SUMMARY]` message. System messages and everything from the
// second-to-last human message on stay raw; every compressed turn is kept behind
// a ref the summary cites. Map-reduce over the summariser contract when a
// summariser is given, structural truncation when it fails or is not given; the
// report says which ran. Pure apart from the summariser's calls; the compressor
// Worker (route, compaction job, proxy) and the bench call it.
import { ChatMessageSchema, type ChatMessage } from "../context/messages.ts";
import type { KeptContent } from "../context/refs.ts";
import { reductionReport, type ReductionReport } from "../context/report.ts";
import type { Tokenizer } from "../context/tokens.ts";
import { err, ok, type Result } from "../base/result.ts";
import { isSummaryBlock, type BlockLine, type CompressionMethod } from "./block.ts";
import { summariseRange } from "./run.ts";
import type { CompressInputErrorCode, SummariserFailureCode } from "./errors.ts";
import {
  budgetOutcome,
  budgetTokens,
  CompressBudgetSchema,
  type BudgetOutcome,
  type CompressBudget,
} from "./budget.ts";
import { summariserWindow, type SummariserClient } from "./map-reduce.ts";
import type { SubjectState } from "./merge.ts";
import { tailStart, type Citation } from "./turns.ts";

/** The summariser's window when the caller names none: the small preset of pruneForRetry. */
export const DEFAULT_SUMMARISER_WINDOW = 8_192;

export interface CompressOptions {
  tokenizer: Tokenizer;
  /** The summariser (a Driver); without one, structural truncation runs. */
  client?: SummariserClient;
  /** The summariser model's context window, in tokens. */
  windowTokens?: number;
  /** The report's section name. */
  section?: string;
  /** Turn number of each message (its transcript position); default index + 1. */
  turnNumbers?: readonly number[];
  /** Extra headers for the summariser's requests (the local endpoint's scripted mode). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Stream the summariser's answers. */
  stream?: boolean;
  /** What the whole output may weigh: tokens, or a share of the input's tokens. */
  budget?: CompressBudget;
}

/** A compressed turn no line shows, and why; its full text resolves by `ref`. */
export interface CutTurn {
  turn: number;
  ref: string;
  why: "uncited" | "superseded" | "over-budget";
}

/** Who wrote a compression's summary: the compression role's model, and whether it is the stand-in. */
export interface SummariserIdentity {
  model: string;
  /** True when the summary came from the local endpoint's deterministic stand-in. */
  standIn: boolean;
  /** Said plainly when the stand-in wrote the summary: what it is and how to get a real model. */
  note?: string;
}

export interface CompressionRun {
  method: CompressionMethod | "none";
  /** Why map-reduce did not produce the summary, when structural truncation ran instead. */
  fallback?: { code: SummariserFailureCode; message: string; hint?: string; stage: string };
  /** System messages, the summary message, then the protected tail, unchanged. */
  messages: ChatMessage[];
  summary: string;
  /** The block's shown lines (facts, conflicts, narrative… or structural previews). */
  lines: BlockLine[];
  /** Every subject the summariser settled, shown or cut (empty for structural). */
  subjects: SubjectState[];
  /** Every compressed turn and the ref of its full text. */
  citations: Citation[];
  /** Store each under its ref: the compressed turns' full texts. */
  kept: KeptContent[];
  report: ReductionReport;
  calls: number;
  /** Compressed turns no line shows nor the verbatim tail keeps (uncited, superseded, or cut for the budget), each by ref. */
  cut: CutTurn[];
  budget: BudgetOutcome;
  /** Who wrote the summary (the compressor Worker says so on a map-reduce run). */
  summariser?: SummariserIdentity;
}

/** The run that changes nothing: the messages as given, and the report says why. */
function unchanged(
  messages: readonly ChatMessage[],
  section: string,
  inputTokens: number,
  target: number | undefined,
  why: string,
): CompressionRun {
  return {
    method: "none",
    messages: [...messages],
    summary: "",
    lines: [],
    subjects: [],
    citations: [],
    kept: [],
    cut: [],
    budget: budgetOutcome(target, inputTokens, inputTokens),
    report: reductionReport("summarise", section, 0, 0, [why], []),
    calls: 0,
  };
}

export type CompressResult = Result<CompressionRun, CompressInputErrorCode>;

/** Share of the budget the protected tail may take before only the last human message is kept raw. */
export const TAIL_BUDGET_SHARE = 0.5;

/**
 * Where the raw tail starts: the second-to-last human message, or, when that
 * tail (with the system messages) would leave the summary less than half the
 * budget, the last human message, so a tight budget still holds the facts.
 */
function protectedStart(
  messages: readonly ChatMessage[],
  tokenizer: Tokenizer,
  target: number | undefined,
): number {
  const start = tailStart(messages);
  if (target === undefined) {
    return start;
  }
  const weigh = (from: number) =>
    messages.reduce(
      (sum, m, i) => (i >= from || m.role === "system" ? sum + tokenizer.countMessage(m) : sum),
      0,
    );
  return weigh(start) > target * TAIL_BUDGET_SHARE ? tailStart(messages, 1) : start;
}

function validate(
  messages: readonly unknown[],
  options: CompressOptions,
): { code: CompressInputErrorCode; message: string } | undefined {
  if (!messages.every((m) => ChatMessageSchema.safeParse(m).success)) {
    return {
      code: "INVALID_MESSAGES",
      message: "every message must be an OpenAI chat message {role, content}",
    };
  }
  const numbers = options.turnNumbers;
  if (options.budget !== undefined && !CompressBudgetSchema.safeParse(options.budget).success) {
    return {
      code: "INVALID_BUDGET",
      message: "budget must be {tokens: integer ≥ 1} or {ratio: number in (0, 1]}",
    };
  }
  if (numbers === undefined) {
    const resumed = (messages as ChatMessage[]).some(
      (m) => m.role === "user" && isSummaryBlock(m.content),
    );
    // After a summary, positions no longer match the turn numbers the summary cites.
    return resumed
      ? {
          code: "INVALID_OPTIONS",
          message: "a conversation that holds a summary needs turnNumbers (transcript positions)",
        }
      : undefined;
  }
  if (numbers.length !== messages.length || !numbers.every(Number.isInteger)) {
    return { code: "INVALID_OPTIONS", message: "turnNumbers needs one integer per message" };
  }
  return undefined;
}

/** Compresses `messages` (see the module comment). Model failures never fail it. */
export async function compressConversation(
  messages: readonly ChatMessage[],
  options: CompressOptions,
): Promise<CompressResult> {
  const invalid = validate(messages, options);
  if (invalid !== undefined) {
    return err(
      invalid.code,
      invalid.message,
      invalid.code === "INVALID_BUDGET"
        ? 'ask for {"tokens": N} or {"ratio": 0.25}; a budget past the input returns it unchanged'
        : "send the conversation as chat messages, oldest first, with each one's transcript position",
    );
  }
  const { tokenizer } = options;
  const section = options.section ?? "history";
  const inputTokens = messages.reduce((sum, m) => sum + tokenizer.countMessage(m), 0);
  const target =
    options.budget === undefined ? undefined : budgetTokens(options.budget, inputTokens);
  if (target !== undefined && inputTokens <= target) {
    const why = `nothing to compress: the input (${inputTokens} tokens) is within the budget (${target})`;
    return ok(unchanged(messages, section, inputTokens, target, why));
  }
  const start = protectedStart(messages, tokenizer, target);
  const compressible = messages.flatMap((message, index) =>
    index < start && message.role !== "system" ? [{ index, message }] : [],
  );
  if (compressible.length === 0) {
    const why = "nothing to compress: only protected turns";
    return ok(unchanged(messages, section, inputTokens, target, why));
  }
  const windowTokens = options.windowTokens ?? DEFAULT_SUMMARISER_WINDOW;
  const window = summariserWindow(windowTokens, tokenizer);
  if (options.client !== undefined && window === undefined) {
    return err(
      "WINDOW_TOO_SMALL",
      `a ${windowTokens}-token window leaves no room for turns after the summariser's prompt`,
      "give the summariser a window of at least 1,024 tokens",
    );
  }
  const run = await summariseRange(messages, compressible, start, {
    ...options,
    section,
    inputTokens,
    target,
    numberOf: (i) => options.turnNumbers?.[i] ?? i + 1,
    ...(window === undefined ? {} : { window }),
  });
  return ok(
    "unchanged" in run ? unchanged(messages, section, inputTokens, target, run.unchanged) : run,
  );
}
