// The "sealed-30" compression family: a craft brewery's production and QA session in
// which an agent helps the head brewer and the QA lead with brew schedules, recipe
// specs, tank logs, lab results, packaging runs, supplier orders and excise forms.
// Sixteen facts are planted in prose and tool output, about half of them changed, some
// re-printed stale by a tool and then restated, each with a look-alike, a what-if and
// a mention. Discovered by bench/compression-families.ts as GENERATED_FAMILY.
import { mulberry32 } from "./prng.ts";
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript, TranscriptFact } from "./compression-transcript.ts";
import { BREWERY_FACTS } from "./compression-sealed-30-facts.ts";
import {
  CONFIRM_FORMS,
  FIRST_FORMS,
  LOOK_ALIKE_FORMS,
  MENTIONS,
  STALE_FORMS,
  UPDATE_FORMS,
  WHAT_IF_FORMS,
  type Channel,
  type Form,
  type FormLine,
} from "./compression-sealed-30-forms.ts";
import {
  ASSISTANT_CHATTER,
  chatter,
  clock,
  readout,
  REQUESTS,
  SPEAKERS,
  TOOL_CALLS,
  TOOL_KINDS,
  toolBody,
  USER_CHATTER,
  type Rnd,
  type ToolKind,
} from "./compression-sealed-30-filler.ts";

const SYSTEM =
  "You are the production assistant for Tidewater Brewing Co. You help the head brewer (Marisol) and the QA lead (Tomas) with brew schedules, recipe specs, fermentation logs, lab results, packaging, purchasing and excise paperwork. Use the tools; keep the batch records accurate.";

/** One episode: a user turn, an assistant tool call, its result and the assistant's reply. */
interface Episode {
  user: string[];
  reply: string[];
  kind: ToolKind | undefined;
  tool: string[];
  /** Statement lines placed here: text, fact, value index, channel. */
  stated: { text: string; fact: number; value: number; channel: Channel }[];
}

/** A built transcript and the names of the forms it planted. */
export interface Sealed30Build extends Pick<Transcript, "messages" | "facts" | "statements"> {
  forms: string[];
}

const shuffled = <T>(rnd: Rnd, list: readonly T[]): T[] => {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
};
const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
const isTool = (c: Channel): c is Channel & ToolKind => c !== "user" && c !== "reply";

export function buildSealed30(seed: number, turns: number): Sealed30Build {
  const rnd = mulberry32(seed * 104_729 + 3030);
  const count = Math.max(40, Math.ceil(turns / 4));
  const episodes: Episode[] = Array.from({ length: count }, () => ({
    user: [],
    reply: [],
    kind: undefined,
    tool: [],
    stated: [],
  }));
  const forms: string[] = [];

  /** The first episode at or after `from` whose tool output can take `channel`. */
  const fit = (from: number, channel: Channel): number => {
    for (let e = Math.min(from, count - 1); e < count; e++) {
      const kind = episodes[e]?.kind;
      if (!isTool(channel) || kind === undefined || kind === channel) {
        return e;
      }
    }
    throw new Error(`sealed-30: no room for a ${channel} line after episode ${from}`);
  };

  /** Renders a form into an episode; returns its lines. */
  const put = (
    e: number,
    form: Form,
    lines: FormLine[],
    fact: number,
    values: [number, number],
  ) => {
    const ep = episodes[e] as Episode;
    forms.push(form.name);
    const block = lines.map((l) => l.text).join("\n");
    if (form.channel === "user") {
      ep.user.push(block);
    } else if (form.channel === "reply") {
      ep.reply.push(block);
    } else {
      ep.kind = form.channel;
      ep.tool.push(block);
    }
    for (const l of lines) {
      if (l.states !== null && fact >= 0) {
        const value = l.states === "new" ? values[0] : values[1];
        ep.stated.push({ text: l.text, fact, value, channel: form.channel });
      }
    }
  };

  const ctx = (s: string, v: string, old: string, key: string) => ({
    s,
    v,
    old,
    key,
    who: pick(rnd, SPEAKERS),
    time: clock(rnd),
    n: 8000 + Math.floor(rnd() * 999),
  });

  const chosen = shuffled(rnd, BREWERY_FACTS);
  const updated = shuffled(
    rnd,
    chosen.map((_, i) => i),
  ).slice(0, 8);
  const twice = new Set(updated.slice(0, 4));
  const stale = new Set(shuffled(rnd, updated).slice(0, 4));
  const facts: TranscriptFact[] = [];

  chosen.forEach((spec, f) => {
    const pool = shuffled(rnd, spec.pool);
    const changes = updated.includes(f) ? (twice.has(f) ? 2 : 1) : 0;
    const values = pool.slice(0, changes + 1);
    const alikeValue = pool[changes + 1] as string;
    const whatIfValue = pool[changes + 2] as string;
    facts.push({ subject: spec.subject, values, lookAlike: spec.lookAlike });
    const usable = (list: readonly Form[]) => {
      const homed = list.filter((form) => (spec.homes as readonly string[]).includes(form.channel));
      // Half the time the fact's own tool output states it.
      return homed.length > 0 && rnd() < 0.5 ? homed : anyUsable(list);
    };
    const anyUsable = (list: readonly Form[]) =>
      list.filter(
        (form) =>
          form.channel === "user" ||
          form.channel === "reply" ||
          form.channel === "slack" ||
          form.channel === "email" ||
          (spec.homes as readonly string[]).includes(form.channel),
      );
    // The sequence of statements: first, updates, then maybe a stale copy and a restatement.
    const steps: { form: Form; v: number; old: number }[] = [
      { form: pick(rnd, usable(FIRST_FORMS)), v: 0, old: -1 },
    ];
    for (let u = 1; u <= changes; u++) {
      const last = u === changes && !stale.has(f);
      const forms = usable(UPDATE_FORMS).filter((form) => !(last && form.namesOld === true));
      steps.push({ form: pick(rnd, forms), v: u, old: u - 1 });
    }
    if (stale.has(f)) {
      steps.push({ form: pick(rnd, usable(STALE_FORMS)), v: Math.floor(rnd() * changes), old: -1 });
      steps.push({ form: pick(rnd, CONFIRM_FORMS), v: changes, old: -1 });
    }
    const span = Math.floor((count - 12) / steps.length);
    let prev = 0;
    for (const [i, step] of steps.entries()) {
      const lo = Math.max(prev + 1, i * span + 1);
      const e = fit(
        lo + Math.floor(rnd() * Math.max(1, (i + 1) * span + 1 - lo)),
        step.form.channel,
      );
      const old = step.old < 0 ? "" : (values[step.old] as string);
      const lines = step.form.render(ctx(spec.subject, values[step.v] as string, old, spec.key));
      put(e, step.form, lines, f, [step.v, step.old]);
      prev = e;
    }
    // The look-alike after the latest value, a what-if and a mention anywhere.
    const alike = pick(rnd, LOOK_ALIKE_FORMS);
    const alikeAt = fit(
      prev + 1 + Math.floor(rnd() * Math.max(1, count - 3 - prev)),
      alike.channel,
    );
    put(alikeAt, alike, alike.render(ctx(spec.lookAlike, alikeValue, "", spec.key)), -1, [0, 0]);
    const whatIf = pick(rnd, WHAT_IF_FORMS);
    const whatIfAt = fit(1 + Math.floor(rnd() * (count - 3)), whatIf.channel);
    put(whatIfAt, whatIf, whatIf.render(ctx(spec.subject, whatIfValue, "", spec.key)), -1, [0, 0]);
    const mentionAt = 1 + Math.floor(rnd() * (count - 3));
    episodes[mentionAt]?.user.push(pick(rnd, MENTIONS)(spec.subject));
  });

  const messages: ChatMessage[] = [{ role: "system", content: SYSTEM }];
  const statements: Transcript["statements"] = [];
  episodes.forEach((ep, e) => {
    const kind = ep.kind ?? pick(rnd, TOOL_KINDS);
    const userAt = messages.length;
    messages.push({
      role: "user",
      content: [
        `${chatter(rnd, USER_CHATTER, Math.floor(rnd() * 3))} ${pick(rnd, REQUESTS[kind])}`.trim(),
        ...ep.user,
      ].join("\n"),
    });
    const id = `call_${e}`;
    const call = TOOL_CALLS[kind];
    messages.push({
      role: "assistant",
      content: call.say,
      tool_calls: [
        {
          id,
          type: "function",
          function: { name: call.fn, arguments: JSON.stringify({ episode: e + 1 }) },
        },
      ],
    });
    const toolAt = messages.length;
    messages.push({ role: "tool", tool_call_id: id, content: toolBody(kind, rnd, ep.tool) });
    const replyAt = messages.length;
    messages.push({
      role: "assistant",
      content: [
        `${readout(kind, rnd)} ${chatter(rnd, ASSISTANT_CHATTER, Math.floor(rnd() * 2))}`.trim(),
        ...ep.reply,
      ].join("\n"),
    });
    const at = (c: Channel) => (c === "user" ? userAt : c === "reply" ? replyAt : toolAt);
    // Statements in message order (user, tool, reply), each turn = message index + 1.
    const ordered = [...ep.stated].sort((a, b) => at(a.channel) - at(b.channel));
    for (const s of ordered) {
      statements.push({ sentence: s.text, fact: s.fact, value: s.value, turn: at(s.channel) + 1 });
    }
  });
  return { messages, facts, statements, forms };
}

export const GENERATED_FAMILY = {
  name: "sealed-30",
  generate(seed: number, turns: number) {
    const { messages, facts, statements } = buildSealed30(seed, turns);
    return { messages, facts, statements };
  },
};
