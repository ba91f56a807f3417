// The "sealed-18" compression family for bench:compression (bench/compression-families.ts finds
// it by its GENERATED_FAMILY export): a ~600-message session in which an agent helps a claims
// adjuster and her team lead work a hurricane (property catastrophe) claims queue. Sixteen planted
// facts (reserves, deductibles, dates, adjusters, vendors, fraud scores, codes) are stated by the
// people and by claims tools, changed, re-printed stale by snapshots and old threads, re-confirmed,
// shadowed by look-alike figures and by turned-down proposals. Written blind to the compressor.
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript, TranscriptFact } from "./compression-transcript.ts";
import { mulberry32 } from "./prng.ts";
import { drawFacts, type DrawnFact } from "./compression-sealed-18-facts.ts";
import {
  LOOK_ALIKE_FORMS,
  MENTION_FORMS,
  PROPOSAL_FORMS,
  RECONFIRM_FORMS,
  RESTATE_FORMS,
  STALE_FORMS,
} from "./compression-sealed-18-shadows.ts";
import {
  FIRST_FORMS,
  UPDATE_FORMS,
  type Channel,
  type Form,
  type Written,
} from "./compression-sealed-18-forms.ts";
import { chatter } from "./compression-sealed-18-filler.ts";
import { fillerEmail, fillerTool } from "./compression-sealed-18-tools.ts";

const SYSTEM =
  "You are a claims assistant for Harborline Insurance's catastrophe desk, working event ODESSA " +
  "(Hurricane Odessa, landfall 2026-11-19). You help the desk adjuster Priya Raman and her team " +
  "lead Marcus Feld: read the claim system, field notes, estimates, mail and chat, and keep figures straight.";

interface Slot {
  /** Index in the final messages of the message that can carry a statement. */
  index: number;
  channel: Channel;
}

interface PlantedItem {
  slot: Slot;
  written: Written;
  /** The fact and value index it states, when it is a statement. */
  statement?: { fact: number; value: number };
}

export interface Sealed18 extends Pick<Transcript, "messages" | "facts" | "statements"> {
  /** The names of the forms planted, in planting order. */
  forms: string[];
}

/** Episodes of user turn, zero to three tool calls and an assistant answer, to `turns` messages. */
function skeleton(rnd: () => number, turns: number): Slot[] {
  const slots: Slot[] = [];
  let index = 1;
  while (index <= turns) {
    slots.push({ index: index++, channel: "user" });
    const calls = [0, 1, 1, 2, 2, 3][Math.floor(rnd() * 6)] ?? 1;
    for (let c = 0; c < calls; c++) {
      index++; // the assistant message that calls the tool
      slots.push({ index: index++, channel: "tool" });
    }
    slots.push({ index: index++, channel: "assistant" });
  }
  return slots;
}

const PREFACE: Record<string, string> = {
  "claims_api.get_claim": "Pulling the claim record.",
  "claims_api.search_claims": "Searching the queue.",
  "claims_api.field_notes": "Reading the field notes.",
  "claims_api.reserve_history": "Checking the change log.",
  "claims_api.export_fields": "Exporting the claim fields.",
  "claims_api.patch_claim": "Saving the change in the claim system.",
  "claims_api.diary": "Opening the diary.",
  "teams.export_chat": "Exporting the desk chat.",
  "documents.extract_text": "Extracting the document text.",
};

/** A session of `turns` messages after the system message, with the forms it planted. */
export function buildSealed18(seed: number, turns: number): Sealed18 {
  const rnd = mulberry32(seed * 7919 + 1818);
  const drawn = drawFacts(rnd);
  const slots = skeleton(rnd, turns);
  const total = (slots.at(-1)?.index ?? turns) + 1;
  const taken = new Set<number>();
  const items: PlantedItem[] = [];
  const forms: string[] = [];

  const freeSlot = (channel: Channel, lo: number, hi: number): Slot => {
    for (const top of [hi, total]) {
      const free = slots.filter(
        (s) => s.channel === channel && s.index >= lo && s.index < top && !taken.has(s.index),
      );
      if (free.length > 0) {
        const slot = free[Math.floor(rnd() * free.length)] as Slot;
        taken.add(slot.index);
        return slot;
      }
    }
    throw new Error(`sealed-18: no free ${channel} slot after message ${lo}`);
  };
  // Each list of forms is used in turn from a seeded offset, so a seed plants most of them.
  const cursors = new Map<readonly Form[], number>();
  const nextForm = (list: readonly Form[], d: DrawnFact): Form => {
    let at = cursors.get(list) ?? Math.floor(rnd() * list.length);
    let form = list[at % list.length] as Form;
    while (form.kinds !== undefined && !form.kinds.includes(d.template.kind)) {
      at++;
      form = list[at % list.length] as Form;
    }
    cursors.set(list, at + 1);
    return form;
  };
  const plant = (
    list: readonly Form[],
    d: DrawnFact,
    lo: number,
    hi: number,
    value: string,
    old: string,
    statement?: PlantedItem["statement"],
  ): number => {
    const form = nextForm(list, d);
    const slot = freeSlot(form.channel, Math.floor(lo), Math.floor(hi));
    const written = form.write(d.template, value, old, rnd);
    items.push({ slot, written, ...(statement === undefined ? {} : { statement }) });
    forms.push(form.name);
    return slot.index;
  };

  const at = (share: number) => share * total;
  let staleLeft = 4;
  let restateLeft = 4;
  drawn.forEach((d, f) => {
    const n = d.values.length;
    let last = plant(FIRST_FORMS, d, at(0.02), at(0.3), d.values[0] ?? "", "", {
      fact: f,
      value: 0,
    });
    const first = last;
    for (let v = 1; v < n; v++) {
      const [lo, hi] = n === 2 ? [0.36, 0.78] : v === 1 ? [0.34, 0.58] : [0.6, 0.84];
      last = plant(
        UPDATE_FORMS,
        d,
        Math.max(at(lo), last + 1),
        at(hi),
        d.values[v] ?? "",
        d.values[v - 1] ?? "",
        {
          fact: f,
          value: v,
        },
      );
    }
    const current = d.values[n - 1] ?? "";
    if (n > 1 && staleLeft > 0) {
      staleLeft--;
      const old = d.values[n - 2] ?? "";
      last = plant(STALE_FORMS, d, last + 1, at(0.92), old, "", { fact: f, value: n - 2 });
      plant(RECONFIRM_FORMS, d, last + 1, at(0.98), current, old, { fact: f, value: n - 1 });
    } else if (n === 1 && restateLeft > 0) {
      restateLeft--;
      plant(RESTATE_FORMS, d, last + 1, at(0.95), current, "", { fact: f, value: 0 });
    }
    plant(LOOK_ALIKE_FORMS, d, first + 1, at(0.97), d.lookAlikeValue, "");
    plant(PROPOSAL_FORMS, d, first + 1, at(0.97), d.proposalValue, current);
    if (f % 2 === 0) {
      plant(MENTION_FORMS, d, at(0.01), at(0.97), "", "");
    }
  });

  const byIndex = new Map(items.map((item) => [item.slot.index, item]));
  const messages: ChatMessage[] = [{ role: "system", content: SYSTEM }];
  let callId = 0;
  for (const slot of slots) {
    if (messages.length !== slot.index - (slot.channel === "tool" ? 1 : 0)) {
      throw new Error("sealed-18: skeleton out of step");
    }
    const item = byIndex.get(slot.index);
    if (slot.channel === "tool") {
      const filler = fillerTool(rnd);
      const tool = item?.written.tool ?? { name: filler.name, args: filler.args };
      const id = `call_${callId++}`;
      messages.push({
        role: "assistant",
        content: rnd() < 0.6 ? (PREFACE[tool.name] ?? "Running that now.") : null,
        tool_calls: [
          {
            id,
            type: "function",
            function: { name: tool.name, arguments: JSON.stringify(tool.args) },
          },
        ],
      });
      messages.push({
        role: "tool",
        tool_call_id: id,
        content: item === undefined ? filler.text : item.written.lines.join("\n"),
      });
      continue;
    }
    const talk = chatter(rnd, slot.channel);
    const pasted = slot.channel === "user" && item === undefined && rnd() < 0.08;
    const lines = item?.written.lines ?? (pasted ? fillerEmail(rnd) : []);
    const split = Math.floor(rnd() * (talk.length + 1));
    const content =
      lines.length <= 1
        ? [...talk.slice(0, split), ...lines, ...talk.slice(split)].join(" ")
        : [talk.slice(0, split).join(" "), ...lines, talk.slice(split).join(" ")]
            .filter((l) => l !== "")
            .join("\n");
    messages.push({ role: slot.channel, content });
  }

  const statements = items
    .filter((item) => item.statement !== undefined)
    .map((item) => ({
      sentence: item.written.sentence,
      fact: item.statement?.fact ?? 0,
      value: item.statement?.value ?? 0,
      turn: item.slot.index + 1,
    }))
    .sort((a, b) => a.turn - b.turn);
  const facts: TranscriptFact[] = drawn.map((d) => ({
    subject: d.template.subject,
    values: d.values,
    lookAlike: d.template.lookAlike,
  }));
  return { messages, facts, statements, forms };
}

export const GENERATED_FAMILY = {
  name: "sealed-18",
  generate(seed: number, turns: number): Pick<Transcript, "messages" | "facts" | "statements"> {
    const { messages, facts, statements } = buildSealed18(seed, turns);
    return { messages, facts, statements };
  },
};
