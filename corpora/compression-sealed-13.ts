// The "sealed-13" compression family for bench:compression: a seeded session in
// which a dispatcher and an agent run a logistics company's fleet with a TMS,
// telematics, a dock schedule, rate cards, a customs portal, an incident tracker, a
// driver app and e-mail. Sixteen facts are planted (corpora/compression-sealed-13-facts.ts);
// eight change, four of them twice, each statement in one of the forms of
// corpora/compression-sealed-13-forms.ts, and after each fact's latest value come
// look-alikes, rejected proposals, hypotheticals, re-printed manifests and quoted old
// SLAs (corpora/compression-sealed-13-decoys.ts). Written without reading the
// compressor or the other families. Discovered by bench/compression-families.ts;
// tested by tests/bench/compression-sealed-13.test.ts.
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript, TranscriptFact } from "./compression-transcript.ts";
import { mulberry32 } from "./prng.ts";
import { FACT_TEMPLATES } from "./compression-sealed-13-facts.ts";
import { FIRST_FORMS, UPDATE_FORMS, type Form } from "./compression-sealed-13-forms.ts";
import {
  LOOK_ALIKE_FORMS,
  NEW_VALUE_DECOYS,
  OLD_VALUE_DECOYS,
} from "./compression-sealed-13-decoys.ts";
import { fillerBlock } from "./compression-sealed-13-filler.ts";
import type { Block, FormContext } from "./compression-sealed-13-kit.ts";

/** A planned block: where it goes (a share of the session), which fact, which form. */
interface Event {
  at: number;
  fact: number;
  form: Form;
  /** The value index a "v" sentence states. */
  value: number;
  /** The value index an "old" sentence states. */
  oldValue: number;
  decoy: string;
}

export interface Sealed13Transcript extends Pick<Transcript, "messages" | "facts" | "statements"> {
  /** The names of the forms planted, in transcript order. */
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

const FORMAT_SWITCH = UPDATE_FORMS.find((f) => f.name === "update-format-switch") as Form;
const PLAIN_UPDATES = UPDATE_FORMS.filter((f) => f !== FORMAT_SWITCH);

/** The sealed-13 transcript of a seed, with the forms it planted. */
export function buildSealed13(seed: number, turns: number): Sealed13Transcript {
  const rnd = mulberry32(seed * 104_729 + 1313);
  // Which facts change: eight, four of them twice, at least one that switches format.
  let order = shuffled(rnd, [...FACT_TEMPLATES.keys()]);
  const hasAlt = (i: number) => FACT_TEMPLATES[i]?.altPool !== undefined;
  if (!order.slice(0, 8).some(hasAlt)) {
    const alt = order.findIndex(hasAlt);
    order = [order[alt] as number, ...order.filter((_, k) => k !== alt)];
  }
  const updatesOf = new Map<number, number>(order.slice(0, 8).map((f, k) => [f, k < 4 ? 2 : 1]));
  const facts: TranscriptFact[] = [];
  const extra: { alike: string; decoy: string }[] = [];
  FACT_TEMPLATES.forEach((t, i) => {
    const pool = shuffled(rnd, t.pool);
    const n = 1 + (updatesOf.get(i) ?? 0);
    const values = pool.slice(0, n);
    if (n > 1 && t.altPool !== undefined) {
      values[n - 1] = shuffled(rnd, t.altPool)[0] as string;
    }
    facts.push({ subject: t.subject, values, lookAlike: t.lookAlike });
    extra.push({ alike: pool[n] as string, decoy: pool[n + 1] as string });
  });

  const events: Event[] = [];
  const firsts = shuffled(rnd, FIRST_FORMS);
  const plain = shuffled(rnd, PLAIN_UPDATES);
  let updateCount = 0;
  facts.forEach((fact, f) => {
    const decoy = extra[f]?.decoy ?? "";
    const base = { fact: f, decoy, oldValue: 0 };
    let at = 0.02 + rnd() * 0.28;
    events.push({ ...base, at, form: firsts[f % firsts.length] as Form, value: 0 });
    const n = fact.values.length;
    for (let v = 1; v < n; v++) {
      const [lo, hi] = n === 2 ? [0.36, 0.8] : v === 1 ? [0.36, 0.58] : [0.62, 0.8];
      at = lo + rnd() * (hi - lo);
      const alt = v === n - 1 && FACT_TEMPLATES[f]?.altPool !== undefined;
      const form = alt ? FORMAT_SWITCH : (plain[updateCount++ % plain.length] as Form);
      events.push({ ...base, at, form, value: v, oldValue: v - 1 });
    }
    // After the latest value: the look-alike, then one or two decoys.
    const after = () => at + 0.02 + rnd() * (0.95 - at);
    const posts: Form[] = [LOOK_ALIKE_FORMS[f % LOOK_ALIKE_FORMS.length] as Form];
    if (n > 1) {
      posts.push(OLD_VALUE_DECOYS[f % OLD_VALUE_DECOYS.length] as Form);
    }
    if (n === 1 || f % 2 === 0) {
      posts.push(NEW_VALUE_DECOYS[(f >> 1) % NEW_VALUE_DECOYS.length] as Form);
    }
    for (const form of posts) {
      events.push({ ...base, at: after(), form, value: n - 1, oldValue: intOld(rnd, n) });
    }
  });
  events.sort((x, y) => x.at - y.at);

  const messages: ChatMessage[] = [
    {
      role: "system",
      content:
        "You are the dispatch agent of a road freight company. You plan loads in the TMS, watch telematics, book dock slots, handle carriers, brokers and customers, and message drivers.",
    },
  ];
  const statements: Transcript["statements"] = [];
  const forms: string[] = [];
  let calls = 0;
  const callId = () => `call_${calls++}`;
  const subjects = facts.map((f) => f.subject);
  const append = (block: Block, fact?: number, event?: Event) => {
    const start = messages.length;
    messages.push(...block.messages);
    for (const s of block.stated) {
      if (fact === undefined || event === undefined) {
        continue;
      }
      const value =
        s.which === "v"
          ? event.value
          : s.which === "old"
            ? event.oldValue
            : (facts[fact]?.values.length ?? 1) - 1;
      statements.push({ sentence: s.sentence, fact, value, turn: start + s.msg + 1 });
    }
  };
  const fillTo = (count: number) => {
    while (messages.length - 1 < count) {
      const left = count - (messages.length - 1);
      append(fillerBlock(rnd, callId, subjects, left < 2));
    }
  };
  for (const event of events) {
    fillTo(Math.floor(event.at * turns));
    const fact = facts[event.fact] as TranscriptFact;
    const ctx: FormContext = {
      s: fact.subject,
      v: fact.values[event.value] ?? "",
      old: fact.values[event.oldValue] ?? "",
      cur: fact.values.at(-1) ?? "",
      alike: fact.lookAlike,
      a: extra[event.fact]?.alike ?? "",
      d: event.decoy,
      rnd,
      callId,
    };
    append(event.form.make(ctx), event.fact, event);
    forms.push(event.form.name);
  }
  fillTo(turns);
  return { messages, facts, statements, forms };
}

/** A replaced value's index for a fact with `n` values (0 when there is none). */
function intOld(rnd: () => number, n: number): number {
  return n > 1 ? Math.floor(rnd() * (n - 1)) : 0;
}

export const GENERATED_FAMILY = {
  name: "sealed-13",
  generate(seed: number, turns: number): Pick<Transcript, "messages" | "facts" | "statements"> {
    const { messages, facts, statements } = buildSealed13(seed, turns);
    return { messages, facts, statements };
  },
};
