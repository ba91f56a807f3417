// The seeded workload of bench/memory.ts: sessions over simulated weeks stating
// attributes of people and services (look-alike names, many attributes each,
// restatements, updates) between chatter lines that reuse the same words, and
// the questions (LongMemEval's categories) with their true answers.
import { MS_PER_DAY } from "../shared/memory/decay.ts";
import type { Cardinality } from "../shared/memory/schema.ts";

export const SESSIONS = 36;
export const WEEKS = 12;
export const T0 = Date.UTC(2026, 0, 5);
export const END = T0 + WEEKS * 7 * MS_PER_DAY;
/** Statements of facts per session (chatter comes on top). */
export const FACTS_PER_SESSION = [10, 18] as const;
/** Chatter lines per session: talk about a subject that states no value of it. */
export const CHATTER_PER_SESSION = [8, 14] as const;
/** Chance that a restated single-valued attribute changes value. */
export const CHANGE_RATE = 0.4;

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Attribute {
  predicate: string;
  cardinality: Cardinality;
  values: readonly string[];
  /** How a user asks about it; {s} is the subject. Written before any retriever was tuned, never per method. */
  question: string;
}

/** Look-alikes: people share first names or surnames, services share their first word. */
export const PEOPLE = [
  "alice chen",
  "alice park",
  "bruno costa",
  "bruno silva",
  "chiara rossi",
  "marco rossi",
  "dmitri volkov",
  "emeka obi",
  "farah khan",
  "farah ali",
  "goran petrovic",
  "hana sato",
];
export const SERVICES = [
  "billing service",
  "billing worker",
  "billing api",
  "search api",
  "search indexer",
  "auth gateway",
  "auth service",
  "ledger worker",
  "media pipeline",
  "report builder",
];
export const PERSON_ATTRS: Attribute[] = [
  {
    predicate: "works on team",
    cardinality: "one",
    values: ["payments", "platform", "growth", "infra", "mobile", "data"],
    question: "Which team does {s} work on?",
  },
  {
    predicate: "lives in city",
    cardinality: "one",
    values: ["lisbon", "berlin", "nairobi", "osaka", "toronto", "lima"],
    question: "In which city does {s} live?",
  },
  {
    predicate: "preferred editor",
    cardinality: "one",
    values: ["vim", "emacs", "vscode", "zed", "helix"],
    question: "What is the preferred editor of {s}?",
  },
  {
    predicate: "mentor",
    cardinality: "one",
    values: ["ravi", "sofia", "tomas", "ulla", "vera"],
    question: "Who is the mentor of {s}?",
  },
  {
    predicate: "phone extension",
    cardinality: "one",
    values: ["x101", "x202", "x303", "x404", "x505", "x606"],
    question: "What is the phone extension of {s}?",
  },
  {
    predicate: "desk number",
    cardinality: "one",
    values: ["desk 12", "desk 31", "desk 47", "desk 58", "desk 73"],
    question: "What is the desk number of {s}?",
  },
  {
    predicate: "laptop model",
    cardinality: "one",
    values: ["thinkpad x1", "macbook air", "framework 13", "xps 13"],
    question: "Which laptop model does {s} have?",
  },
  {
    predicate: "timezone",
    cardinality: "one",
    values: ["utc", "cet", "eat", "jst", "est", "pet"],
    question: "In which timezone is {s}?",
  },
  {
    predicate: "visited office",
    cardinality: "many",
    values: [
      "dublin office",
      "austin office",
      "seoul office",
      "paris office",
      "cairo office",
      "quito office",
    ],
    question: "Which offices has {s} visited?",
  },
  {
    predicate: "completed training",
    cardinality: "many",
    values: ["security basics", "incident command", "sql tuning", "public speaking"],
    question: "Which trainings has {s} completed?",
  },
];
export const SERVICE_ATTRS: Attribute[] = [
  {
    predicate: "database",
    cardinality: "one",
    values: ["postgres", "mysql", "sqlite", "cockroachdb", "dynamodb"],
    question: "Which database does the {s} run on?",
  },
  {
    predicate: "deploy region",
    cardinality: "one",
    values: ["eu-west", "us-east", "ap-south", "sa-east"],
    question: "To which deploy region does the {s} go?",
  },
  {
    predicate: "owner",
    cardinality: "one",
    values: PEOPLE,
    question: "Who is the owner of the {s}?",
  },
  {
    predicate: "language",
    cardinality: "one",
    values: ["rust", "go", "typescript", "python", "kotlin"],
    question: "In which language is the {s} written?",
  },
  {
    predicate: "on-call rotation",
    cardinality: "one",
    values: ["rotation a", "rotation b", "rotation c"],
    question: "Which on-call rotation covers the {s}?",
  },
  {
    predicate: "cache ttl",
    cardinality: "one",
    values: ["30 seconds", "5 minutes", "1 hour", "12 hours"],
    question: "What is the cache ttl of the {s}?",
  },
  {
    predicate: "runtime version",
    cardinality: "one",
    values: ["node 20", "node 22", "jdk 21", "python 3.12"],
    question: "Which runtime version does the {s} use?",
  },
  {
    predicate: "depends on",
    cardinality: "many",
    values: ["redis", "kafka", "stripe", "s3", "nats", "vault", "clickhouse"],
    question: "What does the {s} depend on?",
  },
  {
    predicate: "alert channel",
    cardinality: "many",
    values: ["#ops", "#billing-alerts", "#sre", "#oncall", "#search-team"],
    question: "Which alert channels does the {s} post to?",
  },
];
/** Attributes never stated for anyone: abstention questions ask about them. */
export const NEVER: Attribute[] = [
  {
    predicate: "blood type",
    cardinality: "one",
    values: [],
    question: "What is the blood type of {s}?",
  },
  {
    predicate: "license",
    cardinality: "one",
    values: [],
    question: "Under which license is the {s} published?",
  },
];
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
    const text = attr.question.replace("{s}", subject);
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
        text: attr.question.replace("{s}", subject),
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
      text: attr.question.replace("{s}", subject),
      at: END,
      subject,
      predicate: attr.predicate,
      expect: [],
      wrong: [],
    });
  }
  return questions;
}
