// The "sealed-23" compression family: an agent helping a managing editor put a
// magazine's December print + web issue to bed, written without reading the
// compressor or the other families. Each cycle is the editor's message, a tool
// call (Slack export, CMS, printer's email, flatplan, fact-check, budget, ad grid,
// style guide, word count), its result and the agent's reply; sixteen facts are
// planted in them, changed, re-printed stale by tools, proposed otherwise and
// shadowed by look-alikes. Discovered by bench/compression-families.ts.
import { mulberry32 } from "./prng.ts";
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript, TranscriptFact } from "./compression-transcript.ts";
import { ISSUE_FACTS, shuffled } from "./compression-sealed-23-facts.ts";
import { formsFor, type Form, type Planted, type Role } from "./compression-sealed-23-forms.ts";
import {
  AGENT_CHATTER,
  chatClock,
  FILLER_KINDS,
  TOOL_NAMES,
  toolDocument,
  USER_CHATTER,
  type FillerKind,
} from "./compression-sealed-23-filler.ts";

/** One planted event: a fact, its role, the value index it states and the cycle it lands in. */
interface IssueEvent {
  fact: number;
  role: Role;
  value: number;
  /** The fraction of the session it may land in. */
  window: [number, number];
}

/** What one cycle carries besides filler. */
interface CycleSlots {
  user: { fact: number; value: number; planted: Planted }[];
  tool?: { fact: number; value: number; planted: Planted };
  reply: { fact: number; value: number; planted: Planted }[];
}

export interface Sealed23Transcript extends Pick<Transcript, "messages" | "facts" | "statements"> {
  /** The form names planted, in planting order. */
  forms: string[];
}

const NUMBER_SALT = 2323;

/** The events of every fact: first value, changes, stale copies, restatements, look-alikes. */
function planEvents(
  facts: readonly TranscriptFact[],
  order: readonly number[],
  rnd: () => number,
): IssueEvent[] {
  const events: IssueEvent[] = [];
  // order[0..3] change twice, order[4..7] once, order[8..15] never.
  const staleFacts = new Set(order.slice(0, 6));
  const confirmFacts = new Set(order.slice(8, 12));
  const mentionFacts = new Set(order.filter((_, i) => i % 2 === 1));
  facts.forEach((fact, f) => {
    const last = fact.values.length - 1;
    events.push({ fact: f, role: "first", value: 0, window: [0.02, 0.26] });
    if (last >= 1) {
      events.push({ fact: f, role: "update", value: 1, window: [0.3, 0.5] });
    }
    if (last >= 2) {
      events.push({ fact: f, role: "update", value: 2, window: [0.53, 0.68] });
    }
    if (staleFacts.has(f)) {
      // Any replaced value may be the one a tool prints again.
      const old = Math.floor(rnd() * last);
      events.push({ fact: f, role: "stale", value: old, window: [0.71, 0.82] });
      events.push({ fact: f, role: "restate", value: last, window: [0.85, 0.96] });
    }
    if (confirmFacts.has(f)) {
      events.push({ fact: f, role: "confirm", value: 0, window: [0.55, 0.92] });
    }
    events.push({ fact: f, role: "alike", value: -1, window: [0.5, 0.97] });
    events.push({ fact: f, role: "whatif", value: -1, window: [0.1, 0.92] });
    if (mentionFacts.has(f)) {
      events.push({ fact: f, role: "mention", value: -1, window: [0.03, 0.9] });
    }
  });
  return events;
}

/** Builds one seeded session of `turns` messages after the system message. */
export function buildSealed23(seed: number, turns: number): Sealed23Transcript {
  const rnd = mulberry32(seed * 7919 + NUMBER_SALT);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const specs = shuffled(ISSUE_FACTS, rnd);
  const order = shuffled(
    specs.map((_, i) => i),
    rnd,
  );
  const counts = new Map<number, number>();
  order.forEach((f, i) => counts.set(f, i < 4 ? 3 : i < 8 ? 2 : 1));
  const extras: { alikeValue: string; other: string }[] = [];
  const facts: TranscriptFact[] = specs.map((spec, f) => {
    const pool = shuffled(spec.pool, rnd);
    const n = counts.get(f) ?? 1;
    extras.push({ alikeValue: pool[n] ?? "", other: pool[n + 1] ?? "" });
    return { subject: spec.subject, values: pool.slice(0, n), lookAlike: spec.lookAlike };
  });

  const cycles = Math.floor(turns / 4);
  const slots: CycleSlots[] = Array.from({ length: cycles }, () => ({ user: [], reply: [] }));
  const forms: string[] = [];
  // Events in a random order so no fact always wins a contested tool slot.
  for (const event of shuffled(planEvents(facts, order, rnd), rnd)) {
    const fact = facts[event.fact] as TranscriptFact;
    const form: Form = pick(formsFor(event.role));
    const value = event.value;
    const planted = form.make({
      s: fact.subject,
      v: value >= 0 ? (fact.values[value] ?? "") : "",
      old: value >= 1 ? (fact.values[value - 1] ?? "") : "",
      other: extras[event.fact]?.other ?? "",
      alike: fact.lookAlike,
      alikeValue: extras[event.fact]?.alikeValue ?? "",
      clock: chatClock(rnd),
    });
    const lo = Math.floor(event.window[0] * cycles);
    const hi = Math.max(lo, Math.floor(event.window[1] * cycles) - 1);
    let cycle = lo + Math.floor(rnd() * (hi - lo + 1));
    if (planted.channel === "tool") {
      const free = (c: number) => slots[c] !== undefined && slots[c].tool === undefined;
      const ahead = Array.from({ length: hi - cycle + 1 }, (_, i) => cycle + i).find(free);
      const behind = Array.from({ length: cycle - lo }, (_, i) => cycle - 1 - i).find(free);
      const chosen = ahead ?? behind;
      if (chosen === undefined) {
        throw new Error(`sealed-23: no free tool slot for ${form.name} in seed ${seed}`);
      }
      cycle = chosen;
      (slots[cycle] as CycleSlots).tool = { fact: event.fact, value, planted };
    } else {
      const slot = slots[cycle] as CycleSlots;
      slot[planted.channel].push({ fact: event.fact, value, planted });
    }
    forms.push(form.name);
  }

  const messages: ChatMessage[] = [
    {
      role: "system",
      content:
        "You are the production assistant for The Meridian, a monthly magazine. You help the managing editor close the December print and web issue: track story lengths, page counts, deadlines, ad placements, embargoes, credits and fact-check results. Tools: slack_export, cms_get_record, read_email, flatplan_export, factcheck_report, sheets_read, ad_grid, style_guide_search, word_count.",
    },
  ];
  const statements: Transcript["statements"] = [];
  const record = (entry: { fact: number; value: number; planted: Planted }) => {
    const turn = messages.length + 1;
    for (const said of entry.planted.said) {
      const value = said.which === "new" ? entry.value : entry.value - 1;
      statements.push({ sentence: said.line, fact: entry.fact, value, turn });
    }
  };
  const prose = (chatter: readonly string[], planted: readonly Planted[]) => {
    const lines = [
      Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => pick(chatter)).join(" "),
    ];
    for (const p of planted) {
      lines.splice(Math.floor(rnd() * (lines.length + 1)), 0, ...p.lines);
    }
    return lines.join("\n");
  };

  let callId = 0;
  for (const slot of slots) {
    slot.user.forEach(record);
    messages.push({
      role: "user",
      content: prose(
        USER_CHATTER,
        slot.user.map((u) => u.planted),
      ),
    });
    const kind: FillerKind = slot.tool?.planted.kind ?? pick(FILLER_KINDS);
    const id = `call_${String(callId++).padStart(4, "0")}`;
    messages.push({
      role: "assistant",
      content: pick(AGENT_CHATTER),
      tool_calls: [
        {
          id,
          type: "function",
          function: {
            name: TOOL_NAMES[kind],
            arguments: JSON.stringify({ issue: "2026-12", request: callId }),
          },
        },
      ],
    });
    if (slot.tool !== undefined) {
      record(slot.tool);
    }
    messages.push({
      role: "tool",
      tool_call_id: id,
      content: toolDocument(kind, rnd, slot.tool?.planted.lines ?? []),
    });
    slot.reply.forEach(record);
    messages.push({
      role: "assistant",
      content: prose(
        AGENT_CHATTER,
        slot.reply.map((r) => r.planted),
      ),
    });
  }
  while (messages.length < turns + 1) {
    messages.push({
      role: messages.length % 2 === 1 ? "user" : "assistant",
      content: pick(messages.length % 2 === 1 ? USER_CHATTER : AGENT_CHATTER),
    });
  }
  // Statements in transcript order; within a message, in line order as planted.
  const ordered = statements
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.turn - b.s.turn || a.i - b.i)
    .map((x) => x.s);
  return { messages, facts, statements: ordered, forms };
}

export const GENERATED_FAMILY = {
  name: "sealed-23",
  generate(seed: number, turns: number): Pick<Transcript, "messages" | "facts" | "statements"> {
    const { messages, facts, statements } = buildSealed23(seed, turns);
    return { messages, facts, statements };
  },
};
