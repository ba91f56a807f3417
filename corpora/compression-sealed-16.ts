// The "sealed-16" compression family for bench:compression: a seeded ~600-message session
// in which an agent helps a CRA and a data manager run a Phase II trial (ZX-4471) through
// its EDC, CTMS, audit trail, safety database and study inbox. Sixteen study parameters
// are planted (corpora/compression-sealed-16-facts.ts); eight change once or twice, in the
// forms of corpora/compression-sealed-16-forms.ts. After a change, some superseded values
// come back in archived documents or cached exports and are then re-confirmed; look-alikes,
// turned-down proposals and value-free mentions surround them
// (corpora/compression-sealed-16-echoes.ts). Written without reading the
// compressor or the other families. Discovered by bench/compression-families.ts; tested by
// tests/bench/compression-sealed-16.test.ts.
import type { ChatMessage } from "../shared/context/messages.ts";
import { mulberry32 } from "./prng.ts";
import type { Transcript } from "./compression-transcript.ts";
import { planFacts, shuffled, type PlannedFact } from "./compression-sealed-16-facts.ts";
import { FIRST_FORMS, UPDATE_FORMS, type Form, type Piece } from "./compression-sealed-16-forms.ts";
import {
  LOOK_ALIKE_FORMS,
  MENTIONS,
  PROPOSAL_FORMS,
  RECONFIRM_FORMS,
  RESTATE_FORMS,
  STALE_FORMS,
} from "./compression-sealed-16-echoes.ts";
import { chatter, fillerTool } from "./compression-sealed-16-filler.ts";

export const NAME = "sealed-16";

const SYSTEM = [
  "You are the data-management assistant for study ZX-4471, a Phase II randomized trial.",
  "You support the lead CRA and the data manager: you read the EDC, the CTMS, the audit trail,",
  "the safety database and the study inbox through tools, prepare listings and draft site letters.",
  "Never send patient identifiers outside the study team.",
].join(" ");

/** A planted piece, the fact it belongs to and the beat it lands in. */
interface Placed {
  beat: number;
  fact: number;
  piece: Piece;
}

export interface Sealed16 extends Pick<Transcript, "messages" | "facts" | "statements"> {
  /** The names of the forms planted, in planting order. */
  forms: string[];
}

/** Calendar date of a beat: the session runs over a few weeks of study time. */
function dateOf(beat: number): string {
  const d = new Date(Date.UTC(2026, 9, 5) + Math.floor(beat / 4) * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** Plans where each fact's statements, look-alike, proposal and mention land. */
function placeAll(rnd: () => number, facts: readonly PlannedFact[], beats: number): Placed[] {
  const placed: Placed[] = [];
  const toolBusy = new Set<number>();
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const within = (lo: number, hi: number) => lo + Math.floor(rnd() * Math.max(1, hi - lo));
  const deck = (forms: readonly Form[]) => {
    let cards: Form[] = [];
    return () => {
      if (cards.length === 0) {
        cards = shuffled(forms, rnd);
      }
      return cards.pop() as Form;
    };
  };
  const firstDeck = deck(FIRST_FORMS);
  const updateDeck = deck(UPDATE_FORMS);
  const staleDeck = deck(STALE_FORMS);
  const reconfirmDeck = deck(RECONFIRM_FORMS);
  const restateDeck = deck(RESTATE_FORMS);
  const alikeDeck = deck(LOOK_ALIKE_FORMS);
  const proposalDeck = deck(PROPOSAL_FORMS);
  /** Puts a form's piece at `beat` or the next beat whose tool slot is free; returns the beat. */
  const put = (beat: number, f: number, form: Form, s: string, vi: number, v: string, o = "") => {
    const piece = form.make({ s, v, vi, o, pick, date: "" });
    let at = Math.min(beat, beats - 1);
    while (piece.channel === "tool" && toolBusy.has(at) && at < beats - 1) {
      at++;
    }
    if (piece.channel === "tool") {
      if (toolBusy.has(at)) {
        throw new Error(`sealed-16: no free tool slot from beat ${beat} for ${piece.form}`);
      }
      toolBusy.add(at);
    }
    placed.push({ beat: at, fact: f, piece: form.make({ s, v, vi, o, pick, date: dateOf(at) }) });
    return at;
  };
  facts.forEach((fact, f) => {
    const { subject: s, values } = fact;
    let prev = put(within(1, Math.floor(beats * 0.3)), f, firstDeck(), s, 0, values[0] ?? "");
    for (let vi = 1; vi < values.length; vi++) {
      const lo = prev + 5;
      const hi = Math.min(lo + Math.floor(beats * 0.2), Math.floor(beats * 0.65));
      prev = put(within(lo, hi), f, updateDeck(), s, vi, values[vi] ?? "", values[vi - 1] ?? "");
    }
    const last = values.length - 1;
    if (last > 0 && rnd() < 0.75 && prev < beats - 30) {
      const oi = Math.floor(rnd() * last);
      prev = put(
        within(prev + 4, prev + 4 + Math.floor(beats * 0.08)),
        f,
        staleDeck(),
        s,
        oi,
        values[oi] ?? "",
      );
      prev = put(
        within(prev + 3, prev + 3 + Math.floor(beats * 0.08)),
        f,
        reconfirmDeck(),
        s,
        last,
        values[last] ?? "",
      );
    } else if (last === 0 && rnd() < 0.5) {
      prev = put(
        within(prev + 10, Math.floor(beats * 0.85)),
        f,
        restateDeck(),
        s,
        0,
        values[0] ?? "",
      );
    }
    if (rnd() < 0.7) {
      const from = placed.find((p) => p.fact === f)?.beat ?? 0;
      put(within(from + 1, beats - 3), f, proposalDeck(), s, -1, fact.proposal);
    }
    put(within(prev + 2, beats - 1), f, alikeDeck(), fact.lookAlike, -1, fact.alikeValue);
    const mention = pick(MENTIONS)(s);
    placed.push({
      beat: within(0, beats),
      fact: f,
      piece: {
        form: "mention",
        channel: pick(["user", "reply"] as const),
        text: mention,
        says: [],
      },
    });
  });
  return placed;
}

/** Joins paragraphs, the planted ones at seeded places among the chatter. */
function weave(rnd: () => number, talk: string, planted: readonly string[]): string {
  const paragraphs = [talk];
  for (const p of planted) {
    paragraphs.splice(Math.floor(rnd() * (paragraphs.length + 1)), 0, p);
  }
  return paragraphs.join("\n\n");
}

/** The whole session for one seed, with the planted form names. */
export function buildSealed16(seed: number, turns: number): Sealed16 {
  const rnd = mulberry32(seed * 7919 + 1601);
  const planned = planFacts(rnd);
  const beats = Math.ceil(turns / 4);
  const placed = placeAll(rnd, planned, beats);
  const messages: ChatMessage[] = [{ role: "system", content: SYSTEM }];
  const statements: Transcript["statements"] = [];
  const record = (items: readonly Placed[]) => {
    const turn = messages.length; // index + 1 of the message just pushed
    for (const item of items) {
      for (const said of item.piece.says) {
        statements.push({ sentence: said.line, fact: item.fact, value: said.value, turn });
      }
    }
  };
  for (let beat = 0; beat < beats; beat++) {
    const here = placed.filter((p) => p.beat === beat);
    const of = (channel: Piece["channel"]) => here.filter((p) => p.piece.channel === channel);
    const userItems = of("user");
    messages.push({
      role: "user",
      content: weave(
        rnd,
        chatter(rnd, "user"),
        userItems.map((p) => p.piece.text),
      ),
    });
    record(userItems);
    const toolItem = of("tool")[0];
    const background = fillerTool(rnd);
    const call = toolItem?.piece.tool ?? background;
    const id = `call_${seed}_${beat}`;
    messages.push({
      role: "assistant",
      content: call.intro,
      tool_calls: [
        {
          id,
          type: "function",
          function: { name: call.name, arguments: JSON.stringify(call.args) },
        },
      ],
    });
    messages.push({
      role: "tool",
      tool_call_id: id,
      content: toolItem?.piece.text ?? background.text,
    });
    record(toolItem === undefined ? [] : [toolItem]);
    const replyItems = of("reply");
    messages.push({
      role: "assistant",
      content: weave(
        rnd,
        chatter(rnd, "assistant"),
        replyItems.map((p) => p.piece.text),
      ),
    });
    record(replyItems);
  }
  const facts = planned.map((p) => ({
    subject: p.subject,
    values: p.values,
    lookAlike: p.lookAlike,
  }));
  // Statements in transcript order (a message's own lines keep their order).
  const ordered = statements
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.turn - b.s.turn || a.i - b.i)
    .map(({ s }) => s);
  const forms = [...placed].sort((a, b) => a.beat - b.beat).map((p) => p.piece.form);
  return { messages, facts, statements: ordered, forms };
}

export const GENERATED_FAMILY = {
  name: NAME,
  generate(seed: number, turns: number): Pick<Transcript, "messages" | "facts" | "statements"> {
    const { messages, facts, statements } = buildSealed16(seed, turns);
    return { messages, facts, statements };
  },
};
