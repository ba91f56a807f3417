// The "sealed-8" compression family for bench:compression: a seeded long session in
// which a finance team runs its November month-end close with an agent that uses an
// ERP, a SQL warehouse, spreadsheets, a ticketing system, the close chat and e-mail.
// Sixteen close parameters are planted (corpora/compression-sealed-8-facts.ts);
// eight change once or twice (corpora/compression-sealed-8-updates.ts), the first
// statements take twelve shapes (corpora/compression-sealed-8-forms.ts) and decoys
// follow each latest value (corpora/compression-sealed-8-decoys.ts). Written without
// reading the compressor. Discovered by bench/compression-families.ts through
// GENERATED_FAMILY; tested by tests/bench/compression-sealed-8.test.ts.
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript } from "./compression-transcript.ts";
import {
  DECOYS,
  LOOK_ALIKE_FORMS,
  MENTIONS,
  type DecoyContext,
} from "./compression-sealed-8-decoys.ts";
import { plantFacts } from "./compression-sealed-8-facts.ts";
import { fillerStep } from "./compression-sealed-8-filler.ts";
import { FIRST_FORMS } from "./compression-sealed-8-forms.ts";
import { makeRng, type Rng, type Step } from "./compression-sealed-8-steps.ts";
import { UNIT_CHANGE, UPDATE_FORMS } from "./compression-sealed-8-updates.ts";

const SYSTEM =
  "You are the close agent for Northwind Finance's month-end close. You can read and post in the ERP, " +
  "query the SQL warehouse, read and write the close spreadsheets, work tickets and read e-mail.";

/** A piece of the session at a relative position in (0, 1): its steps and its form's name. */
interface Beat {
  at: number;
  steps: Step[];
  form: string;
}

export interface Sealed8Transcript extends Pick<Transcript, "messages" | "facts" | "statements"> {
  /** The names of the forms planted, in plan order. */
  forms: string[];
}

/** `count` items of `list`, every item once before any repeats, in a seeded order. */
function spread<T>(rng: Rng, list: readonly T[], count: number): T[] {
  const out: T[] = [];
  while (out.length < count) {
    out.push(...rng.shuffle(list));
  }
  return out.slice(0, count);
}

const size = (step: Step) => (step.kind === "call" ? 2 : 1);

/** The planted beats: first values, changes, decoys after the latest value, and mentions. */
function planBeats(rng: Rng): { beats: Beat[]; facts: Transcript["facts"] } {
  const { facts, unitChange } = plantFacts(rng);
  const beats: Beat[] = [];
  const firstForms = spread(rng, FIRST_FORMS, facts.length);
  const slots = facts.flatMap((f, i) =>
    f.values.slice(1).map((_, k) => ({ fact: i, index: k + 1 })),
  );
  const unitSlot = slots.findIndex(
    (s) => s.fact === unitChange && s.index === (facts[unitChange]?.values.length ?? 0) - 1,
  );
  const others = rng.shuffle(UPDATE_FORMS.filter((u) => u.name !== UNIT_CHANGE));
  const unitForm = UPDATE_FORMS.find((u) => u.name === UNIT_CHANGE);
  const updateForms = slots.map((_, i) =>
    i === unitSlot
      ? unitForm
      : (others.pop() ?? rng.pick(UPDATE_FORMS.filter((u) => u.name !== UNIT_CHANGE))),
  );
  const alikeForms = spread(rng, LOOK_ALIKE_FORMS, facts.length);
  const decoyFacts = new Set(rng.shuffle(facts.map((_, i) => i)).slice(0, 12));
  const decoyForms = spread(rng, DECOYS, facts.length);
  const mentioned = new Set(rng.shuffle(facts.map((_, i) => i)).slice(0, 8));
  facts.forEach((fact, f) => {
    const { subject, key } = fact.spec;
    let at = 0.02 + rng.next() * 0.3;
    fact.values.forEach((value, index) => {
      if (index > 0) {
        const left = fact.values.length - index;
        at += 0.04 + rng.next() * ((0.8 - at) / left - 0.04);
      }
      const ctx = { rng, fact: f, subject, key, index, value, old: fact.values[index - 1] ?? "" };
      const form =
        index === 0
          ? firstForms[f]
          : updateForms[slots.findIndex((s) => s.fact === f && s.index === index)];
      if (form === undefined) {
        throw new Error(`sealed-8: no form for fact ${f} value ${index}`);
      }
      beats.push({ at, steps: form.write(ctx), form: form.name });
    });
    const latest = fact.values.length - 1;
    const dctx: DecoyContext = {
      rng,
      fact: f,
      subject,
      key,
      index: latest,
      value: fact.values[latest] ?? "",
      old: fact.values[latest - 1] ?? "",
      values: fact.values,
      lookAlike: fact.spec.lookAlike,
      alikeValue: fact.alikeValue,
      proposal: fact.proposal,
    };
    const alike = alikeForms[f];
    if (alike !== undefined) {
      beats.push({
        at: at + 0.01 + rng.next() * (0.96 - at),
        steps: alike.write(dctx),
        form: alike.name,
      });
    }
    const decoy = decoyForms[f];
    if (decoyFacts.has(f) && decoy !== undefined) {
      beats.push({
        at: at + 0.01 + rng.next() * (0.96 - at),
        steps: decoy.write(dctx),
        form: decoy.name,
      });
    }
    if (mentioned.has(f)) {
      beats.push({
        at: 0.02 + rng.next() * 0.94,
        steps: [rng.pick(MENTIONS)(subject)],
        form: "mention",
      });
    }
  });
  beats.sort((a, b) => a.at - b.at);
  return {
    beats,
    facts: facts.map((f) => ({
      subject: f.spec.subject,
      values: f.values,
      lookAlike: f.spec.lookAlike,
    })),
  };
}

/** The whole session: `turns` messages after the system message (more if the plan needs them). */
export function buildSealed8(seed: number, turns: number): Sealed8Transcript {
  const rng = makeRng(seed * 7919 + 8008);
  const { beats, facts } = planBeats(rng);
  const messages: ChatMessage[] = [{ role: "system", content: SYSTEM }];
  const statements: Transcript["statements"] = [];
  let calls = 0;
  const write = (step: Step) => {
    if (step.kind === "call") {
      const id = `call_${String(calls++).padStart(4, "0")}`;
      messages.push({
        role: "assistant",
        content: step.preface,
        tool_calls: [
          {
            id,
            type: "function",
            function: { name: step.tool, arguments: JSON.stringify(step.args) },
          },
        ],
      });
      messages.push({ role: "tool", tool_call_id: id, content: step.output });
    } else {
      messages.push({ role: step.kind, content: step.text });
    }
    const content = messages.at(-1)?.content ?? "";
    for (const s of step.states) {
      if (!content.split("\n").some((l) => l.includes(s.line))) {
        throw new Error(`sealed-8: statement not on one line of its message: ${s.line}`);
      }
      statements.push({ sentence: s.line, fact: s.fact, value: s.value, turn: messages.length });
    }
  };
  const planted = beats.reduce((n, b) => n + b.steps.reduce((m, s) => m + size(s), 0), 0);
  const fillerBudget = Math.max(0, turns - planted);
  let filler = 0;
  const fillTo = (target: number) => {
    while (filler < target) {
      const step = fillerStep(rng, target - filler);
      filler += size(step);
      write(step);
    }
  };
  for (const beat of beats) {
    fillTo(Math.round(beat.at * fillerBudget));
    beat.steps.forEach(write);
  }
  fillTo(fillerBudget);
  return { messages, facts, statements, forms: beats.map((b) => b.form) };
}

export const GENERATED_FAMILY = {
  name: "sealed-8",
  generate(seed: number, turns: number): Pick<Transcript, "messages" | "facts" | "statements"> {
    const { messages, facts, statements } = buildSealed8(seed, turns);
    return { messages, facts, statements };
  },
};
