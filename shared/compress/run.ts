// One compression of the turns before the protected tail: summarise them (map-reduce
// over the contract, or structural previews when no summariser answers), fit the
// block to the budget in tiers (assemble.ts), keep the most recent turns verbatim
// with what the budget leaves, and report every cut with its ref. Called by compress.ts.
import type { ChatMessage } from "../context/messages.ts";
import { keep } from "../context/refs.ts";
import { reductionReport } from "../context/report.ts";
import { candidateLines, fitTier, verbatimTail, type FitContext } from "./assemble.ts";
import {
  renderSummaryBlock,
  SUMMARY_MESSAGE_NAME,
  turnIndex,
  type BlockLine,
  type CompressionMethod,
} from "./block.ts";
import { budgetOutcome } from "./budget.ts";
import type { CompressionRun, CompressOptions, CutTurn } from "./compress.ts";
import { mapReduce, type SummariserWindow } from "./map-reduce.ts";
import { mergeFacts, type SubjectState } from "./merge.ts";
import { preview, STRUCTURAL_TARGET_SHARE } from "./structural.ts";
import { collectTurns, ranges, tailStart } from "./turns.ts";

export interface RangeOptions extends CompressOptions {
  section: string;
  inputTokens: number;
  target: number | undefined;
  numberOf: (index: number) => number;
  window?: SummariserWindow;
}

/**
 * Share of the room a budget leaves (after system messages and the protected tail)
 * that facts and narrative may take; recent turns kept verbatim get the rest.
 * Half: at 10% of a 600-turn transcript the block still holds ~60 cited lines.
 */
export const BLOCK_SHARE = 0.5;

/** Cut lines listed one by one in the report's losses before "and N more". */
const LISTED_CUTS = 12;

const asMessage = (content: string): ChatMessage => ({
  role: "user",
  name: SUMMARY_MESSAGE_NAME,
  content,
});

/** Summarises the compressible range (see the module comment), or says why nothing changes. */
export async function summariseRange(
  messages: readonly ChatMessage[],
  compressible: readonly { index: number; message: ChatMessage }[],
  start: number,
  o: RangeOptions,
): Promise<CompressionRun | { unchanged: string }> {
  const { tokenizer } = o;
  const collected = collectTurns(compressible, o.numberOf);
  const { refs, kept, citations } = collected;
  const losses: string[] = [];
  let method: CompressionMethod = "structural";
  let subjects: SubjectState[] = mergeFacts(
    collected.carried.facts.map((fact) => ({ fact, answer: 0 })),
  );
  let narrative = collected.carried.narrative;
  let calls = 0;
  let fallback: CompressionRun["fallback"];
  if (o.client !== undefined && o.window !== undefined) {
    const run = await mapReduce(collected.turns, o.client, {
      tokenizer,
      window: o.window,
      carried: collected.carried,
      stream: o.stream === true,
      ...(o.headers ? { headers: o.headers } : {}),
      ...(o.signal ? { signal: o.signal } : {}),
    });
    calls = run.ok ? run.value.calls : run.calls;
    if (run.ok) {
      method = "map-reduce";
      subjects = run.value.subjects;
      narrative = run.value.narrative;
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
  const outside = o.inputTokens - pre;
  const index = keep(turnIndex(citations, collected.earlierIndex));
  kept.push(index);
  const numbers = compressible.map(({ index: i }) => o.numberOf(i));
  const first = Math.min(...citations.map((c) => c.turn), ...numbers);
  const last = Math.max(...citations.map((c) => c.turn), ...numbers);
  const block = (
    lines: readonly BlockLine[],
    inlineRefs: boolean,
    verbatim?: { first: number; last: number },
  ) =>
    renderSummaryBlock({
      method,
      firstTurn: first,
      lastTurn: last,
      turnCount: citations.length,
      lines,
      refs,
      index: index.ref,
      inlineRefs,
      ...(verbatim === undefined ? {} : { verbatim }),
    });
  // The block may never be larger than what it replaces, nor past the budget.
  const blockBudget = Math.min(
    pre - 1,
    o.target === undefined
      ? method === "structural"
        ? Math.floor(pre * STRUCTURAL_TARGET_SHARE)
        : Number.POSITIVE_INFINITY
      : o.target - outside,
  );
  const tiers = candidateLines(subjects, narrative);
  if (method === "structural") {
    // The new turns are previewed after what an earlier summary already settled,
    // newest first (the fitter keeps the newest that fit).
    const shown = collected.turns.map((t): BlockLine => ({
      section: "previews",
      text: preview(t.text),
      turns: [t.turn],
    }));
    tiers[1] = [...(tiers[1] ?? []), ...shown.filter((l) => l.text.length > 0).reverse()];
  }
  // With a budget the block names the index ref alone (every [turns: N] resolves
  // through it) and the tokens a refs line would take keep more turns verbatim.
  // Without one, the refs line stays unless leaving it out shows more facts.
  const fit = (inlineRefs: boolean) => {
    const ctx: FitContext = { tokenizer, refs, inlineRefs };
    const fixed =
      tokenizer.countMessage(asMessage(block([], inlineRefs))) + tokenizer.countCached("\nrefs: ");
    const chosen = new Set<number>();
    // With a budget, facts and narrative take at most BLOCK_SHARE of the room; the
    // rest keeps recent turns verbatim (and what they leave, the older values).
    const share = o.target === undefined ? blockBudget : Math.floor(blockBudget * BLOCK_SHARE);
    let room = share - fixed;
    const facts = fitTier(tiers[0] ?? [], room, chosen, ctx);
    room -= facts.spent;
    const told = fitTier(tiers[1] ?? [], room, chosen, ctx);
    room += blockBudget - share - told.spent;
    return {
      ctx,
      chosen,
      room,
      kept: [...facts.kept, ...told.kept],
      cut: [...facts.cut, ...told.cut],
      facts: facts.kept.length,
    };
  };
  const withRefs = fit(o.target === undefined);
  const indexOnly = withRefs.cut.length > 0 ? fit(false) : withRefs;
  const chosen = indexOnly.facts > withRefs.facts ? indexOnly : withRefs;
  if (!chosen.ctx.inlineRefs) {
    losses.push("no refs line: each cited turn resolves through the index ref");
  }
  // With a budget, the room left keeps the most recent compressed turns verbatim after the block.
  let verbatim =
    o.target === undefined
      ? []
      : verbatimTail(compressible, Math.max(0, chosen.room - 16), tokenizer);
  const weight = (kept: typeof verbatim) =>
    kept.reduce((sum, v) => sum + tokenizer.countMessage(v.message), 0);
  const spanOf = (kept: typeof verbatim) =>
    kept.length === 0
      ? undefined
      : { first: o.numberOf(kept[0]?.index ?? 0), last: o.numberOf(kept.at(-1)?.index ?? 0) };
  const history = fitTier(
    [...(tiers[2] ?? []), ...(tiers[3] ?? [])],
    chosen.room - weight(verbatim) - (verbatim.length > 0 ? 16 : 0),
    chosen.chosen,
    chosen.ctx,
  );
  const lines = [...chosen.kept, ...history.kept];
  const cutLines = [...chosen.cut, ...history.cut];
  const render = () => block(lines, chosen.ctx.inlineRefs, spanOf(verbatim));
  let summary = render();
  // Exact counts can exceed the per-line estimates by a few tokens: cut in the tiers'
  // reverse order (history lines, the oldest verbatim turns, then the other lines).
  let spare = history.kept.length;
  while (tokenizer.countMessage(asMessage(summary)) + weight(verbatim) > blockBudget) {
    if (verbatim.length > 0 && spare === 0) {
      const next = verbatim.findIndex((v, i) => i > 0 && v.message.role !== "tool");
      verbatim = next < 0 ? [] : verbatim.slice(next);
    } else if (lines.length > 0) {
      cutLines.push(...lines.splice(-1));
      spare = Math.max(0, spare - 1);
    } else {
      break;
    }
    summary = render();
  }
  const verbatimTokens = weight(verbatim);
  const span = spanOf(verbatim);
  const post = tokenizer.countMessage(asMessage(summary)) + verbatimTokens;
  if (post >= pre) {
    return {
      unchanged: `compression would not shrink the ${pre} tokens of ${citations.length} compressible turns (the smallest summary block takes ${post}); returned unchanged`,
    };
  }
  const verbatimTurns = new Set(verbatim.map((v) => o.numberOf(v.index)));
  const cited = new Set(lines.flatMap((l) => l.turns));
  const cutTurns = new Set(cutLines.flatMap((l) => l.turns));
  const oldTurns = new Set(subjects.flatMap((s) => s.superseded.flatMap((v) => v.turns)));
  const cut: CutTurn[] = citations
    .filter((c) => !cited.has(c.turn) && !verbatimTurns.has(c.turn))
    .map((c) => ({
      turn: c.turn,
      ref: c.ref,
      why: cutTurns.has(c.turn) ? (oldTurns.has(c.turn) ? "superseded" : "over-budget") : "uncited",
    }));
  const usualStart = tailStart(messages);
  if (start > usualStart) {
    losses.push(
      `tight budget: the raw tail starts at the last human message; the ${start - usualStart} messages before it are compressed too`,
    );
  }
  if (span !== undefined) {
    losses.push(
      `turns ${span.first}-${span.last} kept verbatim after the summary (the budget left room)`,
    );
  }
  for (const line of cutLines.slice(0, LISTED_CUTS)) {
    losses.push(
      `cut to fit ${blockBudget} tokens: ${line.section} "${line.text.slice(0, 80)}" (turns ${line.turns.map((t) => `${t}=${refs.get(t) ?? "?"}`).join(", ")})`,
    );
  }
  if (cutLines.length > LISTED_CUTS) {
    losses.push(
      `and ${cutLines.length - LISTED_CUTS} more lines cut to fit the budget (turns ${ranges(cutLines.slice(LISTED_CUTS).flatMap((l) => l.turns))}, full text by ref)`,
    );
  }
  const uncited = cut.filter((c) => c.why === "uncited").map((c) => c.turn);
  if (uncited.length > 0) {
    losses.push(`turns no line cites (full text by ref): ${ranges(uncited)}`);
  }
  losses.unshift(
    method === "map-reduce"
      ? `${citations.length} turns summarised: ${subjects.length} subjects, ${lines.length} lines shown`
      : `${citations.length} turns truncated to head … tail previews`,
  );
  const outputTokens = outside + post;
  if (o.target !== undefined && outputTokens > o.target) {
    losses.push(
      `budget not met: ${outputTokens} tokens out for a budget of ${o.target} (system messages and the protected tail alone take ${outside})`,
    );
  }
  return {
    method,
    ...(fallback === undefined ? {} : { fallback }),
    messages: [
      ...messages.slice(0, start).filter((m) => m.role === "system"),
      asMessage(summary),
      ...verbatim.map((v) => v.message),
      ...messages.slice(start),
    ],
    summary,
    lines,
    subjects,
    citations,
    kept,
    cut,
    budget: budgetOutcome(o.target, o.inputTokens, outputTokens),
    report: reductionReport(
      method === "map-reduce" ? "summarise" : "truncate",
      o.section,
      pre,
      post,
      losses,
      kept.map((k) => k.ref),
    ),
    calls,
  };
}
