// Long-term memory benchmark (issue 21): a seeded multi-session workload over
// simulated weeks, questions in LongMemEval's categories answered by retrieval
// alone, per category, beside two baselines measured in the same run. Runs the
// product's own steward logic (validate → plan → apply) and retrieval in memory.
// Prints its setup and figures; never asserts. `npm run bench:memory`.
import { bm25Terms } from "../shared/l3/bm25.ts";
import { MS_PER_DAY } from "../shared/memory/decay.ts";
import { planRun } from "../shared/memory/plan.ts";
import { queryTerms, retrieve, similarity } from "../shared/memory/retrieve.ts";
import type { Cardinality, Fact } from "../shared/memory/schema.ts";
import { validateCandidates } from "../shared/memory/validate.ts";

const SEED = Number(process.env.SEED ?? 21);
const SESSIONS = 36;
const WEEKS = 12;
const TOP_K = 10;
const HALF_LIFE_DAYS = 30;
const T0 = Date.UTC(2026, 0, 5);

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
const rand = mulberry32(SEED);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;

interface Attribute {
  predicate: string;
  cardinality: Cardinality;
  values: readonly string[];
  /** How a user asks about it; {s} is the subject. Written before the retriever was tuned, never per method. */
  question: string;
}

const PEOPLE = ["alice", "bruno", "chiara", "dmitri", "emeka", "farah", "goran", "hana"];
const SERVICES = [
  "billing service",
  "search api",
  "auth gateway",
  "ledger worker",
  "media pipeline",
  "report builder",
];
const PERSON_ATTRS: Attribute[] = [
  {
    predicate: "works on team",
    cardinality: "one",
    values: ["payments", "platform", "growth", "infra", "mobile"],
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
    predicate: "visited office",
    cardinality: "many",
    values: ["dublin office", "austin office", "seoul office", "paris office", "cairo office"],
    question: "Which offices has {s} visited?",
  },
];
const SERVICE_ATTRS: Attribute[] = [
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
    predicate: "depends on",
    cardinality: "many",
    values: ["redis", "kafka", "stripe", "s3", "nats", "vault"],
    question: "What does the {s} depend on?",
  },
];
/** Attributes never stated for anyone: abstention questions ask about them. */
const NEVER: Attribute[] = [
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
const UNKNOWN_SUBJECTS = ["ivo", "juno", "kestrel service", "lumen api"];

interface Mention {
  subject: string;
  predicate: string;
  object: string;
  cardinality: Cardinality;
  at: number;
  session: string;
}

// Generate the sessions: each states 4–8 things; a single-valued slot changes with probability 0.35 when restated.
const mentions: Mention[] = [];
const truth = new Map<string, Array<{ object: string; at: number }>>();
const slotKey = (s: string, p: string) => `${s}\u0000${p}`;
for (let i = 0; i < SESSIONS; i++) {
  const at =
    T0 + Math.round((i / SESSIONS) * WEEKS * 7 * MS_PER_DAY) + Math.floor(rand() * 6) * 3_600_000;
  const session = `s${String(i + 1).padStart(2, "0")}`;
  const n = 4 + Math.floor(rand() * 5);
  for (let j = 0; j < n; j++) {
    const person = rand() < 0.5;
    const subject = pick(person ? PEOPLE : SERVICES);
    const attr = pick(person ? PERSON_ATTRS : SERVICE_ATTRS);
    const key = slotKey(subject, attr.predicate);
    const history = truth.get(key) ?? [];
    const current = history.at(-1)?.object;
    let object = pick(attr.values.filter((v) => v !== subject));
    if (attr.cardinality === "one" && current !== undefined && rand() >= 0.35) {
      object = current;
    }
    if (attr.cardinality === "many" && history.some((h) => h.object === object)) {
      continue;
    }
    if (attr.cardinality === "one" && object === current) {
      mentions.push({
        subject,
        predicate: attr.predicate,
        object,
        cardinality: attr.cardinality,
        at,
        session,
      });
      continue;
    }
    truth.set(key, [...history, { object, at }]);
    mentions.push({
      subject,
      predicate: attr.predicate,
      object,
      cardinality: attr.cardinality,
      at,
      session,
    });
  }
}
const END = T0 + WEEKS * 7 * MS_PER_DAY;

// The product's steward, once per session, in memory.
let facts: Fact[] = [];
let nextId = 1;
const bySession = new Map<string, Mention[]>();
for (const m of mentions) {
  bySession.set(m.session, [...(bySession.get(m.session) ?? []), m]);
}
let version = 0;
for (const [session, ms] of bySession) {
  const raw = ms.map((m, step) => ({
    subject: m.subject,
    predicate: m.predicate,
    object: m.object,
    cardinality: m.cardinality,
    at: m.at,
    provenance: { session, step, source: `transcript:${session}#${step}` },
  }));
  const runAt = Math.max(...ms.map((m) => m.at));
  const validated = validateCandidates(raw, { subjects: new Map(), cited: new Map(), runAt });
  const active = facts.filter((f) => f.validTo === null);
  const plan = planRun(
    active,
    validated.accepted.map((a) => a.candidate),
    runAt,
  );
  version++;
  for (const c of plan.close) {
    facts = facts.map((f) =>
      f.id === c.fact.id
        ? { ...f, validTo: c.validTo, closedBy: version, closedReason: c.reason }
        : f,
    );
  }
  for (const a of plan.add) {
    facts.push({
      id: nextId++,
      subject: a.subject,
      predicate: a.predicate,
      object: a.object,
      kind: a.kind,
      cardinality: a.cardinality,
      provenance: a.provenance,
      validFrom: a.validFrom,
      validTo: a.validTo,
      version,
      closedBy: null,
      closedReason: null,
    });
  }
}

// Questions.
type Category =
  | "single-session fact"
  | "multi-session aggregation"
  | "knowledge update"
  | "temporal (as of a date)"
  | "abstention";
interface Question {
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
const questions: Question[] = [];
const attrOf = (p: string) =>
  [...PERSON_ATTRS, ...SERVICE_ATTRS].find((a) => a.predicate === p) as Attribute;
const mentionCount = (s: string, p: string) =>
  mentions.filter((m) => m.subject === s && m.predicate === p).length;
for (const [key, history] of truth) {
  const [subject = "", predicate = ""] = key.split("\u0000");
  const attr = attrOf(predicate);
  const text = attr.question.replace("{s}", subject);
  const objects = history.map((h) => h.object);
  if (attr.cardinality === "many") {
    const sessions = new Set(
      mentions
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
for (const subject of [...PEOPLE.slice(0, 4), ...SERVICES.slice(0, 3)]) {
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

// Methods: each returns the top-K retrieved statements (subject, predicate, object).
type Retrieved = Array<{ subject: string; predicate: string; object: string }>;
const lethe = (q: Question): Retrieved =>
  retrieve(facts, q.text.replace(/ \(as of .*\)$/, ""), {
    at: q.at,
    limit: TOP_K,
    decay: { halfLifeDays: HALF_LIFE_DAYS },
  }).map((s) => s.fact);
/** Mentions sharing at least one content term with the question, said by then. */
function keywordMatches(q: Question): Mention[] {
  const terms = queryTerms(q.text.replace(/ \(as of .*\)$/, ""));
  return mentions.filter(
    (m) =>
      m.at <= q.at &&
      bm25Terms(`${m.subject} ${m.predicate} ${m.object}`).some((t) => terms.has(t)),
  );
}
const latestMention = (q: Question): Retrieved =>
  [...keywordMatches(q)].sort((a, b) => b.at - a.at).slice(0, TOP_K);
const allMentions = (q: Question): Retrieved => {
  const terms = queryTerms(q.text.replace(/ \(as of .*\)$/, ""));
  return [...keywordMatches(q)]
    .sort(
      (a, b) =>
        similarity(terms, `${b.subject} ${b.predicate} ${b.object}`) -
          similarity(terms, `${a.subject} ${a.predicate} ${a.object}`) || b.at - a.at,
    )
    .slice(0, TOP_K);
};

/** Correct: abstention retrieves nothing; otherwise every expected value of the slot is retrieved and no wrong value of it is. */
function correct(q: Question, got: Retrieved): boolean {
  if (q.category === "abstention") {
    return got.length === 0;
  }
  const slot = got
    .filter((g) => g.subject === q.subject && g.predicate === q.predicate)
    .map((g) => g.object);
  return q.expect.every((e) => slot.includes(e)) && !q.wrong.some((w) => slot.includes(w));
}

const CATEGORIES: Category[] = [
  "single-session fact",
  "multi-session aggregation",
  "knowledge update",
  "temporal (as of a date)",
  "abstention",
];
const methods = { lethe, "latest-mention": latestMention, "all-mentions": allMentions } as const;
const out = process.stdout;
out.write("bench:memory — long-term memory, retrieval alone (no model)\n");
out.write(
  `setup: seed ${SEED}; ${SESSIONS} sessions over ${WEEKS} simulated weeks from ${new Date(T0).toISOString().slice(0, 10)}; ${mentions.length} statements about ${PEOPLE.length} people and ${SERVICES.length} services; ${facts.length} facts recorded by ${version} steward versions (${facts.filter((f) => f.validTo !== null).length} closed by contradictions)\n`,
);
out.write(
  `       top-${TOP_K} retrieval; lethe = facts valid at the question's date about the subject it names (all subject terms in the question, ≥ 1 other question term in predicate/object),\n         ≥ 0.5 of the question's terms, ranked by similarity × exp(−ln2/${HALF_LIFE_DAYS} d × elapsed days)\n`,
);
out.write(
  `       latest-mention = the ${TOP_K} most recent statements sharing ≥ 1 content term with the question, said by the question's date\n`,
);
out.write(
  `       all-mentions = every such statement ranked by the same term similarity (no validity, no decay), top ${TOP_K}\n`,
);
out.write(
  "       correct = abstention: nothing retrieved; else every expected value of the asked slot retrieved and no stale/other value of that slot\n\n",
);
out.write(
  `${"category".padEnd(28)}${"questions".padStart(10)}${"lethe".padStart(10)}${"latest-mention".padStart(16)}${"all-mentions".padStart(14)}  target\n`,
);
for (const c of CATEGORIES) {
  const qs = questions.filter((q) => q.category === c);
  const share = (m: (q: Question) => Retrieved) =>
    qs.length === 0 ? 0 : qs.filter((q) => correct(q, m(q))).length / qs.length;
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const [l, lm, am] = [
    share(methods.lethe),
    share(methods["latest-mention"]),
    share(methods["all-mentions"]),
  ];
  const target =
    c === "knowledge update" || c === "temporal (as of a date)" || c === "abstention"
      ? "≥ 95% and above both"
      : "above both";
  out.write(
    `${c.padEnd(28)}${String(qs.length).padStart(10)}${pct(l).padStart(10)}${pct(lm).padStart(16)}${pct(am).padStart(14)}  ${target}\n`,
  );
}
