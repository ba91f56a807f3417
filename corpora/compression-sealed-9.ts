// The "sealed-9" compression family for bench:compression: a long e-commerce
// catalogue and pricing operations session (product information system, pricing
// engine, inventory API, search ranking config, ticket queue, flag service, chat with
// the merchandising lead) with 16 planted facts, half of them changed once or twice,
// stated in prose and in tool output of many shapes, with decoys after each fact's
// latest value. Written blind to the compressor and the other families. Discovered by
// bench/compression-families.ts through GENERATED_FAMILY; checked by its test.
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript, TranscriptFact } from "./compression-transcript.ts";
import {
  makeRng,
  stepMessages,
  type Beat,
  type Fact,
  type Rng,
} from "./compression-sealed-9-beats.ts";
import { decoyBeat, type DecoyName } from "./compression-sealed-9-decoys.ts";
import { FACT_TEMPLATES, type FactTemplate } from "./compression-sealed-9-facts.ts";
import { fillerBeat } from "./compression-sealed-9-filler.ts";
import {
  FIRST_FORMS,
  RESTATE_SAME,
  UPDATE_FORMS,
  type Form,
} from "./compression-sealed-9-forms.ts";

const FACTS = 16;
const CHANGED = 8;
const TWICE = 4;

/** A transcript plus the forms planted in it, for the family's own test. */
export interface Sealed9 extends Pick<Transcript, "messages" | "facts" | "statements"> {
  forms: string[];
}

/** A beat to place at a fraction of the session. */
interface Placed {
  at: number;
  beat: Beat;
}

/** Update forms per update slot: every form once, the unit change on a fact that has a second unit. */
function assignUpdates(rnd: Rng, slots: { fact: number; template: FactTemplate }[]): Form[] {
  const unit = itemAt(
    UPDATE_FORMS,
    UPDATE_FORMS.findIndex((f) => f.name === "update-unit-change"),
  );
  const others = rnd.shuffle(UPDATE_FORMS.filter((f) => f !== unit));
  const withAlt = slots
    .map((s, i) => (s.template.alt === undefined ? -1 : i))
    .filter((i) => i >= 0);
  const unitSlot = withAlt.length > 0 ? rnd.pick(withAlt) : -1;
  let next = 0;
  return slots.map((_, i) => {
    if (i === unitSlot) {
      return unit;
    }
    const form = itemAt(others, next % others.length);
    next++;
    return form;
  });
}

/** The list's item at `i`; the generator's lists are never short, so a miss is a bug. */
function itemAt<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) {
    throw new Error(`sealed-9: no item ${i} of ${list.length}`);
  }
  return item;
}

/** Values from a pool that no other use of the fact has taken. */
function take(rnd: Rng, pool: readonly string[], used: Set<string>): string {
  const free = pool.filter((v) => !used.has(v));
  const v = rnd.pick(free.length > 0 ? free : pool);
  used.add(v);
  return v;
}

export function buildSealed9(seed: number, turns: number): Sealed9 {
  const rnd = makeRng(seed * 7919 + 9091);
  const templates = rnd.shuffle(FACT_TEMPLATES).slice(0, FACTS);
  const order = rnd.shuffle(templates.map((_, i) => i));
  const changed = order.slice(0, CHANGED);
  if (!changed.some((i) => templates[i]?.alt !== undefined)) {
    const swap = order.findIndex((i) => templates[i]?.alt !== undefined);
    [order[0], order[swap]] = [order[swap] ?? 0, order[0] ?? 0];
  }
  const updateCount = (i: number) => {
    const at = order.indexOf(i);
    return at < TWICE ? 2 : at < CHANGED ? 1 : 0;
  };
  const slots = templates.flatMap((template, fact) =>
    Array.from({ length: updateCount(fact) }, () => ({ fact, template })),
  );
  const updateForms = assignUpdates(rnd, slots);
  const firstForms = [...rnd.shuffle(FIRST_FORMS)];
  while (firstForms.length < FACTS) {
    firstForms.push(rnd.pick(FIRST_FORMS));
  }
  const forms: string[] = [];
  const placed: Placed[] = [];
  const facts: Fact[] = templates.map((template, index) => {
    const mine = slots.flatMap((s, i) => (s.fact === index ? [itemAt(updateForms, i)] : []));
    const used = new Set<string>();
    const values = [take(rnd, template.pool, used)];
    let alt = false;
    for (const form of mine) {
      alt ||= form.name === "update-unit-change";
      values.push(take(rnd, alt ? (template.alt ?? template.pool) : template.pool, used));
    }
    return {
      index,
      template,
      subject: template.subject,
      lookAlike: `${template.subject} ${template.qualifier}`,
      values,
      alikeValue: take(rnd, template.pool, used),
      rejectedValue: take(rnd, template.pool, used),
      whatIfValue: take(rnd, template.pool, used),
    };
  });
  const put = (at: number, beat: Beat) => {
    placed.push({ at, beat });
    forms.push(beat.form);
  };
  let reprints = 0;
  for (const fact of facts) {
    const mine = slots.flatMap((s, i) => (s.fact === fact.index ? [itemAt(updateForms, i)] : []));
    let at = 0.01 + rnd.next() * 0.27;
    put(at, itemAt(firstForms, fact.index).build(fact, 0, rnd));
    mine.forEach((form, u) => {
      const lo = Math.max(at + 0.04, mine.length === 2 && u === 1 ? 0.62 : 0.34);
      const hi = mine.length === 2 && u === 0 ? 0.6 : 0.84;
      at = lo + rnd.next() * Math.max(0.01, hi - lo);
      put(at, form.build(fact, u + 1, rnd));
    });
    if (mine.length === 0 && rnd.next() < 0.4) {
      at = 0.36 + rnd.next() * 0.44;
      put(at, RESTATE_SAME.build(fact, 0, rnd));
    }
    const after = () => at + 0.02 + rnd.next() * (0.97 - at - 0.02);
    const decoys: DecoyName[] = [rnd.next() < 0.5 ? "look-alike-prose" : "look-alike-tool"];
    if (mine.length > 0 && (reprints < 2 || rnd.next() < 0.4)) {
      const customerFacing = ["pricing", "support", "pim"].includes(fact.template.system);
      decoys.push(customerFacing && reprints % 2 === 1 ? "customer-quote" : "reprint-old");
      reprints++;
    }
    if (fact.index % 2 === 0 || rnd.next() < 0.3) {
      decoys.push("rejected-proposal");
    }
    if (fact.index % 4 === 1 || rnd.next() < 0.2) {
      decoys.push("what-if");
    }
    for (const name of decoys) {
      put(after(), decoyBeat(name, fact, rnd));
    }
  }
  return { ...assemble(rnd, placed, facts, turns), forms };
}

/** Lays the beats out in order with filler between them, `turns` messages after the system one. */
function assemble(
  rnd: Rng,
  placed: Placed[],
  facts: Fact[],
  turns: number,
): Pick<Transcript, "messages" | "facts" | "statements"> {
  const messages: ChatMessage[] = [
    {
      role: "system",
      content:
        "You are an operations agent for an online home-goods retailer. You can read and change the product information system, pricing engine, inventory API, search ranking config, support ticket queue and feature flags through your tools. Ask before changing prices.",
    },
  ];
  const statements: Transcript["statements"] = [];
  let callId = 0;
  const emit = (beat: Beat) => {
    const start = messages.length;
    for (const step of beat.steps) {
      if (step.kind === "tool") {
        const id = `call_${String(callId++).padStart(3, "0")}`;
        messages.push({
          role: "assistant",
          content: step.preface ?? null,
          tool_calls: [
            {
              id,
              type: "function",
              function: { name: step.name, arguments: JSON.stringify(step.args) },
            },
          ],
        });
        messages.push({ role: "tool", tool_call_id: id, content: step.output });
      } else {
        messages.push({ role: step.kind, content: step.text });
      }
    }
    for (const s of beat.statements) {
      const index = messages.findIndex(
        (m, i) => i >= start && (m.content ?? "").includes(s.sentence),
      );
      statements.push({ ...s, turn: index + 1 });
    }
  };
  const fill = (until: number) => {
    while (messages.length - 1 < until) {
      const room = until - (messages.length - 1);
      emit(fillerBeat(rnd, facts, room, messages.at(-1)?.role ?? "system"));
    }
  };
  const sorted = [...placed].sort((a, b) => a.at - b.at);
  const eventMessages = sorted.reduce((n, p) => n + stepMessages(p.beat.steps), 0);
  const fillerShare = Math.max(0, turns - eventMessages);
  let eventsSoFar = 0;
  for (const p of sorted) {
    fill(Math.floor(p.at * fillerShare) + eventsSoFar);
    emit(p.beat);
    eventsSoFar += stepMessages(p.beat.steps);
  }
  fill(turns);
  const transcriptFacts: TranscriptFact[] = facts.map((f) => ({
    subject: f.subject,
    values: f.values,
    lookAlike: f.lookAlike,
  }));
  return { messages, facts: transcriptFacts, statements };
}

export const GENERATED_FAMILY = {
  name: "sealed-9",
  generate(seed: number, turns: number): Pick<Transcript, "messages" | "facts" | "statements"> {
    const { messages, facts, statements } = buildSealed9(seed, turns);
    return { messages, facts, statements };
  },
};
