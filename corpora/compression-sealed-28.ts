// The "sealed-28" compression family: a ~600-message shift at a satellite operator,
// where an agent helps the spacecraft controller and the flight-dynamics engineer with
// passes, telemetry limits, command plans, link budgets, station bookings and anomaly
// tickets. Sixteen facts are planted in prose and tool output, changed, re-printed
// stale by tools, reconfirmed, shadowed by look-alikes and by rejected proposals.
// Written blind to the compressor. Run by bench:compression as --family=sealed-28.
import { mulberry32 } from "./prng.ts";
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript, TranscriptFact } from "./compression-transcript.ts";
import { CREW, SEALED28_FACTS, type Sealed28FactSpec } from "./compression-sealed-28-facts.ts";
import {
  DECOY_FORMS,
  FIRST_FORMS,
  LOOK_ALIKE_FORMS,
  MENTION_FORMS,
  RECONFIRM_FORMS,
  RESTATE_FORMS,
  STALE_FORMS,
  UPDATE_FORMS,
  type Form,
  type FormContext,
  type Host,
} from "./compression-sealed-28-forms.ts";
import {
  clock,
  TOOL_NAMES,
  toolArguments,
  toolOutput,
  type ToolName,
} from "./compression-sealed-28-tools.ts";
import {
  ASSISTANT_CHATTER,
  CALL_PREAMBLE,
  SYSTEM_PROMPT,
  USER_CHATTER,
} from "./compression-sealed-28-filler.ts";

type Rnd = () => number;
type EventKind =
  | "first"
  | "update"
  | "restate"
  | "stale"
  | "reconfirm"
  | "decoy"
  | "mention"
  | "alike";

interface PlantEvent {
  fact: number;
  kind: EventKind;
  /** The value index this event states as current, and the replaced one it may name. */
  value: number;
  old: number;
  position: number;
  form?: Form;
}

export interface Sealed28Transcript extends Pick<Transcript, "messages" | "facts" | "statements"> {
  /** The names of the forms planted, in transcript order. */
  forms: string[];
}

const shuffle = <T>(rnd: Rnd, list: readonly T[]): T[] => {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
};

/** Hands out forms in a shuffled round-robin so every form of a kind is used. */
function formDealer(rnd: Rnd) {
  const decks = new Map<readonly Form[], Form[]>();
  return (forms: readonly Form[]): Form => {
    const deck = decks.get(forms) ?? [];
    if (deck.length === 0) {
      deck.push(...shuffle(rnd, forms));
    }
    decks.set(forms, deck);
    return deck.pop() as Form;
  };
}

const FORMS_OF: Record<EventKind, readonly Form[]> = {
  first: FIRST_FORMS,
  update: UPDATE_FORMS,
  restate: RESTATE_FORMS,
  stale: STALE_FORMS,
  reconfirm: RECONFIRM_FORMS,
  decoy: DECOY_FORMS,
  mention: MENTION_FORMS,
  alike: LOOK_ALIKE_FORMS,
};

/** The ordered events of one fact with `updates` changes. */
function factEvents(rnd: Rnd, fact: number, updates: number, stale: boolean): PlantEvent[] {
  const last = updates;
  const seq: PlantEvent[] = [{ fact, kind: "first", value: 0, old: 0, position: 0 }];
  for (let k = 1; k <= updates; k++) {
    seq.push({ fact, kind: "update", value: k, old: k - 1, position: 0 });
  }
  if (updates === 0 && rnd() < 0.5) {
    seq.push({ fact, kind: "restate", value: 0, old: 0, position: 0 });
  }
  if (stale) {
    seq.push({ fact, kind: "stale", value: last, old: Math.floor(rnd() * last), position: 0 });
    seq.push({ fact, kind: "reconfirm", value: last, old: 0, position: 0 });
  }
  if (rnd() < 0.7) {
    const at = 1 + Math.floor(rnd() * seq.length);
    const current = seq[at - 1]?.value ?? 0;
    seq.splice(at, 0, { fact, kind: "decoy", value: current, old: 0, position: 0 });
  }
  const at = Math.floor(rnd() * (seq.length + 1));
  seq.splice(at, 0, { fact, kind: "mention", value: 0, old: 0, position: 0 });
  seq.push({ fact, kind: "alike", value: last, old: 0, position: 0 });
  const positions = seq.map(() => 0.02 + rnd() * 0.95).sort((a, b) => a - b);
  return seq.map((e, i) => ({ ...e, position: positions[i] ?? 0 }));
}

/** Spread events over episodes 1..count-1 in order, one event per episode. */
function assignEpisodes(events: readonly PlantEvent[], count: number): number[] {
  const eps = events.map((e) => 1 + Math.floor(e.position * (count - 2)));
  for (let i = 1; i < eps.length; i++) {
    eps[i] = Math.max(eps[i] ?? 0, (eps[i - 1] ?? 0) + 1);
  }
  for (let i = eps.length - 1; i >= 0; i--) {
    eps[i] = Math.min(eps[i] ?? 0, count - 1 - (eps.length - 1 - i));
  }
  return eps;
}

function prose(rnd: Rnd, chatter: readonly string[], planted: readonly string[]): string {
  const n = 1 + Math.floor(rnd() * 4);
  const words = Array.from({ length: n }, () => chatter[Math.floor(rnd() * chatter.length)] ?? "");
  if (planted.length === 0) {
    return words.join(" ");
  }
  const at = Math.floor(rnd() * (words.length + 1));
  if (rnd() < 0.5) {
    return [...words.slice(0, at), ...planted, ...words.slice(at)].join(" ");
  }
  return [words.slice(0, at).join(" "), ...planted, words.slice(at).join(" ")]
    .filter((p) => p !== "")
    .join("\n");
}

export function buildSealed28(seed: number, turns: number): Sealed28Transcript {
  const rnd = mulberry32(seed * 7919 + 2828);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const specs: Sealed28FactSpec[] = shuffle(rnd, SEALED28_FACTS);
  // Eight facts never change, five change once, three change twice.
  const updateCounts = shuffle(rnd, [...Array(8).fill(0), 1, 1, 1, 1, 1, 2, 2, 2] as number[]);
  const staleFacts = new Set(
    shuffle(
      rnd,
      updateCounts.flatMap((u, i) => (u > 0 ? [i] : [])),
    ).slice(0, 3),
  );
  const drawn = specs.map((spec, i) => {
    const pool = shuffle(rnd, spec.pool);
    const n = (updateCounts[i] ?? 0) + 1;
    return { spec, values: pool.slice(0, n), alikeValue: pool[n] ?? "", decoy: pool[n + 1] ?? "" };
  });
  const facts: TranscriptFact[] = drawn.map((d) => ({
    subject: d.spec.subject,
    values: d.values,
    lookAlike: d.spec.lookAlike,
  }));
  const deal = formDealer(rnd);
  const events = drawn
    .flatMap((_, f) => factEvents(rnd, f, updateCounts[f] ?? 0, staleFacts.has(f)))
    .sort((a, b) => a.position - b.position)
    .map((e) => ({ ...e, form: deal(FORMS_OF[e.kind]) }));
  const episodes = Math.max(Math.floor(turns / 4), events.length + 2);
  const at = assignEpisodes(events, episodes);
  const byEpisode = new Map<number, PlantEvent>();
  events.forEach((e, i) => byEpisode.set(at[i] ?? 0, e));

  const messages: ChatMessage[] = [{ role: "system", content: SYSTEM_PROMPT }];
  const statements: Transcript["statements"] = [];
  const forms: string[] = [];
  for (let ep = 0; ep < episodes; ep++) {
    const event = byEpisode.get(ep);
    const form = event?.form;
    const d = event === undefined ? undefined : drawn[event.fact];
    const context: FormContext | undefined =
      event === undefined || d === undefined
        ? undefined
        : {
            s: d.spec.subject,
            v: d.values[event.value] ?? "",
            old: d.values[event.old] ?? "",
            alike: d.spec.lookAlike,
            alikeValue: d.alikeValue,
            decoy: d.decoy,
            who: pick(CREW),
            time: clock(rnd),
            mnemonic: d.spec.mnemonic,
            key: d.spec.key,
            home: d.spec.home,
          };
    const planted = form === undefined || context === undefined ? [] : form.lines(context);
    const host: Host | undefined = form?.host;
    const tool: ToolName =
      host === "home" && d !== undefined
        ? d.spec.home
        : host !== undefined && host !== "user" && host !== "assistant"
          ? (host as ToolName)
          : pick(TOOL_NAMES.filter((t) => t !== "config_diff"));
    const textOf = (where: "user" | "tool" | "assistant") =>
      (
        where === "tool"
          ? host !== "user" && host !== "assistant" && host !== undefined
          : host === where
      )
        ? planted.map((l) => l.text)
        : [];
    const id = `call_${ep}`;
    messages.push({ role: "user", content: prose(rnd, USER_CHATTER, textOf("user")) });
    messages.push({
      role: "assistant",
      content: pick(CALL_PREAMBLE[tool]),
      tool_calls: [
        {
          id,
          type: "function",
          function: { name: tool, arguments: JSON.stringify(toolArguments(tool, rnd)) },
        },
      ],
    });
    messages.push({
      role: "tool",
      tool_call_id: id,
      content: toolOutput(tool, rnd, textOf("tool")),
    });
    messages.push({
      role: "assistant",
      content: prose(rnd, ASSISTANT_CHATTER, textOf("assistant")),
    });
    if (event !== undefined && form !== undefined) {
      forms.push(form.name);
      const offset = host === "user" ? 4 : host === "assistant" ? 1 : 2;
      const index = messages.length - offset;
      for (const line of planted) {
        if (line.states !== undefined) {
          const value = line.states === "v" ? event.value : event.old;
          statements.push({ sentence: line.text, fact: event.fact, value, turn: index + 1 });
        }
      }
    }
  }
  while (messages.length < turns + 1) {
    const user = messages.length % 2 === 1;
    messages.push(
      user
        ? { role: "user", content: pick(USER_CHATTER) }
        : { role: "assistant", content: pick(ASSISTANT_CHATTER) },
    );
  }
  return { messages, facts, statements, forms };
}

export const GENERATED_FAMILY = {
  name: "sealed-28",
  generate(seed: number, turns: number): Pick<Transcript, "messages" | "facts" | "statements"> {
    const { messages, facts, statements } = buildSealed28(seed, turns);
    return { messages, facts, statements };
  },
};
