// The local endpoint's answer to a `[LETHE SUMMARISE]` request: a small extractive
// stand-in, not a language model. It reads only what text states as data (the
// key–values of shared/facts/structured.ts: JSON, YAML, CSV, env, diff hunks,
// explicit `X = V` / `X: V` lines), lets the latest turn win, and says plainly
// what it cannot settle: a value a later turn speaks of without a value it can read
// is "unsettled", a value that came back after another is given beside it (a
// conflict). Every other turn stays cited by ref. Called by workers/model/endpoint.ts.
import {
  latestValues,
  type StatedValue,
  type ValueHistory,
} from "../../../shared/facts/structured.ts";
import {
  parseSummariseRequest,
  type NumberedTurn,
  type SummaryAnswer,
  type SummaryFact,
} from "../../../shared/model/summarise-contract.ts";
import { TurnWords } from "./mentions.ts";

/** How the compressor writes an assistant's tool call inside its turn (shared/compress/turns.ts). */
const TOOL_CALL_LINE = "[tool call ";
/** Characters per answer token assumed when an answer must fit `max_tokens`. */
const CHARS_PER_TOKEN = 4;
/** Superseded values given per key at most (the newest). */
const MAX_OLD_VALUES = 2;

/**
 * What the stand-in says of one key, when these turns state it or speak of it:
 * its values (old ones superseded), unsettled when a later turn speaks of it
 * without a value it can read, or two values at once when one came back after another.
 */
function factsOf(
  h: ValueHistory,
  turns: readonly NumberedTurn[],
  words: ReadonlyMap<number, TurnWords>,
): SummaryFact[] {
  const shown = new Set(turns.map((t) => t.turn));
  const subject = h.key;
  // Later turns that speak of the key (mentions.ts) and state no value of it the
  // stand-in read: it cannot tell whether they changed it, so it never says.
  const open = turns
    .filter((t) => t.turn > h.current.turn && !h.turns.includes(t.turn))
    .filter((t) => words.get(t.turn)?.names(subject) === true)
    .map((t) => t.turn);
  if (!h.turns.some((t) => shown.has(t)) && open.length === 0) {
    // Nothing new here: the known fact stands as it was.
    return [];
  }
  const older = h.earlier.slice(-MAX_OLD_VALUES);
  const said = (value: string, status: SummaryFact["status"], turns: number[]): SummaryFact => ({
    subject,
    value,
    status,
    turns,
  });
  const other = older.filter((e) => e.turn > h.firstStated).at(-1);
  if (other !== undefined) {
    // The value came back after another: a revert or a stale copy, it cannot tell which.
    return [
      said(h.current.value, "current", [h.firstStated, h.current.turn]),
      said(other.value, "current", [other.turn]),
    ];
  }
  return [
    ...older.filter((e) => shown.has(e.turn)).map((e) => said(e.value, "superseded", [e.turn])),
    said(h.current.value, "current", [h.current.turn]),
    ...(open.length === 0 ? [] : [said(h.current.value, "unsettled", open)]),
  ];
}

/** A known fact as a value stated at its latest turn. */
function knownValue(fact: SummaryFact): StatedValue {
  return {
    key: fact.subject,
    value: fact.value,
    format: "statement",
    turn: Math.max(...fact.turns),
    line: 0,
  };
}

/** Drops the superseded values, then the oldest facts, until the JSON fits `maxChars`. */
function fit(answer: SummaryAnswer, maxChars: number): SummaryAnswer {
  const size = (facts: readonly SummaryFact[]) => JSON.stringify({ ...answer, facts }).length;
  const over = size(answer.facts) > maxChars;
  let facts = over ? answer.facts.filter((f) => f.status !== "superseded") : answer.facts;
  while (facts.length > 0 && size(facts) > maxChars) {
    facts = facts.slice(1);
  }
  return { ...answer, facts };
}

/** The stand-in's JSON answer to a map request's user message (see the module comment). */
export function extractiveSummary(userMessage: string, maxTokens?: number): string {
  const { known, turns } = parseSummariseRequest(userMessage);
  const words = new Map(turns.map((t) => [t.turn, new TurnWords(t.text)]));
  // A tool call's arguments ask for something; they state nothing about the state of things.
  const histories = latestValues(
    turns.map((t) => ({
      turn: t.turn,
      text: t.text
        .split("\n")
        .filter((line) => !line.startsWith(TOOL_CALL_LINE))
        .join("\n"),
      toolOutput: t.role === "tool",
    })),
    { known: known.filter((f) => f.status === "current").map(knownValue) },
  );
  const answer: SummaryAnswer = {
    facts: histories.flatMap((h) => factsOf(h, turns, words)),
    narrative: [],
  };
  const limited = maxTokens === undefined ? answer : fit(answer, maxTokens * CHARS_PER_TOKEN);
  return JSON.stringify(limited);
}
