// The "sealed-25" compression family: a seeded ~600-message session in which an agent helps
// the superintendent and shift operators of a municipal drinking-water treatment plant
// (SCADA exports, lab tables, PLC tag configs, regulator mail, work orders, handover notes).
// Sixteen plant settings are planted, half of them changed once or twice, with stale
// re-prints, confirmations, look-alike settings, rejected values and bare mentions.
// Discovered by bench/compression-families.ts and run by bench:compression.
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript, TranscriptFact } from "./compression-transcript.ts";
import { mulberry32 } from "./prng.ts";
import { PLANT_FACTS } from "./compression-sealed-25-facts.ts";
import {
  FIRST_FORMS,
  LOOK_ALIKE_FORMS,
  MENTION_FORMS,
  REJECTED_FORMS,
  RESTATE_FORMS,
  STALE_FORM,
  UPDATE_FORMS,
  type FormOutput,
  type StatementForm,
} from "./compression-sealed-25-forms.ts";
import { CHATTER, fillerTool } from "./compression-sealed-25-filler.ts";

const PEOPLE = ["Anika Brandt", "Jake Farrell", "Priya Natarajan", "Luis Ortega"];
const SALT = 2525;

type Slot = "user" | "call" | "tool" | "assistant";

/** A transcript plus the names of the forms it planted, for the family's own checks. */
export interface Sealed25Transcript extends Pick<Transcript, "messages" | "facts" | "statements"> {
  forms: string[];
}

interface Placed {
  text: string;
  /** Declared lines in order: the line and its value index. */
  declared: { line: string; value: number }[];
  fact: number;
  tool?: string;
}

function shuffled<T>(list: readonly T[], rnd: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Message slots after the system message: user, assistant calling a tool, tool, assistant. */
function slotsFor(turns: number): Slot[] {
  const order: Slot[] = ["user", "call", "tool", "assistant"];
  return Array.from({ length: turns }, (_, k) => {
    const slot = order[k % 4] as Slot;
    return slot === "call" && k === turns - 1 ? "assistant" : slot;
  });
}

export function buildSealed25(seed: number, turns: number): Sealed25Transcript {
  const rnd = mulberry32(seed * 7919 + SALT);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const slots = slotsFor(turns);
  const prosePlan = new Map<number, Placed[]>();
  const toolPlan = new Map<number, Placed>();
  const forms: string[] = [];

  /** A free message index of the kind in [lo, hi), message indices counting the system as 0. */
  const spot = (kind: "prose" | "tool", lo: number, hi: number): number => {
    const fits = (i: number) => {
      const slot = slots[i - 1];
      return kind === "tool"
        ? slot === "tool" && !toolPlan.has(i)
        : slot === "user" || slot === "assistant";
    };
    for (const top of [hi, turns + 1]) {
      const free: number[] = [];
      for (let i = Math.max(1, lo); i < Math.min(top, turns + 1); i++) {
        if (fits(i)) {
          free.push(i);
        }
      }
      if (free.length > 0) {
        return pick(free);
      }
    }
    throw new Error(`sealed-25: no free ${kind} message after ${lo}`);
  };
  const put = (index: number, placed: Placed) => {
    if (slots[index - 1] === "tool") {
      toolPlan.set(index, placed);
    } else {
      prosePlan.set(index, [...(prosePlan.get(index) ?? []), placed]);
    }
  };

  const seeds = shuffled(PLANT_FACTS, rnd);
  const changeOrder = shuffled(
    seeds.map((_, i) => i),
    rnd,
  );
  const updatesOf = (f: number) => {
    const rank = changeOrder.indexOf(f);
    return rank < 4 ? 2 : rank < 8 ? 1 : 0;
  };
  const facts: TranscriptFact[] = [];
  const extras: { alike: string; decoy: string }[] = [];
  seeds.forEach((s, f) => {
    const pool = shuffled(s.pool, rnd);
    const n = updatesOf(f) + 1;
    facts.push({ subject: s.subject, values: pool.slice(0, n), lookAlike: s.lookAlike });
    extras.push({ alike: pool[n] ?? "", decoy: pool[n + 1] ?? "" });
  });

  const firstForms = shuffled(FIRST_FORMS, rnd);
  const updateForms = shuffled(UPDATE_FORMS, rnd);
  let updateCount = 0;
  let staleCount = 0;
  const T = turns;

  facts.forEach((fact, f) => {
    const tag = seeds[f]?.tag ?? "TAG";
    let prev = 0;
    const plant = (form: StatementForm, value: number, lo: number, hi: number) => {
      const index = spot(form.kind, Math.max(lo, prev + 1), hi);
      const out: FormOutput = form.render({
        subject: fact.subject,
        value: fact.values[value] ?? "",
        old: fact.values[value - 1] ?? "",
        tag,
        who: pick(PEOPLE),
        n: index,
      });
      const declared = [
        ...(out.staleLine === undefined ? [] : [{ line: out.staleLine, value: value - 1 }]),
        { line: out.line, value },
      ];
      put(index, { text: out.text, declared, fact: f, tool: form.tool });
      forms.push(form.name);
      prev = index;
      return index;
    };
    const firstAt = plant(firstForms[f % firstForms.length] as StatementForm, 0, 3, T * 0.3);
    const last = fact.values.length - 1;
    const windows =
      last === 2
        ? [
            [T * 0.35, T * 0.55],
            [T * 0.6, T * 0.78],
          ]
        : [[T * 0.4, T * 0.75]];
    for (let v = 1; v <= last; v++) {
      const form = updateForms[updateCount++ % updateForms.length] as StatementForm;
      const [lo, hi] = windows[v - 1] ?? [0, T];
      plant(form, v, lo ?? 0, hi ?? T);
    }
    if (last > 0 && staleCount < 3) {
      staleCount++;
      plant(STALE_FORM, last - 1, 0, T * 0.88);
      plant(RESTATE_FORMS[0] as StatementForm, last, 0, T * 0.95);
    } else if (rnd() < 0.5) {
      plant(pick(RESTATE_FORMS.slice(1)), last, T * 0.5, T * 0.95);
    }
    // The look-alike after the latest value; a rejected value and a bare mention anywhere.
    const alikeLine = pick(LOOK_ALIKE_FORMS)(fact.lookAlike, extras[f]?.alike ?? "");
    put(spot("prose", prev + 1, T), { text: alikeLine, declared: [], fact: f });
    if (rnd() < 0.7) {
      const line = pick(REJECTED_FORMS)(fact.subject, extras[f]?.decoy ?? "", pick(PEOPLE));
      put(spot("prose", firstAt + 1, T), { text: line, declared: [], fact: f });
      forms.push("rejected-proposal");
    }
    if (rnd() < 0.5) {
      put(spot("prose", 2, T), { text: pick(MENTION_FORMS)(fact.subject), declared: [], fact: f });
    }
  });

  const messages: ChatMessage[] = [
    {
      role: "system",
      content:
        "You are an operations assistant for the City of Marlow water treatment plant. You help the superintendent and shift operators read SCADA, LIMS, CMMS and mail, and draft notes. Never change a setpoint yourself.",
    },
  ];
  const raw: { line: string; fact: number; value: number; turn: number }[] = [];
  let callId = 0;
  slots.forEach((slot, k) => {
    const index = k + 1;
    const declare = (placed: Placed) => {
      for (const d of placed.declared) {
        raw.push({ line: d.line, fact: placed.fact, value: d.value, turn: index + 1 });
      }
    };
    if (slot === "call") {
      const planned = toolPlan.get(index + 1);
      const filler = fillerTool(rnd);
      const tool = planned?.tool ?? filler.tool;
      const id = `call_${callId++}`;
      messages.push({
        role: "assistant",
        content:
          rnd() < 0.5 ? null : pick(["Pulling that now.", "Checking.", "One moment, querying it."]),
        tool_calls: [
          {
            id,
            type: "function",
            function: { name: tool, arguments: JSON.stringify({ request: index }) },
          },
        ],
      });
      messages.push({
        role: "tool",
        tool_call_id: id,
        content: planned?.text ?? filler.text,
      });
      if (planned !== undefined) {
        // The tool message sits at the next index.
        for (const d of planned.declared) {
          raw.push({ line: d.line, fact: planned.fact, value: d.value, turn: index + 2 });
        }
      }
      return;
    }
    if (slot === "tool") {
      return;
    }
    const here = prosePlan.get(index) ?? [];
    const chatter = shuffled(CHATTER, rnd).slice(0, 2 + Math.floor(rnd() * 5));
    const cut = Math.floor(rnd() * (chatter.length + 1));
    const parts = [
      chatter.slice(0, cut).join(" "),
      ...here.map((p) => p.text),
      chatter.slice(cut).join(" "),
    ];
    messages.push({ role: slot, content: parts.filter((p) => p !== "").join("\n") });
    here.forEach(declare);
  });
  const statements = raw
    .map((s, order) => ({ ...s, order }))
    .sort((a, b) => a.turn - b.turn || a.order - b.order)
    .map((s) => ({ sentence: s.line, fact: s.fact, value: s.value, turn: s.turn }));
  return { messages, facts, statements, forms };
}

export const GENERATED_FAMILY = {
  name: "sealed-25",
  generate(seed: number, turns: number): Pick<Transcript, "messages" | "facts" | "statements"> {
    const { messages, facts, statements } = buildSealed25(seed, turns);
    return { messages, facts, statements };
  },
};
