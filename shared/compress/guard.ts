// Reads one summariser answer (map or reduce) into cited bullets, refusing what a
// hostile or broken model could slip in: no bullets, an answer past its budget,
// citations of turns it was not shown, and instructions about budgets, sections
// or the system prompt that none of its input said. Called by map-reduce.ts.
import { parseBullets, SUMMARY_NONE, type SummaryBullet } from "../model/contracts.ts";
import { err, ok, type Result } from "../result.ts";
import { ANSWER_HINTS, type SummaryAnswerErrorCode } from "./errors.ts";

/**
 * Lines that try to steer Lethe rather than state a fact of the conversation:
 * overriding instructions, changing Lethe's token budgets or envelope sections,
 * speaking as the system, or forging the envelope's own markers. Matched
 * case-insensitively; a project's own budget ("the marketing budget rose to
 * 5000 euros") is a fact, not a control line.
 */
export const CONTROL_PATTERNS: readonly RegExp[] = [
  /\b(ignore|disregard|forget|override)\b.{0,40}\b(instructions?|rules|prompt)\b/i,
  // Lethe's own knobs, not a project's budget: "token budget", "system section", COMPRESS_AT.
  /\b(token budgets?|section budgets?|(system|static|dynamic|meta) (section|budget|prompt)s?|COMPRESS_AT|context window|token limit)\b.{0,40}\b(set|raise|increase|change|rewrite|double|remove|disable|drop|to \d)/i,
  /\b(set|raise|increase|change|rewrite|double|remove|disable|drop|replace|delete)\b.{0,40}\b(token budgets?|section budgets?|(system|static|dynamic|meta) (section|budget|prompt|message)s?|budgets? of (the )?(system|static|dynamic|meta)|COMPRESS_AT|context window)\b/i,
  /^\s*(?:-\s*)?\[(SYSTEM|CONVERSATION SUMMARY|LETHE [A-Z]+|TASK ANCHOR|MISSION)\]/i,
  /^\s*(?:-\s*)?(system|assistant|developer)\s*:/i,
  /"(budgets?|sections?|system|compress_at)"\s*:/i,
];

export interface ParsedAnswer {
  bullets: SummaryBullet[];
  /** Bullets dropped because none of their citations was in the input. */
  dropped: number;
  /** Citations removed from kept bullets (turns not in the input). */
  strayCitations: number;
}

export type AnswerResult = Result<ParsedAnswer, SummaryAnswerErrorCode>;

function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}

function fail(code: SummaryAnswerErrorCode, message: string): AnswerResult {
  return err(code, message, ANSWER_HINTS[code]);
}

export interface AnswerLimits {
  /** Turn numbers the request showed; citations outside it are stray. */
  allowedTurns: ReadonlySet<number>;
  /** The request's own text: a control line is tolerated only if it quotes this. */
  source: string;
  /** Characters an answer may hold at most. */
  maxChars: number;
}

/** A control line is allowed only when the conversation itself said it (a quote, not a command). */
function controlLine(answer: string, source: string): string | undefined {
  const said = normalise(source);
  for (const raw of answer.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.length === 0 || !CONTROL_PATTERNS.some((p) => p.test(line))) {
      continue;
    }
    const sentence = normalise(line.replace(/^-\s+/, "").replace(/\s*\[turns?:[\d,\s]*\]\s*$/, ""));
    if (!said.includes(sentence)) {
      return line;
    }
  }
  return undefined;
}

export function parseAnswer(content: string, limits: AnswerLimits): AnswerResult {
  if (content.length > limits.maxChars) {
    return fail(
      "SUMMARY_TOO_LARGE",
      `the summary answer has ${content.length} characters, more than ${limits.maxChars}`,
    );
  }
  const trimmed = content.trim();
  if (trimmed === SUMMARY_NONE) {
    return ok({ bullets: [], dropped: 0, strayCitations: 0 });
  }
  const control = controlLine(trimmed, limits.source);
  if (control !== undefined) {
    return fail(
      "SUMMARY_INJECTION",
      `the summary answer carries an instruction none of its turns said: ${JSON.stringify(control.slice(0, 120))}`,
    );
  }
  const parsed = parseBullets(trimmed).filter((b) => b.text.length > 0 && b.text !== SUMMARY_NONE);
  if (parsed.length === 0) {
    return fail(
      "UNPARSEABLE_SUMMARY",
      `the summary answer holds no "- <sentence> [turns: N]" line (${trimmed.length} characters)`,
    );
  }
  let dropped = 0;
  let strayCitations = 0;
  const bullets: SummaryBullet[] = [];
  for (const bullet of parsed) {
    const turns = [...new Set(bullet.turns)].filter((t) => limits.allowedTurns.has(t));
    strayCitations += bullet.turns.length - turns.length;
    if (turns.length === 0) {
      dropped++;
      continue;
    }
    bullets.push({ text: bullet.text, turns: turns.sort((a, b) => a - b) });
  }
  if (bullets.length === 0) {
    return fail(
      "INVALID_CITATIONS",
      `none of the ${parsed.length} bullets cites a turn of its input`,
    );
  }
  return ok({ bullets, dropped, strayCitations });
}

/** Merges bullets with the same sentence, citing every turn they came from; ordered by first turn. */
export function dedupeBullets(bullets: readonly SummaryBullet[]): SummaryBullet[] {
  const merged = new Map<string, SummaryBullet>();
  for (const bullet of bullets) {
    const key = normalise(bullet.text).replace(/[.!?;,]+$/, "");
    const existing = merged.get(key);
    if (existing) {
      existing.turns = [...new Set([...existing.turns, ...bullet.turns])].sort((a, b) => a - b);
    } else {
      merged.set(key, { text: bullet.text, turns: [...bullet.turns].sort((a, b) => a - b) });
    }
  }
  return [...merged.values()].sort(
    (a, b) =>
      (a.turns[0] ?? 0) - (b.turns[0] ?? 0) || (a.turns.at(-1) ?? 0) - (b.turns.at(-1) ?? 0),
  );
}
