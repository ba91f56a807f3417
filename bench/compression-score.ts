// How bench:compression judges an output: per planted fact, whether its current
// value is shown as current (recall), whether only a replaced value is shown as
// current (stale-as-current), or whether the current value is shown only inside a
// marked conflict. A summary block's marked sections (unsettled, proposed,
// superseded) assert nothing; raw messages count line by line, except those the
// transcript records as proposals. Used by bench/compression.ts.
import type { ChatMessage } from "../shared/context/messages.ts";
import { isSummaryBlock, SECTIONS, type SectionName } from "../shared/compress/block.ts";
import type { TranscriptFact } from "./compression-generator.ts";

export type LineKind = "plain" | "conflict";

/** One asserted line: plain or a marked conflict, from a summary block or a raw kept message. */
export interface AssertedLine {
  kind: LineKind;
  /** True for a line of a summary block, false for a raw message kept as it was. */
  summary: boolean;
  text: string;
}

/** Lower case; `_ - . /` read as spaces; one space between words. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[_\-./]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `phrase` as whole words of `line` (both normalised). */
export function hasPhrase(line: string, phrase: string): boolean {
  return (
    phrase.length > 0 &&
    new RegExp(`(?<![\\p{L}\\p{N}])${escape(phrase)}(?![\\p{L}\\p{N}])`, "u").test(line)
  );
}

const HEADERS = new Map<string, SectionName>(
  (Object.keys(SECTIONS) as SectionName[]).map((name) => [SECTIONS[name], name]),
);
const PLAIN_SECTIONS: ReadonlySet<SectionName> = new Set(["current", "narrative", "previews"]);

/** A block line without its citation and note: "- X: V [turns: 3] → …" reads "- X: V". */
function withoutCitation(line: string): string {
  const at = line.lastIndexOf(" [turns: ");
  return at < 0 ? line : line.slice(0, at);
}

/**
 * The lines of an output that assert something, each marked plain or conflict.
 * A raw message in `proposing` (a hedge or a proposal the transcript recorded as
 * such) asserts nothing: it is shown as what it is, a question.
 */
export function assertedLines(
  messages: readonly ChatMessage[],
  proposing: ReadonlySet<string> = new Set(),
): AssertedLine[] {
  const out: AssertedLine[] = [];
  for (const m of messages) {
    const content = m.content ?? "";
    if (proposing.has(content)) {
      continue;
    }
    if (!isSummaryBlock(content)) {
      out.push(
        ...content
          .split("\n")
          .map((text) => ({ kind: "plain" as const, summary: false, text: normalise(text) })),
      );
      continue;
    }
    let section: SectionName | undefined;
    for (const line of content.split("\n")) {
      section = HEADERS.get(line) ?? section;
      if (!line.startsWith("- ")) {
        continue;
      }
      if (section === undefined || PLAIN_SECTIONS.has(section) || section === "conflict") {
        const kind = section === "conflict" ? "conflict" : "plain";
        out.push({ kind, summary: true, text: normalise(withoutCitation(line)) });
      }
    }
  }
  return out;
}

export interface FactScore {
  recalled: boolean;
  /** Only a replaced value is shown as current. */
  stale: boolean;
  /** The current value is shown only inside a marked conflict. */
  conflict: boolean;
  /** Stale, and a summary block's line is one that shows the replaced value. */
  staleInSummary: boolean;
  /** The line that showed a replaced value as current, when stale. */
  staleLine?: string;
}

/**
 * The score of one fact over an output's asserted lines. `keptRaw`: the output keeps,
 * as it was, a turn the transcript records as stating the current value (an answer
 * such as "They went with 4 days." names no fact, yet states it).
 */
export function scoreFact(
  fact: TranscriptFact,
  lines: readonly AssertedLine[],
  keptRaw = false,
): FactScore {
  const names = [fact.subject, fact.key].map(normalise);
  const alike = [fact.lookAlike.subject, fact.lookAlike.key].map(normalise);
  const current = normalise(fact.values.at(-1) ?? "");
  const old = fact.values.slice(0, -1).map(normalise);
  let recalled = keptRaw;
  let stale = false;
  let conflict = false;
  let staleLine: string | undefined;
  let inSummary = false;
  for (const line of lines) {
    const text = alike.reduce((t, a) => t.split(a).join(" \u0000 "), line.text);
    if (!names.some((n) => hasPhrase(text, n))) {
      continue;
    }
    const showsCurrent = hasPhrase(text, current);
    if (line.kind === "conflict") {
      conflict ||= showsCurrent;
    } else if (showsCurrent) {
      recalled = true;
    } else if (old.some((o) => hasPhrase(text, o))) {
      stale = true;
      staleLine ??= line.text;
      inSummary ||= line.summary;
    }
  }
  return {
    recalled,
    stale: stale && !recalled,
    conflict: conflict && !recalled,
    staleInSummary: stale && !recalled && inSummary,
    ...(stale && !recalled && staleLine !== undefined ? { staleLine } : {}),
  };
}
