// The local endpoint's answer to a `[LETHE SUMMARISE]` request: a small extractive
// stand-in, not a language model. It reads only what text states as data (the
// key–values of shared/facts/structured.ts: JSON, YAML, CSV, env, diff hunks,
// explicit `X = V` / `X: V` lines), lets the latest turn win, and says plainly
// what it cannot settle: a value a later turn speaks of without a value it can read
// is "unsettled", a value that came back after another is given beside it (a
// conflict). Every other turn stays cited by ref. Called by shared/model/endpoint.ts.
import { latestValues, type ValueHistory } from "../../../shared/facts/structured.ts";
import { subjectOfKey } from "../../../shared/facts/structured.ts";
import {
  parseSummariseRequest,
  type NarrativeItem,
  type NumberedTurn,
  type SummaryAnswer,
  type SummaryFact,
} from "../../../shared/model/summarise-contract.ts";
import { TurnWords } from "./mentions.ts";

/** Characters per answer token assumed when an answer must fit `max_tokens`. */
const CHARS_PER_TOKEN = 4;
/** Superseded values given per key at most (the newest). */
const MAX_OLD_VALUES = 2;

/** Turns after `after` that speak of `key` without stating a value of it here. */
function laterMentions(
  key: string,
  after: number,
  turns: readonly NumberedTurn[],
  words: ReadonlyMap<number, TurnWords>,
  stating: ReadonlySet<number>,
): number[] {
  return turns
    .filter((t) => t.turn > after && !stating.has(t.turn) && words.get(t.turn)?.speaksOf(key))
    .map((t) => t.turn);
}

/** What the stand-in says of one key it read in these turns. */
function factsOf(
  h: ValueHistory,
  turns: readonly NumberedTurn[],
  words: ReadonlyMap<number, TurnWords>,
): SummaryFact[] {
  const subject = h.key;
  const older = h.earlier.slice(-MAX_OLD_VALUES);
  const returned = older.filter((e) => e.turn > h.firstStated);
  if (returned.length > 0) {
    // The value came back after another: a revert or a stale copy, it cannot tell which.
    const other = returned.at(-1);
    return [
      {
        subject,
        value: h.current.value,
        status: "current",
        turns: [h.firstStated, h.current.turn],
      },
      ...(other
        ? [{ subject, value: other.value, status: "current" as const, turns: [other.turn] }]
        : []),
    ];
  }
  const facts: SummaryFact[] = [
    ...older.map((e) => ({
      subject,
      value: e.value,
      status: "superseded" as const,
      turns: [e.turn],
    })),
    { subject, value: h.current.value, status: "current", turns: [h.current.turn] },
  ];
  const open = laterMentions(subject, h.current.turn, turns, words, new Set(h.turns));
  return open.length === 0
    ? facts
    : [...facts, { subject, value: h.current.value, status: "unsettled", turns: open }];
}

/** Known facts (earlier turns) that these turns speak of without a value the stand-in can read. */
function unsettledKnown(
  known: readonly SummaryFact[],
  read: ReadonlySet<string>,
  turns: readonly NumberedTurn[],
  words: ReadonlyMap<number, TurnWords>,
): SummaryFact[] {
  return known.flatMap((fact) => {
    if (fact.status !== "current" || read.has(subjectOfKey(fact.subject))) {
      return [];
    }
    const open = laterMentions(fact.subject, Math.max(...fact.turns), turns, words, new Set());
    return open.length === 0 ? [] : [{ ...fact, status: "unsettled" as const, turns: open }];
  });
}

/** One narrative sentence: which turns the stand-in did not read, by role; they are cited by ref. */
function narrativeOf(turns: readonly NumberedTurn[]): NarrativeItem[] {
  if (turns.length === 0) {
    return [];
  }
  const roles = new Map<string, number>();
  turns.forEach((t) => roles.set(t.role, (roles.get(t.role) ?? 0) + 1));
  const counts = [...roles].map(([role, n]) => `${n} ${role}`).join(", ");
  const span = `${turns[0]?.turn ?? 0}-${turns.at(-1)?.turn ?? 0}`;
  return [
    {
      text: `turns ${span} (${counts}): prose not read by the local stand-in; each turn by its ref`,
      turns: [turns[0]?.turn ?? 0, turns.at(-1)?.turn ?? 0],
    },
  ];
}

/** Drops the oldest superseded values, then the oldest facts, until the JSON fits `maxChars`. */
function fit(answer: SummaryAnswer, maxChars: number): SummaryAnswer {
  const facts = [...answer.facts];
  const size = () => JSON.stringify({ ...answer, facts }).length;
  for (let i = 0; i < facts.length && size() > maxChars;) {
    if (facts[i]?.status === "superseded") {
      facts.splice(i, 1);
    } else {
      i++;
    }
  }
  while (facts.length > 0 && size() > maxChars) {
    facts.shift();
  }
  return { ...answer, facts };
}

/** The stand-in's JSON answer to a map request's user message (see the module comment). */
export function extractiveSummary(userMessage: string, maxTokens?: number): string {
  const { known, turns } = parseSummariseRequest(userMessage);
  const words = new Map(turns.map((t) => [t.turn, new TurnWords(t.text)]));
  const histories = latestValues(
    turns.map((t) => ({ turn: t.turn, text: t.text, toolOutput: t.role === "tool" })),
  );
  const read = new Set(histories.map((h) => h.subject));
  const answer: SummaryAnswer = {
    facts: [
      ...unsettledKnown(known, read, turns, words),
      ...histories.flatMap((h) => factsOf(h, turns, words)),
    ],
    narrative: narrativeOf(turns),
  };
  const limited = maxTokens === undefined ? answer : fit(answer, maxTokens * CHARS_PER_TOKEN);
  return JSON.stringify(limited);
}
