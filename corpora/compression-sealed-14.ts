// The "sealed-14" compression family for bench:compression: a seeded ~600-message
// session in which a regional grid operator's control room works with an agent over a
// SCADA historian, outage management, switching orders, a market portal, a weather
// feed, relay settings files, work orders, a shift log, crew radio and e-mail. Sixteen
// facts are planted (corpora/compression-sealed-14-facts.ts); eight change once or
// twice, each change in one of twelve update forms, and after each fact's latest value
// come decoys and a look-alike (corpora/compression-sealed-14-forms.ts). Written without
// reading the compressor or the other families. Discovered by
// bench/compression-families.ts; tested by tests/bench/compression-sealed-14.test.ts.
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript } from "./compression-transcript.ts";
import { mulberry32 } from "./prng.ts";
import {
  CREW_LEADS,
  ENGINEERS,
  FACT_DEFS,
  freshValue,
  int,
  makeIds,
  pickOf,
  type Rng,
} from "./compression-sealed-14-facts.ts";
import {
  FIRST_FORMS,
  LOOK_ALIKE_FORMS,
  MENTIONS,
  OLD_VALUE_DECOYS,
  PLAIN_DECOYS,
  RESTATE_FORMS,
  UPDATE_FORMS,
  type Form,
  type FormCtx,
  type Piece,
} from "./compression-sealed-14-forms.ts";
import {
  callArgs,
  callIntent,
  chatter,
  clock,
  fillerOutput,
  TOOL_KINDS,
  TOOL_NAMES,
} from "./compression-sealed-14-filler.ts";

export const NAME = "sealed-14";

/** A planted piece at a beat: its fact and, if it states a value, which one. */
interface Event {
  beat: number;
  fact: number;
  value: number | null;
  form: string;
  piece: Piece;
}

export interface Sealed14Transcript extends Pick<Transcript, "messages" | "facts" | "statements"> {
  /** The form names planted, in plan order. */
  forms: string[];
}

const shuffle = <T>(rnd: Rng, list: readonly T[]): T[] => {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
};

const PEOPLE = ["J. Marsh", "A. Quist", "R. Delacroix", "K. Osei", "B. Lindgren"];

export function buildSealed14(seed: number, turns: number): Sealed14Transcript {
  const rnd = mulberry32(seed * 9973 + 1414);
  const ids = makeIds(rnd);
  const beats = Math.max(8, Math.floor(turns / 4));
  const used = new Set<string>([...CREW_LEADS, ...ENGINEERS].map((n) => n.toLowerCase()));
  // Names are values only for the two people facts; free them per fact below.
  const defs = shuffle(rnd, FACT_DEFS).slice(0, 16);
  // Changed facts first: the first one can take a new unit.
  const order = [
    ...defs.filter((d) => d.alt !== undefined).slice(0, 1),
    ...shuffle(
      rnd,
      defs.filter((d, i) => !(d.alt !== undefined && defs.findIndex((e) => e.alt) === i)),
    ),
  ];
  const changes = order.map((_, i) => (i < 4 ? 2 : i < 8 ? 1 : 0));
  const updateForms = shuffle(rnd, UPDATE_FORMS).filter((f) => f.name !== "update-new-unit");
  const unitFact = 0;
  const facts = order.map((def, i) => {
    const pool = def.key === "crew-lead" ? CREW_LEADS : def.key === "on-call" ? ENGINEERS : [];
    pool.forEach((n) => used.delete(n.toLowerCase()));
    const values: string[] = [];
    for (let k = 0; k <= (changes[i] ?? 0); k++) {
      values.push(freshValue(def, rnd, used, i === unitFact && k === 1));
    }
    const lv = freshValue(def, rnd, used);
    const fresh = freshValue(def, rnd, used);
    pool.forEach((n) => used.add(n.toLowerCase()));
    const subject = def.subject(ids);
    return { subject, lookAlike: `${subject} ${def.qualifier}`, values, lv, fresh };
  });

  const events: Event[] = [];
  const taken = new Set<number>();
  const at = (lo: number, hi: number): number => {
    const a = Math.max(1, Math.floor(lo * beats));
    const b = Math.max(a + 1, Math.floor(hi * beats));
    const free = Array.from({ length: b - a }, (_, k) => a + k).filter((x) => !taken.has(x));
    const beat = free.length > 0 ? pickOf(rnd, free) : int(rnd, a, b);
    taken.add(beat);
    return beat;
  };
  let updateIndex = 0;
  let decoyIndex = 0;
  facts.forEach((fact, f) => {
    const ctx = (v: number | null, extra: Partial<FormCtx> = {}): FormCtx => ({
      s: fact.subject,
      v: v === null ? "" : (fact.values[v] ?? ""),
      old: v !== null && v > 0 ? (fact.values[v - 1] ?? "") : (fact.values.at(-2) ?? ""),
      fresh: fact.fresh,
      la: fact.lookAlike,
      lv: fact.lv,
      who: pickOf(rnd, PEOPLE),
      at: clock(rnd),
      n: int(rnd, 10, 99),
      ...extra,
    });
    const plant = (beat: number, form: Form, value: number | null, extra?: Partial<FormCtx>) =>
      events.push({ beat, fact: f, value, form: form.name, piece: form.make(ctx(value, extra)) });
    plant(at(0.02, 0.3), pickOf(rnd, FIRST_FORMS), 0);
    const last = fact.values.length - 1;
    const windows =
      last === 2
        ? [
            [0.32, 0.5],
            [0.52, 0.66],
          ]
        : [[0.32, 0.66]];
    for (let k = 1; k <= last; k++) {
      const [lo, hi] = windows[k - 1] ?? [0.32, 0.66];
      const unit = f === unitFact && k === 1;
      const form = unit
        ? (UPDATE_FORMS.find((u) => u.name === "update-new-unit") as Form)
        : (updateForms[updateIndex++ % updateForms.length] as Form);
      plant(at(lo ?? 0.32, hi ?? 0.66), form, k);
    }
    if (last > 0) {
      const decoys = [...OLD_VALUE_DECOYS, PLAIN_DECOYS[0] as Form];
      const decoy = decoys[decoyIndex++ % decoys.length] as Form;
      const states = OLD_VALUE_DECOYS.includes(decoy);
      plant(at(0.68, 0.82), decoy, states ? last - 1 : null, { old: fact.values[last - 1] ?? "" });
      if (states) {
        plant(at(0.84, 0.97), pickOf(rnd, RESTATE_FORMS), last);
      }
    } else {
      plant(at(0.68, 0.97), PLAIN_DECOYS[1 + (f % 3)] as Form, null);
    }
    plant(at(0.68, 0.97), pickOf(rnd, LOOK_ALIKE_FORMS), null);
    if (rnd() < 0.6) {
      const mention = pickOf(rnd, MENTIONS)(fact.subject);
      events.push({
        beat: int(rnd, 1, beats),
        fact: f,
        value: null,
        form: "mention",
        piece: { tool: pickOf(rnd, TOOL_KINDS), user: mention },
      });
    }
  });

  const messages: ChatMessage[] = [
    {
      role: "system",
      content:
        "You are the control-room assistant of a regional transmission and distribution operator. Use the tools to read the SCADA historian, OMS, switching orders, the market portal, the weather feed, relay settings, work orders, the shift log, crew radio and e-mail. Keep the operators informed.",
    },
  ];
  const statements: Transcript["statements"] = [];
  const join = (parts: string[]) => parts.join(parts.some((p) => p.includes("\n")) ? "\n" : " ");
  const mix = (planted: string[], role: "user" | "assistant") => {
    const around = chatter(rnd, role, int(rnd, 1, 4));
    const cut = int(rnd, 0, around.length + 1);
    return join([...around.slice(0, cut), ...planted, ...around.slice(cut)]);
  };
  let carry: string[] = [];
  for (let b = 0; b < beats; b++) {
    const here = events.filter((e) => e.beat === b);
    const kind = here[0]?.piece.tool ?? pickOf(rnd, TOOL_KINDS);
    const user = mix([...carry, ...here.flatMap((e) => e.piece.user ?? [])], "user");
    carry = here.flatMap((e) => e.piece.nextUser ?? []);
    const output = fillerOutput(rnd, kind, ids);
    for (const e of here) {
      if (e.piece.toolLines !== undefined) {
        output.splice(int(rnd, 1, output.length + 1), 0, ...e.piece.toolLines);
      }
    }
    const id = `call_${seed}_${b}`;
    const start = messages.length;
    messages.push(
      { role: "user", content: user },
      {
        role: "assistant",
        content: callIntent(rnd, kind),
        tool_calls: [
          {
            id,
            type: "function",
            function: { name: TOOL_NAMES[kind], arguments: callArgs(rnd, kind, ids) },
          },
        ],
      },
      { role: "tool", tool_call_id: id, content: output.join("\n") },
      {
        role: "assistant",
        content: mix(
          here.flatMap((e) => e.piece.assistant ?? []),
          "assistant",
        ),
      },
    );
    for (const e of here) {
      const stmt = e.piece.stmt;
      if (stmt === undefined || e.value === null) {
        continue;
      }
      const index = messages.findIndex((m, i) => i >= start && (m.content ?? "").includes(stmt));
      statements.push({ sentence: stmt, fact: e.fact, value: e.value, turn: index + 1 });
    }
  }
  for (let r = 0; messages.length < turns + 1; r++) {
    const role = r % 2 === 0 ? "user" : "assistant";
    messages.push({ role, content: mix(carry.splice(0), role) });
  }
  statements.sort((a, b) => a.turn - b.turn);
  return {
    messages: messages.slice(0, turns + 1),
    facts: facts.map(({ subject, lookAlike, values }) => ({ subject, lookAlike, values })),
    statements,
    forms: [...events].sort((a, b) => a.beat - b.beat).map((e) => e.form),
  };
}

export const GENERATED_FAMILY = {
  name: NAME,
  generate(seed: number, turns: number): Pick<Transcript, "messages" | "facts" | "statements"> {
    const { messages, facts, statements } = buildSealed14(seed, turns);
    return { messages, facts, statements };
  },
};
