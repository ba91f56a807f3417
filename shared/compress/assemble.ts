// Turns a summariser's settled subjects and narrative (or the structural previews)
// into the block's cited lines, and fits them to the budget in tiers: facts first,
// then narrative, then recent turns kept verbatim, then proposals and superseded
// values. A larger budget keeps more of each. Called by compress.ts.
import type { ChatMessage } from "../context/messages.ts";
import type { Tokenizer } from "../context/tokens.ts";
import type { NarrativeItem } from "../model/summarise-contract.ts";
import { formatLine, isSummaryBlock, openAtNote, refEntry, type BlockLine } from "./block.ts";
import type { SubjectState } from "./merge.ts";

/** Turns one line cites at most (its latest); every compressed turn stays in the index ref. */
export const MAX_CITED_TURNS = 3;

const cap = (turns: readonly number[]) => turns.slice(-MAX_CITED_TURNS);

/** Lines of one subject: its current value or conflict, its unsettled value, and its history. */
function subjectLines(s: SubjectState): {
  now: BlockLine[];
  open: BlockLine[];
  history: BlockLine[];
} {
  const fact = (value: string) => `${s.subject}: ${value}`;
  const now: BlockLine[] = [];
  if (s.current) {
    now.push({ section: "current", text: fact(s.current.value), turns: cap(s.current.turns) });
  }
  for (const c of s.conflict) {
    now.push({ section: "conflict", text: fact(c.value), turns: cap(c.turns) });
  }
  const open: BlockLine[] = [];
  if (s.unsettled) {
    const last = s.unsettled.last;
    open.push(
      last === undefined
        ? { section: "unsettled", text: s.subject, turns: cap(s.unsettled.turns) }
        : {
            section: "unsettled",
            text: fact(last.value),
            // The value's last statement and the later turns that leave it open, each by its ref.
            turns: [...last.turns.slice(-1), ...s.unsettled.turns.slice(-2)],
            note: openAtNote(s.unsettled.turns.slice(-2)),
          },
    );
  }
  const history: BlockLine[] = [
    ...s.proposed.map((p) => ({
      section: "proposed" as const,
      text: fact(p.value),
      turns: cap(p.turns),
    })),
    ...s.superseded.map((o) => ({
      section: "superseded" as const,
      text: fact(o.value),
      turns: cap(o.turns),
      ...(o.byTurn === undefined ? {} : { note: ` → replaced at turn ${o.byTurn}` }),
    })),
  ];
  return { now, open, history };
}

const newest = (a: BlockLine, b: BlockLine) => (b.turns.at(-1) ?? 0) - (a.turns.at(-1) ?? 0);

/**
 * The candidate lines in tiers, each ranked best first: [current values and
 * conflicts, narrative, unsettled values, proposals and superseded values]. The
 * caller fits the first two, then recent turns verbatim, then the last two.
 */
export function candidateLines(
  subjects: readonly SubjectState[],
  narrative: readonly NarrativeItem[],
): BlockLine[][] {
  // A subject whose value changed ranks first (it is the one a reader gets wrong from
  // memory), then one many turns speak of, newer first within a rank.
  const changed = (s: SubjectState) =>
    s.superseded.length > 0 || s.conflict.length > 0 || s.unsettled !== undefined ? 1 : 0;
  const ranked = [...subjects].sort(
    (a, b) =>
      changed(b) - changed(a) ||
      b.turns.length - a.turns.length ||
      (b.turns.at(-1) ?? 0) - (a.turns.at(-1) ?? 0),
  );
  const lines = ranked.map(subjectLines);
  return [
    lines.flatMap((l) => l.now),
    narrative
      .map((n) => ({ section: "narrative" as const, text: n.text, turns: cap(n.turns) }))
      .sort(newest),
    lines.flatMap((l) => l.open),
    lines.flatMap((l) => l.history).sort(newest),
  ];
}

export interface FitContext {
  tokenizer: Tokenizer;
  refs: ReadonlyMap<number, string>;
  /** Refs are listed inline (each new cited turn costs its `N=ref:…` entry). */
  inlineRefs: boolean;
}

/** What one line adds to the block: the line and the refs of turns not yet cited. */
export function lineCost(line: BlockLine, chosen: ReadonlySet<number>, ctx: FitContext): number {
  const refs = ctx.inlineRefs
    ? line.turns
        .filter((t) => !chosen.has(t))
        .reduce(
          (sum, t) => sum + ctx.tokenizer.countCached(`${refEntry(t, ctx.refs.get(t) ?? "")}, `),
          0,
        )
    : 0;
  return ctx.tokenizer.countCached(`${formatLine(line)}\n`) + refs;
}

/** Greedy fit of one tier into `room` tokens; returns the kept lines, the cut ones and the tokens spent. */
export function fitTier(
  tier: readonly BlockLine[],
  room: number,
  chosen: Set<number>,
  ctx: FitContext,
): { kept: BlockLine[]; cut: BlockLine[]; spent: number } {
  const kept: BlockLine[] = [];
  const cut: BlockLine[] = [];
  let spent = 0;
  for (const line of tier) {
    const cost = lineCost(line, chosen, ctx);
    if (spent + cost > room) {
      cut.push(line);
      continue;
    }
    spent += cost;
    kept.push(line);
    line.turns.forEach((t) => chosen.add(t));
  }
  return { kept, cut, spent };
}

/**
 * The most recent compressed messages that fit `room` tokens, to keep verbatim
 * after the block: never starting with a tool result whose call would be left out.
 */
export function verbatimTail(
  compressible: readonly { index: number; message: ChatMessage }[],
  room: number,
  tokenizer: Tokenizer,
): { index: number; message: ChatMessage }[] {
  const kept: { index: number; message: ChatMessage }[] = [];
  let spent = 0;
  for (let i = compressible.length - 1; i >= 0; i--) {
    const entry = compressible[i];
    if (entry === undefined || isSummaryBlock(entry.message.content)) {
      break;
    }
    const cost = tokenizer.countMessage(entry.message);
    if (spent + cost > room) {
      break;
    }
    spent += cost;
    kept.unshift(entry);
  }
  while (kept[0]?.message.role === "tool") {
    kept.shift();
  }
  return kept;
}
