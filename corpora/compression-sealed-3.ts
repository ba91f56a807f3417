// The "sealed-3" compression family: a seeded team-offsite planning session (Lisbon; flights,
// hotel, coach, venues) run by an agent with booking tools, written blind to the compressor.
// bench/compression.ts finds it through GENERATED_FAMILY; `makeTranscript` here serves any
// family, passing every other one through to corpora/compression-sealed-2.ts.
import {
  FAMILIES as BASE_FAMILIES,
  makeTranscript as makeBaseTranscript,
  type TemplateFamily as BaseFamily,
  type Transcript as BaseTranscript,
  type TranscriptFact,
} from "./compression-sealed-2.ts";
import { fillerBlock, Rand, Session } from "./compression-sealed-3-filler.ts";
import { nearMiss, pad, PEOPLE, TEMPLATES } from "./compression-sealed-3-facts.ts";

export type { TranscriptFact };
export const SEALED_3 = "sealed-3";
export type TemplateFamily = BaseFamily | typeof SEALED_3;
export const FAMILIES: readonly TemplateFamily[] = [...BASE_FAMILIES, SEALED_3];
export type Transcript = Omit<BaseTranscript, "family"> & { family: TemplateFamily };
type Statement = Transcript["statements"][number];
type Options = Omit<Parameters<typeof makeBaseTranscript>[0], "family"> & {
  family: TemplateFamily;
};

/** Any family: sealed-3 here, the others from corpora/compression-sealed-2.ts. */
/**
 * How bench/compression.ts finds this family (bench/compression-families.ts). The bench
 * numbers turns from 1 (a statement's `turn` is its message index + 1); this file counts
 * them from 0.
 */
export const GENERATED_FAMILY = {
  name: SEALED_3,
  generate: (seed: number, turns: number) => {
    const t = makeSealed3(seed, turns);
    return { ...t, statements: t.statements.map((s) => ({ ...s, turn: s.turn + 1 })) };
  },
};

export function makeTranscript(options: Options): Transcript {
  const { family, ...rest } = options;
  return family === SEALED_3
    ? makeSealed3(rest.seed, rest.turns ?? 600)
    : makeBaseTranscript({ ...rest, family });
}

/** How an updated value is said. */
export const UPDATE_KINDS = [
  "restate",
  "now",
  "actually",
  "typo",
  "paraphrase",
  "confirm",
  "json",
  "table",
  "csv",
  "email",
  "revert",
  "narrow",
  "unit",
] as const;
type UpdateKind = (typeof UPDATE_KINDS)[number];
/** Kinds any fact can take; revert, narrow and unit are tied to a fact's shape. */
const PLAIN_KINDS: readonly UpdateKind[] = UPDATE_KINDS.filter(
  (k) => k !== "revert" && k !== "narrow" && k !== "unit",
);

const INITIAL: readonly ((
  s: string,
  v: string,
) => [who: "user" | "assistant" | "card", text: string])[] = [
  (s, v) => ["user", `The ${s} is ${v}.`],
  (s, v) => ["user", `Per the kickoff call, the ${s} will be ${v}.`],
  (s, v) => ["assistant", `I've put ${v} down as the ${s}.`],
  (s, v) => ["card", `${s}: ${v}`],
  (s, v) => ["user", `For the plan: ${s} ${v}, that came straight from the supplier.`],
  (s, v) => ["assistant", `Noting it before it gets lost: ${s} = ${v}.`],
];

const USER_WRAP = [
  ["", ""],
  ["Ok, one more thing. ", ""],
  ["", " Can you add that to the itinerary doc?"],
  ["Sorry, got pulled into a meeting. ", " Carry on."],
] as const;

interface Event {
  at: number;
  fact: number;
  value: number;
  kind: UpdateKind | "initial" | "distractor";
}

function makeSealed3(seed: number, turns: number): Transcript {
  const rand = new Rand(seed * 7919 + 3);
  const session = new Session(
    rand,
    "You are an operations assistant planning a company offsite in Lisbon. You can search and hold flights and hotels, update bookings, read the travel policy and export the itinerary. Keep bookings consistent with what the organiser last said.",
  );
  const facts: TranscriptFact[] = [];
  const look: string[] = [];
  const events: Event[] = [];
  const order = rand.shuffle(TEMPLATES.map((_, i) => i));
  const updates = new Map<number, number>(order.map((f, i) => [f, i < 4 ? 0 : i < 12 ? 1 : 2]));
  let plain = rand.shuffle(PLAIN_KINDS);
  const nextPlain = (): UpdateKind => {
    if (plain.length === 0) {
      plain = rand.shuffle(PLAIN_KINDS);
    }
    return plain.pop() ?? "now";
  };
  for (const [i, t] of TEMPLATES.entries()) {
    const pool = t.pool(rand);
    const n = t.shape === undefined ? (updates.get(i) ?? 0) : Math.max(1, updates.get(i) ?? 0);
    const kinds: UpdateKind[] = [];
    for (let u = 0; u < n; u++) {
      kinds.push(
        t.shape === "range"
          ? "narrow"
          : t.shape === "duration" && u === 0
            ? "unit"
            : u === 1 && rand.chance(0.5)
              ? "revert"
              : nextPlain(),
      );
    }
    const values: string[] = [pool[0] ?? ""];
    for (const [u, k] of kinds.entries()) {
      values.push(k === "revert" ? (values[0] ?? "") : (pool[u + 1] ?? ""));
    }
    facts.push({ subject: t.subject, values, lookAlike: t.lookAlike });
    look.push(nearMiss(rand, values.at(-1) ?? "", [...values, ...pool], pool.slice(values.length)));
    let at = 0.02 + rand.next() * 0.3;
    events.push({ at, fact: i, value: 0, kind: "initial" });
    for (const [u, k] of kinds.entries()) {
      at = at + 0.05 + rand.next() * (0.95 - at) * 0.6;
      events.push({ at, fact: i, value: u + 1, kind: k });
    }
    for (let d = 0; d < 1 + rand.int(2); d++) {
      events.push({ at: 0.05 + rand.next() * 0.9, fact: i, value: -1, kind: "distractor" });
    }
  }
  events.sort((a, b) => a.at - b.at);

  const statements: Statement[] = [];
  const state = (turn: number, sentence: string, fact: number, value: number) =>
    statements.push({ sentence, fact, value, turn });
  const say = (e: Event) => {
    const fact = facts[e.fact];
    if (fact === undefined) {
      return;
    }
    const s = fact.subject;
    const v = fact.values[e.value] ?? "";
    const o = fact.values[e.value - 1] ?? "";
    const person = rand.pick(PEOPLE);
    const [pre, post] = rand.pick(USER_WRAP);
    if (e.kind === "distractor") {
      const l = fact.lookAlike;
      const dv = look[e.fact] ?? "";
      const form = rand.int(3);
      if (form === 0) {
        session.user(`${pre}The ${l} is ${dv}.${post}`);
      } else if (form === 1) {
        session.assistant(
          `From the supplier's confirmation email: the ${l} is ${dv}. Filing it with the booking.`,
        );
      } else {
        session.tool(
          "get_booking",
          { ref: `BK-${1000 + rand.int(9000)}` },
          `status: held\n${l}: ${dv}\nsupplier: partner-api\nlast_sync: 2026-04-${pad(1 + rand.int(28))}`,
        );
      }
      return;
    }
    const plant = (turn: number, sentence: string) => state(turn, sentence, e.fact, e.value);
    switch (e.kind) {
      case "initial": {
        const [who, text] = rand.pick(INITIAL)(s, v);
        if (who === "card") {
          plant(
            session.tool(
              "get_booking",
              { ref: `BK-${1000 + rand.int(9000)}` },
              `status: confirmed\n${text}\nsupplier: partner-api\nnotes: none`,
            ),
            text,
          );
        } else if (who === "user") {
          plant(session.user(`${pre}${text}${post}`), text);
        } else {
          plant(session.assistant(`${text} I'll keep it in the itinerary draft.`), text);
        }
        return;
      }
      case "restate": {
        const text = `Restating so nobody books the wrong thing: the ${s} is ${v}.`;
        plant(session.user(`${pre}${text}${post}`), text);
        return;
      }
      case "now": {
        const text = `Heads up, the ${s} is now ${v}.`;
        plant(session.user(`${pre}${text}${post}`), text);
        return;
      }
      case "actually": {
        const text = `Actually, make that ${v} for the ${s}.`;
        plant(session.user(`${pre}${text}${post}`), text);
        return;
      }
      case "typo": {
        const text = `Correction, I fat-fingered that earlier: the ${s} is ${v}, not ${o}.`;
        plant(session.user(text), text);
        return;
      }
      case "paraphrase": {
        const said = TEMPLATES[e.fact]?.paraphrase;
        const text =
          said === undefined
            ? `After the call with finance we landed on ${v} as the ${s}.`
            : said(s, v);
        plant(session.user(`${pre}${text}${post}`), text);
        return;
      }
      case "confirm": {
        session.tool(
          "update_booking",
          { field: s.replace(/ /g, "_"), value: v },
          `{\n  "ok": true,\n  "change_id": "chg_${rand.int(1_000_000).toString(36)}"\n}`,
          "Updating it.",
        );
        const text = `Done — changed the ${s} to ${v}.`;
        plant(session.assistant(`${text} The supplier has the new details.`), text);
        return;
      }
      case "json": {
        const text = `{"field": "${s}", "from": "${o}", "to": "${v}", "by": "${person}"}`;
        const other = `{"field": "late checkout", "from": "no", "to": "yes", "by": "${rand.pick(PEOPLE)}"}`;
        plant(
          session.tool(
            "get_change_log",
            { since: "yesterday" },
            rand.chance(0.5) ? `${other}\n${text}` : `${text}\n${other}`,
          ),
          text,
        );
        return;
      }
      case "table": {
        const text = `| ${s} | ${o} | ${v} | ${person} |`;
        plant(
          session.tool(
            "list_changes",
            { booking: "offsite-lisbon" },
            `| field | was | now | changed by |\n|---|---|---|---|\n| parking spaces | 4 | 6 | ${rand.pick(PEOPLE)} |\n${text}\n| vegetarian meals | 9 | 11 | ${rand.pick(PEOPLE)} |`,
          ),
          text,
        );
        return;
      }
      case "csv": {
        const text = `${s},"${v}",confirmed,${person}`;
        plant(
          session.tool(
            "export_itinerary",
            { format: "csv" },
            `item,value,status,owner\nwelcome pack,"tote + badge",ordered,${rand.pick(PEOPLE)}\n${text}\nphotographer,"half day",pending,${rand.pick(PEOPLE)}`,
          ),
          text,
        );
        return;
      }
      case "email": {
        const text = `Hi all, quick one: the ${s} has changed to ${v}.`;
        const handle = person.toLowerCase().replace(/[^a-z]+/g, ".");
        plant(
          session.user(
            `Forwarding this from ${person}:\n\n> From: ${person} <${handle}@example.com>\n> Subject: offsite logistics\n>\n> ${text} Please update anything you've drafted.\n> Thanks!\n\nCan you reflect that?`,
          ),
          text,
        );
        return;
      }
      case "revert": {
        const text = `Let's go back to ${v} for the ${s}; the other option fell through.`;
        plant(session.user(`${pre}${text}${post}`), text);
        return;
      }
      case "narrow": {
        const text = `The speakers confirmed, so the ${s} narrows to ${v}.`;
        plant(session.user(`${pre}${text}${post}`), text);
        return;
      }
      case "unit": {
        const text = `The coach company's estimate puts the ${s} at ${v} on the new toll road.`;
        plant(session.user(`${pre}${text}${post}`), text);
        return;
      }
    }
  };

  let next = 0;
  while (session.messages.length - 1 < turns || next < events.length) {
    const e = events[next];
    const progress = (session.messages.length - 1) / turns;
    if (e !== undefined && (e.at <= progress || session.messages.length - 1 >= turns)) {
      say(e);
      next++;
      if (e.kind !== "distractor" && rand.chance(0.6)) {
        session.assistant(
          rand.pick([
            "Noted.",
            "Got it, updating the draft.",
            "Ok, I'll carry that through.",
            "Understood.",
          ]),
        );
      }
    } else {
      fillerBlock(session);
    }
  }
  return { seed, family: SEALED_3, messages: session.messages, facts, statements };
}
