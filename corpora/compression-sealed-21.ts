// The "sealed-21" compression family for bench:compression: a university course
// administration session (an agent helping a module convenor and exams officer with
// gradebook exports, timetables, exam board minutes, extension emails, rubrics, room
// bookings, Teams chat, similarity reports and QA forms). Sixteen planted facts; eight
// change once or twice; some old values are re-printed by a tool and then confirmed
// again; look-alikes are named late. Written blind to the compressor.
import { mulberry32 } from "./prng.ts";
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript, TranscriptFact } from "./compression-transcript.ts";
import { FACT_SEEDS } from "./compression-sealed-21-facts.ts";
import {
  FIRST_FORMS,
  LOOK_ALIKE_FORMS,
  MENTIONS,
  RECONFIRM_FORM,
  REJECTED,
  STALE_FORM,
  UPDATE_FORMS,
  WHAT_IF,
  type Form,
  type Slot,
} from "./compression-sealed-21-forms.ts";
import {
  ASSISTANT_CHATTER,
  TOOL_NAMES,
  TOOL_OUTPUT,
  USER_CHATTER,
  pick,
} from "./compression-sealed-21-filler.ts";

const SYSTEM = [
  "You are a course administration assistant for the School of Psychology.",
  "You help the module convenor and the exams officer with the VLE gradebook, timetabling,",
  "exam boards, extension requests, marking rubrics, room bookings and quality assurance.",
  "Use the tools to read files and systems; never change marks without the convenor's say-so.",
].join("\n");

interface Line {
  beat: number;
  slot: Slot;
  tool?: string;
  text: string;
  /** The fact and value index it states, or undefined for an undeclared line. */
  fact?: number;
  value?: number;
  form?: string;
}

export interface Sealed21Build extends Pick<Transcript, "messages" | "facts" | "statements"> {
  /** Names of the forms planted, in planting order. */
  forms: string[];
}

function shuffled<T>(rnd: () => number, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** The whole session for a seed: messages, facts, statements and the forms used. */
export function buildSealed21(seed: number, turns: number): Sealed21Build {
  const rnd = mulberry32(seed * 7919 + 2121);
  const beats = Math.ceil(turns / 4);
  const within = (lo: number, hi: number) =>
    Math.floor(lo * beats) + Math.floor(rnd() * Math.max(1, Math.floor((hi - lo) * beats)));
  const order = shuffled(
    rnd,
    FACT_SEEDS.map((_, i) => i),
  );
  const updated = new Map<number, number>();
  order.slice(0, 8).forEach((f, k) => updated.set(f, k < 4 ? 2 : 1));
  const facts: TranscriptFact[] = [];
  const spare: { lookAlike: string; rejected: string }[] = [];
  FACT_SEEDS.forEach((seedFact, f) => {
    const pool = shuffled(rnd, seedFact.pool);
    const count = 1 + (updated.get(f) ?? 0);
    facts.push({
      subject: seedFact.subject,
      values: pool.slice(0, count),
      lookAlike: `${seedFact.subject} ${seedFact.qualifier}`,
    });
    spare.push({ lookAlike: pool[count] as string, rejected: pool[count + 1] as string });
  });
  const lines: Line[] = [];
  const toolAt = new Map<number, string>();
  const place = (lo: number, hi: number, form: Form, line: Omit<Line, "beat" | "slot">) => {
    let beat = within(lo, hi);
    for (let tries = 0; form.slot === "tool" && tries < 30; tries++) {
      const taken = toolAt.get(beat);
      if (taken === undefined || taken === form.tool) {
        break;
      }
      beat = within(lo, hi);
    }
    if (form.slot === "tool" && form.tool !== undefined) {
      toolAt.set(beat, form.tool);
    }
    lines.push({ ...line, beat, slot: form.slot, tool: form.tool, form: form.name });
  };
  let updateIndex = seed;
  let staleCount = 0;
  facts.forEach((fact, f) => {
    const first = pick(rnd, FIRST_FORMS);
    const [v0 = "", v1 = "", v2 = ""] = fact.values;
    place(0.01, 0.28, first, { text: first.say(fact.subject, v0, ""), fact: f, value: 0 });
    const windows =
      fact.values.length === 3
        ? [
            [0.3, 0.48],
            [0.5, 0.68],
          ]
        : fact.values.length === 2
          ? [[0.34, 0.68]]
          : [];
    windows.forEach(([lo = 0, hi = 0], k) => {
      const form = UPDATE_FORMS[updateIndex++ % UPDATE_FORMS.length] as Form;
      const value = k === 0 ? v1 : v2;
      const old = k === 0 ? v0 : v1;
      place(lo, hi, form, { text: form.say(fact.subject, value, old), fact: f, value: k + 1 });
    });
    const current = fact.values.at(-1) ?? "";
    if (fact.values.length > 1 && staleCount++ % 2 === 0) {
      place(0.72, 0.82, STALE_FORM, {
        text: STALE_FORM.say(fact.subject, v0, ""),
        fact: f,
        value: 0,
      });
      place(0.84, 0.9, RECONFIRM_FORM, {
        text: RECONFIRM_FORM.say(fact.subject, current, ""),
        fact: f,
        value: fact.values.length - 1,
      });
    }
    const userForm: Form = { name: "undeclared", slot: "user", say: () => "" };
    const others = spare[f] as { lookAlike: string; rejected: string };
    const rejected = rnd() < 0.5 ? REJECTED : WHAT_IF;
    place(0.3, 0.9, userForm, { text: rejected(fact.subject, others.rejected) });
    const mention = pick(rnd, MENTIONS);
    place(0.05, 0.9, userForm, { text: mention(fact.subject) });
    const alike = pick(rnd, LOOK_ALIKE_FORMS);
    place(0.92, 0.99, userForm, { text: alike(fact.lookAlike, others.lookAlike) });
  });
  return assemble(rnd, beats, facts, lines, toolAt);
}

function assemble(
  rnd: () => number,
  beats: number,
  facts: TranscriptFact[],
  lines: Line[],
  toolAt: Map<number, string>,
): Sealed21Build {
  const messages: ChatMessage[] = [{ role: "system", content: SYSTEM }];
  const statements: Transcript["statements"] = [];
  const forms: string[] = [];
  const at = (beat: number, slot: Slot) => lines.filter((l) => l.beat === beat && l.slot === slot);
  const declare = (placed: Line[], index: number) => {
    for (const l of placed) {
      if (l.fact !== undefined && l.value !== undefined) {
        statements.push({ sentence: l.text, fact: l.fact, value: l.value, turn: index + 1 });
        forms.push(l.form ?? "");
      }
    }
  };
  for (let b = 0; b < beats; b++) {
    const user = at(b, "user");
    const userText = [
      ...(user.length === 0 || rnd() < 0.4 ? [pick(rnd, USER_CHATTER)] : []),
      ...user.map((l) => l.text),
    ];
    declare(user, messages.length);
    messages.push({ role: "user", content: userText.join("\n") });
    const tool = toolAt.get(b) ?? pick(rnd, TOOL_NAMES);
    const id = `call_${b}_${Math.floor(rnd() * 1e6)}`;
    messages.push({
      role: "assistant",
      content: rnd() < 0.5 ? null : "Let me check that.",
      tool_calls: [
        {
          id,
          type: "function",
          function: {
            name: tool,
            arguments: JSON.stringify({ module: "PSY2041", week: 1 + (b % 12) }),
          },
        },
      ],
    });
    const output = at(b, "tool");
    declare(output, messages.length);
    const filler = (TOOL_OUTPUT[tool] ?? TOOL_OUTPUT["read_file"])?.(rnd) ?? "";
    messages.push({
      role: "tool",
      tool_call_id: id,
      content: [filler, ...output.map((l) => l.text)].join("\n"),
    });
    const said = at(b, "assistant");
    declare(said, messages.length);
    messages.push({
      role: "assistant",
      content: [
        ...(said.length === 0 ? [pick(rnd, ASSISTANT_CHATTER)] : []),
        ...said.map((l) => l.text),
      ].join("\n"),
    });
  }
  statements.sort((a, b) => a.turn - b.turn);
  return { messages, facts, statements, forms };
}

export const GENERATED_FAMILY = {
  name: "sealed-21",
  generate(seed: number, turns: number) {
    const { messages, facts, statements } = buildSealed21(seed, turns);
    return { messages, facts, statements };
  },
};
