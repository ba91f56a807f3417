// The `[CONVERSATION SUMMARY]` block that replaces compressed turns in history: a
// header naming the method and the turns it covers, then sections of cited lines
// (current facts, conflicts, unsettled values, narrative, proposals, superseded
// values, or the structural previews), and the refs that resolve every citation
// byte-for-byte. Written by compress.ts, read back when a summary is re-compressed.
import { isRef } from "../context/refs.ts";
import type { FactStatus, NarrativeItem, SummaryFact } from "../model/summarise-contract.ts";

export const SUMMARY_MARKER = "[CONVERSATION SUMMARY]";
/** The name the summary message carries, so it is never mistaken for a human turn. */
export const SUMMARY_MESSAGE_NAME = "conversation_summary";

export type CompressionMethod = "map-reduce" | "structural";

/** The block's sections, in the order they are shown. */
export const SECTIONS = {
  current: "current facts (the latest value each subject was given):",
  conflict: "conflicting (both values stand in the turns; read them before relying on either):",
  unsettled: "not settled (later turns speak of these without a value read here; read the refs):",
  narrative: "narrative:",
  previews: "previews (head … tail of each turn):",
  proposed: "proposed, never decided:",
  superseded: "superseded (old values, not current):",
} as const;
export type SectionName = keyof typeof SECTIONS;
const ORDER = Object.keys(SECTIONS) as SectionName[];

/** One cited line of a section: `- text [turns: a, b]` and an optional note after it. */
export interface BlockLine {
  section: SectionName;
  text: string;
  turns: number[];
  /** After the citation: " → replaced at turn N", " → open at turns …". */
  note?: string;
}

export interface SummaryBlock {
  method: CompressionMethod;
  firstTurn: number;
  lastTurn: number;
  turnCount: number;
  lines: readonly BlockLine[];
  /** turn number → ref of its full text, for every cited turn. */
  refs: ReadonlyMap<number, string>;
  /** Ref of the JSON index {turn: ref} of every compressed turn, cited or not. */
  index: string;
  /** False when the refs line was left out to fit a budget: turns resolve through the index. */
  inlineRefs?: boolean;
  /** Turns also kept verbatim right after the block, when the budget left room for them. */
  verbatim?: { first: number; last: number };
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

export function formatLine(line: BlockLine): string {
  return `- ${line.text} [turns: ${line.turns.join(", ")}]${line.note ?? ""}`;
}

const METHOD_LABEL: Readonly<Record<CompressionMethod, string>> = {
  "map-reduce": "map-reduce summary",
  structural: "structural truncation (head … tail previews)",
};

export function renderSummaryBlock(block: SummaryBlock): string {
  const cited = [...new Set(block.lines.flatMap((l) => l.turns))].sort((a, b) => a - b);
  const inline = block.inlineRefs !== false;
  const refs = (inline ? cited : []).flatMap((turn) => {
    const ref = block.refs.get(turn);
    return ref === undefined ? [] : [refEntry(turn, ref)];
  });
  const sections = ORDER.flatMap((name) => {
    const lines = block.lines.filter((l) => l.section === name);
    if (name === "narrative" || name === "previews") {
      // Told in the order it happened, whichever lines the budget kept.
      lines.sort((a, b) => (a.turns[0] ?? 0) - (b.turns[0] ?? 0));
    }
    return lines.length === 0 ? [] : [SECTIONS[name], ...lines.map(formatLine)];
  });
  const verbatim = block.verbatim;
  if (sections.length === 0 && verbatim === undefined) {
    return [SUMMARY_MARKER, emptyBlockLine(block), `index: ${block.index}`].join("\n");
  }
  return [
    SUMMARY_MARKER,
    `method: ${METHOD_LABEL[block.method]}; ${block.turnCount} turns (${block.firstTurn}-${block.lastTurn}); each [turns: N] resolves ${inline ? "by its ref" : "through the index ref"}`,
    ...sections,
    ...(verbatim === undefined
      ? []
      : [`verbatim: turns ${verbatim.first}-${verbatim.last} follow this summary as they were`]),
    ...(refs.length > 0 ? [`refs: ${refs.join(", ")}`] : []),
    `index: ${block.index}`,
  ].join("\n");
}

/**
 * The header of a block that kept no line (every value was settled elsewhere, e.g.
 * saved as an artifact): the turns it covers, without the citation scaffold no
 * line uses. The index still resolves every turn.
 */
function emptyBlockLine(block: SummaryBlock): string {
  return `method: ${METHOD_LABEL[block.method]}; ${block.turnCount} turns (${block.firstTurn}-${block.lastTurn}), nothing left to cite`;
}

export function isSummaryBlock(text: string | null): boolean {
  return text !== null && text.startsWith(SUMMARY_MARKER);
}

/** A `- text [turns: a, b]note` line, or undefined. Linear: one lastIndexOf. */
function parseLine(line: string): { text: string; turns: number[]; note: string } | undefined {
  const trimmed = line.trim();
  const open = trimmed.lastIndexOf(" [turns: ");
  const close = open < 0 ? -1 : trimmed.indexOf("]", open);
  if (!trimmed.startsWith("- ") || close < 0) {
    return undefined;
  }
  const turns = trimmed
    .slice(open + " [turns: ".length, close)
    .split(",")
    .map((t) => Number(t.trim()))
    .filter((n) => Number.isInteger(n) && n >= 0);
  return { text: trimmed.slice(2, open), turns, note: trimmed.slice(close + 1) };
}

function splitFact(text: string): { subject: string; value: string } {
  const at = text.indexOf(": ");
  return at < 0
    ? { subject: text, value: "" }
    : { subject: text.slice(0, at), value: text.slice(at + 2) };
}

const OPEN_AT = " → open at turns ";

/** What an earlier block said, as facts and narrative (lines of no known section read as narrative). */
export function readSummaryBlock(text: string): {
  facts: SummaryFact[];
  narrative: NarrativeItem[];
  refs: Map<number, string>;
  index: string | undefined;
} {
  const refs = new Map<number, string>();
  const facts: SummaryFact[] = [];
  const narrative: NarrativeItem[] = [];
  let index: string | undefined;
  let section: SectionName | undefined;
  const headers = new Map<string, SectionName>(ORDER.map((name) => [SECTIONS[name], name]));
  for (const raw of text.split(/\r?\n/)) {
    if (raw.startsWith("refs: ")) {
      for (const pair of raw.slice("refs: ".length).split(",")) {
        const [turn, ref] = pair.trim().split("=");
        if (turn !== undefined && ref !== undefined && isRef(ref) && /^\d+$/.test(turn)) {
          refs.set(Number(turn), ref);
        }
      }
      continue;
    }
    if (raw.startsWith("index: ")) {
      const candidate = raw.slice("index: ".length).trim();
      index = isRef(candidate) ? candidate : undefined;
      continue;
    }
    section = headers.get(raw) ?? section;
    const line = parseLine(raw);
    if (line === undefined || line.turns.length === 0) {
      continue;
    }
    const { subject, value } = splitFact(line.text);
    const fact = (status: FactStatus, turns = line.turns) =>
      facts.push({ subject, value, status, turns });
    if (section === "current" || section === "conflict") {
      fact("current");
    } else if (section === "proposed" || section === "superseded") {
      fact(section);
    } else if (section === "unsettled") {
      const later = line.note.startsWith(OPEN_AT)
        ? line.note.slice(OPEN_AT.length).split(",").map(Number).filter(Number.isInteger)
        : line.turns;
      const stated = line.turns.filter((t) => !later.includes(t));
      if (value.length > 0 && later !== line.turns && stated.length > 0) {
        fact("current", stated);
      }
      fact("unsettled", later.length > 0 ? later : line.turns);
    } else {
      narrative.push({ text: line.text, turns: line.turns });
    }
  }
  return { facts, narrative, refs, index };
}

/** The note an unsettled line carries after its citation. */
export function openAtNote(turns: readonly number[]): string {
  return `${OPEN_AT}${turns.join(", ")}`;
}
