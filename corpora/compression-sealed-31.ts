// The "sealed-31" compression family for bench:compression: a law firm's litigation support
// session in which an agent helps a senior associate and a paralegal run discovery and
// deadlines for a commercial dispute (Harlow v. Acme). Sixteen planted facts (deadlines, rates,
// review and vendor settings) are stated in prose and in tool output, changed "now", corrected,
// re-printed stale by tools, shadowed by look-alikes and by rejected proposals. Written blind to
// the compressor; discovered by bench/compression-families.ts, checked by
// tests/bench/compression-sealed-31.test.ts.
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript, TranscriptFact } from "./compression-transcript.ts";
import { mulberry32 } from "./prng.ts";
import { SUBJECTS, type FactKind } from "./compression-sealed-31-facts.ts";
import {
  DECOY_FORMS,
  LOOK_ALIKE_FORMS,
  MENTION_FORMS,
  STALE_FORMS,
} from "./compression-sealed-31-echoes.ts";
import {
  CONFIRM_FORMS,
  FIRST_FORMS,
  fits,
  UPDATE_FORMS,
  type Form,
  type FormInput,
  type Insert,
  type ToolKind,
} from "./compression-sealed-31-forms.ts";
import {
  ASSISTANT_CHATTER,
  proseTurn,
  TOOL_KINDS,
  TOOL_NAMES,
  toolBody,
  USER_CHATTER,
} from "./compression-sealed-31-filler.ts";

type Rnd = () => number;

/** What the agent says before a tool call, when it says anything. */
const PREFACES = [
  "Let me pull that up.",
  "Checking now.",
  "One moment, pulling the current export.",
  "I'll look at the source rather than the tracker.",
  "Fetching it.",
];

/** One user request and the agent's answer, with zero or more tool rounds in between. */
interface Episode {
  tool: ToolKind | undefined;
  inserts: { fact: number; insert: Insert }[];
}

export interface Sealed31Transcript extends Pick<Transcript, "messages" | "facts" | "statements"> {
  /** The names of the forms planted, in planting order. */
  forms: string[];
}

function shuffled<T>(rnd: Rnd, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Deals forms that fit a kind of fact from a shuffled deck, refilled when none fits, so every form gets used. */
function dealer(rnd: Rnd, forms: readonly Form[]): (kind: FactKind) => Form {
  let deck: Form[] = [];
  return (kind) => {
    if (!deck.some((f) => fits(f, kind))) {
      deck = [...deck, ...shuffled(rnd, forms)];
    }
    const at = deck.findIndex((f) => fits(f, kind));
    return deck.splice(at, 1)[0] as Form;
  };
}

const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;

/** A random form among those that fit a kind of fact. */
const pickFor = (rnd: Rnd, forms: readonly Form[], kind: FactKind) =>
  pick(
    rnd,
    forms.filter((f) => fits(f, kind)),
  );

/** The word-boundary test the bench scores with, for keeping a fact's last statement clean. */
const names = (line: string, value: string) => {
  const escaped = value.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\w.-])${escaped}(?![\\w-])`).test(line.toLowerCase());
};

/** The planted texts of one fact, in transcript order. */
function factEvents(
  rnd: Rnd,
  fact: TranscriptFact,
  alikeValue: string,
  decoys: readonly string[],
  kind: FactKind,
  deal: Record<"first" | "update" | "stale", (kind: FactKind) => Form>,
): Insert[] {
  const input = (v: string, old = ""): FormInput => ({
    s: fact.subject,
    v,
    old,
    alike: fact.lookAlike,
    decoy: decoys[0] ?? "",
  });
  const events: Insert[] = [];
  if (rnd() < 0.5) {
    events.push(pickFor(rnd, MENTION_FORMS, kind).make(input("")));
  }
  const values = fact.values;
  events.push(deal.first(kind).make(input(values[0] ?? "")));
  if (rnd() < 0.3) {
    events.push(pickFor(rnd, CONFIRM_FORMS, kind).make(input(values[0] ?? "")));
  }
  if (rnd() < 0.6) {
    events.push(pickFor(rnd, DECOY_FORMS, kind).make(input("")));
  }
  for (let v = 1; v < values.length; v++) {
    events.push(deal.update(kind).make(input(values[v] ?? "", values[v - 1] ?? "")));
  }
  const current = values.at(-1) ?? "";
  if (values.length > 1 && rnd() < 0.75) {
    const old = values[Math.floor(rnd() * (values.length - 1))] ?? "";
    events.push(deal.stale(kind).make(input(current, old)));
    events.push(pickFor(rnd, CONFIRM_FORMS, kind).make(input(current)));
  }
  // The look-alike, somewhere after the first statement, with its own value.
  const firstAt = events.findIndex((e) => e.stated.length > 0);
  const alikeAt = firstAt + 1 + Math.floor(rnd() * (events.length - firstAt));
  const alike = pickFor(rnd, LOOK_ALIKE_FORMS, kind).make({ ...input(""), decoy: alikeValue });
  events.splice(alikeAt, 0, alike);
  if (values.length > 1 && rnd() < 0.5) {
    const decoy = pickFor(rnd, DECOY_FORMS, kind).make({ ...input(""), decoy: decoys[1] ?? "" });
    events.push(decoy);
  }
  // The last statement must show the current value and no replaced one.
  const last = events.flatMap((e) => e.stated).at(-1);
  const old = values.slice(0, -1);
  if (last === undefined || old.some((o) => names(last.line, o)) || last.value !== current) {
    events.push(pickFor(rnd, CONFIRM_FORMS, kind).make(input(current)));
  }
  return events;
}

/** `count` distinct sorted episode indices in [1, total), the first in the opening third. */
function positions(rnd: Rnd, count: number, total: number): number[] {
  const start = 1 + Math.floor(rnd() * Math.max(1, Math.floor(total * 0.3)));
  const chosen = new Set<number>([start]);
  while (chosen.size < count) {
    chosen.add(start + 1 + Math.floor(rnd() * (total - start - 1)));
  }
  return [...chosen].sort((a, b) => a - b);
}

export function buildSealed31(seed: number, turns: number): Sealed31Transcript {
  const rnd = mulberry32(seed * 7919 + 3131);
  // Episodes: user, [assistant call, tool]*, assistant; some have no tool round.
  const episodes: Episode[] = [];
  // Planted tool outputs add rounds, so plan a little short and pad the end afterwards.
  const newEpisode = (): Episode => ({
    tool: rnd() < 0.82 ? pick(rnd, TOOL_KINDS) : undefined,
    inserts: [],
  });
  for (let estimate = 0; estimate < turns * 0.88;) {
    const episode = newEpisode();
    episodes.push(episode);
    estimate += episode.tool === undefined ? 2 : 4;
  }
  // Facts: four changed twice, four changed once, eight never changed.
  const changes = shuffled(rnd, [2, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
  const facts: TranscriptFact[] = [];
  const deal = {
    first: dealer(rnd, FIRST_FORMS),
    update: dealer(rnd, UPDATE_FORMS),
    stale: dealer(rnd, STALE_FORMS),
  };
  const forms: string[] = [];
  SUBJECTS.forEach((subject, f) => {
    const pool = shuffled(rnd, subject.pool);
    const n = (changes[f] ?? 0) + 1;
    const fact = {
      subject: subject.subject,
      values: pool.slice(0, n),
      lookAlike: subject.lookAlike,
    };
    facts.push(fact);
    const events = factEvents(rnd, fact, pool[n] ?? "", pool.slice(n + 1), subject.kind, deal);
    positions(rnd, events.length, episodes.length).forEach((at, i) => {
      const insert = events[i] as Insert;
      episodes[at]?.inserts.push({ fact: f, insert });
      forms.push(insert.form);
    });
  });

  const messages: ChatMessage[] = [
    {
      role: "system",
      content:
        "You are a litigation support agent at Ostrow & Vance LLP working on Harlow Industries v. Acme Freight Systems (S.D.N.Y. 1:26-cv-04417). You help Dana Whitfield (senior associate) and Marcus Lee (paralegal) with discovery, deadlines and vendors. Read-only access to the docket, review platform, vendor console, calendar, mailbox and Teams.",
    },
  ];
  const statements: Transcript["statements"] = [];
  const record = (planted: readonly { fact: number; insert: Insert }[]) => {
    for (const { fact, insert } of planted) {
      for (const stated of insert.stated) {
        const value = facts[fact]?.values.indexOf(stated.value) ?? -1;
        statements.push({ sentence: stated.line, fact, value, turn: messages.length });
      }
    }
  };
  let callId = 0;
  const render = (episode: Episode) => {
    const at = (slot: string) => episode.inserts.filter((p) => p.insert.slot === slot);
    const user = at("user");
    messages.push({
      role: "user",
      content: proseTurn(
        rnd,
        USER_CHATTER,
        user.map((p) => p.insert.text),
      ),
    });
    record(user);
    const kinds = new Set<ToolKind>();
    if (episode.tool !== undefined) {
      kinds.add(episode.tool);
    }
    for (const p of episode.inserts) {
      if (p.insert.slot !== "user" && p.insert.slot !== "assistant") {
        kinds.add(p.insert.slot);
      }
    }
    for (const kind of kinds) {
      const id = `call_${callId++}`;
      messages.push({
        role: "assistant",
        content: rnd() < 0.4 ? null : pick(rnd, PREFACES),
        tool_calls: [
          {
            id,
            type: "function",
            function: {
              name: TOOL_NAMES[kind],
              arguments: JSON.stringify({ matter: "20417-003", page: 1 + Math.floor(rnd() * 4) }),
            },
          },
        ],
      });
      const planted = at(kind);
      messages.push({
        role: "tool",
        tool_call_id: id,
        content: toolBody(
          kind,
          rnd,
          planted.map((p) => p.insert.text),
        ),
      });
      record(planted);
    }
    const assistant = at("assistant");
    messages.push({
      role: "assistant",
      content: proseTurn(
        rnd,
        ASSISTANT_CHATTER,
        assistant.map((p) => p.insert.text),
      ),
    });
    record(assistant);
  };
  episodes.forEach(render);
  while (messages.length < turns + 1) {
    render(newEpisode());
  }
  return { messages, facts, statements, forms };
}

export const GENERATED_FAMILY = {
  name: "sealed-31",
  generate(seed: number, turns: number): Pick<Transcript, "messages" | "facts" | "statements"> {
    const { messages, facts, statements } = buildSealed31(seed, turns);
    return { messages, facts, statements };
  },
};
