// Merges the facts of every map answer (and of an earlier summary) by subject and
// settles each subject: the value stated current at the latest turn is current;
// an older current value is superseded when the newer one was first stated after
// it, and shown beside it as a conflict when their turns interleave; a value a
// later turn leaves unsettled is never shown as current. Called by map-reduce.ts.
import { subjectOfKey, trimChars } from "../facts/key-value.ts";
import type { FactStatus, SummaryFact } from "../model/summarise-contract.ts";

/** A value of a subject and the turns that state it. */
export interface StatedValue {
  value: string;
  turns: number[];
}

/** What the summary shows about one subject. */
export interface SubjectState {
  /** The subject as the latest fact spelled it. */
  subject: string;
  /** The merge key (`subjectOfKey`). */
  key: string;
  current?: StatedValue;
  /** Two or more values that both stand (their turns interleave): shown marked, never as current. */
  conflict: StatedValue[];
  /** The last value read before later turns left it unsettled, and those turns. */
  unsettled?: { last?: StatedValue; turns: number[] };
  /** Older values, each with the turn of the value that replaced it when known. */
  superseded: (StatedValue & { byTurn?: number })[];
  proposed: StatedValue[];
  /** Every turn any fact of this subject cites. */
  turns: number[];
}

interface ValueEntry {
  value: string;
  /** The verdict of the latest answer that spoke of this value ("proposed" never replaces another). */
  verdict: FactStatus;
  currentTurns: number[];
  allTurns: number[];
}

function valueKey(value: string): string {
  return trimChars(value.trim(), "\"'`.").replace(/\s+/g, " ").toLowerCase();
}

const sorted = (turns: Iterable<number>) => [...new Set(turns)].sort((a, b) => a - b);
const first = (v: ValueEntry) => Math.min(...v.currentTurns);
const last = (v: ValueEntry) => Math.max(...v.currentTurns);

/** Within one answer, the more careful verdict wins. */
const CAUTION: Readonly<Record<FactStatus, number>> = {
  proposed: 0,
  current: 1,
  unsettled: 2,
  superseded: 3,
};

type Entry = ValueEntry & { answer: number };

/** Adds one fact to its value's entry: a later answer's verdict replaces an earlier one's, except "proposed". */
function record(values: Map<string, Entry>, fact: SummaryFact, answer: number): void {
  const k = valueKey(fact.value);
  const entry = values.get(k);
  if (entry === undefined) {
    values.set(k, {
      value: fact.value,
      verdict: fact.status,
      currentTurns: fact.status === "current" ? [...fact.turns] : [],
      allTurns: [...fact.turns],
      answer,
    });
    return;
  }
  entry.allTurns.push(...fact.turns);
  if (fact.status === "current") {
    entry.currentTurns.push(...fact.turns);
  }
  const overrides =
    fact.status !== "proposed" &&
    (answer > entry.answer || CAUTION[fact.status] >= CAUTION[entry.verdict]);
  if (overrides) {
    entry.verdict = fact.status;
    entry.value = fact.value;
    entry.answer = answer;
  }
}

function settle(
  key: string,
  facts: readonly { fact: SummaryFact; answer: number }[],
): SubjectState {
  const values = new Map<string, Entry>();
  const unsettledTurns: number[] = [];
  for (const { fact, answer } of facts) {
    if (fact.status === "unsettled") {
      unsettledTurns.push(...fact.turns);
    } else {
      record(values, fact, answer);
    }
  }
  const state: SubjectState = {
    subject: facts.at(-1)?.fact.subject ?? key,
    key,
    conflict: [],
    superseded: [],
    proposed: [],
    turns: sorted(facts.flatMap(({ fact }) => fact.turns)),
  };
  // What an answer last called current and no later answer replaced, newest last.
  const live = [...values.values()]
    .filter((v) => v.verdict === "current" && v.currentTurns.length > 0)
    .sort((a, b) => last(a) - last(b));
  const newest = live.at(-1);
  for (const v of values.values()) {
    const stated = { value: v.value, turns: sorted(v.allTurns) };
    if (v === newest) {
      continue;
    }
    if (newest !== undefined && live.includes(v) && first(newest) <= last(v)) {
      // Both stated current with interleaved turns: neither alone is shown as current.
      state.conflict.push({ value: v.value, turns: sorted(v.currentTurns) });
    } else if (live.includes(v) || v.verdict === "superseded") {
      // The later turn rule: a value is replaced by one first stated after it.
      const byTurn = newest !== undefined && first(newest) > Math.max(...v.allTurns);
      state.superseded.push(byTurn && newest ? { ...stated, byTurn: first(newest) } : stated);
    } else if (v.verdict === "proposed") {
      state.proposed.push(stated);
    }
  }
  if (newest === undefined) {
    return unsettledTurns.length === 0
      ? state
      : { ...state, unsettled: { turns: sorted(unsettledTurns) } };
  }
  const shown = { value: newest.value, turns: sorted(newest.currentTurns) };
  if (state.conflict.length > 0) {
    return { ...state, conflict: [...state.conflict, shown] };
  }
  const after = unsettledTurns.filter((t) => t > last(newest));
  return after.length > 0
    ? { ...state, unsettled: { last: shown, turns: sorted(after) } }
    : { ...state, current: shown };
}

/**
 * Every subject the facts name, settled (see the module comment), in the order
 * of each subject's latest cited turn. `facts[i].answer` orders the answers
 * (an earlier summary's facts come first).
 */
export function mergeFacts(
  facts: readonly { fact: SummaryFact; answer: number }[],
): SubjectState[] {
  const bySubject = new Map<string, { fact: SummaryFact; answer: number }[]>();
  for (const entry of facts) {
    const key = subjectOfKey(entry.fact.subject);
    if (key.length === 0) {
      continue;
    }
    bySubject.set(key, [...(bySubject.get(key) ?? []), entry]);
  }
  return [...bySubject.entries()]
    .map(([key, list]) => settle(key, list))
    .sort((a, b) => (a.turns.at(-1) ?? 0) - (b.turns.at(-1) ?? 0));
}
