// compressConversation: replaces the older turns of a conversation with one
// `[CONVERSATION SUMMARY]` message. System messages and everything from the
// second-to-last human message on stay raw; every compressed turn is kept behind
// a ref the summary cites. Map-reduce when a summariser is given, structural
// truncation when it fails or is not given; the report says which ran.
// Pure apart from the summariser's calls; the compressor Worker and bench call it.
import { ChatMessageSchema, type ChatMessage } from "../context/messages.ts";
import { keep, type KeptContent } from "../context/refs.ts";
import { reductionReport, type ReductionReport } from "../context/report.ts";
import type { Tokenizer } from "../context/tokens.ts";
import { formatBullet, type SummaryBullet } from "../model/contracts.ts";
import { err, ok, type Result } from "../result.ts";
import {
  isSummaryBlock,
  refEntry,
  renderSummaryBlock,
  turnIndex,
  SUMMARY_MESSAGE_NAME,
  type CompressionMethod,
} from "./block.ts";
import type { CompressInputErrorCode, SummariserFailureCode } from "./errors.ts";
import { mapReduce, summariserWindow, type SummariserClient } from "./map-reduce.ts";
import { STRUCTURAL_TARGET_SHARE, structuralBullets } from "./structural.ts";
import { collectTurns, ranges, tailStart, type Citation } from "./turns.ts";

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
}

export interface CompressionRun {
  method: CompressionMethod | "none";
  /** Why map-reduce did not produce the summary, when structural truncation ran instead. */
  fallback?: { code: SummariserFailureCode; message: string; hint?: string; stage: string };
  /** System messages, the summary message, then the protected tail, unchanged. */
  messages: ChatMessage[];
  summary: string;
  bullets: SummaryBullet[];
  /** Every compressed turn and the ref of its full text. */
  citations: Citation[];
  /** Store each under its ref: the compressed turns' full texts. */
  kept: KeptContent[];
  report: ReductionReport;
  calls: number;
}

export type CompressResult = Result<CompressionRun, CompressInputErrorCode>;

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
      "send the conversation as chat messages, oldest first, with each one's transcript position",
    );
  }
  const { tokenizer } = options;
  const section = options.section ?? "history";
  const windowTokens = options.windowTokens ?? DEFAULT_SUMMARISER_WINDOW;
  const window = summariserWindow(windowTokens, tokenizer);
  if (options.client !== undefined && window === undefined) {
    return err(
      "WINDOW_TOO_SMALL",
      `a ${windowTokens}-token window leaves no room for turns after the summariser's prompt`,
      "give the summariser a window of at least 1,024 tokens",
    );
  }
  const start = tailStart(messages);
  const numberOf = (i: number) => options.turnNumbers?.[i] ?? i + 1;
  const compressible: { index: number; message: ChatMessage }[] = [];
  messages.forEach((message, index) => {
    if (index < start && message.role !== "system") {
      compressible.push({ index, message });
    }
  });
  if (compressible.length === 0) {
    return ok({
      method: "none",
      messages: [...messages],
      summary: "",
      bullets: [],
      citations: [],
      kept: [],
      report: reductionReport(
        "summarise",
        section,
        0,
        0,
        ["nothing to compress: only protected turns"],
        [],
      ),
      calls: 0,
    });
  }

  const { turns, carried, earlierIndex, refs, kept, citations } = collectTurns(
    compressible,
    numberOf,
  );

  const losses: string[] = [];
  let method: CompressionMethod = "structural";
  let bullets: SummaryBullet[] = [];
  let calls = 0;
  let fallback: CompressionRun["fallback"];
  if (options.client !== undefined && window !== undefined) {
    const run = await mapReduce(turns, options.client, {
      tokenizer,
      window,
      carried,
      stream: options.stream === true,
      ...(options.headers ? { headers: options.headers } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    calls = run.ok ? run.value.calls : run.calls;
    if (run.ok) {
      method = "map-reduce";
      bullets = run.value.bullets;
      losses.push(...run.value.losses);
    } else {
      fallback = {
        code: run.code,
        message: run.message,
        stage: run.stage,
        ...(run.hint === undefined ? {} : { hint: run.hint }),
      };
      losses.push(
        `map-reduce failed at ${run.stage} (${run.code}: ${run.message}); structural truncation ran instead`,
      );
    }
  }
  const pre = compressible.reduce((sum, c) => sum + tokenizer.countMessage(c.message), 0);
  const index = keep(turnIndex(citations, earlierIndex));
  kept.push(index);
  const numbers = compressible.map(({ index: i }) => numberOf(i));
  const first = Math.min(...citations.map((c) => c.turn), ...numbers);
  const last = Math.max(...citations.map((c) => c.turn), ...numbers);
  const render = (list: SummaryBullet[]) =>
    renderSummaryBlock({
      method,
      firstTurn: first,
      lastTurn: last,
      turnCount: citations.length,
      bullets: list,
      refs,
      index: index.ref,
    });
  if (method === "structural") {
    // The header, the index line and the refs line's label are paid before any preview.
    const fixed =
      tokenizer.countMessage({ role: "user", name: SUMMARY_MESSAGE_NAME, content: render([]) }) +
      tokenizer.countCached("\nrefs: ");
    const cost = (b: SummaryBullet) =>
      tokenizer.countCached(`${formatBullet(b)}\n`) +
      b.turns.reduce(
        (sum, t) => sum + tokenizer.countCached(`${refEntry(t, refs.get(t) ?? "")}, `),
        0,
      );
    const budget = Math.floor(pre * STRUCTURAL_TARGET_SHARE) - fixed;
    const selection = structuralBullets(turns, budget, cost);
    bullets = selection.bullets;
    if (selection.skipped.length > 0 || carried.length > 0) {
      losses.push(
        `turns without a preview (their refs are in the index): ${ranges([...carried.flatMap((b) => b.turns), ...selection.skipped])}`,
      );
    }
  }

  const summary = render(bullets);
  const summaryMessage: ChatMessage = {
    role: "user",
    name: SUMMARY_MESSAGE_NAME,
    content: summary,
  };
  const cited = new Set(bullets.flatMap((b) => b.turns));
  const uncited = citations.filter((c) => !cited.has(c.turn)).map((c) => c.turn);
  losses.unshift(
    method === "map-reduce"
      ? `${citations.length} turns summarised into ${bullets.length} cited bullets`
      : `${citations.length} turns truncated to head … tail previews`,
  );
  if (method === "map-reduce" && uncited.length > 0) {
    losses.push(`turns cited by no bullet (full text by ref): ${ranges(uncited)}`);
  }
  const post = tokenizer.countMessage(summaryMessage);
  const output: ChatMessage[] = [
    ...messages.slice(0, start).filter((m) => m.role === "system"),
    summaryMessage,
    ...messages.slice(start),
  ];
  return ok({
    method,
    ...(fallback === undefined ? {} : { fallback }),
    messages: output,
    summary,
    bullets,
    citations,
    kept,
    report: reductionReport(
      method === "map-reduce" ? "summarise" : "truncate",
      section,
      pre,
      post,
      losses,
      kept.map((k) => k.ref),
    ),
    calls,
  });
}
