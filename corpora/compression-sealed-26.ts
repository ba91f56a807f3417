// The "sealed-26" compression family: a long night shift in an airline's line-
// maintenance control centre, where an agent queries the tech log, MEL deferrals,
// stores, work orders, rosters and ACARS for a maintenance controller. Sixteen
// facts (limits, intervals, part numbers, tails, stations, engineers) are stated,
// updated, re-printed stale by tools, confirmed again, argued about with rejected
// values and shadowed by look-alike subjects. Run by bench:compression as
// --family=sealed-26; checked by tests/bench/compression-sealed-26.test.ts.
import { mulberry32 } from "./prng.ts";
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript, TranscriptFact } from "./compression-transcript.ts";
import { MAINT_FACTS } from "./compression-sealed-26-facts.ts";
import {
  CONFIRM_FORMS,
  DECOY_FORMS,
  FIRST_FORMS,
  LOOK_ALIKE_FORMS,
  MENTION_FORMS,
  STALE_FORMS,
  UPDATE_FORMS,
  type Form,
  type FormContext,
  type Placed,
  type Slot,
} from "./compression-sealed-26-forms.ts";
import {
  STATIONS,
  TAILS,
  assistantChatter,
  callNote,
  fillerTool,
  userChatter,
} from "./compression-sealed-26-filler.ts";

type Rnd = () => number;
type Statement = Transcript["statements"][number];

export interface Sealed26 extends Pick<Transcript, "messages" | "facts" | "statements"> {
  /** Names of the statement forms planted, in planting order. */
  forms: string[];
}

/** The skeleton's slot at message index i (1-based after the system message). */
const SLOT_CYCLE: readonly (Slot | "call")[] = [
  "user",
  "call",
  "tool",
  "call",
  "tool",
  "assistant",
];
const slotAt = (i: number) => SLOT_CYCLE[(i - 1) % SLOT_CYCLE.length] ?? "user";

function shuffled<T>(r: Rnd, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** `phrase` as whole words in `line`, case-insensitive. */
const names = (line: string, phrase: string) =>
  new RegExp(`(?<![\\w.-])${escape(phrase.toLowerCase())}(?![\\w-])`).test(line.toLowerCase());

/** Writes one seed's shift: messages, facts, statements and the forms used. */
export function buildSealed26(seed: number, turns: number): Sealed26 {
  const r = mulberry32(seed * 7919 + 2626);
  const between = (lo: number, hi: number) => lo + r() * (hi - lo);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
  const chosen = shuffled(r, MAINT_FACTS);
  const updateCounts = shuffled(r, [...Array(8).fill(0), ...Array(5).fill(1), ...Array(3).fill(2)]);
  const facts: TranscriptFact[] = chosen.map((m, i) => ({
    subject: m.subject,
    lookAlike: m.lookAlike,
    values: shuffled(r, m.pool).slice(0, 1 + (updateCounts[i] as number)),
  }));

  const placed = new Map<number, { p: Placed; fact: number; ctx?: FormContext }>();
  const forms: string[] = [];
  /** Puts `p` at the first free slot of its kind at or after the target fraction and `min`. */
  const place = (target: number, min: number, p: Placed, fact: number, ctx?: FormContext) => {
    for (let i = Math.max(min, 1 + Math.floor(target * turns)); i <= turns; i++) {
      if (slotAt(i) === p.slot && !placed.has(i)) {
        placed.set(i, { p, fact, ctx });
        return i;
      }
    }
    throw new Error(`sealed-26: no free ${p.slot} slot after ${min}`);
  };
  const counters = { first: Math.floor(r() * 6), update: Math.floor(r() * 6), stale: 0, alike: 0 };
  const next = (list: readonly Form[], key: keyof typeof counters) =>
    list[counters[key]++ % list.length] as Form;
  const context = (f: number, vi: number, oi: number): FormContext => {
    const values = facts[f]?.values ?? [];
    return {
      s: facts[f]?.subject ?? "",
      v: values[vi] ?? "",
      old: oi < 0 ? "" : (values[oi] ?? ""),
      vi,
      oi,
      tail: pick(TAILS),
      station: pick(STATIONS),
      clock: `0${Math.floor(between(0, 6))}:${String(Math.floor(between(10, 60)))}`,
    };
  };
  const plant = (form: Form, target: number, min: number, f: number, c: FormContext) => {
    forms.push(form.name);
    return place(target, min, form.make(c), f, c);
  };

  let staleTurn = 0;
  facts.forEach((fact, f) => {
    const n = fact.values.length;
    let last = plant(next(FIRST_FORMS, "first"), between(0.02, 0.28), 1, f, context(f, 0, -1));
    const firstAt = last;
    const windows = [
      [0.32, 0.5],
      [0.55, 0.68],
    ];
    for (let v = 1; v < n; v++) {
      const [lo, hi] = windows[v - 1] ?? [0.55, 0.68];
      last = plant(
        next(UPDATE_FORMS, "update"),
        between(lo ?? 0, hi ?? 0),
        last + 1,
        f,
        context(f, v, v - 1),
      );
    }
    if (n > 1 && (staleTurn++ % 2 === 0 || n === 3)) {
      // A tool re-prints a replaced value; the controller or agent then restates the current one.
      const oi = Math.floor(r() * (n - 1));
      last = plant(next(STALE_FORMS, "stale"), between(0.7, 0.78), last + 1, f, context(f, oi, -1));
      last = plant(pick(CONFIRM_FORMS), between(0.8, 0.86), last + 1, f, context(f, n - 1, -1));
    } else if (n === 1 && r() < 0.5) {
      last = plant(pick(FIRST_FORMS), between(0.45, 0.8), last + 1, f, context(f, 0, -1));
    }
    const meta = chosen[f];
    if (meta !== undefined) {
      const alike = { ...context(f, 0, -1), s: fact.lookAlike, v: pick(meta.alike), vi: -1 };
      plant(next(LOOK_ALIKE_FORMS, "alike"), between(0.88, 0.96), last + 1, f, alike);
      if (f % 8 < 5) {
        forms.push("rejected-proposal");
        place(
          between(0.1, 0.85),
          firstAt + 1,
          pick(DECOY_FORMS)(fact.subject, pick(meta.decoys)),
          f,
        );
      }
    }
    place(between(0.02, 0.9), 1, pick(MENTION_FORMS)(fact.subject), f);
  });

  const messages: ChatMessage[] = [
    {
      role: "system",
      content:
        "You are the maintenance-control assistant for an airline's line-maintenance control centre. " +
        "You query the tech log, MEL deferrals, stores, work orders, rosters and ACARS for the duty controller.",
    },
  ];
  const statements: Statement[] = [];
  let callId = 0;
  for (let i = 1; i <= turns; i++) {
    const slot = slotAt(i);
    const here = placed.get(i);
    if (slot === "call") {
      const tool = fillerTool(r);
      const id = `call_${callId++}`;
      messages.push({
        role: "assistant",
        content: callNote(r),
        tool_calls: [{ id, type: "function", function: { name: tool.name, arguments: tool.args } }],
      });
      continue;
    }
    const texts = (here?.p.lines ?? []).map((line) => {
      const c = here?.ctx;
      if (typeof line !== "string") {
        statements.push({
          sentence: line.text,
          fact: here?.fact ?? 0,
          value: line.value,
          turn: i + 1,
        });
        return line.text;
      }
      if (c !== undefined && c.vi >= 0 && names(line, c.s) && names(line, c.v)) {
        statements.push({ sentence: line, fact: here?.fact ?? 0, value: c.vi, turn: i + 1 });
      }
      return line;
    });
    if (slot === "tool") {
      const call = messages.at(-1);
      const fn = call?.role === "assistant" ? call.tool_calls?.[0] : undefined;
      const filler = fillerTool(r);
      if (fn !== undefined && here !== undefined) {
        fn.function.name = here.p.tool ?? fn.function.name;
        fn.function.arguments = JSON.stringify({ query: "latest", station: pick(STATIONS) });
      }
      messages.push({
        role: "tool",
        tool_call_id: fn?.id ?? `call_${callId}`,
        content: here === undefined ? filler.content : texts.join("\n"),
      });
      continue;
    }
    const chatter = slot === "user" ? userChatter(r) : assistantChatter(r);
    const content =
      here === undefined ? chatter : r() < 0.4 ? [chatter, ...texts].join("\n") : texts.join("\n");
    messages.push({ role: slot, content });
  }
  statements.sort((a, b) => a.turn - b.turn);
  return { messages, facts, statements, forms };
}

export const GENERATED_FAMILY = {
  name: "sealed-26",
  generate(seed: number, turns: number) {
    const { messages, facts, statements } = buildSealed26(seed, turns);
    return { messages, facts, statements };
  },
};
