// Seeded long agent transcripts for bench:compression, written apart from the
// summariser: prose chatter, tool output with real code and logs, planted facts
// whose values are later restated, paraphrased or changed "now", and look-alike
// sentences about a near subject. Families: "dev" (developed against), "holdout"
// (run after the summariser was written, then used to fix it), "fresh" (written
// after those fixes), "unseen" (bench/compression-unseen.ts, written before the
// compressor was fixed for it), "later" (bench/compression-later.ts, written
// after that fix, then used to fix it), "blind" (bench/compression-blind.ts,
// written after that) and "sealed" (corpora/compression-sealed.ts, written
// without reading the compressor or the other families). Used by
// bench/compression.ts and the compressor's tests.
import { mulberry32 } from "./prng.ts";
import type { ChatMessage } from "../shared/context/messages.ts";
import { BLIND } from "./compression-blind.ts";
import { LATER } from "./compression-later.ts";
import { SEALED } from "./compression-sealed.ts";
import { UNSEEN } from "./compression-unseen.ts";

export type TemplateFamily = "dev" | "holdout" | "fresh" | "unseen" | "later" | "blind" | "sealed";
export const FAMILIES: readonly TemplateFamily[] = [
  "dev",
  "holdout",
  "fresh",
  "unseen",
  "later",
  "blind",
  "sealed",
];

export interface TranscriptFact {
  /** The whole subject, as the transcript names it ("cache lifetime of the pricing page"). */
  subject: string;
  /** Values in the order stated; the last one is current. */
  values: string[];
  /** The look-alike's whole subject ("cache lifetime of the pricing page of the sandbox"). */
  lookAlike: string;
}

export interface Transcript {
  seed: number;
  /** A built-in family, or the name a discovered corpora/compression-*.ts family runs under. */
  family: string;
  messages: ChatMessage[];
  facts: TranscriptFact[];
  /** Every sentence that states a planted value: its fact, value index and turn (index + 1). */
  statements: { sentence: string; fact: number; value: number; turn: number }[];
}

/** Deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  return mulberry32(seed);
}

const HEADS = [
  "upload ceiling",
  "worker pool size",
  "session timeout",
  "nightly export window",
  "refund approval threshold",
  "primary database region",
  "feature flag owner",
  "canary traffic share",
  "log retention period",
  "webhook signing algorithm",
  "queue visibility delay",
  "pager escalation contact",
  "minimum password length",
  "image cache lifetime",
  "sandbox seat count",
  "rollout freeze date",
];
const QUALIFIERS = [
  "of the mobile app",
  "for the EU tenant",
  "in the legacy stack",
  "of the admin console",
  "for internal users",
  "on the staging cluster",
];
const NAMES = [
  "Okafor",
  "Lindqvist",
  "Haruka",
  "Mendes",
  "Brannigan",
  "Asante",
  "Petrov",
  "Ilunga",
];
const REGIONS = ["eu-west-3", "us-east-2", "ap-south-1", "ca-central-1", "sa-east-1"];
const MONTHS = ["March", "April", "June", "August", "October"];

function valueFor(head: string, rnd: () => number): string {
  const n = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo));
  if (/owner|contact/.test(head)) {
    return NAMES[n(0, NAMES.length)] ?? "Okafor";
  }
  if (/region/.test(head)) {
    return REGIONS[n(0, REGIONS.length)] ?? "eu-west-3";
  }
  if (/algorithm/.test(head)) {
    return ["HMAC-SHA256", "Ed25519", "HMAC-SHA512", "RSA-PSS"][n(0, 4)] ?? "Ed25519";
  }
  if (/date/.test(head)) {
    return `${MONTHS[n(0, MONTHS.length)] ?? "June"} ${n(2, 28)}`;
  }
  if (/share/.test(head)) {
    return `${n(2, 40)} percent`;
  }
  if (/period|lifetime|timeout|delay|window/.test(head)) {
    return `${n(5, 400)} ${["minutes", "hours", "days"][n(0, 3)] ?? "minutes"}`;
  }
  if (/ceiling/.test(head)) {
    return `${n(2, 900)} MB`;
  }
  if (/threshold/.test(head)) {
    return `${n(20, 9000)} dollars`;
  }
  return `${n(3, 700)}`;
}

/** A statement of a value: (subject, value, the value it replaces or ""). May span lines. */
export type Phrase = (s: string, v: string, old: string) => string;

/** One phrasing family: its subjects, values and the sentences that state them. */
export interface FamilySpec {
  /** `n` planted facts: the subject, its look-alike's whole subject and a value maker. */
  facts(
    rnd: () => number,
    n: number,
  ): { subject: string; lookAlike: string; value: () => string }[];
  first: readonly Phrase[];
  updates: readonly Phrase[];
  lookAlike: readonly Phrase[];
  /** Sentences that name a subject without stating its value. */
  mentions?: readonly ((s: string, rnd: () => number) => string)[];
}

function headFacts(rnd: () => number, n: number) {
  const heads = [...HEADS].sort(() => rnd() - 0.5).slice(0, n);
  return heads.map((head) => ({
    subject: head,
    lookAlike: `${head} ${QUALIFIERS[Math.floor(rnd() * QUALIFIERS.length)] ?? "of the"}`,
    value: () => valueFor(head, rnd),
  }));
}

/** First statements of a value. */
const FIRST: Record<"dev" | "holdout" | "fresh", Phrase[]> = {
  dev: [
    (s, v) => `The ${s} is ${v}.`,
    (s, v) => `For the record, the ${s} is ${v}.`,
    (s, v) => `We agreed that the ${s} should be ${v}.`,
  ],
  holdout: [
    (s, v) => `Per the runbook, our ${s} sits at ${v}.`,
    (s, v) => `I checked with the team and the ${s} will be ${v}.`,
    (s, v) => `Let's go with ${v} as the ${s}.`,
  ],
  fresh: [
    (s, v) => `From the design doc: ${v} is what we use for the ${s}.`,
    (s, v) => `Our ${s} currently equals ${v}, per Dana.`,
    (s, v) => `Everyone signed off on ${v} being the ${s}.`,
  ],
};
/** Later values: restated, "now", paraphrased, pronoun after a naming sentence. */
const UPDATES: Record<"dev" | "holdout" | "fresh", Phrase[]> = {
  dev: [
    (s, v) => `The ${s} is ${v}.`,
    (s, v) => `Update: the ${s} is now ${v}.`,
    (s, v) => `We moved the ${s} to ${v}.`,
    (s, v) => `Quick note on the ${s}. It is now ${v}.`,
    (s, v) => `After the review we changed the ${s} to ${v}.`,
  ],
  holdout: [
    (s, v) => `Heads up: the ${s} went up to ${v} this morning.`,
    (s, v) => `Scratch the old number, the ${s} is ${v} from today.`,
    (s, v) => `Ops bumped the ${s} to ${v} after the incident.`,
    (s, v) => `Regarding the ${s}: it's ${v} as of this sprint.`,
    (s, v) => `New decision: ${v} for the ${s}.`,
  ],
  fresh: [
    (s, v) => `Correction to earlier: our ${s} ought to be ${v}.`,
    (s, v) => `The team revised the ${s}; use ${v} going forward.`,
    (s, v) => `Just so you know, ${v} replaces the previous ${s}.`,
    (s, v) => `We dropped the ${s} down to ${v} yesterday.`,
    (s, v) => `As of the last sync the ${s} reads ${v}.`,
  ],
};
const LOOK_ALIKE: Phrase[] = [
  (s, v) => `The ${s} is ${v}.`,
  (s, v) => `Separately, the ${s} stays at ${v}.`,
];

const SPECS: Record<TemplateFamily, FamilySpec> = {
  dev: { facts: headFacts, first: FIRST.dev, updates: UPDATES.dev, lookAlike: LOOK_ALIKE },
  holdout: {
    facts: headFacts,
    first: FIRST.holdout,
    updates: UPDATES.holdout,
    lookAlike: LOOK_ALIKE,
  },
  fresh: { facts: headFacts, first: FIRST.fresh, updates: UPDATES.fresh, lookAlike: LOOK_ALIKE },
  unseen: UNSEEN,
  later: LATER,
  blind: BLIND,
  sealed: SEALED,
};

const CHATTER = [
  "Let me take a look at that.",
  "Thanks, that helps a lot.",
  "I'll dig into the failing case next.",
  "Sounds reasonable to me, go ahead.",
  "Can you walk me through what changed?",
  "I'm not sure yet, give me a minute to read the logs.",
  "That matches what I saw yesterday in the dashboard.",
  "Okay, running the suite again now.",
  "Good catch, I missed that entirely.",
  "Let's keep this small and ship it.",
  "I looked at 3 files so far and none of them touch the parser.",
  "The build took about 4 minutes this time.",
  "We should probably write a note about this in the changelog.",
  "Two reviewers asked for more tests around the retry path.",
  "The flaky test in the retry suite failed again on the second run, so I am looking at its timers.",
  "I would rather not touch the migration scripts until the release branch is cut.",
  "The stack trace points at the serializer, not at the handler we changed this morning.",
  "Let me rebase onto main first and then rerun the integration tests locally.",
  "I pushed a draft pull request so the reviewers can see the direction early.",
  "The linter complains about an unused import in the invoice module; I will clean it up.",
  "We could split this into two commits to keep the diff readable for the reviewers.",
  "The staging deploy finished without errors, but the smoke test is still running.",
];

const FUNCTIONS = ["parseInvoice", "retryWithBackoff", "loadConfig", "renderRow", "hashKey"];

function codeBlock(rnd: () => number, i: number): string {
  const name = FUNCTIONS[i % FUNCTIONS.length] ?? "f";
  const other = FUNCTIONS[(i + 2) % FUNCTIONS.length] ?? "g";
  const limit = 10 + Math.floor(rnd() * 90);
  return [
    `import { z } from "zod";`,
    ``,
    `const InputSchema = z.object({ raw: z.string(), limit: z.number().int().default(${limit}) });`,
    ``,
    `export function ${name}(input: string, limit = ${limit}): number {`,
    `  const parts = input.split(",").map((p) => p.trim());`,
    `  let total = 0;`,
    `  for (const part of parts) {`,
    `    total += Number.parseInt(part, 10) || 0;`,
    `    if (total > limit) return limit;`,
    `  }`,
    `  return total;`,
    `}`,
    ``,
    `export async function ${other}Batch(items: readonly string[], retries = ${1 + Math.floor(rnd() * 5)}) {`,
    `  const parsed = items.map((raw) => InputSchema.parse({ raw }));`,
    `  for (let attempt = 0; attempt < retries; attempt++) {`,
    `    const results = await Promise.allSettled(parsed.map((p) => ${name}(p.raw, p.limit)));`,
    `    if (results.every((r) => r.status === "fulfilled")) return results;`,
    `    await new Promise((resolve) => setTimeout(resolve, 2 ** attempt * 100));`,
    `  }`,
    `  throw new Error("${other}Batch: retries exhausted");`,
    `}`,
  ].join("\n");
}

function testLog(rnd: () => number): string {
  const n = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo));
  const files = ["parser", "retry", "invoice", "ledger", "export", "webhook", "auth", "render"];
  return [
    `> vitest run`,
    ``,
    ...files.map((f) => ` ✓ tests/${f}.test.ts (${n(4, 90)} tests) ${n(20, 900)}ms`),
    ` × tests/retry.test.ts > backs off after a 503 (${n(1, 4)} failed)`,
    `   AssertionError: expected ${n(100, 900)} to be less than ${n(100, 900)}`,
    `    ❯ tests/retry.test.ts:${n(10, 200)}:${n(3, 40)}`,
    ``,
    ` Test Files  1 failed | ${files.length - 1} passed (${files.length})`,
    `      Tests  ${n(1, 4)} failed | ${n(200, 600)} passed (${n(600, 700)})`,
    `   Start at  ${String(n(8, 20)).padStart(2, "0")}:${String(n(0, 60)).padStart(2, "0")}:${String(n(0, 60)).padStart(2, "0")}`,
    `   Duration  ${(rnd() * 9).toFixed(2)}s (transform ${n(100, 900)}ms, setup 0ms, collect ${n(1, 9)}.${n(10, 99)}s)`,
  ].join("\n");
}

function toolOutput(rnd: () => number, i: number, facts: readonly TranscriptFact[]): string {
  const kind = Math.floor(rnd() * 3);
  if (kind === 0) {
    return codeBlock(rnd, i);
  }
  if (kind === 1) {
    return testLog(rnd);
  }
  // A config dump naming planted subjects with made-up values: machine output, not a statement.
  const dump: Record<string, unknown> = { region: "xx-test-1", debug: true };
  for (let k = 0; k < 10; k++) {
    const fact = facts[Math.floor(rnd() * facts.length)];
    const key = (fact?.subject ?? "limit").replace(/\s+/g, "_").toUpperCase();
    dump[key] = Math.floor(rnd() * 5000);
  }
  dump["build"] = { id: `b-${Math.floor(rnd() * 1e6)}`, cached: rnd() > 0.5, steps: 14 };
  return JSON.stringify(dump, null, 2);
}

export interface TranscriptOptions {
  seed: number;
  /** A built-in family's name, or any name with its `spec`. */
  family: string;
  /** The phrasing family to generate with; default the built-in one of that name. */
  spec?: FamilySpec;
  /** Messages after the system message (default 600). */
  turns?: number;
  /** Planted facts (default 12). */
  facts?: number;
}

const FAMILY_SALT: Record<TemplateFamily, number> = {
  dev: 0,
  holdout: 17,
  fresh: 31,
  unseen: 47,
  later: 59,
  blind: 71,
  sealed: 83,
};

function isBuiltIn(family: string): family is TemplateFamily {
  return (FAMILIES as readonly string[]).includes(family);
}

/** The PRNG salt of a family: fixed for the built-ins, a hash of its name for any other. */
function familySalt(family: string): number {
  if (isBuiltIn(family)) {
    return FAMILY_SALT[family];
  }
  let h = 0;
  for (const c of family) {
    h = (Math.imul(h, 31) + (c.codePointAt(0) ?? 0)) >>> 0;
  }
  return 100 + (h % 10_000);
}

/** The line of a (possibly multi-line) statement that holds its value. */
function valueLine(text: string, value: string): string {
  return text.split("\n").find((l) => l.includes(value)) ?? text;
}

/** A transcript of user / assistant / tool turns with facts planted in the prose. */
export function makeTranscript(options: TranscriptOptions): Transcript {
  const rnd = prng(options.seed * 7919 + familySalt(options.family));
  const spec = options.spec ?? (isBuiltIn(options.family) ? SPECS[options.family] : undefined);
  if (spec === undefined) {
    throw new Error(`no phrasing family "${options.family}": give its spec`);
  }
  const total = options.turns ?? 600;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const planted = spec.facts(rnd, options.facts ?? 12);
  const facts: TranscriptFact[] = planted.map((p, i) => {
    const updates = i % 3 === 0 ? 0 : 1 + Math.floor(rnd() * 2);
    const values: string[] = [];
    while (values.length < updates + 1) {
      const v = p.value();
      if (!values.includes(v)) {
        values.push(v);
      }
    }
    return { subject: p.subject, values, lookAlike: p.lookAlike };
  });
  // Where each statement goes: first values early, updates later, look-alikes anywhere.
  const plan = new Map<number, string[]>();
  const statements: Transcript["statements"] = [];
  const place = (turn: number, sentence: string) => {
    plan.set(turn, [...(plan.get(turn) ?? []), sentence]);
  };
  const userTurns = (lo: number, hi: number) => {
    // Prose turns only (user or assistant positions, never tool), in [lo, hi).
    const t = lo + Math.floor(rnd() * Math.max(1, hi - lo));
    return t % 3 === 0 ? t + 1 : t;
  };
  facts.forEach((fact, f) => {
    let from = 2;
    fact.values.forEach((value, v) => {
      const span = Math.floor((total - 40) / fact.values.length);
      const turn = userTurns(Math.max(from, v * span + 2), (v + 1) * span);
      from = turn + 1;
      const phrase = v === 0 ? pick(spec.first) : pick(spec.updates);
      const text = phrase(fact.subject, value, fact.values[v - 1] ?? "");
      place(turn, text);
      statements.push({ sentence: valueLine(text, value), fact: f, value: v, turn });
    });
    // A look-alike after the latest value, with a value of its own.
    const alikeTurn = userTurns(from, total - 30);
    const alikeValue = planted[f]?.value() ?? "";
    place(alikeTurn, pick(spec.lookAlike)(fact.lookAlike, alikeValue, ""));
    // Mentions of the subject that state no value of it.
    for (const mention of spec.mentions === undefined ? [] : [pick(spec.mentions)]) {
      place(userTurns(2, total - 30), mention(fact.subject, rnd));
    }
  });
  const messages: ChatMessage[] = [
    { role: "system", content: "You are a coding agent working on the billing service." },
  ];
  let callId = 0;
  for (let turn = 1; turn <= total; turn++) {
    const here = plan.get(turn) ?? [];
    if (turn % 3 === 0 && here.length === 0) {
      const id = `call_${callId++}`;
      const prev = messages.at(-1);
      if (prev?.role === "assistant") {
        prev.tool_calls = [
          {
            id,
            type: "function",
            function: { name: "run", arguments: JSON.stringify({ step: turn }) },
          },
        ];
        messages.push({ role: "tool", tool_call_id: id, content: toolOutput(rnd, turn, facts) });
        continue;
      }
    }
    const chatter = Array.from({ length: 3 + Math.floor(rnd() * 7) }, () => pick(CHATTER));
    const at = Math.floor(rnd() * (chatter.length + 1));
    const sentences = [...chatter.slice(0, at), ...here, ...chatter.slice(at)];
    const joint = here.some((p) => p.includes("\n")) ? "\n" : " ";
    messages.push({ role: turn % 2 === 1 ? "user" : "assistant", content: sentences.join(joint) });
  }
  // Statement turns as message positions (index + 1, the compressor's default numbering).
  const fixed = statements.map((s) => ({
    ...s,
    turn: messages.findIndex((m) => m.content?.includes(s.sentence) === true) + 1,
  }));
  return { seed: options.seed, family: options.family, messages, facts, statements: fixed };
}
