// Seeded long agent transcripts for bench:compression, written apart from the
// summariser: prose chatter, tool output with real code and logs, planted facts
// whose values are later restated, paraphrased or changed "now", and look-alike
// sentences about a near subject. Three template families: "dev" (developed
// against), "holdout" (run after the summariser was written, then used to fix it)
// and "fresh" (written after those fixes). Used by bench/compression.ts.
import type { ChatMessage } from "../shared/context/messages.ts";

export type TemplateFamily = "dev" | "holdout" | "fresh";

export interface TranscriptFact {
  /** The whole subject, as the transcript names it ("cache lifetime of the pricing page"). */
  subject: string;
  /** Values in the order stated; the last one is current. */
  values: string[];
  /** A qualifier that turns the subject into its look-alike ("of the sandbox"). */
  lookAlike: string;
}

export interface Transcript {
  seed: number;
  family: TemplateFamily;
  messages: ChatMessage[];
  facts: TranscriptFact[];
  /** Every sentence that states a planted value: its fact, value index and turn (index + 1). */
  statements: { sentence: string; fact: number; value: number; turn: number }[];
}

/** Deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
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

type Phrase = (s: string, v: string) => string;
/** First statements of a value. */
const FIRST: Record<TemplateFamily, Phrase[]> = {
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
const UPDATES: Record<TemplateFamily, Phrase[]> = {
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
];

function codeBlock(rnd: () => number, i: number): string {
  const name =
    ["parseInvoice", "retryWithBackoff", "loadConfig", "renderRow", "hashKey"][i % 5] ?? "f";
  const limit = 10 + Math.floor(rnd() * 90);
  return [
    `export function ${name}(input: string, limit = ${limit}): number {`,
    `  const parts = input.split(",").map((p) => p.trim());`,
    `  let total = 0;`,
    `  for (const part of parts) {`,
    `    total += Number.parseInt(part, 10) || 0;`,
    `    if (total > limit) return limit;`,
    `  }`,
    `  return total;`,
    `}`,
  ].join("\n");
}

function toolOutput(rnd: () => number, i: number, facts: readonly TranscriptFact[]): string {
  const kind = Math.floor(rnd() * 3);
  if (kind === 0) {
    return codeBlock(rnd, i);
  }
  if (kind === 1) {
    const pass = 20 + Math.floor(rnd() * 200);
    return [
      `> vitest run`,
      ` ✓ tests/parser.test.ts (${pass} tests) ${Math.floor(rnd() * 900)}ms`,
      ` × tests/retry.test.ts > backs off (${1 + Math.floor(rnd() * 3)} failed)`,
      `Test Files  1 failed | 7 passed (8)`,
      `Duration  ${(rnd() * 9).toFixed(2)}s`,
    ].join("\n");
  }
  // A config dump naming a planted subject with a made-up value: machine output, not a statement.
  const fact = facts[Math.floor(rnd() * facts.length)];
  const key = (fact?.subject ?? "limit").replace(/\s+/g, "_").toUpperCase();
  return JSON.stringify(
    { [key]: Math.floor(rnd() * 5000), region: "xx-test-1", debug: true },
    null,
    2,
  );
}

export interface TranscriptOptions {
  seed: number;
  family: TemplateFamily;
  /** Messages after the system message (default 600). */
  turns?: number;
  /** Planted facts (default 12). */
  facts?: number;
}

/** A transcript of user / assistant / tool turns with facts planted in the prose. */
export function makeTranscript(options: TranscriptOptions): Transcript {
  const rnd = prng(options.seed * 7919 + { dev: 0, holdout: 17, fresh: 31 }[options.family]);
  const total = options.turns ?? 600;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const heads = [...HEADS].sort(() => rnd() - 0.5).slice(0, options.facts ?? 12);
  const facts: TranscriptFact[] = heads.map((head, i) => {
    const updates = i % 3 === 0 ? 0 : 1 + Math.floor(rnd() * 2);
    const values: string[] = [];
    while (values.length < updates + 1) {
      const v = valueFor(head, rnd);
      if (!values.includes(v)) {
        values.push(v);
      }
    }
    return { subject: head, values, lookAlike: pick(QUALIFIERS) };
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
      const phrase = v === 0 ? pick(FIRST[options.family]) : pick(UPDATES[options.family]);
      const sentence = phrase(fact.subject, value);
      place(turn, sentence);
      statements.push({ sentence, fact: f, value: v, turn });
    });
    // A look-alike after the latest value, with a value of its own.
    const alikeTurn = userTurns(from, total - 30);
    const alikeValue = valueFor(fact.subject, rnd);
    place(alikeTurn, pick(LOOK_ALIKE)(`${fact.subject} ${fact.lookAlike}`, alikeValue));
  });
  const messages: ChatMessage[] = [
    { role: "system", content: "You are a coding agent working on the billing service." },
  ];
  let callId = 0;
  for (let turn = 1; turn <= total; turn++) {
    const planted = plan.get(turn) ?? [];
    if (turn % 3 === 0 && planted.length === 0) {
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
    const chatter = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => pick(CHATTER));
    const at = Math.floor(rnd() * (chatter.length + 1));
    const sentences = [...chatter.slice(0, at), ...planted, ...chatter.slice(at)];
    messages.push({ role: turn % 2 === 1 ? "user" : "assistant", content: sentences.join(" ") });
  }
  // Statement turns as message positions (index + 1, the compressor's default numbering).
  const fixed = statements.map((s) => ({
    ...s,
    turn: messages.findIndex((m) => m.content?.includes(s.sentence) === true) + 1,
  }));
  return { seed: options.seed, family: options.family, messages, facts, statements: fixed };
}
