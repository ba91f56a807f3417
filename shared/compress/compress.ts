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
import {
  budgetOutcome,
  budgetTokens,
  CompressBudgetSchema,
  fitBullets,
  type BudgetOutcome,
  type CompressBudget,
} from "./budget.ts";
import { mapReduce, summariserWindow, type SummariserClient } from "./map-reduce.ts";
import { STRUCTURAL_TARGET_SHARE, structuralBullets } from "./structural.ts";
import {
  subjectIndex,
  subjectOfText,
  supersede,
  supersededStatements,
  type SubjectIndex,
  type Superseded,
} from "./supersede.ts";
import { readToolOutputs } from "./tool-lines.ts";
import { withToolLines } from "./tool-excerpt.ts";
import { confirmedAcrossTurns } from "./replies.ts";
import { isHedgedText } from "./hedges.ts";
import { TALKED_ABOUT, turnsNaming } from "./talked-about.ts";
import { knownPhrases } from "./tool-phrases.ts";
import { resolveConfigKeys } from "./config-lines.ts";
import { replacementsIn } from "./replaced-values.ts";
import { collectTurns, ranges, tailStart, type Citation } from "./turns.ts";

/** The summariser's window when the caller names none: the small preset of pruneForRetry. */
export const DEFAULT_SUMMARISER_WINDOW = 8_192;

/** Turns one bullet cites at most (its latest); every compressed turn stays in the index ref. */
export const MAX_CITED_TURNS = 3;

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

/** A compressed turn no bullet shows, and why; its full text resolves by `ref`. */
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
  bullets: SummaryBullet[];
  /** Every compressed turn and the ref of its full text. */
  citations: Citation[];
  /** Store each under its ref: the compressed turns' full texts. */
  kept: KeptContent[];
  report: ReductionReport;
  calls: number;
  /** Compressed turns no bullet shows (uncited, superseded, or cut for the budget), each by ref. */
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
    bullets: [],
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
  const windowTokens = options.windowTokens ?? DEFAULT_SUMMARISER_WINDOW;
  const window = summariserWindow(windowTokens, tokenizer);
  if (options.client !== undefined && window === undefined) {
    return err(
      "WINDOW_TOO_SMALL",
      `a ${windowTokens}-token window leaves no room for turns after the summariser's prompt`,
      "give the summariser a window of at least 1,024 tokens",
    );
  }
  const inputTokens = messages.reduce((sum, m) => sum + tokenizer.countMessage(m), 0);
  const target =
    options.budget === undefined ? undefined : budgetTokens(options.budget, inputTokens);
  if (target !== undefined && inputTokens <= target) {
    return ok(
      unchanged(
        messages,
        section,
        inputTokens,
        target,
        `nothing to compress: the input (${inputTokens} tokens) is within the budget (${target})`,
      ),
    );
  }
  const start = protectedStart(messages, tokenizer, target);
  const numberOf = (i: number) => options.turnNumbers?.[i] ?? i + 1;
  const compressible: { index: number; message: ChatMessage }[] = [];
  messages.forEach((message, index) => {
    if (index < start && message.role !== "system") {
      compressible.push({ index, message });
    }
  });
  if (compressible.length === 0) {
    return ok(
      unchanged(
        messages,
        section,
        inputTokens,
        target,
        "nothing to compress: only protected turns",
      ),
    );
  }

  const collected = collectTurns(compressible, numberOf);
  const { carried, earlierIndex, refs, kept, citations } = collected;
  // The prose's subjects, indexed once and only when a config key or a tool result needs them.
  let proseIndex: SubjectIndex | undefined;
  const proseSubjects = () => (proseIndex ??= subjectIndex(collected.turns.map((t) => t.text)));
  // Tool output stating a value of a known subject becomes statements under its turn.
  const read = readToolOutputs(collected.turns, collected.toolOutputs, () =>
    knownPhrases(
      proseSubjects().subjects,
      collected.turns.map((t) => t.text),
    ),
  );
  // A config line's key reads as the conversation's own phrase for it, before any summariser sees it.
  // A proposal the next message accepts states its value.
  const turns = confirmedAcrossTurns(
    resolveConfigKeys(
      read,
      kept.map((k) => k.content),
      proseSubjects,
    ),
  );

  const losses: string[] = [];
  let method: CompressionMethod = "structural";
  let bullets: SummaryBullet[] = [];
  let calls = 0;
  let fallback: CompressionRun["fallback"];
  if (options.client !== undefined && window !== undefined) {
    // The model also reads each tool result's value lines; the rules above read them for the stand-in.
    const run = await mapReduce(withToolLines(turns, collected.toolOutputs), options.client, {
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
  const outside = inputTokens - pre;
  const index = keep(turnIndex(citations, earlierIndex));
  kept.push(index);
  const numbers = compressible.map(({ index: i }) => numberOf(i));
  const first = Math.min(...citations.map((c) => c.turn), ...numbers);
  const last = Math.max(...citations.map((c) => c.turn), ...numbers);
  let superseded: Superseded[] = [];
  let inlineRefs = true;
  const render = (list: SummaryBullet[], withSuperseded: boolean) =>
    renderSummaryBlock({
      inlineRefs,
      method,
      firstTurn: first,
      lastTurn: last,
      turnCount: citations.length,
      bullets: list,
      refs,
      index: index.ref,
      ...(withSuperseded
        ? {
            superseded: superseded.flatMap((s) =>
              s.old.turns.map((turn) => ({ turn, byTurn: s.byTurn })),
            ),
          }
        : {}),
    });
  const asMessage = (content: string): ChatMessage => ({
    role: "user",
    name: SUMMARY_MESSAGE_NAME,
    content,
  });
  // The block may never be larger than what it replaces, nor past the budget.
  const blockBudget = Math.min(
    pre - 1,
    target === undefined
      ? method === "structural"
        ? Math.floor(pre * STRUCTURAL_TARGET_SHARE)
        : Number.POSITIVE_INFINITY
      : target - outside,
  );
  const fixed =
    tokenizer.countMessage(asMessage(render([], false))) + tokenizer.countCached("\nrefs: ");
  const cost = (b: SummaryBullet, chosen: ReadonlySet<number> = new Set()) =>
    tokenizer.countCached(`${formatBullet(b)}\n`) +
    b.turns
      .filter((t) => !chosen.has(t))
      .reduce((sum, t) => sum + tokenizer.countCached(`${refEntry(t, refs.get(t) ?? "")}, `), 0);
  let overBudget: SummaryBullet[] = [];
  if (method === "structural") {
    // An earlier summary's bullets are facts already summarised: they keep their place
    // first, as far as the budget allows, and the new turns are previewed after them.
    const earlier: SummaryBullet[] = [];
    const earlierTurns = new Set<number>();
    let room = blockBudget - fixed;
    for (const bullet of carried) {
      const tokens = cost(bullet, earlierTurns);
      if (tokens <= room) {
        earlier.push(bullet);
        room -= tokens;
        bullet.turns.forEach((t) => earlierTurns.add(t));
      }
    }
    const selection = structuralBullets(turns, room, cost);
    bullets = [...earlier, ...selection.bullets];
    const unshown = carried.filter((b) => !earlier.includes(b));
    if (selection.skipped.length > 0 || unshown.length > 0) {
      losses.push(
        `turns without a preview (their refs are in the index): ${ranges([...unshown.flatMap((b) => b.turns), ...selection.skipped])}`,
      );
    }
  } else {
    // A sentence said in many turns cites its latest few; the index holds every turn.
    // A question, proposal or quoted stale source sets no value: never shown as current.
    const hedgedBy = new Map(bullets.map((b) => [b, isHedgedText(b.text)]));
    const hedged = bullets.filter((b) => hedgedBy.get(b) === true);
    const capped = bullets
      .filter((b) => hedgedBy.get(b) !== true)
      .map((b) =>
        b.turns.length > MAX_CITED_TURNS ? { ...b, turns: b.turns.slice(-MAX_CITED_TURNS) } : b,
      );
    if (hedged.length > 0) {
      losses.push(
        `${hedged.length} bullets that ask, propose or quote a value without setting it left out (turns ${ranges(hedged.flatMap((b) => b.turns))}, full text by ref)`,
      );
    }
    // Subjects are known from the whole conversation, so a later value keys the same subject.
    const scope = messages
      .filter((m) => m.role === "system")
      .map((m) => m.content ?? "")
      .join("\n");
    const subjects = subjectIndex(
      [...turns.map((t) => t.text), ...capped.map((b) => b.text)],
      scope,
    );
    const split = supersede(
      capped,
      subjects,
      replacementsIn(turns, (sentence) => subjectOfText(sentence, subjects)),
    );
    // What the summariser already dropped as replaced is found in the turns themselves.
    superseded = [...split.superseded, ...supersededStatements(turns, split.current, subjects)];
    // A subject the prose names in several turns (set, asked about, changed) ranks first, then
    // one the prose names once, then a field only tool output states (a settings export's rows).
    const naming = turnsNaming(collected.turns.map((t) => t.text));
    const keyed = (b: SummaryBullet) => {
      const subject = subjectOfText(b.text, subjects);
      if (subject === undefined) {
        return 0;
      }
      const named = naming(subject);
      return named >= TALKED_ABOUT ? 3 : named > 0 ? 2 : 1;
    };
    let fitted = fitBullets(split.current, blockBudget - fixed, cost, keyed);
    if (fitted.cut.length > 0) {
      // Refs cost ~20 tokens a turn: past the budget, the index ref alone resolves every turn.
      inlineRefs = false;
      const bare = tokenizer.countMessage(asMessage(render([], false)));
      const indexOnly = fitBullets(
        split.current,
        blockBudget - bare,
        (b) => tokenizer.countCached(`${formatBullet(b)}\n`),
        keyed,
      );
      if (indexOnly.kept.length > fitted.kept.length) {
        fitted = indexOnly;
        losses.push(
          "refs line left out to fit the budget: each cited turn resolves through the index ref",
        );
      } else {
        inlineRefs = true;
      }
    }
    bullets = fitted.kept;
    overBudget = fitted.cut;
    if (overBudget.length > 0) {
      losses.push(
        `${overBudget.length} bullets cut to fit ${blockBudget} tokens (turns ${ranges(overBudget.flatMap((b) => b.turns))}, full text by ref)`,
      );
    }
    for (const s of superseded) {
      losses.push(
        `superseded: "${s.subject}" at turn ${s.old.turns.join(", ")} replaced at turn ${s.byTurn} (old text by ref, not shown as current)`,
      );
    }
  }
  let summary = render(bullets, superseded.length > 0);
  if (tokenizer.countMessage(asMessage(summary)) > blockBudget) {
    summary = render(bullets, false);
  }
  while (bullets.length > 0 && tokenizer.countMessage(asMessage(summary)) > blockBudget) {
    // Structural keeps one preview even past its budget; a budget is a limit.
    const dropped = bullets.shift();
    if (dropped !== undefined) {
      overBudget.push(dropped);
    }
    summary = render(bullets, false);
  }
  const summaryMessage = asMessage(summary);
  const post = tokenizer.countMessage(summaryMessage);
  if (post >= pre) {
    // Even the bare block (header and index ref) is not smaller than the turns.
    return ok(
      unchanged(
        messages,
        section,
        inputTokens,
        target,
        `compression would not shrink the ${pre} tokens of ${citations.length} compressible turns (the smallest summary block takes ${post}); returned unchanged`,
      ),
    );
  }
  const cited = new Set(bullets.flatMap((b) => b.turns));
  const uncited = citations.filter((c) => !cited.has(c.turn)).map((c) => c.turn);
  const usualStart = tailStart(messages);
  if (start > usualStart) {
    losses.push(
      `tight budget: the raw tail starts at the last human message; the ${start - usualStart} messages before it are compressed too`,
    );
  }
  losses.unshift(
    method === "map-reduce"
      ? `${citations.length} turns summarised into ${bullets.length} cited bullets`
      : `${citations.length} turns truncated to head … tail previews`,
  );
  if (method === "map-reduce" && uncited.length > 0) {
    losses.push(`turns cited by no bullet (full text by ref): ${ranges(uncited)}`);
  }
  const output: ChatMessage[] = [
    ...messages.slice(0, start).filter((m) => m.role === "system"),
    summaryMessage,
    ...messages.slice(start),
  ];
  const outputTokens = outside + post;
  if (target !== undefined && outputTokens > target) {
    losses.push(
      `budget not met: ${outputTokens} tokens out for a budget of ${target} (system messages and the protected tail alone take ${outside})`,
    );
  }
  const supersededTurns = new Set(superseded.flatMap((s) => s.old.turns));
  const overTurns = new Set(overBudget.flatMap((b) => b.turns));
  const cut: CutTurn[] = citations
    .filter((c) => !cited.has(c.turn))
    .map((c) => ({
      turn: c.turn,
      ref: c.ref,
      why: supersededTurns.has(c.turn)
        ? "superseded"
        : overTurns.has(c.turn)
          ? "over-budget"
          : "uncited",
    }));
  return ok({
    method,
    ...(fallback === undefined ? {} : { fallback }),
    messages: output,
    summary,
    bullets,
    citations,
    kept,
    cut,
    budget: budgetOutcome(target, inputTokens, outputTokens),
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
