// The "sealed-12" compression family for bench:compression: a hospital pharmacy
// operations session (formulary database, par levels, dispensing-cabinet exports,
// shortage feed, P&T minutes, order sets, tickets, pager chat, supplier mail) with
// sixteen planted facts, eight of them changed once or twice, stated in prose,
// tables, JSON, CSV, XML, HL7-ish lines, logs, minutes, tickets, chat and mail,
// followed by look-alikes, rejected proposals, hypotheticals, outdated cards and
// re-printed archives. Written without reading the compressor or other families.
// Discovered by bench/compression-families.ts through GENERATED_FAMILY.
import type { ChatMessage } from "../shared/context/messages.ts";
import { mulberry32 } from "./prng.ts";
import type { Transcript, TranscriptFact } from "./compression-transcript.ts";
import { FACT_TEMPLATES } from "./compression-sealed-12-facts.ts";
import {
  FIRST_FORMS,
  RESTATE_FORMS,
  UPDATE_FORMS,
  type Form,
  type Part,
  type Slot,
} from "./compression-sealed-12-forms.ts";
import { LOOK_ALIKE_DECOYS, POST_DECOYS, type Decoy } from "./compression-sealed-12-decoys.ts";
import {
  STAFF,
  TOOLS,
  agentFiller,
  toolArguments,
  toolOutput,
  userFiller,
  type Rnd,
} from "./compression-sealed-12-filler.ts";

export const NAME = "sealed-12";

/** A part bound to a message position (1-based, the system message is 0). */
interface Placed {
  part: Part;
  fact: number;
  /** Value index a line tagged "new" states, and one tagged "old". */
  vi: number;
  oi: number;
}

export interface Sealed12Transcript extends Pick<Transcript, "messages" | "facts" | "statements"> {
  /** Names of the forms and decoys planted, in planning order. */
  forms: string[];
}

const shuffle = <T>(rnd: Rnd, list: readonly T[]): T[] => {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
};
const between = (rnd: Rnd, lo: number, hi: number) => lo + rnd() * (hi - lo);

/** Position p's role: user, assistant that calls a tool, tool, assistant. */
function roleAt(p: number): Slot {
  const k = (p - 1) % 4;
  return k === 0 ? "user" : k === 2 ? "tool" : "assistant";
}

const dateAt = (p: number, turns: number) =>
  `2026-11-${String(2 + Math.floor((p / turns) * 24)).padStart(2, "0")}`;
const timeAt = (p: number) =>
  `${String(7 + (p % 12)).padStart(2, "0")}:${String((p * 7) % 60).padStart(2, "0")}`;

/** Which update form each of the twelve updates uses; the unit change lands on a fact with `alt`. */
function updateForms(rnd: Rnd, hasAlt: readonly boolean[]): Form[] {
  const extra = UPDATE_FORMS.filter((f) => f.altUnit !== true);
  const forms = [...shuffle(rnd, UPDATE_FORMS), extra[Math.floor(rnd() * extra.length)] as Form];
  const u = forms.findIndex((f) => f.altUnit === true);
  if (u >= 0 && hasAlt[u] !== true) {
    const w = hasAlt.findIndex((a, i) => a && forms[i]?.altUnit !== true);
    if (w >= 0) {
      [forms[u], forms[w]] = [forms[w] as Form, forms[u] as Form];
    } else {
      forms[u] = extra[0] as Form;
    }
  }
  return forms;
}

export function buildSealed12(seed: number, turns: number): Sealed12Transcript {
  const rnd = mulberry32(seed * 9973 + 12_012);
  const templates = shuffle(rnd, FACT_TEMPLATES);
  const updatesOf = (f: number) => (f < 4 ? 2 : f < 8 ? 1 : 0);
  // The twelve updates in fact order, and their forms.
  const updates = templates.flatMap((_, f) =>
    Array.from({ length: updatesOf(f) }, (_, j) => ({ f, j })),
  );
  const forms12 = updateForms(
    rnd,
    updates.map((u) => templates[u.f]?.alt !== undefined),
  );
  const firsts = shuffle(rnd, FIRST_FORMS);
  const planted: string[] = [];

  // Values: a first from the pool, each update from the pool or, for a unit change, the alt pool.
  const facts: TranscriptFact[] = [];
  const events: {
    frac: number;
    fact: number;
    vi: number;
    oi: number;
    parts: (p: number) => Part[];
  }[] = [];
  templates.forEach((t, f) => {
    const pool = shuffle(rnd, t.pool);
    const alt = shuffle(rnd, t.alt ?? []);
    const values = [pool.shift() as string];
    const mine = updates.flatMap((u, i) => (u.f === f ? [forms12[i] as Form] : []));
    for (const form of mine) {
      values.push((form.altUnit === true ? alt.shift() : pool.shift()) as string);
    }
    const fresh = pool.shift() as string;
    const alikeV = t.alikePool[Math.floor(rnd() * t.alikePool.length)] as string;
    facts.push({ subject: t.subject, values, lookAlike: t.lookAlike });
    const who = () => STAFF[Math.floor(rnd() * STAFF.length)] as string;
    const ctx = (p: number, vi: number, oi: number) => ({
      s: t.subject,
      v: values[vi] as string,
      old: values[oi] as string,
      who: who(),
      date: dateAt(p, turns),
      time: timeAt(p),
    });
    // First value, updates, a restatement for some unchanged facts.
    const first = firsts[f % firsts.length] as Form;
    planted.push(first.name);
    let frac = between(rnd, 0.02, 0.24);
    events.push({ frac, fact: f, vi: 0, oi: 0, parts: (p) => first.render(ctx(p, 0, 0)) });
    mine.forEach((form, j) => {
      planted.push(form.name);
      const [lo, hi] = mine.length === 2 ? (j === 0 ? [0.3, 0.48] : [0.55, 0.72]) : [0.35, 0.7];
      frac = between(rnd, lo, hi);
      events.push({ frac, fact: f, vi: j + 1, oi: j, parts: (p) => form.render(ctx(p, j + 1, j)) });
    });
    if (f >= 8 && f < 12) {
      const restate = RESTATE_FORMS[f % RESTATE_FORMS.length] as Form;
      planted.push(restate.name);
      frac = between(rnd, 0.4, 0.75);
      events.push({ frac, fact: f, vi: 0, oi: 0, parts: (p) => restate.render(ctx(p, 0, 0)) });
    }
    // Decoys after the latest value: the look-alike, then one post decoy.
    const last = values.length - 1;
    const decoyCtx = (p: number, oi: number) => ({
      ...ctx(p, last, oi),
      alike: t.lookAlike,
      alikeV,
      fresh,
    });
    const alike = LOOK_ALIKE_DECOYS[f % LOOK_ALIKE_DECOYS.length] as Decoy;
    const post = postDecoy(f);
    const oi = last === 0 ? 0 : Math.floor(rnd() * last);
    for (const decoy of shuffle(rnd, [alike, post])) {
      planted.push(decoy.name);
      frac = between(rnd, Math.max(frac, 0.72) + 0.03, 0.95);
      events.push({ frac, fact: f, vi: last, oi, parts: (p) => decoy.render(decoyCtx(p, oi)) });
    }
  });

  // Place every fact's events in order on positions after its previous one.
  const toolTaken = new Set<number>();
  const placed = new Map<number, Placed[]>();
  const lastAt = new Map<number, number>();
  for (const e of events) {
    let after = lastAt.get(e.fact) ?? 0;
    const start = Math.max(1, Math.floor(e.frac * turns));
    // Positions are decided per part; the first part's position fixes the rendered dates.
    const kinds = e.parts(start).map((part) => part.slot);
    const positions: number[] = [];
    for (const [i, kind] of kinds.entries()) {
      const from = i === 0 ? Math.max(start, after + 1) : after + 1;
      const p = findSlot(kind, from, turns, toolTaken);
      positions.push(p);
      after = p;
      if (kind === "tool") {
        toolTaken.add(p);
      }
    }
    lastAt.set(e.fact, after);
    e.parts(positions[0] as number).forEach((part, i) => {
      const p = positions[i] as number;
      placed.set(p, [...(placed.get(p) ?? []), { part, fact: e.fact, vi: e.vi, oi: e.oi }]);
    });
  }
  const { messages, statements } = writeMessages(rnd, turns, placed);
  return { messages, facts, statements, forms: planted };
}

/** The post decoy of fact f: archives and old cards for changed facts, proposals for the rest. */
function postDecoy(f: number): Decoy {
  const named = (name: string) => POST_DECOYS.find((d) => d.name === name) as Decoy;
  if (f < 8) {
    return named(
      ["reprinted-archive", "outdated-policy", "reprinted-archive", "rejected-proposal"][
        f % 4
      ] as string,
    );
  }
  return named(["rejected-proposal", "failed-motion", "hypothetical"][f % 3] as string);
}

function findSlot(kind: Slot, from: number, turns: number, toolTaken: ReadonlySet<number>): number {
  for (let p = from; p <= turns; p++) {
    const answered = kind !== "tool" || (p <= turns && !toolTaken.has(p));
    if (roleAt(p) === kind && answered) {
      return p;
    }
  }
  throw new Error(`sealed-12: no ${kind} message left after position ${from} of ${turns}`);
}

function writeMessages(
  rnd: Rnd,
  turns: number,
  placed: ReadonlyMap<number, Placed[]>,
): Pick<Transcript, "messages" | "statements"> {
  const messages: ChatMessage[] = [
    {
      role: "system",
      content:
        "You are an operations agent for the hospital pharmacy. You can query the formulary database, inventory and dispensing-cabinet systems, the drug-shortage feed, committee minutes, order-set configuration, tickets, the pager and supplier mail.",
    },
  ];
  const statements: Transcript["statements"] = [];
  const record = (p: number, here: readonly Placed[]) => {
    for (const h of here) {
      for (const line of h.part.lines) {
        if (line.states !== undefined) {
          const value = line.states === "new" ? h.vi : h.oi;
          statements.push({ sentence: line.text, fact: h.fact, value, turn: p + 1 });
        }
      }
    }
  };
  for (let p = 1; p <= turns; p++) {
    const here = placed.get(p) ?? [];
    const role = roleAt(p);
    if (role === "tool") {
      const call = messages.at(-1);
      const id = `call_${p}`;
      const tool = here[0]?.part.tool ?? (TOOLS[Math.floor(rnd() * TOOLS.length)] as string);
      if (call?.role === "assistant") {
        call.tool_calls = [
          { id, type: "function", function: { name: tool, arguments: toolArguments(tool, rnd) } },
        ];
      }
      const out = toolOutput(tool, rnd, dateAt(p, turns));
      const top: string[] = [];
      for (const h of here) {
        const lines = h.part.lines.map((l) => l.text);
        if (h.part.top === true) {
          top.push(lines.shift() as string);
        }
        out.rows.splice(Math.floor(rnd() * (out.rows.length + 1)), 0, ...lines);
      }
      messages.push({
        role: "tool",
        tool_call_id: id,
        content: [...top, ...out.head, ...out.rows].join("\n"),
      });
    } else {
      const filler = role === "user" ? userFiller : agentFiller;
      const blocks = [
        Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => filler(rnd)).join(" "),
      ];
      for (const h of here) {
        blocks.splice(
          Math.floor(rnd() * (blocks.length + 1)),
          0,
          h.part.lines.map((l) => l.text).join("\n"),
        );
      }
      messages.push({ role, content: blocks.join("\n") });
    }
    record(p, here);
  }
  statements.sort((a, b) => a.turn - b.turn);
  return { messages, statements };
}

export const GENERATED_FAMILY = {
  name: NAME,
  generate(seed: number, turns: number): Pick<Transcript, "messages" | "facts" | "statements"> {
    const { messages, facts, statements } = buildSealed12(seed, turns);
    return { messages, facts, statements };
  },
};
