// The one transcript generator of bench:compression: any family of
// bench/compression-families/ and a seed give a long agent conversation with
// planted facts, each stated first and updated 0-3 times through the family's
// carriers (prose, relayed answers, answers to questions, config dumps, diffs, log
// lines), among hedges, refused proposals, mentions without a value, look-alikes,
// heartbeat logs, tool noise and chatter. It records which turn states which value.
import type { ChatMessage } from "../shared/context/messages.ts";
import { mulberry32 } from "../harness/prng.ts";
import {
  configDiff,
  configDump,
  heartbeats,
  pick,
  stamp,
  type Rnd,
} from "./compression-carriers.ts";
import type { Carrier, Family, FactSpec } from "./compression-family.ts";

/** Planted facts per transcript, and how many values each history holds (8 of 12 change). */
export const FACTS_PER_TRANSCRIPT = 12;
/** Heartbeat log reads and other tool calls each, per transcript: most of an agent's tokens are tool output. */
const TOOL_EVENTS = 20;
const HISTORY_LENGTHS = [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4];

export interface TranscriptFact {
  subject: string;
  key: string;
  /** Values in the order stated, as tools print them; the last is current. */
  values: string[];
  lookAlike: { subject: string; key: string };
}

/** A turn (message index + 1) that states value `value` of fact `fact`. */
export interface Statement {
  fact: number;
  value: number;
  turn: number;
  carrier: Carrier;
}

export interface Transcript {
  family: string;
  seed: number;
  messages: ChatMessage[];
  facts: TranscriptFact[];
  statements: Statement[];
  /** Values proposed, hedged or refused: never current. */
  proposals: { fact: number; value: string; turn: number }[];
  /** Values the look-alike of a fact is given. */
  lookAlikes: { fact: number; value: string; turn: number }[];
}

type Event =
  | { at: number; kind: "state"; fact: number; value: number }
  | { at: number; kind: "hedge" | "proposal" | "mention" | "lookAlike"; fact: number }
  | { at: number; kind: "heartbeat" | "noise" };

function shuffle<T>(items: readonly T[], rnd: Rnd): T[] {
  return items
    .map((item) => ({ item, r: rnd() }))
    .sort((a, b) => a.r - b.r)
    .map((x) => x.item);
}

function hashName(name: string): number {
  let h = 2166136261;
  for (const ch of name) {
    h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  }
  return h;
}

function weighted(family: Family, allowed: (c: Carrier) => boolean, rnd: Rnd): Carrier {
  const entries = Object.entries(family.carriers).filter(
    ([c, w]) => w > 0 && allowed(c as Carrier),
  ) as [Carrier, number][];
  let r = rnd() * entries.reduce((sum, [, w]) => sum + w, 0);
  for (const [c, w] of entries) {
    r -= w;
    if (r <= 0) {
      return c;
    }
  }
  return entries[0]?.[0] ?? "prose";
}

function events(lengths: readonly number[], rnd: Rnd): Event[] {
  const out: Event[] = [];
  for (const [fact, length] of lengths.entries()) {
    const first = 0.02 + rnd() * 0.33;
    const later = Array.from({ length: length - 1 }, () => first + 0.05 + rnd() * (0.93 - first));
    [first, ...later.sort((a, b) => a - b)].forEach((at, value) =>
      out.push({ at, kind: "state", fact, value }),
    );
    for (const kind of ["mention", "mention", "hedge", "proposal", "lookAlike"] as const) {
      if (kind !== "proposal" || rnd() < 0.6) {
        out.push({ at: 0.02 + rnd() * 0.93, kind, fact });
      }
    }
  }
  // Agent work between the facts: tool calls whose output states none of them.
  for (let i = 0; i < TOOL_EVENTS; i++) {
    out.push({ at: rnd(), kind: "heartbeat" }, { at: rnd(), kind: "noise" });
  }
  return out.sort((a, b) => a.at - b.at);
}

/** One planted fact's history: `length` distinct values of its pool. */
function plant(spec: FactSpec, length: number, rnd: Rnd): TranscriptFact {
  return {
    subject: spec.subject,
    key: spec.key,
    values: shuffle(spec.values, rnd).slice(0, length),
    lookAlike: { subject: spec.lookAlike.subject, key: spec.lookAlike.key },
  };
}

/** Builds messages; every template is filled from the fact it is about. */
class Writer {
  readonly messages: ChatMessage[] = [];
  readonly statements: Statement[] = [];
  readonly proposals: Transcript["proposals"] = [];
  readonly lookAlikes: Transcript["lookAlikes"] = [];
  #calls = 0;
  readonly family: Family;
  readonly specs: readonly FactSpec[];
  readonly facts: readonly TranscriptFact[];
  readonly rnd: Rnd;

  constructor(
    family: Family,
    specs: readonly FactSpec[],
    facts: readonly TranscriptFact[],
    rnd: Rnd,
  ) {
    this.family = family;
    this.specs = specs;
    this.facts = facts;
    this.rnd = rnd;
  }

  /** `template` with its fact's words; values carry the fact's unit unless `bare`. */
  fill(template: string, fact: number, vars: Record<string, string> = {}, bare = false): string {
    const f = this.facts[fact];
    const spec = this.specs[fact];
    const all: Record<string, string> = {
      subject: f?.subject ?? "",
      key: f?.key ?? "",
      lookalike: f?.lookAlike.subject ?? "",
      person: pick(this.family.people, this.rnd),
      ...vars,
    };
    const unit = spec?.unit === undefined || bare ? "" : ` ${spec.unit}`;
    return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const v = all[name];
      if (v === undefined) {
        return whole;
      }
      return name === "value" || name === "old" ? `${v}${unit}` : v;
    });
  }

  say(role: "user" | "assistant", content: string): number {
    this.messages.push({ role, content });
    return this.messages.length;
  }

  /** `min`-`max` distinct templates joined into one message. */
  some(templates: readonly string[], min: number, max: number, joiner = " "): string {
    const n = min + Math.floor(this.rnd() * (max - min + 1));
    return shuffle(templates, this.rnd).slice(0, n).join(joiner);
  }

  /** A user message of one to three sentences and a reply, sometimes with a follow-up. */
  chatter(): void {
    const t = this.family.templates;
    this.say("user", this.some(t.chatter, 1, 3));
    const follow = this.rnd() < 0.5 ? ` ${pick(t.chatter, this.rnd)}` : "";
    this.say("assistant", `${pick(t.replies, this.rnd)}${follow}`);
  }

  tool(name: string, args: Record<string, string>, output: string): number {
    const id = `call_${++this.#calls}`;
    this.messages.push({
      role: "assistant",
      content: null,
      tool_calls: [{ id, type: "function", function: { name, arguments: JSON.stringify(args) } }],
    });
    this.messages.push({ role: "tool", tool_call_id: id, content: output });
    return this.messages.length;
  }

  state(fact: number, value: number, at: number): void {
    const f = this.facts[fact];
    if (f === undefined) {
      return;
    }
    const v = f.values[value] ?? "";
    const old = f.values[value - 1] ?? "";
    const t = this.family.templates;
    const carrier = weighted(
      this.family,
      (c) => (value === 0 ? c !== "diff" && c !== "log" : true),
      this.rnd,
    );
    const vars = { value: v, old };
    let turn: number;
    switch (carrier) {
      case "prose":
        this.say("user", pick(this.family.templates.chatter, this.rnd));
        turn = this.say(
          "assistant",
          this.fill(pick(value === 0 ? t.first : t.update, this.rnd), fact, vars),
        );
        break;
      case "relayed":
        turn = this.say("user", this.fill(pick(t.relayed, this.rnd), fact, vars));
        this.say("assistant", pick(t.replies, this.rnd));
        break;
      case "answer":
        this.say("user", this.fill(pick(t.question, this.rnd), fact));
        turn = this.say("assistant", this.fill(pick(t.answer, this.rnd), fact, vars));
        break;
      case "diff":
        turn = this.tool(
          pick(this.family.tools.config, this.rnd),
          { action: "diff" },
          configDiff(f.key, old, v, this.family.noiseKeys, this.rnd),
        );
        break;
      case "log": {
        const minute = Math.floor(at * 1440 * 3);
        const lines = heartbeats(t.heartbeat, minute, 4 + Math.floor(this.rnd() * 6), this.rnd);
        const update = this.fill(
          pick(t.logUpdate, this.rnd),
          fact,
          { ...vars, ts: stamp(minute + 2) },
          true,
        );
        lines.splice(1 + Math.floor(this.rnd() * (lines.length - 1)), 0, update);
        turn = this.tool(
          pick(this.family.tools.logs, this.rnd),
          { since: stamp(minute) },
          lines.join("\n"),
        );
        break;
      }
      case "table":
        this.say("user", pick(t.chatter, this.rnd));
        turn = this.say(
          "assistant",
          `${pick(t.replies, this.rnd)}\n\n${configDump("table", f.key, v, this.family.noiseKeys, this.rnd)}`,
        );
        break;
      default:
        turn = this.tool(
          pick(this.family.tools.config, this.rnd),
          { format: carrier },
          configDump(carrier, f.key, v, this.family.noiseKeys, this.rnd),
        );
    }
    this.statements.push({ fact, value, turn, carrier });
  }

  other(
    event: Exclude<Event, { kind: "state" }>,
    current: ReadonlyMap<number, number>,
    at: number,
  ): void {
    const t = this.family.templates;
    if (event.kind === "heartbeat") {
      const minute = Math.floor(at * 1440 * 3);
      this.tool(
        pick(this.family.tools.logs, this.rnd),
        { since: stamp(minute) },
        heartbeats(t.heartbeat, minute, 10 + Math.floor(this.rnd() * 30), this.rnd).join("\n"),
      );
      return;
    }
    if (event.kind === "noise" || !("fact" in event)) {
      this.tool(pick(this.family.tools.other, this.rnd), {}, this.some(t.toolNoise, 2, 3, "\n\n"));
      return;
    }
    const f = this.facts[event.fact];
    const spec = this.specs[event.fact];
    if (f === undefined || spec === undefined) {
      return;
    }
    const stated = current.get(event.fact);
    if (event.kind === "mention") {
      if (stated !== undefined) {
        this.say("user", this.fill(pick(t.mention, this.rnd), event.fact));
        this.say("assistant", pick(t.replies, this.rnd));
      }
      return;
    }
    if (event.kind === "lookAlike") {
      const value = pick(spec.lookAlike.values, this.rnd);
      const turn = this.say("user", this.fill(pick(t.lookAlike, this.rnd), event.fact, { value }));
      this.say("assistant", pick(t.replies, this.rnd));
      this.lookAlikes.push({ fact: event.fact, value, turn });
      return;
    }
    // A hedge or a refused proposal: a value of the pool that is not the current one.
    const unused = spec.values.filter((v) => stated === undefined || v !== f.values[stated]);
    const value = pick(unused, this.rnd);
    const turn = this.say(
      "user",
      this.fill(pick(event.kind === "hedge" ? t.hedge : t.proposal, this.rnd), event.fact, {
        value,
      }),
    );
    if (event.kind === "proposal") {
      this.say("assistant", pick(t.replies, this.rnd));
      this.say("user", this.fill(pick(t.rejection, this.rnd), event.fact));
    }
    this.say("assistant", pick(t.replies, this.rnd));
    this.proposals.push({ fact: event.fact, value, turn });
  }
}

/** A seeded transcript of about `turns` messages after the system message. */
export function generateTranscript(family: Family, seed: number, turns = 600): Transcript {
  const rnd = mulberry32((seed * 7919) ^ hashName(family.name));
  const specs = shuffle(family.facts, rnd).slice(0, FACTS_PER_TRANSCRIPT);
  const lengths = shuffle(HISTORY_LENGTHS, rnd);
  const facts = specs.map((spec, i) => plant(spec, lengths[i] ?? 1, rnd));
  const writer = new Writer(family, specs, facts, rnd);
  writer.messages.push({ role: "system", content: family.system });
  const current = new Map<number, number>();
  for (const event of events(
    facts.map((f) => f.values.length),
    rnd,
  )) {
    // Chatter until the event's place in the transcript.
    while (writer.messages.length < 1 + event.at * turns) {
      writer.chatter();
    }
    if (event.kind === "state") {
      writer.state(event.fact, event.value, event.at);
      current.set(event.fact, event.value);
    } else {
      writer.other(event, current, event.at);
    }
  }
  while (writer.messages.length < turns + 1) {
    writer.chatter();
  }
  writer.chatter();
  return {
    family: family.name,
    seed,
    messages: writer.messages,
    facts,
    statements: writer.statements,
    proposals: writer.proposals,
    lookAlikes: writer.lookAlikes,
  };
}
