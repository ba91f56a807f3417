// The methods bench:compression compares at one budget: four baselines (truncate
// oldest, head+tail, drop tool output, a plain extractive fact keeper) and the
// scripted perfect summariser used as Lethe's ceiling. Used by bench/compression.ts.
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Tokenizer } from "../shared/context/tokens.ts";
import type { SummariserClient } from "../shared/compress/map-reduce.ts";
import { turnText } from "../shared/compress/turns.ts";
import { normaliseProse } from "../shared/compress/normalise.ts";
import {
  formatBullet,
  parseBullets,
  parseTurns,
  SUMMARY_NONE,
  type SummaryBullet,
} from "../shared/model/contracts.ts";
import type { CallResult, ModelRequest } from "../shared/driver/types.ts";

function tokensOf(messages: readonly ChatMessage[], tokenizer: Tokenizer): number {
  return messages.reduce((sum, m) => sum + tokenizer.countMessage(m), 0);
}

/** Keeps the system messages and the newest messages that fit. */
export function truncateOldest(
  messages: readonly ChatMessage[],
  budget: number,
  tokenizer: Tokenizer,
): ChatMessage[] {
  const system = messages.filter((m) => m.role === "system");
  let spent = tokensOf(system, tokenizer);
  const kept: ChatMessage[] = [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m === undefined || m.role === "system") {
      continue;
    }
    const cost = tokenizer.countMessage(m);
    if (spent + cost > budget) {
      break;
    }
    spent += cost;
    kept.unshift(m);
  }
  return [...system, ...kept];
}

/** Half the budget for the oldest messages, half for the newest. */
export function headAndTail(
  messages: readonly ChatMessage[],
  budget: number,
  tokenizer: Tokenizer,
): ChatMessage[] {
  const rest = messages.filter((m) => m.role !== "system");
  const system = messages.filter((m) => m.role === "system");
  const half = (budget - tokensOf(system, tokenizer)) / 2;
  const head: ChatMessage[] = [];
  let spent = 0;
  for (const m of rest) {
    const cost = tokenizer.countMessage(m);
    if (spent + cost > half) {
      break;
    }
    spent += cost;
    head.push(m);
  }
  const tail: ChatMessage[] = [];
  spent = 0;
  for (let i = rest.length - 1; i >= head.length; i--) {
    const m = rest[i];
    if (m === undefined) {
      continue;
    }
    const cost = tokenizer.countMessage(m);
    if (spent + cost > half) {
      break;
    }
    spent += cost;
    tail.unshift(m);
  }
  return [...system, ...head, ...tail];
}

/** Tool output replaced by a stub, then the oldest messages dropped until it fits. */
export function dropToolOutput(
  messages: readonly ChatMessage[],
  budget: number,
  tokenizer: Tokenizer,
): ChatMessage[] {
  const stubbed = messages.map((m) =>
    m.role === "tool" ? { ...m, content: "[tool output dropped]" } : m,
  );
  return truncateOldest(stubbed, budget, tokenizer);
}

/** Sentences with a digit, an identifier or an assignment: what a plain keeper calls a fact. */
const PLAIN_FACT = /\d|[A-Za-z]+_[A-Za-z]|[a-z][A-Z]|\s(?:is|are|=)\s/;

/** The newest fact-like sentences of every turn that fit, in transcript order. */
export function extractiveKeeper(
  messages: readonly ChatMessage[],
  budget: number,
  tokenizer: Tokenizer,
): ChatMessage[] {
  const system = messages.filter((m) => m.role === "system");
  const sentences = messages
    .filter((m) => m.role !== "system")
    .flatMap((m, turn) =>
      turnText(m)
        .split(/\r?\n|(?<=[.!?])\s+/)
        .filter((s) => PLAIN_FACT.test(s))
        .map((s) => ({ s, turn })),
    );
  let spent = tokensOf(system, tokenizer) + 8;
  const kept: typeof sentences = [];
  for (let i = sentences.length - 1; i >= 0; i--) {
    const entry = sentences[i];
    if (entry === undefined) {
      continue;
    }
    const cost = tokenizer.countCached(`${entry.s}\n`);
    if (spent + cost > budget) {
      continue;
    }
    spent += cost;
    kept.unshift(entry);
  }
  return [...system, { role: "user", content: kept.map((k) => k.s).join("\n") }];
}

/**
 * The ceiling: a summariser that knows which turn states which planted value.
 * Map keeps, in each such turn as it is shown (normalised, code cut, config
 * lines and answered questions read as statements), the line that holds the
 * value, preferring the one that names the fact's subject; reduce keeps the
 * latest value of each fact.
 */
export function perfectSummariser(
  statements: readonly { sentence: string; fact: number; value: number; turn?: number }[],
  facts: readonly { subject: string; values: readonly string[] }[] = [],
): SummariserClient {
  // The summariser is shown normalised prose (shared/compress/normalise.ts): it quotes that form.
  const shown = statements.map((s) => {
    const match = normaliseProse(s.sentence);
    return { ...s, match, sentence: match.replace(/\n/g, " ") };
  });
  const bySentence = new Map(shown.map((s) => [s.sentence, s]));
  /** The planted sentence as shown, or a shown line holding its value (a config line or an answered question read as a statement): the first naming the subject. */
  const stating = (text: string, s: (typeof shown)[number]): string | undefined => {
    const fact = facts[s.fact];
    const value = fact?.values[s.value]?.toLowerCase();
    const whole = text.includes(s.match) ? [s.sentence] : [];
    const lines =
      value === undefined
        ? []
        : text
            .split("\n")
            .map((l) => l.trim())
            .filter((l) => l.toLowerCase().includes(value));
    const subject = fact?.subject.toLowerCase();
    const naming = [...whole, ...lines].find(
      (l) => subject !== undefined && l.toLowerCase().includes(subject),
    );
    return naming ?? whole[0] ?? lines[0];
  };
  const answer = (content: string): CallResult => ({
    ok: true,
    value: {
      content,
      toolCalls: [],
      finishReason: "stop",
      usage: {
        role: "compression",
        model: "scripted-perfect",
        promptTokens: 0,
        completionTokens: 0,
        costUsd: 0,
        priced: false,
        reported: false,
        attempts: 1,
        elapsedMs: 0,
        streamed: false,
      },
    },
  });
  return {
    call(request: ModelRequest): Promise<CallResult> {
      const text = (i: number) => {
        const content = request.messages[i]?.content;
        return typeof content === "string" ? content : "";
      };
      const system = text(0);
      const input = text(1);
      let bullets: SummaryBullet[];
      if (system.includes("stage: map")) {
        bullets = parseTurns(input).flatMap((t) =>
          shown
            .filter((s) => s.turn === undefined || facts.length === 0 || s.turn === t.turn)
            .flatMap((s) => {
              const found = stating(t.text, s);
              if (found === undefined) {
                return [];
              }
              // A tool result's line is read, not copied: a model states what it sets.
              const fact = facts[s.fact];
              const line =
                t.text.startsWith("(tool output:") && fact !== undefined
                  ? `The ${fact.subject} is ${fact.values[s.value]}.`
                  : found;
              bySentence.set(line, s);
              return [{ text: line, turns: [t.turn] }];
            }),
        );
      } else {
        bullets = parseBullets(input);
      }
      const latest = new Map<number, SummaryBullet & { value: number }>();
      const other: SummaryBullet[] = [];
      for (const b of bullets) {
        const s = bySentence.get(b.text);
        if (s === undefined) {
          other.push(b);
          continue;
        }
        const seen = latest.get(s.fact);
        if (seen === undefined || s.value >= seen.value) {
          latest.set(s.fact, { ...b, value: s.value });
        }
      }
      const out = [
        ...other,
        ...[...latest.values()].map((b) => ({ text: b.text, turns: b.turns })),
      ];
      return Promise.resolve(
        answer(out.length === 0 ? SUMMARY_NONE : out.map(formatBullet).join("\n")),
      );
    },
  };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** `phrase` as whole words in `line` (both lower-case). */
export const hasPhrase = (line: string, phrase: string) =>
  new RegExp(`(?<![\\w.-])${escapeRegExp(phrase)}(?![\\w-])`).test(line);

/**
 * The bench's score of the visible lines: per fact, the lines about its own subject
 * (its look-alike's mentions removed first) that show its current value (recalled),
 * only a replaced value (stale-only), or both (both-visible).
 */
export function scoreLines(
  facts: readonly { subject: string; lookAlike: string; values: readonly string[] }[],
  lines: readonly string[],
): { recalled: number; staleOnly: number; both: number; facts: number } {
  const lower = lines.map((l) => l.toLowerCase());
  let recalled = 0;
  let staleOnly = 0;
  let both = 0;
  for (const fact of facts) {
    const subject = fact.subject.toLowerCase();
    const alike = fact.lookAlike.toLowerCase();
    const about = lower
      .map((l) => l.split(alike).join(" \u0000 "))
      .filter((l) => hasPhrase(l, subject));
    const current = (fact.values.at(-1) ?? "").toLowerCase();
    const old = fact.values.slice(0, -1).map((v) => v.toLowerCase());
    const showsCurrent = about.some((l) => hasPhrase(l, current));
    const showsOld = about.some((l) => old.some((v) => hasPhrase(l, v) && !hasPhrase(l, current)));
    recalled += showsCurrent ? 1 : 0;
    staleOnly += !showsCurrent && showsOld ? 1 : 0;
    both += showsCurrent && showsOld ? 1 : 0;
  }
  return { recalled, staleOnly, both, facts: facts.length };
}
