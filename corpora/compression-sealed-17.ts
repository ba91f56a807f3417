// The "sealed-17" compression family for bench:compression: a ~600-message session of an agent
// helping a facilities engineer run the HVAC of a commercial tower (BMS points and trends,
// work orders, vendor emails, Slack exports, setpoint schedules, commissioning sheets). Sixteen
// facts are planted in prose and tool output, updated, re-printed stale by tools, restated,
// shadowed by look-alikes and by proposals that were turned down. Written blind to the
// compressor; discovered by bench/compression-families.ts through GENERATED_FAMILY.
import { mulberry32 } from "./prng.ts";
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript } from "./compression-transcript.ts";
import { dealFacts, type DealtFact } from "./compression-sealed-17-facts.ts";
import {
  FIRST_FORMS,
  LOOK_ALIKE_FORMS,
  MENTION_FORMS,
  REJECTED_FORMS,
  REPRINT_FORMS,
  RESTATE_FORMS,
  UPDATE_FORMS,
  WHAT_IF_FORMS,
  type Carrier,
  type Form,
} from "./compression-sealed-17-forms.ts";
import {
  FILLER_KINDS,
  toolCallFor,
  toolDocument,
  type DocKind,
} from "./compression-sealed-17-filler.ts";
import {
  analysis,
  askFor,
  callLine,
  chatter,
  SYSTEM_PROMPT,
} from "./compression-sealed-17-prose.ts";

type Rnd = () => number;

/** A planted line: its text and the value index it states, or null when it states none. */
interface PlantedLine {
  text: string;
  value: number | null;
}

/** Something to write into the session at about `at` (0..1 of its length). */
interface Planned {
  fact: number;
  at: number;
  carrier: Carrier;
  lines: PlantedLine[];
  form: string;
  archived: boolean;
}

const between = (lo: number, hi: number, rnd: Rnd) => lo + rnd() * (hi - lo);

function shuffled<T>(list: readonly T[], rnd: Rnd): T[] {
  return [...list].sort(() => rnd() - 0.5);
}

/** Cycles through a shuffled list so every entry is used before any repeats. */
function dealer<T>(list: readonly T[], rnd: Rnd): () => T {
  let deck: T[] = [];
  return () => {
    if (deck.length === 0) {
      deck = shuffled(list, rnd);
    }
    return deck.pop() as T;
  };
}

function formEvent(
  fact: number,
  at: number,
  form: Form,
  f: DealtFact,
  value: number,
  old: number,
  rnd: Rnd,
): Planned {
  const lines = form.lines({
    subject: f.subject,
    value: f.values[value] ?? "",
    old: f.values[old] ?? "",
    rnd,
  });
  return {
    fact,
    at,
    carrier: form.carrier,
    form: form.name,
    archived: REPRINT_FORMS.includes(form),
    lines: lines.map((l) => ({ text: l.text, value: l.stale === true ? old : value })),
  };
}

/** Every planted line of a seed with where it should land. */
function plan(facts: readonly DealtFact[], rnd: Rnd): Planned[] {
  const first = dealer(FIRST_FORMS, rnd);
  const update = dealer(UPDATE_FORMS, rnd);
  const reprint = dealer(REPRINT_FORMS, rnd);
  const restate = dealer(RESTATE_FORMS, rnd);
  const changed = facts.flatMap((f, i) => (f.values.length > 1 ? [i] : []));
  const unchanged = facts.flatMap((f, i) => (f.values.length === 1 ? [i] : []));
  const reprinted = new Set(shuffled(changed, rnd).slice(0, 3));
  const rejected = new Set(shuffled(unchanged, rnd).slice(0, 3));
  const wondered = new Set(
    shuffled(
      facts.map((_, i) => i),
      rnd,
    ).slice(0, 5),
  );
  const out: Planned[] = [];
  facts.forEach((f, i) => {
    const last = f.values.length - 1;
    const firstAt = between(0.01, 0.22, rnd);
    out.push(formEvent(i, firstAt, first(), f, 0, 0, rnd));
    for (let v = 1; v <= last; v++) {
      const at = between(0.25 + (v - 1) * 0.27, 0.5 + (v - 1) * 0.27, rnd);
      out.push(formEvent(i, at, update(), f, v, v - 1, rnd));
    }
    if (reprinted.has(i)) {
      const old = Math.floor(rnd() * last);
      out.push(formEvent(i, between(0.8, 0.86, rnd), reprint(), f, last, old, rnd));
      out.push(formEvent(i, between(0.88, 0.95, rnd), restate(), f, last, last, rnd));
    }
    const current = f.values[last] ?? "";
    if (rejected.has(i)) {
      const text = REJECTED_FORMS[Math.floor(rnd() * REJECTED_FORMS.length)]?.(
        f.subject,
        current,
        f.proposedValue,
      );
      const carrier: Carrier = rnd() < 0.5 ? "user" : "assistant";
      const line = { text: text ?? "", value: last };
      out.push({
        fact: i,
        at: between(0.4, 0.95, rnd),
        carrier,
        lines: [line],
        form: "rejected-proposal",
        archived: false,
      });
    }
    if (wondered.has(i)) {
      const text =
        WHAT_IF_FORMS[Math.floor(rnd() * WHAT_IF_FORMS.length)]?.(f.subject, f.proposedValue) ?? "";
      out.push({
        fact: i,
        at: between(0.05, 0.95, rnd),
        carrier: "user",
        lines: [{ text, value: null }],
        form: "what-if",
        archived: false,
      });
    }
    const alike = LOOK_ALIKE_FORMS[Math.floor(rnd() * LOOK_ALIKE_FORMS.length)];
    out.push({
      fact: i,
      at: between(firstAt + 0.05, 0.97, rnd),
      carrier: alike?.carrier ?? "user",
      lines: [{ text: alike?.text(f.lookAlike, f.lookAlikeValue) ?? "", value: null }],
      form: "look-alike",
      archived: false,
    });
    const mention = MENTION_FORMS[Math.floor(rnd() * MENTION_FORMS.length)]?.(f.subject) ?? "";
    out.push({
      fact: i,
      at: between(0.01, 0.97, rnd),
      carrier: rnd() < 0.5 ? "user" : "assistant",
      lines: [{ text: mention, value: null }],
      form: "mention",
      archived: false,
    });
  });
  // Stable by position; a fact's own statements were pushed in order, so ties keep that order.
  return out
    .map((p, k) => ({ p, k }))
    .sort((a, b) => a.p.at - b.p.at || a.k - b.k)
    .map((x) => x.p);
}

/** A prose turn: a few chatter sentences with the planted lines among them. */
function prose(
  role: "user" | "assistant",
  lead: string[],
  planted: readonly Planned[],
  rnd: Rnd,
): string {
  const talk = [...lead, ...chatter(role, rnd, Math.floor(rnd() * 3))];
  const lines = planted.flatMap((p) => p.lines.map((l) => l.text));
  if (lines.length === 0) {
    return talk.join(" ");
  }
  const at = Math.floor(rnd() * (talk.length + 1));
  if (lines.length === 1 && rnd() < 0.6) {
    return [...talk.slice(0, at), ...lines, ...talk.slice(at)].join(" ");
  }
  return [talk.slice(0, at).join(" "), ...lines, talk.slice(at).join(" ")]
    .filter((s) => s !== "")
    .join("\n");
}

export interface Sealed17 extends Pick<Transcript, "messages" | "facts" | "statements"> {
  /** The names of the forms planted, in transcript order. */
  forms: string[];
}

/** The whole session for a seed; statements' `turn` is the message index + 1. */
export function buildSealed17(seed: number, turns: number): Sealed17 {
  const rnd = mulberry32(seed * 7919 + 1717);
  const dealt = dealFacts(rnd);
  let pending = plan(dealt, rnd);
  const messages: ChatMessage[] = [{ role: "system", content: SYSTEM_PROMPT }];
  const statements: Transcript["statements"] = [];
  const forms: string[] = [];
  let callId = 0;
  const record = (planted: readonly Planned[]) => {
    const index = messages.length - 1;
    for (const p of planted) {
      forms.push(p.form);
      for (const line of p.lines) {
        if (line.value !== null) {
          statements.push({
            sentence: line.text,
            fact: p.fact,
            value: line.value,
            turn: index + 1,
          });
        }
      }
    }
  };
  const callTool = (kind: DocKind, lead: string, planted: readonly Planned[]) => {
    const id = `call_${callId++}`;
    const call = toolCallFor(kind, rnd);
    messages.push({
      role: "assistant",
      content: lead,
      tool_calls: [
        {
          id,
          type: "function",
          function: { name: call.name, arguments: JSON.stringify(call.args) },
        },
      ],
    });
    const lines = planted.flatMap((p) => p.lines.map((l) => l.text));
    const archived = planted.some((p) => p.archived);
    messages.push({
      role: "tool",
      tool_call_id: id,
      content: toolDocument(kind, rnd, lines, archived),
    });
    record(planted);
  };
  while (messages.length - 1 < turns || pending.length > 0) {
    const position = (messages.length - 1) / turns;
    // At most one planted item per fact per exchange keeps each fact's statements in order.
    const seen = new Set<number>();
    const due = pending.filter((p) => {
      if (p.at > position || seen.has(p.fact)) {
        seen.add(p.fact);
        return false;
      }
      seen.add(p.fact);
      return true;
    });
    const toolItem = due.find((p) => p.carrier !== "user" && p.carrier !== "assistant");
    const userItems = due.filter((p) => p.carrier === "user").slice(0, 2);
    const assistantItems = due.filter((p) => p.carrier === "assistant").slice(0, 2);
    const taken = new Set([toolItem, ...userItems, ...assistantItems]);
    pending = pending.filter((p) => !taken.has(p));
    const withTool = toolItem !== undefined || rnd() < 0.82;
    const kind: DocKind =
      (toolItem?.carrier as DocKind | undefined) ??
      FILLER_KINDS[Math.floor(rnd() * FILLER_KINDS.length)] ??
      "points";
    messages.push({
      role: "user",
      content: prose("user", withTool ? [askFor(kind, rnd)] : [], userItems, rnd) || "ok",
    });
    record(userItems);
    if (withTool) {
      callTool(kind, callLine(rnd), toolItem === undefined ? [] : [toolItem]);
      if (rnd() < 0.25) {
        const more = FILLER_KINDS[Math.floor(rnd() * FILLER_KINDS.length)] ?? "trend";
        callTool(more, "Cross-checking against one more source.", []);
      }
    }
    messages.push({
      role: "assistant",
      content: prose("assistant", withTool ? [analysis(rnd)] : [], assistantItems, rnd) || "Sure.",
    });
    record(assistantItems);
  }
  const facts = dealt.map((f) => ({
    subject: f.subject,
    values: f.values,
    lookAlike: f.lookAlike,
  }));
  return { messages, facts, statements, forms };
}

export const GENERATED_FAMILY = {
  name: "sealed-17",
  generate(seed: number, turns: number): Pick<Transcript, "messages" | "facts" | "statements"> {
    const { messages, facts, statements } = buildSealed17(seed, turns);
    return { messages, facts, statements };
  },
};
