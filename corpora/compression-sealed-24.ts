// The "sealed-24" compression family: a ~600-message session of an agent helping a
// general contractor's project engineer run a mid-rise office job (schedule CSVs,
// cost report JSON, sub emails, daily logs, RFI and submittal logs, crane bookings,
// minutes). Sixteen facts are planted with first values, updates, stale re-prints,
// restatements, rejected proposals, what-ifs, look-alikes and bare mentions.
// Written blind to the compressor. Run by bench:compression as --family=sealed-24.
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript, TranscriptFact } from "./compression-transcript.ts";
import { mulberry32 } from "./prng.ts";
import { SITE_FACTS } from "./compression-sealed-24-facts.ts";
import {
  ASKS,
  CHATTER,
  pick,
  SYSTEM_PROMPT,
  TOOL_INTROS,
  TOOL_KINDS,
  toolArgs,
  toolOutput,
  type Rnd,
  type ToolKind,
} from "./compression-sealed-24-filler.ts";
import {
  AFTER_STALE_FORMS,
  DECOY_FORMS,
  FIRST_FORMS,
  LOOK_ALIKE_FORMS,
  MENTION_FORMS,
  RESTATE_FORMS,
  STALE_FORMS,
  UPDATE_FORMS,
  type Form,
  type FormInput,
} from "./compression-sealed-24-forms.ts";

type Statement = Transcript["statements"][number];

export interface Sealed24 extends Pick<Transcript, "messages" | "facts" | "statements"> {
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

/** User asks, tool rounds and the agent's replies, with no planted line yet. */
function skeleton(rnd: Rnd, turns: number): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: "system", content: SYSTEM_PROMPT }];
  let call = 0;
  while (messages.length < turns + 1) {
    messages.push({ role: "user", content: pick(rnd, ASKS) });
    const rounds = 1 + Math.floor(rnd() * 3);
    for (let r = 0; r < rounds; r++) {
      const kind = pick(rnd, TOOL_KINDS);
      const id = `call_${call++}`;
      messages.push({
        role: "assistant",
        content: pick(rnd, TOOL_INTROS[kind]),
        tool_calls: [
          { id, type: "function", function: { name: kind, arguments: toolArgs(kind, rnd) } },
        ],
      });
      messages.push({ role: "tool", tool_call_id: id, content: toolOutput(kind, rnd) });
    }
    const said = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => pick(rnd, CHATTER));
    messages.push({ role: "assistant", content: said.join(" ") });
  }
  return messages;
}

/** One planned line group: its fact, form, input and where in the session it aims. */
interface Event {
  fact: number;
  form: Form;
  input: FormInput;
  at: number;
  /** Events of one fact that state values must keep their order. */
  ordered: boolean;
}

/** Seeded session; statements count turns from 1 (message index + 1). */
export function buildSealed24(seed: number, turns: number): Sealed24 {
  const rnd = mulberry32(seed * 9973 + 24);
  const messages = skeleton(rnd, turns);
  const span = messages.length;
  const between = (lo: number, hi: number) => Math.floor(span * (lo + rnd() * (hi - lo)));
  const order = shuffled(
    rnd,
    SITE_FACTS.map((_, i) => i),
  );
  // Eight facts change: four once, four twice; two of each get a stale re-print.
  const updatesOf = new Map(order.map((f, k) => [f, k < 4 ? 1 : k < 8 ? 2 : 0]));
  const staleOf = new Set(order.filter((_, k) => k % 4 < 2 && k < 8));
  const rotate = seed * 5;
  let counter = 0;
  const next = <T>(list: readonly T[]) => list[(rotate + counter++) % list.length] as T;
  const facts: TranscriptFact[] = [];
  const events: Event[] = [];
  SITE_FACTS.forEach((site, f) => {
    const pool = shuffled(rnd, site.pool);
    const k = updatesOf.get(f) ?? 0;
    const values = pool.slice(0, k + 1);
    const [alikeValue, proposal] = pool.slice(k + 1);
    facts.push({ subject: site.subject, values, lookAlike: site.lookAlike });
    const input = (vi: number, oldi: number, other = ""): FormInput => ({
      s: site.subject,
      v: values[vi] ?? "",
      old: oldi < 0 ? "" : (values[oldi] ?? ""),
      vi,
      oldi,
      other,
      n: 10 + Math.floor(rnd() * 80),
    });
    const windows =
      k === 0
        ? [[0.03, 0.4]]
        : k === 1
          ? [
              [0.03, 0.3],
              [0.4, 0.68],
            ]
          : [
              [0.03, 0.25],
              [0.33, 0.5],
              [0.56, 0.72],
            ];
    windows.forEach(([lo, hi], vi) => {
      const form = vi === 0 ? next(FIRST_FORMS) : next(UPDATE_FORMS);
      events.push({
        fact: f,
        form,
        input: input(vi, vi - 1),
        at: between(lo ?? 0, hi ?? 1),
        ordered: true,
      });
    });
    if (staleOf.has(f)) {
      events.push({
        fact: f,
        form: next(STALE_FORMS),
        input: input(k - 1, -1),
        at: between(0.76, 0.84),
        ordered: true,
      });
    }
    if (staleOf.has(f) || k === 0) {
      events.push({
        fact: f,
        form: staleOf.has(f) ? next(AFTER_STALE_FORMS) : next(RESTATE_FORMS),
        input: input(k, -1),
        at: between(0.86, 0.95),
        ordered: true,
      });
    }
    const alike = { ...input(k, -1, alikeValue), s: site.lookAlike };
    events.push({
      fact: f,
      form: next(LOOK_ALIKE_FORMS),
      input: alike,
      at: between(0.45, 0.97),
      ordered: false,
    });
    events.push({
      fact: f,
      form: next(DECOY_FORMS),
      input: input(k, -1, proposal),
      at: between(0.1, 0.95),
      ordered: false,
    });
    events.push({
      fact: f,
      form: next(MENTION_FORMS),
      input: input(k, -1),
      at: between(0.05, 0.95),
      ordered: false,
    });
  });
  const used = new Map<number, number>();
  const toolLines = new Map<number, { kind: ToolKind; lines: string[] }>();
  const statements: Statement[] = [];
  const forms: string[] = [];
  const lastAt = new Map<number, number>();
  for (const event of events) {
    const plant = event.form.make(event.input);
    const from = event.ordered ? Math.max(event.at, (lastAt.get(event.fact) ?? 0) + 1) : event.at;
    const fits = (i: number) => {
      const m = messages[i];
      if (m === undefined) {
        return false;
      }
      if (plant.host === "user" || plant.host === "assistant") {
        const calls = m.role === "assistant" ? m.tool_calls : undefined;
        return m.role === plant.host && calls === undefined && (used.get(i) ?? 0) < 2;
      }
      return m.role === "tool" && !toolLines.has(i);
    };
    let at = from;
    while (at < span && !fits(at)) {
      at++;
    }
    if (at >= span) {
      throw new Error(`sealed-24: no room for ${event.form.name} after message ${from}`);
    }
    used.set(at, (used.get(at) ?? 0) + 1);
    forms.push(event.form.name);
    if (event.ordered) {
      lastAt.set(event.fact, at);
    }
    const message = messages[at] as ChatMessage;
    const texts = plant.lines.map((l) => l.text);
    if (plant.host === "user" || plant.host === "assistant") {
      message.content = [message.content ?? "", ...texts].join("\n");
    } else {
      toolLines.set(at, { kind: plant.host, lines: texts });
    }
    for (const line of plant.lines) {
      if (line.value !== null) {
        statements.push({ sentence: line.text, fact: event.fact, value: line.value, turn: at + 1 });
      }
    }
  }
  for (const [at, { kind, lines }] of toolLines) {
    const call = messages[at - 1];
    const tool = call?.role === "assistant" ? call.tool_calls?.[0] : undefined;
    if (call?.role === "assistant" && tool !== undefined) {
      call.content = pick(rnd, TOOL_INTROS[kind]);
      tool.function = { name: kind, arguments: toolArgs(kind, rnd) };
    }
    (messages[at] as ChatMessage).content = toolOutput(kind, rnd, lines);
  }
  statements.sort((a, b) => a.turn - b.turn);
  return { messages, facts, statements, forms };
}

export const GENERATED_FAMILY = {
  name: "sealed-24",
  generate(seed: number, turns: number) {
    const { messages, facts, statements } = buildSealed24(seed, turns);
    return { messages, facts, statements };
  },
};
