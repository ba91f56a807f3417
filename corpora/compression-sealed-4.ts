// The sealed-4 compression family: seeded on-call incident-response transcripts (an SRE and
// a coding agent with kubectl, terraform, metrics, flag-service, pager and log tools) with 16
// planted settings per seed, updated in prose and inside tool output, each with a look-alike.
// Written blind to the compressor; bench:compression discovers GENERATED_FAMILY
// (bench/compression-families.ts) and tests/bench/compression-sealed-4.test.ts checks it.
import type { ChatMessage } from "../shared/context/messages.ts";
import { assistantChatter, userAck, userChatter } from "./compression-sealed-4-chat.ts";
import { SERVICES, drawFacts, drawValue, type PlantedFact } from "./compression-sealed-4-facts.ts";
import {
  firstBlock,
  lookAlikeBlock,
  mentionBlock,
  updateBlock,
} from "./compression-sealed-4-forms.ts";
import {
  UPDATE_FORMS,
  type Block,
  type RenderContext,
  type UpdateForm,
} from "./compression-sealed-4-tool-lines.ts";
import { hex, int, mulberry32, pick, shuffle, type Rng } from "./compression-sealed-4-rng.ts";
import { fillerTool } from "./compression-sealed-4-tools.ts";

const FACTS = 16;
const UPDATED = 8;
const TWICE = 3;

const SYSTEM = [
  "You are the on-call coding agent for the ACME platform team. You have these tools:",
  "kubectl (read and change the production clusters), terraform (plan and apply under envs/),",
  "metrics_query (PromQL, returns tables), flags (the feature-flag and runtime-config service),",
  "pager (incidents and change tickets) and logs_grep (structured logs of any service).",
  "Prefer reversible changes, state what you changed, and keep the incident timeline current.",
].join("\n");

/** One statement of a planted value: the line, its fact, value index and turn (index + 1). */
export interface Statement {
  sentence: string;
  fact: number;
  value: number;
  turn: number;
}

type Event =
  | { at: number; kind: "first"; fact: number }
  | { at: number; kind: "update"; fact: number; form: UpdateForm; value: number }
  | { at: number; kind: "lookalike"; fact: number }
  | { at: number; kind: "mention"; fact: number };

/** The update forms of one seed: a window of the form list, so five seeds plant every form. */
function seedForms(seed: number, count: number): UpdateForm[] {
  const n = UPDATE_FORMS.length;
  const start = (((seed * 11) % n) + n) % n;
  return Array.from({ length: count }, (_, i) => UPDATE_FORMS[(start + i) % n] ?? "restated");
}

/** Which facts are updated, in which forms, and every event's position in the transcript. */
function schedule(rnd: Rng, seed: number, facts: PlantedFact[], turns: number): Event[] {
  const hasUnit = (i: number) => facts[i]?.kind.otherUnit !== undefined;
  let order = shuffle(
    rnd,
    facts.map((_, i) => i),
  );
  if (!order.slice(0, UPDATED).some(hasUnit)) {
    const unitAt = order.findIndex(hasUnit);
    order = [order[unitAt] ?? 0, ...order.filter((_, i) => i !== unitAt)];
  }
  const updated = order.slice(0, UPDATED);
  const slots = [...updated, ...updated.slice(0, TWICE)];
  const forms = seedForms(seed, slots.length);
  const assigned = new Map<number, UpdateForm[]>();
  const unitFact = updated.find(hasUnit) ?? 0;
  if (forms.includes("unit")) {
    assigned.set(unitFact, ["unit"]);
    slots.splice(slots.indexOf(unitFact), 1);
  }
  const rest = shuffle(
    rnd,
    forms.filter((f) => f !== "unit"),
  );
  slots.forEach((fact, i) => {
    assigned.set(fact, [...(assigned.get(fact) ?? []), rest[i] ?? "restated"]);
  });

  const events: Event[] = [];
  const at = (lo: number, hi: number) => int(rnd, Math.floor(lo * turns), Math.floor(hi * turns));
  facts.forEach((fact, i) => {
    const first = at(0.02, 0.4);
    fact.values.push(drawValue(rnd, fact));
    events.push({ at: first, kind: "first", fact: i });
    const mine = shuffle(rnd, assigned.get(i) ?? []);
    const times = mine.map(() =>
      int(rnd, first + Math.floor(0.06 * turns), Math.floor(0.88 * turns)),
    );
    times.sort((a, b) => a - b);
    mine.forEach((form, k) => {
      fact.values.push(drawValue(rnd, fact, form === "unit"));
      events.push({ at: times[k] ?? first, kind: "update", fact: i, form, value: k + 1 });
    });
    fact.lookAlikeValue = drawValue(rnd, fact);
    const last = times.at(-1) ?? first;
    events.push({
      at: Math.min(last + at(0.01, 0.06), Math.floor(0.93 * turns)),
      kind: "lookalike",
      fact: i,
    });
    for (let m = int(rnd, 1, 2); m > 0; m--) {
      events.push({ at: at(0.01, 0.95), kind: "mention", fact: i });
    }
  });
  // Stable by position: a fact's first, updates and look-alike keep their order.
  return events
    .map((e, seq) => ({ e, seq }))
    .sort((a, b) => a.e.at - b.e.at || a.seq - b.seq)
    .map((x) => x.e);
}

/** A filler block of at most `room` messages about one of the session's services. */
function filler(
  rnd: Rng,
  ctx: RenderContext,
  svcs: readonly string[],
  room: number,
): ChatMessage[] {
  const svc = pick(rnd, svcs);
  const runs = [fillerTool(rnd, svc), fillerTool(rnd, svc)];
  const call = (run: (typeof runs)[number]): ChatMessage[] => {
    const id = ctx.callId();
    const fn = { name: run.tool, arguments: JSON.stringify(run.args) };
    const content =
      rnd() < 0.6 ? null : pick(rnd, ["Checking.", "Let me look.", "Running that now."]);
    return [
      { role: "assistant", content, tool_calls: [{ id, type: "function", function: fn }] },
      { role: "tool", tool_call_id: id, content: run.output },
    ];
  };
  const [one, two] = runs as [(typeof runs)[number], (typeof runs)[number]];
  if (room === 1) {
    return [{ role: "assistant", content: assistantChatter(rnd, svc) }];
  }
  const r = rnd();
  if (room >= 7 && r < 0.33) {
    const ask: ChatMessage = { role: "user", content: userChatter(rnd, svc, one.ask) };
    const note = `${one.note} Let me check one more thing.`;
    const last: ChatMessage = { role: "assistant", content: two.note };
    return [ask, ...call(one), { role: "assistant", content: note }, ...call(two), last];
  }
  if (room >= 4 && r < 0.55) {
    const ask: ChatMessage = { role: "user", content: userChatter(rnd, svc, one.ask) };
    return [ask, ...call(one), { role: "assistant", content: one.note }];
  }
  if (room >= 3 && r < 0.72) {
    return [...call(one), { role: "assistant", content: one.note }];
  }
  const said = r < 0.92 ? userChatter(rnd, svc) : userAck(rnd);
  return [
    { role: "user", content: said },
    { role: "assistant", content: assistantChatter(rnd, svc) },
  ];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const hasWords = (line: string, phrase: string) =>
  new RegExp(`(?<![\\w.-])${escape(phrase)}(?![\\w-])`).test(line);

/** Refuses a transcript whose statements could not be scored as declared. */
function check(facts: readonly PlantedFact[], statements: readonly Statement[]): void {
  for (const f of facts) {
    const clash = facts.find(
      (g) => g !== f && (g.subject.includes(f.subject) || g.lookAlike.includes(f.subject)),
    );
    if (clash !== undefined || f.lookAlike.includes(f.subject) || f.subject.includes(f.lookAlike)) {
      throw new Error(`sealed-4: subject "${f.subject}" overlaps another subject`);
    }
  }
  for (const s of statements) {
    const f = facts[s.fact];
    const line = (s.sentence ?? "")
      .toLowerCase()
      .split(f?.lookAlike ?? "\u0001")
      .join(" ");
    const v = f?.values[s.value] ?? "";
    const others = (f?.values ?? []).filter((o) => o !== v);
    if (
      !hasWords(line, f?.subject ?? "") ||
      !hasWords(line, v.toLowerCase()) ||
      others.some((o) => hasWords(line, o.toLowerCase()))
    ) {
      throw new Error(`sealed-4: statement "${s.sentence}" does not name exactly its value`);
    }
  }
}

/** One seeded transcript: a system message and `turns` messages after it. */
export function generate(
  seed: number,
  turns: number,
): {
  messages: ChatMessage[];
  facts: { subject: string; values: string[]; lookAlike: string }[];
  statements: Statement[];
} {
  const rnd = mulberry32(Math.imul(seed, 2654435761) ^ 0x5ea1ed4);
  const facts = drawFacts(rnd, FACTS);
  const events = schedule(rnd, seed, facts, turns);
  const svcs = [...new Set([...facts.map((f) => f.svc), ...shuffle(rnd, SERVICES).slice(0, 3)])];
  let calls = 0;
  const ctx: RenderContext = { rnd, callId: () => `call_${++calls}_${hex(rnd, 8)}` };
  const messages: ChatMessage[] = [{ role: "system", content: SYSTEM }];
  const statements: Statement[] = [];
  const place = (block: Block, fact: number, value: number) => {
    statements.push({
      sentence: block.sentence,
      fact,
      value,
      turn: messages.length + block.at + 1,
    });
    messages.push(...block.messages);
  };
  let next = 0;
  while (messages.length - 1 < turns || next < events.length) {
    const e = events[next];
    if (e !== undefined && (e.at <= messages.length - 1 || messages.length - 1 >= turns)) {
      next++;
      const f = facts[e.fact];
      if (f === undefined) {
        continue;
      }
      if (e.kind === "first") {
        place(firstBlock(ctx, f, f.values[0] ?? ""), e.fact, 0);
      } else if (e.kind === "update") {
        place(updateBlock(ctx, e.form, f, f.values[e.value] ?? ""), e.fact, e.value);
      } else if (e.kind === "lookalike") {
        messages.push(...lookAlikeBlock(ctx, f).messages);
      } else {
        messages.push(...mentionBlock(rnd, f));
      }
      continue;
    }
    messages.push(...filler(rnd, ctx, svcs, turns - (messages.length - 1)));
  }
  const out = facts.map((f) => ({
    subject: f.subject,
    values: [...f.values],
    lookAlike: f.lookAlike,
  }));
  check(facts, statements);
  return { messages, facts: out, statements };
}

/** The family as bench:compression discovers it. */
export const GENERATED_FAMILY = { name: "sealed-4", generate };

/** Each update this family plants for a seed: its fact, value index and form (for its test). */
export function plantedUpdates(
  seed: number,
  turns: number,
): { fact: number; value: number; form: UpdateForm }[] {
  const rnd = mulberry32(Math.imul(seed, 2654435761) ^ 0x5ea1ed4);
  const facts = drawFacts(rnd, FACTS);
  return schedule(rnd, seed, facts, turns).flatMap((e) =>
    e.kind === "update" ? [{ fact: e.fact, value: e.value, form: e.form }] : [],
  );
}
