// The "sealed-34" compression family for bench:compression: a museum registrar's office
// preparing the loan exhibition "Salt and Lantern: Painters of the Northern Coast", where an
// agent helps the registrar (Priya Nandakumar) and the exhibitions manager (Tomas Reyes) with
// collections records, condition reports, loan agreements and amendments, insurance schedules,
// shipper and courier bookings, environment logger exports, lender emails and install
// schedules. Sixteen planted facts are stated in prose and in tool output, changed "now",
// corrected, amended, re-printed stale by caches, quoted emails and superseded drafts, and
// shadowed by look-alikes and rejected proposals. Written blind to the compressor; discovered
// by bench/compression-families.ts, checked by tests/bench/compression-sealed-34.test.ts.
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript, TranscriptFact } from "./compression-transcript.ts";
import { mulberry32 } from "./prng.ts";
import { SUBJECTS, type FactKind } from "./compression-sealed-34-facts.ts";
import {
  DECOY_FORMS,
  LOOK_ALIKE_FORMS,
  MENTION_FORMS,
  STALE_FORMS,
} from "./compression-sealed-34-echoes.ts";
import {
  CONFIRM_FORMS,
  FIRST_FORMS,
  fits,
  UPDATE_FORMS,
  type Form,
  type FormInput,
  type Insert,
  type ToolKind,
} from "./compression-sealed-34-forms.ts";
import {
  ASSISTANT_CHATTER,
  proseTurn,
  TOOL_KINDS,
  TOOL_NAMES,
  toolRound,
  USER_CHATTER,
} from "./compression-sealed-34-filler.ts";

type Rnd = () => number;

const SYSTEM =
  "You are the registrar's assistant at the Hallam Museum of Art, working on the loan exhibition " +
  '"Salt and Lantern: Painters of the Northern Coast" (lenders: Whitcombe Gallery, Musee Lanvaux, ' +
  "Bergen Kunstmuseum, one private lender). You help Priya Nandakumar (registrar) and Tomas Reyes " +
  "(exhibitions manager). You can read the collections management system, condition reports, loan " +
  "agreements, the insurance schedule, shipper bookings, environment loggers, the registrar mailbox, " +
  "the install schedule and facilities tickets, and run Python on exported data. Never edit records " +
  "without being asked.";

/** What the agent says before a tool call, when it says anything. */
const PREFACES = [
  "Let me open that.",
  "Pulling the record.",
  "I'll check the source document rather than the planning sheet.",
  "One moment.",
  "Looking now.",
];

/** One request and its answer: a user turn, zero or more tool rounds, an assistant turn. */
interface Episode {
  tool: ToolKind | undefined;
  inserts: { fact: number; insert: Insert }[];
}

export interface Sealed34Transcript extends Pick<Transcript, "messages" | "facts" | "statements"> {
  /** The names of the forms planted, in planting order. */
  forms: string[];
}

const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;

function shuffled<T>(rnd: Rnd, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Hands out forms fitting a kind from a shuffled deck, refilled when none fits: all get used. */
function deck(rnd: Rnd, forms: readonly Form[]): (kind: FactKind) => Form {
  let cards: Form[] = [];
  return (kind) => {
    if (!cards.some((f) => fits(f, kind))) {
      cards = [...cards, ...shuffled(rnd, forms)];
    }
    const at = cards.findIndex((f) => fits(f, kind));
    return cards.splice(at, 1)[0] as Form;
  };
}

const anyFor = (rnd: Rnd, forms: readonly Form[], kind: FactKind) =>
  pick(
    rnd,
    forms.filter((f) => fits(f, kind)),
  );

/** Whether a line names a value as a whole phrase (the way the bench looks for it). */
function names(line: string, value: string): boolean {
  const escaped = value.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\w.-])${escaped}(?![\\w-])`).test(line.toLowerCase());
}

type Decks = Record<"first" | "update" | "stale", (kind: FactKind) => Form>;

/** The planted inserts of one fact, in transcript order. */
function plan(
  rnd: Rnd,
  fact: TranscriptFact,
  kind: FactKind,
  spare: readonly string[],
  decks: Decks,
): Insert[] {
  const [alikeValue = "", ...decoys] = spare;
  const input = (v: string, old = "", decoy = ""): FormInput => ({
    s: fact.subject,
    v,
    old,
    alike: fact.lookAlike,
    decoy,
  });
  const values = fact.values;
  const out: Insert[] = [];
  if (rnd() < 0.45) {
    out.push(anyFor(rnd, MENTION_FORMS, kind).make(input("")));
  }
  out.push(decks.first(kind).make(input(values[0] ?? "")));
  if (rnd() < 0.5) {
    out.push(anyFor(rnd, DECOY_FORMS, kind).make(input("", "", decoys[0] ?? "")));
  }
  for (let v = 1; v < values.length; v++) {
    out.push(decks.update(kind).make(input(values[v] ?? "", values[v - 1] ?? "")));
    if (rnd() < 0.25) {
      out.push(anyFor(rnd, CONFIRM_FORMS, kind).make(input(values[v] ?? "")));
    }
  }
  const current = values.at(-1) ?? "";
  if (values.length > 1 && rnd() < 0.8) {
    const old = values[Math.floor(rnd() * (values.length - 1))] ?? "";
    out.push(decks.stale(kind).make(input(current, old)));
    if (rnd() < 0.5) {
      out.push(anyFor(rnd, DECOY_FORMS, kind).make(input("", "", decoys[1] ?? "")));
    }
  }
  // The look-alike after the first statement, with its own value.
  const at = 2 + Math.floor(rnd() * (out.length - 1));
  const alike = anyFor(rnd, LOOK_ALIKE_FORMS, kind).make(input("", "", alikeValue));
  out.splice(Math.min(at, out.length), 0, alike);
  // The fact's last statement shows the current value and no replaced one.
  const last = out
    .filter((i) => i !== alike)
    .flatMap((i) => i.stated)
    .at(-1);
  const stale = values.slice(0, -1);
  if (last === undefined || last.value !== current || stale.some((o) => names(last.line, o))) {
    out.push(anyFor(rnd, CONFIRM_FORMS, kind).make(input(current)));
  }
  return out;
}

/** `count` distinct sorted episode indices in [1, total), the first in the opening quarter. */
function slots(rnd: Rnd, count: number, total: number): number[] {
  const first = 1 + Math.floor(rnd() * Math.floor(total * 0.25));
  const chosen = new Set<number>([first]);
  while (chosen.size < count) {
    chosen.add(first + 1 + Math.floor(rnd() * (total - first - 1)));
  }
  return [...chosen].sort((a, b) => a - b);
}

export function buildSealed34(seed: number, turns: number): Sealed34Transcript {
  const rnd = mulberry32(seed * 6151 + 3434);
  const fresh = (): Episode => ({
    tool: rnd() < 0.85 ? pick(rnd, TOOL_KINDS) : undefined,
    inserts: [],
  });
  // Planted tool outputs add rounds: plan short of the target and pad at the end.
  const episodes: Episode[] = [];
  for (let estimate = 0; estimate < turns * 0.86;) {
    const e = fresh();
    episodes.push(e);
    estimate += e.tool === undefined ? 2 : 4;
  }
  const changes = shuffled(rnd, [2, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
  const decks: Decks = {
    first: deck(rnd, FIRST_FORMS),
    update: deck(rnd, UPDATE_FORMS),
    stale: deck(rnd, STALE_FORMS),
  };
  const facts: TranscriptFact[] = [];
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
    const inserts = plan(rnd, fact, subject.kind, pool.slice(n), decks);
    slots(rnd, inserts.length, episodes.length).forEach((at, i) => {
      const insert = inserts[i] as Insert;
      episodes[at]?.inserts.push({ fact: f, insert });
      forms.push(insert.form);
    });
  });

  const messages: ChatMessage[] = [{ role: "system", content: SYSTEM }];
  const statements: Transcript["statements"] = [];
  const record = (planted: readonly { fact: number; insert: Insert }[]) => {
    for (const { fact, insert } of planted) {
      for (const stated of insert.stated) {
        const value = facts[fact]?.values.indexOf(stated.value) ?? -1;
        if (value >= 0) {
          statements.push({ sentence: stated.line, fact, value, turn: messages.length });
        }
      }
    }
  };
  let calls = 0;
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
    const kinds = new Set<ToolKind>(episode.tool === undefined ? [] : [episode.tool]);
    for (const p of episode.inserts) {
      if (p.insert.slot !== "user" && p.insert.slot !== "assistant") {
        kinds.add(p.insert.slot);
      }
    }
    for (const kind of kinds) {
      const id = `call_${String(calls++).padStart(3, "0")}`;
      const planted = at(kind);
      const round = toolRound(
        kind,
        rnd,
        planted.map((p) => p.insert.text),
      );
      messages.push({
        role: "assistant",
        content: rnd() < 0.45 ? null : pick(rnd, PREFACES),
        tool_calls: [
          { id, type: "function", function: { name: TOOL_NAMES[kind], arguments: round.args } },
        ],
      });
      messages.push({ role: "tool", tool_call_id: id, content: round.body });
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
    render(fresh());
  }
  return { messages, facts, statements, forms };
}

export const GENERATED_FAMILY = {
  name: "sealed-34",
  generate(seed: number, turns: number): Pick<Transcript, "messages" | "facts" | "statements"> {
    const { messages, facts, statements } = buildSealed34(seed, turns);
    return { messages, facts, statements };
  },
};
