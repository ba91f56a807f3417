// The "sealed-33" compression family for bench:compression: a night shift in a wafer fab's etch
// module, where an agent helps the etch process engineer read the recipe management system,
// SPC chart exports, MES lot histories, FDC alarm logs, ECN tickets, tool qualification reports,
// shift pass-down notes and the bay chat with the equipment engineer and the integration lead.
// Sixteen planted facts (recipe setpoints, control limits, intervals, owners, lots, ECNs,
// dates) are stated in prose and in tool records, changed "now" or corrected, re-printed stale,
// shadowed by look-alikes, rejected proposals and what-ifs. Written blind to the compressor;
// discovered by bench/compression-families.ts, checked by tests/bench/compression-sealed-33.test.ts.
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript, TranscriptFact } from "./compression-transcript.ts";
import { mulberry32 } from "./prng.ts";
import { SUBJECTS, type Subject } from "./compression-sealed-33-facts.ts";
import {
  CONFIRM_FORMS,
  DECOY_FORMS,
  FIRST_FORMS,
  fits,
  LOOK_ALIKE_FORMS,
  MENTION_FORMS,
  SPLIT_FORMS,
  STALE_FORMS,
  UPDATE_FORMS,
  type Form,
  type FormInput,
  type Insert,
} from "./compression-sealed-33-forms.ts";
import {
  FILLER_TOOLS,
  TOOL_NAMES,
  toolArgs,
  toolBody,
  type AnyTool,
} from "./compression-sealed-33-filler.ts";
import { ASSISTANT_CHATTER, proseTurn, USER_CHATTER } from "./compression-sealed-33-prose.ts";

type Rnd = () => number;

const SYSTEM_PROMPT =
  "You are the shift assistant for the etch module at Fab 3 (ETX-07 and ETX-09 etchers, chambers PM1 to PM4). You work with Ravi Iyer, the etch process engineer on nights, and can read the recipe management system (RMS), SPC, MES, the FDC alarm log, ECN tickets, tool qualification reports, the shift pass-down and the #etch-bay-nights channel, where Marek Duda (equipment engineer) and Ines Carvalho (integration lead) post. You never change a recipe or a lot yourself; you report what the systems say.";

const PREFACES = [
  "Pulling it from the system.",
  "Let me check the source instead of the traveller.",
  "One moment.",
  "Reading the latest export.",
  "Checking.",
];

interface Episode {
  tool: AnyTool | undefined;
  inserts: { fact: number; insert: Insert; where: string }[];
}

export interface Sealed33Transcript extends Pick<Transcript, "messages" | "facts" | "statements"> {
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

/** Deals forms from a shuffled deck, refilled when nothing in it fits, so each form comes up. */
function dealer(rnd: Rnd, forms: readonly Form[]): (subject: Subject) => Form {
  let deck: Form[] = [];
  return (subject) => {
    if (!deck.some((f) => fits(f, subject))) {
      deck = [...deck, ...shuffled(rnd, forms)];
    }
    const at = deck.findIndex((f) => fits(f, subject));
    return deck.splice(at, 1)[0] as Form;
  };
}

const anyFitting = (rnd: Rnd, forms: readonly Form[], subject: Subject) =>
  pick(
    rnd,
    forms.filter((f) => fits(f, subject)),
  );

/** Whether a line names a value as a whole word (how a reader would see it). */
const names = (line: string, value: string) => {
  const escaped = value.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\w.-])${escaped}(?![\\w-])`).test(line.toLowerCase());
};

interface Deal {
  first: (subject: Subject) => Form;
  update: (subject: Subject) => Form;
  stale: (subject: Subject) => Form;
}

/** One fact's planted texts, in transcript order. */
function factEvents(
  rnd: Rnd,
  subject: Subject,
  fact: TranscriptFact,
  alikeValue: string,
  decoys: readonly string[],
  deal: Deal,
): Insert[] {
  const input = (v: string, old = "", decoy = ""): FormInput => ({
    s: fact.subject,
    v,
    old,
    alike: fact.lookAlike,
    decoy,
    code: subject.code,
    where: subject.where,
  });
  const values = fact.values;
  const current = values.at(-1) ?? "";
  const events: Insert[] = [];
  if (rnd() < 0.5) {
    events.push(anyFitting(rnd, MENTION_FORMS, subject).make(input(""), rnd));
  }
  events.push(deal.first(subject).make(input(values[0] ?? ""), rnd));
  if (rnd() < 0.25) {
    events.push(anyFitting(rnd, CONFIRM_FORMS, subject).make(input(values[0] ?? ""), rnd));
  }
  if (rnd() < 0.4) {
    events.push(anyFitting(rnd, DECOY_FORMS, subject).make(input("", "", decoys[0]), rnd));
  }
  for (let v = 1; v < values.length; v++) {
    events.push(deal.update(subject).make(input(values[v] ?? "", values[v - 1] ?? ""), rnd));
  }
  if (values.length > 1 && rnd() < 0.7) {
    const old = values[Math.floor(rnd() * (values.length - 1))] ?? "";
    events.push(deal.stale(subject).make(input(current, old), rnd));
    events.push(anyFitting(rnd, CONFIRM_FORMS, subject).make(input(current), rnd));
  }
  // The look-alike, after the first statement, with a value of its own.
  const firstAt = events.findIndex((e) => e.stated.length > 0);
  const alikeAt = firstAt + 1 + Math.floor(rnd() * (events.length - firstAt));
  const alike = anyFitting(rnd, LOOK_ALIKE_FORMS, subject).make(input("", "", alikeValue), rnd);
  events.splice(alikeAt, 0, alike);
  if (values.length > 1 && rnd() < 0.5) {
    const old = values.at(-2) ?? "";
    events.push(anyFitting(rnd, SPLIT_FORMS, subject).make(input(current, old), rnd));
  }
  if (rnd() < 0.5) {
    events.push(anyFitting(rnd, DECOY_FORMS, subject).make(input("", "", decoys[1]), rnd));
  }
  // The last statement shows the current value and no replaced one.
  const last = events.flatMap((e) => e.stated).at(-1);
  const old = values.slice(0, -1);
  if (last === undefined || last.value !== current || old.some((o) => names(last.line, o))) {
    events.push(anyFitting(rnd, CONFIRM_FORMS, subject).make(input(current), rnd));
  }
  return events;
}

/** `count` distinct sorted episode indices in [1, total), the first in the opening quarter. */
function positions(rnd: Rnd, count: number, total: number): number[] {
  const start = 1 + Math.floor(rnd() * Math.max(1, Math.floor(total * 0.25)));
  const chosen = new Set<number>([start]);
  while (chosen.size < count) {
    chosen.add(start + 1 + Math.floor(rnd() * (total - start - 1)));
  }
  return [...chosen].sort((a, b) => a - b);
}

export function buildSealed33(seed: number, turns: number): Sealed33Transcript {
  const rnd = mulberry32(seed * 7919 + 3333);
  const newEpisode = (): Episode => ({
    tool: rnd() < 0.8 ? pick(rnd, FILLER_TOOLS) : undefined,
    inserts: [],
  });
  // Planted tool records add rounds: plan short and pad the end afterwards.
  const episodes: Episode[] = [];
  for (let estimate = 0; estimate < turns * 0.82;) {
    const episode = newEpisode();
    episodes.push(episode);
    estimate += episode.tool === undefined ? 2 : 4;
  }
  // Four facts changed twice, four once, eight never.
  const changes = shuffled(rnd, [2, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
  const deal: Deal = {
    first: dealer(rnd, FIRST_FORMS),
    update: dealer(rnd, UPDATE_FORMS),
    stale: dealer(rnd, STALE_FORMS),
  };
  const facts: TranscriptFact[] = [];
  const forms: string[] = [];
  SUBJECTS.forEach((subject, f) => {
    const pool = shuffled(rnd, subject.pool);
    const n = (changes[f] ?? 0) + 1;
    const fact: TranscriptFact = {
      subject: subject.subject,
      values: pool.slice(0, n),
      lookAlike: subject.lookAlike,
    };
    facts.push(fact);
    const events = factEvents(rnd, subject, fact, pool[n] ?? "", pool.slice(n + 1), deal);
    positions(rnd, events.length, episodes.length).forEach((at, i) => {
      const insert = events[i] as Insert;
      episodes[at]?.inserts.push({ fact: f, insert, where: subject.where });
      forms.push(insert.form);
    });
  });

  const messages: ChatMessage[] = [{ role: "system", content: SYSTEM_PROMPT }];
  const statements: Transcript["statements"] = [];
  const record = (planted: Episode["inserts"]) => {
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
        user.map((p) => p.insert.lines),
      ),
    });
    record(user);
    const kinds = new Set<AnyTool>();
    for (const p of episode.inserts) {
      if (p.insert.slot !== "user" && p.insert.slot !== "assistant") {
        kinds.add(p.insert.slot);
      }
    }
    if (episode.tool !== undefined) {
      kinds.add(episode.tool);
    }
    for (const kind of kinds) {
      const planted = at(kind);
      const id = `call_${String(callId++).padStart(4, "0")}`;
      messages.push({
        role: "assistant",
        content: pick(rnd, PREFACES),
        tool_calls: [
          {
            id,
            type: "function",
            function: { name: TOOL_NAMES[kind], arguments: toolArgs(kind, rnd, planted[0]?.where) },
          },
        ],
      });
      messages.push({
        role: "tool",
        tool_call_id: id,
        content: toolBody(
          kind,
          rnd,
          planted.flatMap((p) => p.insert.lines),
          planted[0]?.where,
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
        assistant.map((p) => p.insert.lines),
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
  name: "sealed-33",
  generate(seed: number, turns: number): Pick<Transcript, "messages" | "facts" | "statements"> {
    const { messages, facts, statements } = buildSealed33(seed, turns);
    return { messages, facts, statements };
  },
};
