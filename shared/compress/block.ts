// The `[CONVERSATION SUMMARY]` block that replaces compressed turns in history:
// a header naming the method and the turns it covers, one cited bullet per fact,
// and the refs of the cited turns, so any citation resolves to the turn's full
// text byte-for-byte. Written by compress.ts, read back when a summary is re-compressed.
import { isRef } from "../context/refs.ts";
import { formatBullet, parseBullets, type SummaryBullet } from "../model/contracts.ts";

export const SUMMARY_MARKER = "[CONVERSATION SUMMARY]";
/** The name the summary message carries, so it is never mistaken for a human turn. */
export const SUMMARY_MESSAGE_NAME = "conversation_summary";

export type CompressionMethod = "map-reduce" | "structural";

export interface SummaryBlock {
  method: CompressionMethod;
  firstTurn: number;
  lastTurn: number;
  turnCount: number;
  bullets: SummaryBullet[];
  /** turn number → ref of its full text, for every cited turn. */
  refs: Map<number, string>;
  /** Ref of the JSON index {turn: ref} of every compressed turn, cited or not. */
  index: string;
  /** Turns whose value a later turn replaced: old turn → replacing turn (old text by ref). */
  superseded?: readonly { turn: number; byTurn: number }[];
  /** False when the refs line was left out to fit a budget: turns resolve through the index. */
  inlineRefs?: boolean;
}

/**
 * The index stored under SummaryBlock.index: every compressed turn's ref by turn
 * number, and under "earlier" the index of the summary this one re-compressed.
 */
export function turnIndex(
  citations: readonly { turn: number; ref: string }[],
  earlier?: string,
): string {
  const entries: [string, string][] = citations.map((c) => [String(c.turn), c.ref]);
  if (earlier !== undefined) {
    entries.push(["earlier", earlier]);
  }
  return JSON.stringify(Object.fromEntries(entries));
}

/** The `N=ref:…` entry a cited turn adds to the refs line. */
export function refEntry(turn: number, ref: string): string {
  return `${turn}=${ref}`;
}

const METHOD_LABEL: Readonly<Record<CompressionMethod, string>> = {
  "map-reduce": "map-reduce summary",
  structural: "structural truncation (head … tail previews)",
};

export function renderSummaryBlock(block: SummaryBlock): string {
  const cited = [...new Set(block.bullets.flatMap((b) => b.turns))].sort((a, b) => a - b);
  const inline = block.inlineRefs !== false;
  const refs = (inline ? cited : [])
    .map((turn) => {
      const ref = block.refs.get(turn);
      return ref === undefined ? undefined : refEntry(turn, ref);
    })
    .filter((r): r is string => r !== undefined);
  return [
    SUMMARY_MARKER,
    `method: ${METHOD_LABEL[block.method]}; ${block.turnCount} turns (${block.firstTurn}-${block.lastTurn}); each [turns: N] resolves ${inline ? "by its ref" : "through the index ref"}`,
    ...block.bullets.map(formatBullet),
    ...(block.superseded !== undefined && block.superseded.length > 0
      ? [
          `superseded (old values, not current; by ref through the index): ${block.superseded.map((s) => `${s.turn}→${s.byTurn}`).join(", ")}`,
        ]
      : []),
    ...(refs.length > 0 ? [`refs: ${refs.join(", ")}`] : []),
    `index: ${block.index}`,
  ].join("\n");
}

export function isSummaryBlock(text: string | null): boolean {
  return text !== null && text.startsWith(SUMMARY_MARKER);
}

/** The bullets and turn refs of an earlier summary block (for re-compression). */
export function readSummaryBlock(text: string): {
  bullets: SummaryBullet[];
  refs: Map<number, string>;
  index: string | undefined;
} {
  const refs = new Map<number, string>();
  const refsLine = text.split(/\r?\n/).find((line) => line.startsWith("refs: "));
  for (const pair of (refsLine ?? "").slice("refs: ".length).split(",")) {
    const [turn, ref] = pair.trim().split("=");
    if (turn !== undefined && ref !== undefined && isRef(ref) && /^\d+$/.test(turn)) {
      refs.set(Number(turn), ref);
    }
  }
  const indexLine = text.split(/\r?\n/).find((line) => line.startsWith("index: "));
  const index = indexLine?.slice("index: ".length).trim();
  return {
    bullets: parseBullets(text),
    refs,
    index: index !== undefined && isRef(index) ? index : undefined,
  };
}
