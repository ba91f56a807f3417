// The "sealed-32" compression family for bench:compression: a regional transit agency's
// service-planning desk, where an agent helps the service planner (Marisol Vance) and the
// operations supervisor (Ray Oduya) prepare the winter timetable change. Sixteen planted facts
// (headways, run times, fares, dates, trip times, fleet and roster settings) are stated in
// prose and in the desk's tool output, changed "now", corrected, diffed, re-printed stale by
// tools, shadowed by look-alike subjects, rejected proposals and hypotheticals. Written blind
// to the compressor; discovered by bench/compression-families.ts, checked by
// tests/bench/compression-sealed-32.test.ts.
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript, TranscriptFact } from "./compression-transcript.ts";
import { mulberry32 } from "./prng.ts";
import { SUBJECTS, valueMaker, type SubjectSpec } from "./compression-sealed-32-facts.ts";
import {
  AFTER_STALE,
  CONFIRM_FORMS,
  DECOY_FORMS,
  FIRST_FORMS,
  LOOK_ALIKE_FORMS,
  MENTION_FORMS,
  STALE_FORMS,
  UPDATE_FORMS,
  type Channel,
} from "./compression-sealed-32-forms.ts";
import {
  FILLER_KINDS,
  toolBody,
  toolCall,
  type FillerKind,
} from "./compression-sealed-32-filler.ts";
import {
  ASSISTANT_CHATTER,
  ASSISTANT_LONG,
  PREFACES,
  SUPERVISOR_CHATTER,
  USER_CHATTER,
} from "./compression-sealed-32-chatter.ts";

type Rnd = () => number;

const SYSTEM =
  "You are the service-planning assistant of the Riverside Regional Transit Authority. You help the service planner and the operations supervisor prepare the winter 2026 timetable change: GTFS exports, headway and run-time tables, fares, rostering, vehicle assignments, rider alerts, board memos and correspondence. Use the tools; do not publish anything without the planner's sign-off.";

type EventKind = "first" | "update" | "confirm" | "stale" | "decoy" | "alike" | "mention";

interface PlanEvent {
  fact: number;
  kind: EventKind;
  slot: number;
  /** The value index it states (first, update, confirm: that value; stale: the old one). */
  value: number;
  episode: number;
}

/** A piece of text for one message, with the statements it carries (in order). */
interface Piece {
  text: string;
  stated: { sentence: string; fact: number; value: number }[];
}

export interface Sealed32Transcript extends Pick<Transcript, "messages" | "facts" | "statements"> {
  /** Names of the forms planted, in planting order. */
  forms: string[];
}

const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;

function shuffled<T>(rnd: Rnd, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Deals from a shuffled deck, refilled when empty, so every item gets used. */
function dealer<T>(rnd: Rnd, items: readonly T[]): () => T {
  let deck: T[] = [];
  return () => {
    if (deck.length === 0) {
      deck = shuffled(rnd, items);
    }
    return deck.pop() as T;
  };
}

const between = (rnd: Rnd, lo: number, hi: number) => lo + rnd() * Math.max(0, hi - lo);

export function buildSealed32(seed: number, turns: number): Sealed32Transcript {
  const rnd = mulberry32((seed * 7907 + 3203) >>> 0);
  const specs: SubjectSpec[] = shuffled(rnd, SUBJECTS).slice(0, 16);
  const newValue = valueMaker(rnd);
  // Four facts change twice, four once, eight never.
  const changes = shuffled(rnd, [2, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
  const facts: TranscriptFact[] = specs.map((spec, i) => ({
    subject: spec.subject,
    values: Array.from({ length: (changes[i] ?? 0) + 1 }, () => newValue(spec)),
    lookAlike: `${spec.subject} ${pick(rnd, spec.qualifiers)}`,
  }));

  // The plan: when each fact is stated, changed, echoed and shadowed.
  const events: PlanEvent[] = [];
  facts.forEach((fact, f) => {
    const last = fact.values.length - 1;
    const add = (kind: EventKind, slot: number, value: number) =>
      events.push({ fact: f, kind, slot, value, episode: 0 });
    add("first", between(rnd, 0.01, 0.25), 0);
    let latest = 0;
    for (let v = 1; v <= last; v++) {
      const width = 0.54 / last;
      latest = between(rnd, 0.28 + (v - 1) * width, 0.28 + v * width - 0.02);
      add("update", latest, v);
    }
    latest = Math.max(latest, 0.26);
    add("alike", between(rnd, latest + 0.02, 0.97), -1);
    for (let d = 0; d < 1 + Math.floor(rnd() * 2); d++) {
      add("decoy", between(rnd, latest + 0.02, 0.97), -1);
    }
    if (last > 0 && rnd() < 0.7) {
      add("stale", between(rnd, latest + 0.02, 0.95), Math.floor(rnd() * last));
    }
    if (last === 0 || rnd() < 0.3) {
      add("confirm", between(rnd, latest + 0.02, 0.97), last);
    }
    add("mention", between(rnd, 0.02, 0.97), -1);
  });
  const episodes = Math.round(turns / 3.9);
  // Episodes in slot order, and a fact's events always in later episodes than its earlier ones.
  events.sort((a, b) => a.slot - b.slot);
  const lastEpisode = new Map<number, number>();
  for (const e of events) {
    e.episode = Math.max(Math.floor(e.slot * episodes), (lastEpisode.get(e.fact) ?? -1) + 1);
    lastEpisode.set(e.fact, e.episode);
  }

  const dealFirst = dealer(rnd, FIRST_FORMS);
  const dealUpdate = dealer(rnd, UPDATE_FORMS);
  const dealConfirm = dealer(rnd, CONFIRM_FORMS);
  const dealStale = dealer(rnd, STALE_FORMS);
  const dealDecoy = dealer(rnd, DECOY_FORMS);
  const dealAlike = dealer(rnd, LOOK_ALIKE_FORMS);
  const forms: string[] = [];

  const messages: ChatMessage[] = [{ role: "system", content: SYSTEM }];
  const statements: Transcript["statements"] = [];
  let callId = 0;

  const prose = (chatter: readonly string[], pieces: readonly Piece[], count: number): Piece[] => {
    const out: Piece[] = shuffled(rnd, chatter)
      .slice(0, count)
      .map((text) => ({ text, stated: [] }));
    for (const p of pieces) {
      out.splice(Math.floor(rnd() * (out.length + 1)), 0, p);
    }
    return out;
  };
  const push = (message: ChatMessage, pieces: readonly Piece[]) => {
    messages.push(message);
    for (const p of pieces) {
      for (const s of p.stated) {
        statements.push({ ...s, turn: messages.length });
      }
    }
  };
  const proseMessage = (role: "user" | "assistant", pieces: readonly Piece[]) => {
    const multiline = pieces.some((p) => p.text.startsWith("- ") || p.text.includes("\n"));
    const content = pieces.map((p) => p.text).join(multiline ? "\n" : " ");
    push({ role, content }, pieces);
  };
  const toolRound = (kind: FillerKind, planted: readonly Piece[]) => {
    const id = `call_${String(callId++).padStart(4, "0")}`;
    const variant = Math.floor(rnd() * 12);
    const call = toolCall(kind, rnd, variant);
    messages.push({
      role: "assistant",
      content: pick(rnd, PREFACES),
      tool_calls: [
        {
          id,
          type: "function",
          function: { name: call.name, arguments: JSON.stringify(call.args) },
        },
      ],
    });
    const body = toolBody(
      kind,
      rnd,
      planted.map((p) => p.text),
      variant,
    );
    push({ role: "tool", tool_call_id: id, content: body }, planted);
  };

  const total = Math.max(episodes, ...events.map((e) => e.episode + 1));
  for (let ep = 0; ep < total || messages.length < turns + 1; ep++) {
    const mine = events.filter((e) => e.episode === ep);
    const byChannel = new Map<Channel, Piece[]>();
    const after: Piece[] = [];
    const put = (channel: Channel, piece: Piece) =>
      byChannel.set(channel, [...(byChannel.get(channel) ?? []), piece]);
    for (const e of mine) {
      const fact = facts[e.fact] as TranscriptFact;
      const spec = specs[e.fact] as SubjectSpec;
      const s = fact.subject;
      const current = fact.values.length - 1;
      if (e.kind === "first" || e.kind === "update" || e.kind === "confirm" || e.kind === "stale") {
        const form =
          e.kind === "first"
            ? dealFirst()
            : e.kind === "update"
              ? dealUpdate()
              : e.kind === "confirm"
                ? dealConfirm()
                : dealStale();
        forms.push(form.name);
        const v = e.kind === "stale" ? (fact.values[e.value] ?? "") : (fact.values[e.value] ?? "");
        const old = e.kind === "stale" ? v : (fact.values[e.value - 1] ?? "");
        const planted = form.render({ s, v, old, rnd });
        put(form.channel, {
          text: planted.text,
          stated: planted.stated.map((st) => ({
            sentence: st.sentence,
            fact: e.fact,
            value: e.kind === "stale" || st.which === "new" ? e.value : e.value - 1,
          })),
        });
        if (e.kind === "stale") {
          const sentence = pick(rnd, AFTER_STALE)(s, fact.values[current] ?? "");
          after.push({ text: sentence, stated: [{ sentence, fact: e.fact, value: current }] });
        }
      } else if (e.kind === "decoy") {
        const form = dealDecoy();
        forms.push(form.name);
        put(form.channel, { text: form.render(s, newValue(spec)), stated: [] });
      } else if (e.kind === "alike") {
        const form = dealAlike();
        forms.push(form.name);
        put(form.channel, { text: form.render(fact.lookAlike, newValue(spec)), stated: [] });
      } else {
        put("user", { text: pick(rnd, MENTION_FORMS)(s), stated: [] });
      }
    }
    // The planner (or Ray) asks; the agent calls tools; the agent answers.
    const userChatter = rnd() < 0.15 ? SUPERVISOR_CHATTER : USER_CHATTER;
    proseMessage(
      "user",
      prose(userChatter, byChannel.get("user") ?? [], 1 + Math.floor(rnd() * 3)),
    );
    const toolKinds: FillerKind[] = [];
    for (const c of byChannel.keys()) {
      if (c !== "user" && c !== "assistant") {
        toolKinds.push(c);
      }
    }
    const rounds: FillerKind[] =
      toolKinds.length > 0 ? toolKinds : rnd() < 0.78 ? [pick(rnd, FILLER_KINDS)] : [];
    if (toolKinds.length === 0 && rounds.length > 0 && rnd() < 0.2) {
      rounds.push(pick(rnd, FILLER_KINDS));
    }
    for (const kind of rounds) {
      toolRound(kind, byChannel.get(kind as Channel) ?? []);
    }
    const answer = [...(byChannel.get("assistant") ?? []), ...after];
    if (answer.length === 0 && rnd() < 0.12) {
      proseMessage("assistant", [{ text: pick(rnd, ASSISTANT_LONG), stated: [] }]);
    } else {
      proseMessage("assistant", prose(ASSISTANT_CHATTER, answer, 1 + Math.floor(rnd() * 3)));
    }
  }
  return { messages, facts, statements, forms };
}

export const GENERATED_FAMILY = {
  name: "sealed-32",
  generate(seed: number, turns: number): Pick<Transcript, "messages" | "facts" | "statements"> {
    const { messages, facts, statements } = buildSealed32(seed, turns);
    return { messages, facts, statements };
  },
};
