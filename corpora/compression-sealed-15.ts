// The "sealed-15" compression family for bench:compression: a book publisher's
// production session with an agent (title records, print-vendor quotes, typesetting
// builds, rights, the ONIX-like retailer feed, proof tickets, calendar, mail and chat)
// with sixteen planted facts, half of them changed once or twice, followed by decoys
// and a look-alike subject. Written blind to the compressor. Discovered by
// bench/compression-families.ts through GENERATED_FAMILY; tested by
// tests/bench/compression-sealed-15.test.ts.
import type { ChatMessage } from "../shared/context/messages.ts";
import type { TranscriptFact, Transcript } from "./compression-transcript.ts";
import { mulberry32 } from "./prng.ts";
import { makeKit, type Beat, type Kit } from "./compression-sealed-15-beat.ts";
import { factDefs } from "./compression-sealed-15-facts.ts";
import { FIRST_FORMS, RESTATE, UPDATE_FORMS } from "./compression-sealed-15-forms.ts";
import { DECOYS, LOOK_ALIKES, MENTIONS } from "./compression-sealed-15-decoys.ts";
import { fillerBeat } from "./compression-sealed-15-filler.ts";

interface Planted {
  pos: number;
  beat: Beat;
  form: string;
  fact?: number;
  value?: number;
}

export interface Sealed15 extends Pick<Transcript, "messages" | "facts" | "statements"> {
  /** The names of the forms and decoys planted, in planting order. */
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

/** The i-th item of a non-empty list, wrapping around. */
function cycle<T>(list: readonly T[], i: number): T {
  const item = list[i % list.length];
  if (item === undefined) {
    throw new Error("sealed-15: empty list");
  }
  return item;
}

/** Places each fact's statements, decoys, look-alike and mention on the 0..1 timeline. */
function plant(k: Kit, facts: TranscriptFact[], fresh: string[][], alike: string[]): Planted[] {
  const planted: Planted[] = [];
  const firsts = shuffled(FIRST_FORMS, k.rnd);
  const updates = shuffled(UPDATE_FORMS, k.rnd);
  const freshDecoys = DECOYS.filter((d) => d.uses === "fresh");
  const oldDecoys = DECOYS.filter((d) => d.uses === "old");
  let u = 0;
  let changed = 0;
  facts.forEach((fact, f) => {
    let pos = 0.02 + k.rnd() * 0.2;
    fact.values.forEach((value, v) => {
      if (v > 0) {
        pos += 0.08 + k.rnd() * 0.15;
      }
      const form = v === 0 ? cycle(firsts, f) : cycle(updates, u++);
      const beat = form.make(fact.subject, value, fact.values[v - 1] ?? "", k);
      planted.push({ pos, beat, form: form.name, fact: f, value: v });
    });
    const latest = pos;
    let last = latest;
    if (fact.values.length > 1) {
      // An old value shown again, then the current one restated.
      const decoy = cycle(oldDecoys, changed++);
      const old = k.int(0, fact.values.length - 1);
      const at = latest + 0.01 + (0.88 - latest) * k.rnd() * 0.6;
      planted.push({
        pos: at,
        beat: decoy.make(fact.subject, fact.values[old] ?? "", k),
        form: decoy.name,
        fact: f,
        value: old,
      });
      last = at + 0.005 + (0.93 - at) * (0.2 + k.rnd() * 0.6);
      const current = fact.values.length - 1;
      planted.push({
        pos: last,
        beat: RESTATE.make(fact.subject, fact.values[current] ?? "", "", k),
        form: RESTATE.name,
        fact: f,
        value: current,
      });
    }
    if (fact.values.length === 1 || k.rnd() < 0.5) {
      const decoy = cycle(freshDecoys, f + k.int(0, 3));
      planted.push({
        pos: latest + 0.005 + (0.95 - latest) * k.rnd(),
        beat: decoy.make(fact.subject, fresh[f]?.[0] ?? "", k),
        form: decoy.name,
      });
    }
    const la = cycle(LOOK_ALIKES, f);
    planted.push({
      pos: last + 0.005 + (0.97 - last) * k.rnd(),
      beat: la(fact.lookAlike, alike[f] ?? "", k),
      form: "look-alike",
    });
    if (k.rnd() < 0.5) {
      planted.push({ pos: k.rnd() * 0.95, beat: k.pick(MENTIONS)(fact.subject), form: "mention" });
    }
  });
  return planted;
}

const beatSize = (b: Beat) => b.messages.reduce((n, m) => n + (m.role === "tool" ? 2 : 1), 0);

export function buildSealed15(seed: number, turns: number): Sealed15 {
  const rnd = mulberry32(seed * 104_729 + 1515);
  const k = makeKit(rnd);
  const defs = factDefs(rnd);
  // Eight facts change: four once, four twice.
  const order = shuffled(
    defs.map((_, i) => i),
    rnd,
  );
  const counts = new Map(order.map((f, r) => [f, r < 4 ? 3 : r < 8 ? 2 : 1]));
  const fresh: string[][] = [];
  const alike: string[] = [];
  const facts: TranscriptFact[] = defs.map((d, f) => {
    const pool = shuffled(d.pool, rnd);
    const n = counts.get(f) ?? 1;
    alike.push(pool[n] ?? "");
    fresh.push(pool.slice(n + 1, n + 3));
    return { subject: d.subject, values: pool.slice(0, n), lookAlike: d.lookAlike };
  });
  const planted = plant(k, facts, fresh, alike)
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.pos - b.p.pos || a.i - b.i)
    .map(({ p }) => p);
  // Background beats fill the rest of the turns.
  const filler: Beat[] = [];
  let budget = turns - planted.reduce((n, p) => n + beatSize(p.beat), 0);
  while (budget > 0) {
    const beat = fillerBeat(k, budget === 1 || rnd() < 0.3);
    filler.push(beat);
    budget -= beatSize(beat);
  }
  const sequence: (Planted | { beat: Beat })[] = [];
  let next = 0;
  filler.forEach((beat, i) => {
    while (next < planted.length && Math.floor((planted[next]?.pos ?? 1) * filler.length) <= i) {
      sequence.push(cycle(planted, next++));
    }
    sequence.push({ beat });
  });
  sequence.push(...planted.slice(next));
  // Expand beats to messages; a statement's turn is its message index + 1.
  const messages: ChatMessage[] = [
    {
      role: "system",
      content:
        "You are the production assistant for Larkspur Press, working on the title The Salt Archive.",
    },
  ];
  const statements: Transcript["statements"] = [];
  let callId = 0;
  for (const item of sequence) {
    item.beat.messages.forEach((m, at) => {
      if (m.role === "tool") {
        const id = `call_${String(callId++).padStart(4, "0")}`;
        messages.push({
          role: "assistant",
          content: m.lead,
          tool_calls: [
            { id, type: "function", function: { name: m.tool, arguments: JSON.stringify(m.args) } },
          ],
        });
        messages.push({ role: "tool", tool_call_id: id, content: m.content });
      } else {
        messages.push({ role: m.role, content: m.content });
      }
      const s = item.beat.statement;
      if (
        "fact" in item &&
        item.fact !== undefined &&
        item.value !== undefined &&
        s !== undefined &&
        s.at === at
      ) {
        statements.push({
          sentence: s.line,
          fact: item.fact,
          value: item.value,
          turn: messages.length,
        });
      }
    });
  }
  const forms = planted.map((p) => p.form);
  return { messages, facts, statements, forms };
}

export const GENERATED_FAMILY = {
  name: "sealed-15",
  generate(seed: number, turns: number): Pick<Transcript, "messages" | "facts" | "statements"> {
    const { messages, facts, statements } = buildSealed15(seed, turns);
    return { messages, facts, statements };
  },
};
