// The seeded workload of bench/memory.ts: sessions over simulated weeks stating
// attributes of people and services (look-alike names, many attributes each,
// restatements, updates) between chatter lines that reuse the same words, and
// the questions (LongMemEval's categories) with their true answers.
import { mulberry32 } from "../harness/prng.ts";
import { MS_PER_DAY } from "../shared/memory/decay.ts";
import type { Cardinality } from "../shared/memory/schema.ts";
import {
  NEVER,
  PEOPLE,
  PERSON_ATTRS,
  SERVICE_ATTRS,
  SERVICES,
  type Attribute,
} from "./memory-attributes.ts";

export const SESSIONS = 36;
export const WEEKS = 12;
export const T0 = Date.UTC(2026, 0, 5);
export const END = T0 + WEEKS * 7 * MS_PER_DAY;
/** Statements of facts per session (chatter comes on top). */
export const FACTS_PER_SESSION = [20, 34] as const;
/** Chatter lines per session: talk about a subject that states no value of it. */
export const CHATTER_PER_SESSION = [16, 28] as const;
/** Chance that a restated single-valued attribute changes value. */
export const CHANGE_RATE = 0.4;

export const UNKNOWN_SUBJECTS = ["ivo", "juno", "kestrel service", "lumen api"];

/** Talk that names a subject and an attribute's words without stating a value. */
const CHATTER_VERBS = [
  "asked about the",
  "will revisit the",
  "had questions on the",
  "discussed the",
  "wants a review of the",
];

export interface Mention {
  subject: string;
  predicate: string;
  object: string;
  cardinality: Cardinality;
  at: number;
  session: string;
  /** Chatter states nothing: in the transcript, never a fact. */
  chatter: boolean;
}

export type Category =
  | "single-session fact"
  | "multi-session aggregation"
  | "knowledge update"
  | "temporal (as of a date)"
  | "abstention";
export const CATEGORIES: Category[] = [
  "single-session fact",
  "multi-session aggregation",
  "knowledge update",
  "temporal (as of a date)",
  "abstention",
];

export interface Question {
  category: Category;
  text: string;
  at: number;
  subject: string;
  predicate: string;
  /** Every value the answer needs (aggregation: all of them). */
  expect: string[];
  /** Values of the same slot that would make the answer wrong (stale or future). */
  wrong: string[];
}

export interface Workload {
  seed: number;
  mentions: Mention[];
  questions: Question[];
  /** Values a slot took, in order (single-valued) or as added (many-valued). */
  truth: Map<string, Array<{ object: string; at: number }>>;
}

const slotKey = (s: string, p: string) => `${s}\u0000${p}`;
const attrOf = (p: string) =>
  [...PERSON_ATTRS, ...SERVICE_ATTRS].find((a) => a.predicate === p) as Attribute;

export function generateWorkload(seed: number): Workload {
  const rand = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const between = ([lo, hi]: readonly [number, number]) => lo + Math.floor(rand() * (hi - lo + 1));
  const mentions: Mention[] = [];
  const truth = new Map<string, Array<{ object: string; at: number }>>();
  for (let i = 0; i < SESSIONS; i++) {
    const at =
      T0 + Math.round((i / SESSIONS) * WEEKS * 7 * MS_PER_DAY) + Math.floor(rand() * 6) * 3_600_000;
    const session = `s${String(i + 1).padStart(2, "0")}`;
    const lines: Mention[] = [];
    const facts = between(FACTS_PER_SESSION);
    for (let j = 0; j < facts; j++) {
      const person = rand() < 0.5;
      const subject = pick(person ? PEOPLE : SERVICES);
      const attr = pick(person ? PERSON_ATTRS : SERVICE_ATTRS);
      const key = slotKey(subject, attr.predicate);
      const history = truth.get(key) ?? [];
      const current = history.at(-1)?.object;
      let object = pick(attr.values.filter((v) => v !== subject));
      if (attr.cardinality === "one" && current !== undefined && rand() >= CHANGE_RATE) {
        object = current;
      }
      const line = {
        subject,
        predicate: attr.predicate,
        object,
        cardinality: attr.cardinality,
        // Each statement has its own minute: two values of a slot in one session are ordered.
        at: at + j * 60_000,
        session,
        chatter: false,
      };
      // A restatement (same value again) is a mention, not a new value.
      const known =
        attr.cardinality === "many" ? history.some((h) => h.object === object) : object === current;
      if (!known) {
        truth.set(key, [...history, { object, at: line.at }]);
      }
      lines.push(line);
    }
    const chatter = between(CHATTER_PER_SESSION);
    for (let j = 0; j < chatter; j++) {
      const person = rand() < 0.5;
      const attr = pick(person ? PERSON_ATTRS : SERVICE_ATTRS);
      lines.push({
        subject: pick(person ? PEOPLE : SERVICES),
        predicate: pick(CHATTER_VERBS),
        object: attr.predicate,
        cardinality: "many",
        at: at + (facts + j) * 60_000,
        session,
        chatter: true,
      });
    }
    // Chatter interleaves with the facts, in a seeded order (Fisher–Yates).
    for (let k = lines.length - 1; k > 0; k--) {
      const r = Math.floor(rand() * (k + 1));
      [lines[k], lines[r]] = [lines[r] as Mention, lines[k] as Mention];
    }
    mentions.push(...lines);
  }
  return { seed, mentions, truth, questions: questionsOf(mentions, truth, pick) };
}

function questionsOf(
  mentions: readonly Mention[],
  truth: Workload["truth"],
  pick: <T>(xs: readonly T[]) => T,
): Question[] {
  const questions: Question[] = [];
  const facts = mentions.filter((m) => !m.chatter);
  const mentionCount = (s: string, p: string) =>
    facts.filter((m) => m.subject === s && m.predicate === p).length;
  for (const [key, history] of truth) {
    const [subject = "", predicate = ""] = key.split("\u0000");
    const attr = attrOf(predicate);
    const text = pick(attr.questions).replace("{s}", subject);
    const objects = history.map((h) => h.object);
    if (attr.cardinality === "many") {
      const sessions = new Set(
        facts
          .filter((m) => m.subject === subject && m.predicate === predicate)
          .map((m) => m.session),
      );
      if (sessions.size >= 2) {
        questions.push({
          category: "multi-session aggregation",
          text,
          at: END,
          subject,
          predicate,
          expect: objects,
          wrong: [],
        });
      }
      continue;
    }
    if (history.length === 1 && mentionCount(subject, predicate) === 1) {
      questions.push({
        category: "single-session fact",
        text,
        at: END,
        subject,
        predicate,
        expect: objects,
        wrong: [],
      });
    }
    if (history.length >= 2) {
      const current = objects.at(-1) as string;
      questions.push({
        category: "knowledge update",
        text,
        at: END,
        subject,
        predicate,
        expect: [current],
        wrong: objects.filter((o) => o !== current),
      });
      for (let i = 0; i < history.length - 1; i++) {
        const from = (history[i] as { at: number }).at;
        const to = (history[i + 1] as { at: number }).at;
        const at = from + Math.floor((to - from) / 2);
        const value = (history[i] as { object: string }).object;
        questions.push({
          category: "temporal (as of a date)",
          text: `${text} (as of ${new Date(at).toISOString().slice(0, 10)})`,
          at,
          subject,
          predicate,
          expect: [value],
          wrong: objects.filter((o) => o !== value),
        });
      }
    }
  }
  for (const subject of [...PEOPLE.slice(0, 6), ...SERVICES.slice(0, 5)]) {
    for (const attr of NEVER) {
      questions.push({
        category: "abstention",
        text: pick(attr.questions).replace("{s}", subject),
        at: END,
        subject,
        predicate: attr.predicate,
        expect: [],
        wrong: [],
      });
    }
  }
  for (const subject of UNKNOWN_SUBJECTS) {
    const attr = pick(subject.includes(" ") ? SERVICE_ATTRS : PERSON_ATTRS);
    questions.push({
      category: "abstention",
      text: pick(attr.questions).replace("{s}", subject),
      at: END,
      subject,
      predicate: attr.predicate,
      expect: [],
      wrong: [],
    });
  }
  return questions;
}
