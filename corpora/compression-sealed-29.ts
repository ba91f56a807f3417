// The "sealed-29" compression family: a feature film's production office in prep
// and shoot, where an agent helps the line producer and the first AD with the
// schedule, call sheets, permits, crew rates, VFX tracking, rentals and the cost
// report. Sixteen facts are stated once, eight of them changed (four twice), some
// re-printed stale from old documents, some defended against rejected proposals,
// and each look-alike is named after its fact's latest value. Run by
// bench:compression as --family=sealed-29.
import { mulberry32 } from "./prng.ts";
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript } from "./compression-transcript.ts";
import { SUBJECTS, drawFact, type DrawnFact } from "./compression-sealed-29-facts.ts";
import { fillerBeat } from "./compression-sealed-29-filler.ts";
import {
  FIRST_FORMS,
  LOOK_ALIKE_FORMS,
  NO_VALUE_FORMS,
  RESTATE_FORMS,
  STALE_FORM,
  UPDATE_FORMS,
  type Draft,
  type Form,
} from "./compression-sealed-29-forms.ts";

const SYSTEM =
  "You are the production office assistant on the feature film Hollow Tide. You help the line producer (Tom Akerman) and the first assistant director (Faisal Haddad) with the shooting schedule, call sheets, location permits, crew rates, VFX shot tracking, equipment rentals and the weekly cost report. Use the tools to read exports, emails and chat; never change a locked figure without the LP's approval.";

/** One scheduled event: where it goes (0..1 of the session) and the drafts it adds. */
interface PlannedEvent {
  pos: number;
  fact: number;
  form: string;
  drafts: Draft[];
}

export interface Sealed29Transcript extends Pick<Transcript, "messages" | "facts" | "statements"> {
  /** The names of the forms planted, in event order. */
  forms: string[];
}

function shuffled<T>(list: readonly T[], rnd: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Every event of one fact: first value, updates, late re-prints, a no-value line and its look-alike. */
function planFact(
  drawn: DrawnFact,
  f: number,
  rnd: () => number,
  forms: { first: Form; updates: Form[]; late: "stale" | "rejected" | "reprint" | "none" },
): PlannedEvent[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T;
  const between = (lo: number, hi: number) => lo + rnd() * (hi - lo);
  const spare = drawn.spares[0] as string;
  const ctx = (at: number) => ({ s: drawn.subject, values: drawn.values, at, spare, pick });
  const last = drawn.values.length - 1;
  const events: PlannedEvent[] = [];
  const add = (pos: number, form: Form, at: number) =>
    events.push({ pos, fact: f, form: form.name, drafts: form.build(ctx(at)) });
  add(between(0.02, 0.22), forms.first, 0);
  forms.updates.forEach((form, k) => {
    add(k === 0 ? between(0.3, 0.5) : between(0.55, 0.72), form, k + 1);
  });
  if (forms.late === "stale") {
    add(between(0.76, 0.82), STALE_FORM, Math.floor(rnd() * last));
    add(between(0.85, 0.9), RESTATE_FORMS[0] as Form, last);
  } else if (forms.late === "rejected") {
    add(between(0.78, 0.9), RESTATE_FORMS[1] as Form, last);
  } else if (forms.late === "reprint") {
    add(between(0.6, 0.9), RESTATE_FORMS[2] as Form, last);
  }
  const noValue = pick(NO_VALUE_FORMS);
  events.push({
    pos: between(0.05, 0.9),
    fact: f,
    form: "no-value",
    drafts: noValue(drawn.subject, spare),
  });
  const alike = pick(LOOK_ALIKE_FORMS);
  events.push({
    pos: between(0.93, 0.98),
    fact: f,
    form: "look-alike",
    drafts: alike(drawn.lookAlike, drawn.lookAlikeValue),
  });
  return events;
}

/** The whole transcript of one seed, with the forms it planted. */
export function buildSealed29(seed: number, turns: number): Sealed29Transcript {
  const rnd = mulberry32(seed * 7919 + 2929);
  const subjects = shuffled(SUBJECTS, rnd).slice(0, 16);
  // Four facts change twice, four once, eight never.
  const updateCounts = shuffled([2, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0], rnd);
  const drawn = subjects.map((spec, i) => drawFact(spec, updateCounts[i] ?? 0, rnd));
  const firstForms = shuffled([...FIRST_FORMS, ...FIRST_FORMS, ...FIRST_FORMS], rnd);
  const updateForms = shuffled([...UPDATE_FORMS, ...UPDATE_FORMS], rnd);
  // Changed facts: stale re-print then a restatement, or a rejected proposal; unchanged: a re-print or nothing.
  const changedLate = shuffled(
    ["stale", "stale", "stale", "stale", "stale", "rejected", "rejected", "rejected"] as const,
    rnd,
  );
  const steadyLate = shuffled(
    ["reprint", "reprint", "reprint", "rejected", "rejected", "none", "none", "none"] as const,
    rnd,
  );
  const events = drawn.flatMap((d, f) => {
    const changed = d.values.length > 1;
    return planFact(d, f, rnd, {
      first: firstForms[f] as Form,
      updates: Array.from({ length: d.values.length - 1 }, () => updateForms.pop() as Form),
      late: (changed ? changedLate.pop() : steadyLate.pop()) ?? "none",
    });
  });
  const order = events.map((e, i) => ({ e, i })).sort((a, b) => a.e.pos - b.e.pos || a.i - b.i);

  const messages: ChatMessage[] = [{ role: "system", content: SYSTEM }];
  const statements: Transcript["statements"] = [];
  let callId = 0;
  const emit = (drafts: readonly Draft[], fact: number) => {
    for (const d of drafts) {
      if (d.role === "assistant") {
        const id = d.call === undefined ? undefined : `call_${callId++}`;
        messages.push({
          role: "assistant",
          content: d.content === "" && id !== undefined ? null : d.content,
          ...(id === undefined || d.call === undefined
            ? {}
            : {
                tool_calls: [
                  {
                    id,
                    type: "function" as const,
                    function: { name: d.call.name, arguments: JSON.stringify(d.call.args) },
                  },
                ],
              }),
        });
      } else if (d.role === "tool") {
        messages.push({ role: "tool", tool_call_id: `call_${callId - 1}`, content: d.content });
      } else {
        messages.push({ role: "user", content: d.content });
      }
      for (const s of d.states ?? []) {
        statements.push({ sentence: s.sentence, fact, value: s.value, turn: messages.length });
      }
    }
  };
  let next = 0;
  while (next < order.length || messages.length <= turns) {
    const event = order[next];
    if (event !== undefined && event.e.pos * turns <= messages.length) {
      emit(event.e.drafts, event.e.fact);
      next++;
    } else {
      emit(fillerBeat(rnd), -1);
    }
  }
  // The message index of a statement is its turn - 1; turn = index + 1 as Transcript documents.
  const facts = drawn.map((d) => ({
    subject: d.subject,
    values: d.values,
    lookAlike: d.lookAlike,
  }));
  return { messages, facts, statements, forms: order.map((o) => o.e.form) };
}

export const GENERATED_FAMILY = {
  name: "sealed-29",
  generate(seed: number, turns: number): Pick<Transcript, "messages" | "facts" | "statements"> {
    const { messages, facts, statements } = buildSealed29(seed, turns);
    return { messages, facts, statements };
  },
};
