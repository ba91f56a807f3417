// The "sealed-10" blind compression family: a network engineering change window run
// with an agent (DNS, BGP, firewall rules, load-balancer pools, a CAB-approved change
// ticket, Terraform, alerts, the on-call channel, vendor e-mail). Sixteen planted
// facts, eight of them changed (four once, four twice), each first stated in one of
// twelve forms and changed in twelve update forms (each used once), followed by
// decoys and a look-alike subject after its latest value. Discovered by
// bench/compression-families.ts through GENERATED_FAMILY; tested by
// tests/bench/compression-sealed-10.test.ts.
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript, TranscriptFact } from "./compression-transcript.ts";
import { mulberry32 } from "./prng.ts";
import { intIn, type Beat, type Form } from "./compression-sealed-10-beat.ts";
import {
  DECOY_FORMS,
  lookAlikeBeat,
  mentionBeat,
  NEEDS_OLD_VALUE,
} from "./compression-sealed-10-decoys.ts";
import { drawFacts, type DrawnFact } from "./compression-sealed-10-facts.ts";
import { fillerBeat } from "./compression-sealed-10-filler.ts";
import { FIRST_FORMS } from "./compression-sealed-10-forms.ts";
import { UPDATE_FORMS } from "./compression-sealed-10-updates.ts";

const SYSTEM =
  "You are a network operations agent with shell access to the border routers, firewalls and load balancers, the change-management system, Terraform, Alertmanager and the #netops-oncall channel. Work the change ticket step by step and report what you verify.";

/** A planted beat and where in the session (0..1) it goes. */
interface PlannedBeat {
  pos: number;
  fact: number;
  beat: Beat;
}

export interface Sealed10Transcript extends Pick<Transcript, "messages" | "facts" | "statements"> {
  /** Every beat's form name, in transcript order (fillers included). */
  forms: string[];
}

const shuffled = <T>(list: readonly T[], rnd: () => number): T[] =>
  [...list].sort(() => rnd() - 0.5);

const between = (rnd: () => number, lo: number, hi: number) => lo + rnd() * Math.max(0, hi - lo);

/** The list's i-th item; the form lists are never shorter than the facts that use them. */
function nth<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) {
    throw new Error(`sealed-10: no item ${i} of ${list.length}`);
  }
  return item;
}

function formNamed(name: string): Form {
  const form = DECOY_FORMS.find((f) => f.name === name);
  if (form === undefined) {
    throw new Error(`no decoy form ${name}`);
  }
  return form;
}

/** The decoy after each fact's latest value: every decoy form at least once among the changed facts. */
function decoyNames(facts: readonly DrawnFact[], rnd: () => number): string[] {
  const changed = shuffled(
    [
      "reprint-old-output",
      "rejected-proposal",
      "rollback-plan",
      "stale-runbook",
      "hypothetical",
      "reprint-old-output",
      "stale-runbook",
      "rejected-proposal",
    ],
    rnd,
  );
  const unchanged = DECOY_FORMS.map((f) => f.name).filter((n) => !NEEDS_OLD_VALUE.has(n));
  return facts.map((f) =>
    f.values.length > 1
      ? (changed.pop() ?? "hypothetical")
      : (unchanged[intIn(rnd, 0, unchanged.length)] ?? "hypothetical"),
  );
}

/** Every planted beat of one transcript, with its position. */
function planBeats(facts: readonly DrawnFact[], rnd: () => number, ticket: string): PlannedBeat[] {
  const firsts = [...shuffled(FIRST_FORMS, rnd), ...shuffled(FIRST_FORMS, rnd).slice(0, 4)];
  const updates = shuffled(UPDATE_FORMS, rnd);
  const decoys = decoyNames(facts, rnd);
  const planned: PlannedBeat[] = [];
  facts.forEach((fact, f) => {
    let pos = between(rnd, 0.01, 0.3);
    const first = nth(firsts, f);
    planned.push({
      pos,
      fact: f,
      beat: first.make({ fact, value: fact.values[0] ?? "", old: "", rnd, ticket }),
    });
    fact.values.slice(1).forEach((value, k) => {
      const left = fact.values.length - 1 - k;
      pos = between(rnd, pos + 0.03, pos + (0.78 - pos) / left);
      const form = nth(updates, updates.length - 1);
      updates.pop();
      const old = fact.values[k] ?? "";
      planned.push({ pos, fact: f, beat: form.make({ fact, value, old, rnd, ticket }) });
    });
    const latest = fact.values.at(-1) ?? "";
    const old = fact.values.at(-2) ?? fact.spare;
    const decoyPos = between(rnd, pos + 0.02, 0.93);
    const decoy = formNamed(decoys[f] ?? "hypothetical");
    const decoyBeat = decoy.make({ fact, value: latest, old, rnd, ticket });
    planned.push({ pos: decoyPos, fact: f, beat: decoyBeat });
    // The look-alike follows the fact's last statement, a decoy's restatement included.
    const stated = decoyBeat.statements.length > 0 ? decoyPos : pos;
    planned.push({
      pos: between(rnd, stated + 0.01, 0.97),
      fact: f,
      beat: lookAlikeBeat(fact, rnd, ticket),
    });
    if (rnd() < 0.5) {
      planned.push({ pos: between(rnd, 0.02, 0.96), fact: f, beat: mentionBeat(fact, rnd) });
    }
  });
  // Stable: a fact's beats keep their order when positions tie.
  return planned.sort((a, b) => a.pos - b.pos);
}

/**
 * One transcript: at least `turns` messages after the system message (exactly `turns`
 * whenever the planted beats fit, as they do from about 250 turns up).
 */
export function buildSealed10(seed: number, turns: number): Sealed10Transcript {
  const rnd = mulberry32(seed * 7919 + 1010);
  const facts = drawFacts(rnd);
  const ticket = `CHG-${intIn(rnd, 40000, 49999)}`;
  const planned = planBeats(facts, rnd, ticket);
  const messages: ChatMessage[] = [{ role: "system", content: SYSTEM }];
  const statements: Transcript["statements"] = [];
  const forms: string[] = [];
  let calls = 0;

  const emit = (beat: Beat, fact?: number) => {
    const start = messages.length;
    forms.push(beat.form);
    for (const m of beat.messages) {
      if (m.role === "call") {
        const id = `call_${seed}_${calls++}`;
        messages.push({
          role: "assistant",
          content: m.content,
          tool_calls: [
            { id, type: "function", function: { name: m.tool, arguments: JSON.stringify(m.args) } },
          ],
        });
      } else if (m.role === "tool") {
        const id = messages.at(-1)?.role === "assistant" ? `call_${seed}_${calls - 1}` : "orphan";
        messages.push({ role: "tool", tool_call_id: id, content: m.content });
      } else {
        messages.push({ role: m.role, content: m.content });
      }
    }
    let cursor = start;
    for (const s of beat.statements) {
      while (cursor < messages.length && !(messages[cursor]?.content ?? "").includes(s.sentence)) {
        cursor++;
      }
      const value = fact === undefined ? -1 : (facts[fact]?.values.indexOf(s.value) ?? -1);
      if (cursor >= messages.length || fact === undefined || value < 0) {
        throw new Error(`sealed-10: statement not placed: ${s.sentence}`);
      }
      statements.push({ sentence: s.sentence, fact, value, turn: cursor + 1 });
    }
  };

  const plantedLength = planned.reduce((n, p) => n + p.beat.messages.length, 0);
  let room = turns - plantedLength;
  const fillTo = (target: number) => {
    while (messages.length - 1 < target && room > 0) {
      const beat = fillerBeat(rnd, room);
      room -= beat.messages.length;
      emit(beat);
    }
  };
  for (const p of planned) {
    fillTo(Math.floor(p.pos * turns));
    emit(p.beat, p.fact);
  }
  fillTo(Number.POSITIVE_INFINITY);

  const outFacts: TranscriptFact[] = facts.map((f) => ({
    subject: f.subject,
    values: [...f.values],
    lookAlike: f.lookAlike,
  }));
  return { messages, facts: outFacts, statements, forms };
}

export const GENERATED_FAMILY = {
  name: "sealed-10",
  generate(seed: number, turns: number): Pick<Transcript, "messages" | "facts" | "statements"> {
    const { messages, facts, statements } = buildSealed10(seed, turns);
    return { messages, facts, statements };
  },
};
