// Reads one summariser answer into the contract's facts and narrative: healed
// (reasoning tags, code fences, chatter and broken JSON repaired; numbers and
// strings where the schema wants the other), validated (zod), citations kept to
// the turns the request showed, and refused when a line steers Lethe rather than
// states a fact (the injection guard). Called by map-reduce.ts.
import { extractJson, stripFences, stripThinking } from "../driver/extract.ts";
import {
  FACT_STATUSES,
  MAX_NARRATIVE_CHARS,
  MAX_SUBJECT_CHARS,
  MAX_VALUE_CHARS,
  type FactStatus,
  type NarrativeItem,
  type SummaryAnswer,
  type SummaryFact,
} from "../model/summarise-contract.ts";
import { err, ok, type Result } from "../base/result.ts";
import { ANSWER_HINTS, type SummaryAnswerErrorCode } from "./errors.ts";
import { controlLine } from "./guard.ts";

export interface AnswerLimits {
  /** Turn numbers the request showed; citations outside it are stray. */
  allowedTurns: ReadonlySet<number>;
  /** The request's own text: a control line is tolerated only if it quotes this. */
  source: string;
  /** Characters an answer may hold at most. */
  maxChars: number;
}

export interface ParsedAnswer {
  answer: SummaryAnswer;
  /** Facts and narrative sentences dropped: no status the contract knows, or no turn of the input cited. */
  dropped: number;
  /** Citations removed from kept items (turns not in the input). */
  strayCitations: number;
}

function fail(
  code: SummaryAnswerErrorCode,
  message: string,
): Result<never, SummaryAnswerErrorCode> {
  return err(code, message, ANSWER_HINTS[code]);
}

/** One line of plain text: whitespace collapsed, cut to `max` characters. */
function oneLine(value: unknown, max: number): string | undefined {
  if (typeof value === "number" || typeof value === "boolean") {
    return String(value);
  }
  if (typeof value !== "string") {
    return value === null ? "null" : undefined;
  }
  const flat = value.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Turn numbers from a number, a numeric string, "12, 14" or an array of those. */
function turnsOf(value: unknown): number[] {
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item) => {
    const parts = typeof item === "string" ? item.split(/[,\s]+/) : [item];
    return parts
      .map((p) => (typeof p === "string" ? Number(p.replace(/^turn\s*/i, "")) : p))
      .filter((n): n is number => typeof n === "number" && Number.isInteger(n) && n >= 0);
  });
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function healFact(raw: unknown): (Omit<SummaryFact, "turns"> & { turns: number[] }) | undefined {
  const r = record(raw);
  const subject = oneLine(r?.["subject"] ?? r?.["name"] ?? r?.["key"], MAX_SUBJECT_CHARS);
  const value = oneLine(r?.["value"], MAX_VALUE_CHARS);
  const status = oneLine(r?.["status"] ?? "current", 20)?.toLowerCase();
  if (subject === undefined || subject.length === 0 || value === undefined) {
    return undefined;
  }
  if (!FACT_STATUSES.includes(status as FactStatus)) {
    return undefined;
  }
  // ": " separates subject and value on a rendered line; a subject never holds one.
  const clean = subject.replaceAll(": ", " - ");
  return {
    subject: clean,
    value,
    status: status as FactStatus,
    turns: turnsOf(r?.["turns"] ?? r?.["turn"]),
  };
}

function healNarrative(raw: unknown): { text: string; turns: number[] }[] {
  if (typeof raw === "string") {
    const text = oneLine(raw, MAX_NARRATIVE_CHARS);
    return text === undefined || text.length === 0 ? [] : [{ text, turns: [] }];
  }
  if (!Array.isArray(raw)) {
    return [];
  }
  return raw.flatMap((item) => {
    const r = record(item);
    const text = oneLine(
      typeof item === "string" ? item : (r?.["text"] ?? r?.["sentence"]),
      MAX_NARRATIVE_CHARS,
    );
    return text === undefined || text.length === 0 ? [] : [{ text, turns: turnsOf(r?.["turns"]) }];
  });
}

/** Parses, heals and checks one answer (see the module comment). */
export function parseSummaryAnswer(
  content: string,
  limits: AnswerLimits,
): Result<ParsedAnswer, SummaryAnswerErrorCode> {
  if (content.length > limits.maxChars) {
    return fail(
      "SUMMARY_TOO_LARGE",
      `the summary answer has ${content.length} characters, more than ${limits.maxChars}`,
    );
  }
  const found = extractJson(stripFences(stripThinking(content)));
  if (found === undefined) {
    return fail(
      "UNPARSEABLE_SUMMARY",
      `the summary answer holds no JSON object (${content.trim().length} characters)`,
    );
  }
  const top = Array.isArray(found.value) ? { facts: found.value } : record(found.value);
  const rawFacts = Array.isArray(top?.["facts"]) ? (top["facts"] as unknown[]) : [];
  const rawNarrative = healNarrative(top?.["narrative"] ?? top?.["summary"]);
  let dropped = 0;
  let stray = 0;
  const cite = (turns: readonly number[]) => {
    const kept = [...new Set(turns)]
      .filter((t) => limits.allowedTurns.has(t))
      .sort((a, b) => a - b);
    stray += new Set(turns).size - kept.length;
    return kept;
  };
  // An item citing no turn of its input is dropped (and counted).
  const cited = <T extends { turns: number[] }>(items: readonly (T | undefined)[]): T[] =>
    items.flatMap((item) => {
      const turns = item === undefined ? [] : cite(item.turns);
      dropped += turns.length === 0 ? 1 : 0;
      return item === undefined || turns.length === 0 ? [] : [{ ...item, turns }];
    });
  const facts: SummaryFact[] = cited(rawFacts.map(healFact));
  const narrative: NarrativeItem[] = cited(rawNarrative);
  const lines = [...facts.map((f) => `${f.subject} = ${f.value}`), ...narrative.map((n) => n.text)];
  const control = controlLine(lines.join("\n"), limits.source);
  if (control !== undefined) {
    return fail(
      "SUMMARY_INJECTION",
      `the summary answer carries an instruction none of its turns said: ${JSON.stringify(control.slice(0, 120))}`,
    );
  }
  const offered = rawFacts.length + rawNarrative.length;
  if (offered > 0 && facts.length === 0 && narrative.length === 0) {
    return fail(
      "INVALID_CITATIONS",
      `none of the ${offered} facts and sentences cites a turn of its input`,
    );
  }
  return ok({ answer: { facts, narrative }, dropped, strayCitations: stray });
}
