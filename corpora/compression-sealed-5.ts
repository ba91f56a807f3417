// The "sealed-5" compression family: a held-out, seeded customer-data/analytics session
// (a product manager and an analyst agent with SQL, sheet, CRM, dashboard and message
// tools), written blind to the compressor. bench/compression-families.ts discovers it.
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript } from "./compression-transcript.ts";
import {
  drawFacts,
  freshValue,
  kindOf,
  otherUnitValue,
  pick,
  prng,
  shuffle,
  type PlannedFact,
  type Rnd,
} from "./compression-sealed-5-facts.ts";
import {
  ack,
  callIds,
  fillerBlock,
  padMessage,
  type Block,
} from "./compression-sealed-5-filler.ts";
import {
  FIRST,
  UPDATES,
  lookAlikeBlock,
  mentionBlock,
  rejectedBlock,
  type FormInput,
  type UpdateForm,
} from "./compression-sealed-5-forms.ts";

const FACTS = 16;
const UPDATED = 8;
const SYSTEM =
  "You are the analyst agent of the growth team. You work with the product manager on customer data: " +
  "run_sql queries the warehouse, sheets_read reads shared spreadsheets, crm_get reads the CRM API, " +
  "dashboard_config reads and edits dashboards, search_messages searches email and Slack. " +
  "Keep answers short, cite the query you ran, and flag data-quality caveats.";

/** A transcript plus the names of the update forms it planted, in order. */
export type Sealed5Transcript = Pick<Transcript, "messages" | "facts" | "statements"> & {
  forms: string[];
};

interface Event {
  at: number;
  fact: number;
  /** Index of this event's first value in the fact's values (-1: states none). */
  value: number;
  make: (x: FormInput) => Block;
  input: Omit<FormInput, "r" | "id">;
}

/** The update forms of one fact; their new values are appended to `values`. */
function planUpdates(
  r: Rnd,
  fact: PlannedFact,
  values: string[],
  slots: number,
  deck: UpdateForm[],
): UpdateForm[] {
  const out: UpdateForm[] = [];
  for (let slot = 0; slot < slots; slot++) {
    if (deck.length === 0) {
      deck.push(...shuffle(r, UPDATES));
    }
    const fits = (f: UpdateForm) => {
      if (f.value === "alias") {
        const alias = values.length >= 2 ? kindOf(fact.kind).alias?.(values[0] ?? "") : undefined;
        return alias !== undefined && !values.includes(alias);
      }
      return f.value !== "unit" || kindOf(fact.kind).otherUnit !== undefined;
    };
    const i = deck.findIndex(fits);
    const form = i < 0 ? (UPDATES[0] as UpdateForm) : (deck.splice(i, 1)[0] as UpdateForm);
    if (form.value === "alias") {
      values.push(kindOf(fact.kind).alias?.(values[0] ?? "") ?? "");
    } else if (form.value === "unit") {
      values.push(otherUnitValue(r, fact.kind, values) ?? freshValue(r, fact.kind, values));
    } else {
      for (let k = 0; k < form.arity; k++) {
        values.push(freshValue(r, fact.kind, values));
      }
    }
    out.push(form);
  }
  return out;
}

/** Ascending positions in (lo, hi). */
const spread = (r: Rnd, lo: number, hi: number, n: number) =>
  Array.from({ length: n }, () => lo + r() * (hi - lo)).sort((a, b) => a - b);

/**
 * Filler turns to tool episodes while tool outputs are fewer than one message in
 * TOOL_SHARE, or the text is under CHARS_PER_MESSAGE a message: keeps every seed over 100
 * tool outputs and near 60k o200k tokens in 600 messages (about 2.95 characters a token).
 */
const TOOL_SHARE = 5.2;
const CHARS_PER_MESSAGE = 295;
const size = (m: ChatMessage) =>
  (m.content ?? "").length +
  (m.role === "assistant" ? (m.tool_calls?.[0]?.function.arguments.length ?? 0) : 0);
const needsTools = (messages: readonly ChatMessage[]) =>
  messages.filter((m) => m.role === "tool").length * TOOL_SHARE < messages.length ||
  messages.reduce((n, m) => n + size(m), 0) < CHARS_PER_MESSAGE * messages.length;

/** The transcript of `seed`: `turns` messages after the system prompt. */
export function generateSealed5(seed: number, turns: number): Sealed5Transcript {
  const r = prng(seed);
  const planned = drawFacts(r, FACTS);
  const updated = new Set(
    shuffle(
      r,
      planned.map((_, i) => i),
    ).slice(0, UPDATED),
  );
  const deck: UpdateForm[] = shuffle(r, UPDATES);
  const events: Event[] = [];
  const facts: Transcript["facts"] = [];
  const forms: string[] = [];
  for (const [i, fact] of planned.entries()) {
    const values = [freshValue(r, fact.kind, [])];
    const plan = updated.has(i) ? planUpdates(r, fact, values, r() < 0.5 ? 1 : 2, deck) : [];
    forms.push(...plan.map((f) => f.name));
    const alike = freshValue(r, fact.kind, values);
    const [first = 0.05, ...later] = spread(r, 0.02, 0.9, 1 + plan.length);
    const base = { subject: fact.subject, old: "" };
    events.push({
      at: first,
      fact: i,
      value: 0,
      make: pick(r, FIRST),
      input: { ...base, values: [values[0] ?? ""] },
    });
    let next = 1;
    for (const [k, form] of plan.entries()) {
      const stated = values.slice(next, next + form.arity);
      events.push({
        at: later[k] ?? 0.9,
        fact: i,
        value: next,
        make: form.block,
        input: { ...base, values: stated, old: values[next - 1] ?? "" },
      });
      next += form.arity;
    }
    const last = later.at(-1) ?? first;
    events.push({
      at: last + r() * (0.98 - last),
      fact: i,
      value: -1,
      make: lookAlikeBlock,
      input: { subject: fact.lookAlike, values: [alike], old: "" },
    });
    for (const at of spread(r, 0.01, 0.98, r() < 0.6 ? 1 : 2)) {
      events.push({ at, fact: i, value: -1, make: mentionBlock, input: { ...base, values: [] } });
    }
    if (r() < 0.3) {
      const proposal = freshValue(r, fact.kind, [...values, alike]);
      events.push({
        at: first + r() * (0.98 - first),
        fact: i,
        value: -1,
        make: rejectedBlock,
        input: { ...base, values: [proposal] },
      });
    }
    facts.push({ subject: fact.subject, values, lookAlike: fact.lookAlike });
  }
  events.sort((a, b) => a.at - b.at);

  const id = callIds();
  const messages: ChatMessage[] = [{ role: "system", content: SYSTEM }];
  const statements: Transcript["statements"] = [];
  for (const e of events) {
    while (messages.length < 1 + Math.floor(e.at * turns)) {
      messages.push(...fillerBlock(r, id, needsTools(messages)).messages);
    }
    const block = e.make({ ...e.input, r, id });
    for (const p of block.planted) {
      statements.push({
        sentence: p.sentence,
        fact: e.fact,
        value: e.value + p.offset,
        turn: messages.length + p.at + 1,
      });
    }
    messages.push(...block.messages);
    if (messages.at(-1)?.role === "user") {
      messages.push(ack(r, false));
    }
  }
  while (messages.length + 8 < turns + 1) {
    messages.push(...fillerBlock(r, id, needsTools(messages)).messages);
  }
  while (messages.length < turns + 1) {
    messages.push(padMessage(r, messages.at(-1)?.role !== "user"));
  }
  return { messages, facts, statements, forms };
}

/** The family as bench/compression-families.ts discovers it. */
export const GENERATED_FAMILY = {
  name: "sealed-5",
  generate(seed: number, turns: number): Pick<Transcript, "messages" | "facts" | "statements"> {
    const { messages, facts, statements } = generateSealed5(seed, turns);
    return { messages, facts, statements };
  },
};
