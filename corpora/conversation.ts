// A seeded synthetic conversation with planted facts, later updates of some of
// them and look-alike distractors, for the compression tests and bench:compression.
// Deterministic: the same options give the same messages.
import { mulberry32 } from "./prng.ts";
import type { ChatMessage } from "../shared/context/messages.ts";

export interface PlantedFact {
  subject: string;
  /** Every value the conversation gives it, oldest first; the last one is current. */
  values: string[];
  /** Turn numbers (message index + 1) where each value was stated. */
  turns: number[];
}

export interface ConversationFixture {
  messages: ChatMessage[];
  facts: PlantedFact[];
  /** Sentences that look like facts but name a different subject. */
  distractors: string[];
}

export interface ConversationOptions {
  seed?: number;
  /** Conversation turns after the system message. */
  turns?: number;
  /** Filler sentences per turn, at least. */
  filler?: number;
  /**
   * How updates are phrased: "keyed" restates the subject ("the X is now V"),
   * "paraphrased" does not ("We moved the X to V"), which a keyed merge cannot match.
   */
  updates?: "keyed" | "paraphrased";
}

const FACTS: readonly { subject: string; values: readonly string[]; distractor: string }[] = [
  {
    subject: "invoice limit",
    values: ["4200 euros", "5100 euros"],
    distractor: "The invoice limit of the sandbox is 300 euros.",
  },
  {
    subject: "retry budget",
    values: ["3 attempts", "5 attempts"],
    distractor: "The retry budget of the mobile client is 9 attempts.",
  },
  {
    subject: "staging port",
    values: ["8443"],
    distractor: "The staging port of the old proxy was 7070.",
  },
  {
    subject: "cache ttl",
    values: ["900 seconds", "1200 seconds"],
    distractor: "The cache ttl of the search page is 60 seconds.",
  },
  {
    subject: "release tag",
    values: ["v2.4.1"],
    distractor: "The release tag of the docs site is v0.9.3.",
  },
  {
    subject: "shard count",
    values: ["12 shards", "16 shards"],
    distractor: "The shard count of the archive cluster is 4 shards.",
  },
  {
    subject: "report deadline",
    values: ["14 March"],
    distractor: "The report deadline of the pilot team was 2 February.",
  },
  {
    subject: "api timeout",
    values: ["2500 milliseconds", "4000 milliseconds"],
    distractor: "The api timeout of the legacy client is 9000 milliseconds.",
  },
  {
    subject: "upload cap",
    values: ["25 megabytes"],
    distractor: "The upload cap of the free tier is 5 megabytes.",
  },
  {
    subject: "build number",
    values: ["4471", "4519"],
    distractor: "The build number of the hotfix branch is 4380.",
  },
];

const FILLER: readonly string[] = [
  "I have been thinking about how the team approaches this kind of work.",
  "That sounds reasonable to me, although I would like to look at it again later.",
  "Let me go through the notes from the meeting once more before we move on.",
  "There is a lot of context here, so thank you for your patience with me.",
  "We talked about this briefly last week but never wrote anything down.",
  "It helps to keep the conversation focused on what actually matters for the launch.",
  "I am not sure everyone on the call heard the whole discussion.",
  "Please tell me if anything here sounds wrong or out of date.",
  "The people in finance asked for a short written summary of where things stand.",
  "We should keep an eye on how the customers react over the coming weeks.",
  "Honestly the hardest part is making sure nobody works from stale information.",
  "I will share the draft with the others once it reads a little better.",
  "My impression is that the plan is sound but the details still need care.",
  "Good question, and I think the answer depends on who is asking.",
  "Some of this was already covered in the onboarding material for new hires.",
  "Let us not spend too long on this part, the rest of the agenda is full.",
];

/** mulberry32: a small seeded generator, enough for shuffling fixtures. */
function random(seed: number): () => number {
  return mulberry32(seed);
}

/** The sentence that states value `index` of a fact. */
export function factSentence(
  subject: string,
  value: string,
  index: number,
  updates: "keyed" | "paraphrased" = "keyed",
): string {
  if (index === 0) {
    return `The ${subject} is ${value}.`;
  }
  return updates === "keyed"
    ? `Update: the ${subject} is now ${value}.`
    : `We moved the ${subject} to ${value} after the review.`;
}

export function makeConversation(options: ConversationOptions = {}): ConversationFixture {
  const next = random(options.seed ?? 7);
  const count = options.turns ?? 60;
  const filler = options.filler ?? 2;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  // Facts land in the first 40% of the turns, updates in the next 40%, distractors anywhere
  // before the last 4 turns (which stay raw and must not hold the only copy of a fact).
  const lines = new Map<number, string[]>();
  const add = (turn: number, line: string) => lines.set(turn, [...(lines.get(turn) ?? []), line]);
  const facts: PlantedFact[] = [];
  const early = Math.max(2, Math.floor(count * 0.4));
  const late = Math.max(early + 1, Math.floor(count * 0.8));
  for (const fact of FACTS) {
    const turns = fact.values.map((_, i) =>
      i === 0 ? 2 + Math.floor(next() * (early - 2)) : early + Math.floor(next() * (late - early)),
    );
    fact.values.forEach((value, i) =>
      add(turns[i] ?? 2, factSentence(fact.subject, value, i, options.updates)),
    );
    facts.push({ subject: fact.subject, values: [...fact.values], turns: turns.map((t) => t + 1) });
    add(2 + Math.floor(next() * (count - 6)), fact.distractor);
  }
  const messages: ChatMessage[] = [
    {
      role: "system",
      content:
        "[MISSION] Keep the project's operating figures straight across a long planning chat.",
    },
  ];
  for (let turn = 1; turn <= count; turn++) {
    const sentences = Array.from({ length: filler + Math.floor(next() * 2) }, () => pick(FILLER));
    // Each planted line lands at a seeded position: the head, the middle or the tail of the turn.
    const words = [...sentences];
    for (const line of lines.get(turn) ?? []) {
      words.splice(Math.floor(next() * (words.length + 1)), 0, line);
    }
    const text = words.join(" ");
    messages.push({ role: turn % 2 === 1 ? "user" : "assistant", content: text });
  }
  messages.push({ role: "user", content: "Thanks. What is the current invoice limit?" });
  messages.push({
    role: "assistant",
    content:
      "The current invoice limit is the latest value we agreed on; I will check the summary.",
  });
  return { messages, facts, distractors: FACTS.map((f) => f.distractor) };
}
