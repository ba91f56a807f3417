// The "sealed-7" compression family for bench:compression: a seeded ~600-message
// session in which a scientist and a lab agent run a bulk RNA-seq analysis with a
// LIMS, a workflow runner, an object store, a notebook, a genome registry and
// e-mail. Sixteen facts are planted (corpora/compression-sealed-7-facts.ts); eight
// change once or twice, each change in one of twelve forms
// (corpora/compression-sealed-7-updates.ts), and after each fact's latest value come
// look-alikes, re-printed old logs and turned-down proposals
// (corpora/compression-sealed-7-decoys.ts). Written without reading the compressor
// or the other families. Discovered by bench/compression-families.ts; tested by
// tests/bench/compression-sealed-7.test.ts.
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript } from "./compression-transcript.ts";
import { makeIds, makeRng, type Beat, type Rng } from "./compression-sealed-7-beats.ts";
import { FACT_DEFS, type FactDef } from "./compression-sealed-7-facts.ts";
import { FIRST_FORMS, type Form } from "./compression-sealed-7-forms.ts";
import { UPDATE_FORMS } from "./compression-sealed-7-updates.ts";
import {
  LOOK_ALIKE,
  REJECTED,
  REPRINT,
  RESTATE,
  RESTATE_PLAIN,
  type PostCtx,
  type PostForm,
} from "./compression-sealed-7-decoys.ts";
import { fillerBeat, fillerOne } from "./compression-sealed-7-filler.ts";
import { DAYS } from "./compression-sealed-7-tools.ts";

export const NAME = "sealed-7";

const SYSTEM =
  "You are the lab's data agent for the Hollis lab (cohort B bulk RNA-seq, LIMS project HOL-RNA-07). " +
  "Tools: lims.* (samples, settings, projects), workflow.* (runs, logs, params), objstore.ls, " +
  "notebook.run (Python), genomes.* (reference registry) and email.*. Be brief and exact.";

/** A planted event: where it goes (share of the session) and how it renders. */
interface Event {
  at: number;
  seq: number;
  form: string;
  render(): Beat;
}

/** A generated session and the names of the forms it planted. */
export type Sealed7 = Pick<Transcript, "messages" | "facts" | "statements"> & { forms: string[] };

interface FactState {
  def: FactDef;
  pool: string[];
  values: string[];
  alike: string;
}

const between = (rng: Rng, lo: number, hi: number, n: number): number[] =>
  Array.from({ length: n }, () => lo + rng.next() * Math.max(0, hi - lo)).sort((a, b) => a - b);

/** The update slots: which fact changes how often, and in which form; the unit change lands on a fact with a second unit. */
function planUpdates(rng: Rng, facts: readonly FactState[]): { fact: number; form: Form }[] {
  const unitFacts = facts.flatMap((f, i) => (f.def.otherUnit === undefined ? [] : [i]));
  const first = rng.pick(unitFacts);
  const others = rng.shuffle(facts.map((_, i) => i).filter((i) => i !== first)).slice(0, 7);
  const updated = [first, ...others];
  const twice = new Set(rng.shuffle(updated).slice(0, 4));
  const slots = rng.shuffle(updated.flatMap((f) => (twice.has(f) ? [f, f] : [f])));
  const forms = rng.shuffle(UPDATE_FORMS);
  const unit = forms.findIndex((f) => f.name === "unit-change");
  const unitSlot = slots.indexOf(first);
  [forms[unit], forms[unitSlot]] = [forms[unitSlot] as Form, forms[unit] as Form];
  return slots.map((fact, i) => ({ fact, form: forms[i] as Form }));
}

/** Builds one session: its messages, facts, statements (turn = message index + 1) and planted forms. */
export function buildSealed7(seed: number, turns: number): Sealed7 {
  const rng = makeRng(seed * 7919 + 707);
  const ids = makeIds();
  const facts: FactState[] = rng.shuffle(FACT_DEFS).map((def) => ({
    def,
    pool: rng.shuffle(def.pool),
    values: [],
    alike: rng.pick(def.alike),
  }));
  const take = (f: FactState) => f.pool.shift() ?? "";
  const events: Event[] = [];
  const forms: string[] = [];
  let seq = 0;
  const ctx = (i: number, f: FactState, extra: Partial<PostCtx> = {}): PostCtx => ({
    rng,
    ids,
    fact: i,
    def: f.def,
    value: f.values.at(-1) ?? "",
    index: f.values.length - 1,
    old: f.values.at(-2) ?? "",
    oldIndex: f.values.length - 2,
    spare: "",
    day: rng.pick(DAYS),
    alike: f.alike,
    ...extra,
  });
  const add = (at: number, form: Form | PostForm, c: PostCtx) => {
    forms.push(form.name);
    events.push({ at, seq: seq++, form: form.name, render: () => form.render(c) });
  };

  const updates = planUpdates(rng, facts);
  const firstForms = rng.shuffle([...FIRST_FORMS, ...FIRST_FORMS]);
  const updated = [...new Set(updates.map((u) => u.fact))];
  const reprinted = new Set(rng.shuffle(updated).slice(0, 3));
  const unchanged = facts.map((_, i) => i).filter((i) => !updated.includes(i));
  const rejected = new Set([
    rng.pick(unchanged),
    ...rng.shuffle(facts.map((_, i) => i)).slice(0, 3),
  ]);
  const alikeForms = rng.shuffle(
    facts.map((_, i) => LOOK_ALIKE[i % LOOK_ALIKE.length] as PostForm),
  );

  facts.forEach((f, i) => {
    const start = 0.01 + rng.next() * 0.28;
    f.values.push(take(f));
    add(start, firstForms[i] as Form, ctx(i, f));
    const mine = updates.filter((u) => u.fact === i);
    const when = between(
      rng,
      start + 0.04,
      0.85,
      mine.length + (mine.length === 0 && rng.chance(0.5) ? 1 : 0),
    );
    let last = start;
    when.forEach((t, k) => {
      last = t;
      const u = mine[k];
      if (u === undefined) {
        add(t, RESTATE_PLAIN, ctx(i, f));
        return;
      }
      const name = u.form.name;
      if (name === "correction") {
        f.values.push(take(f));
      }
      const spare = name === "rejected-inline" || name === "terse-confirm" ? take(f) : "";
      const unit = f.def.otherUnit;
      f.values.push(name === "unit-change" && unit !== undefined ? rng.pick(unit) : take(f));
      add(t, u.form, ctx(i, f, { spare }));
    });
    const post: [PostForm, Partial<PostCtx>][] = [];
    if (reprinted.has(i)) {
      post.push([REPRINT, { old: f.values[0] ?? "", oldIndex: 0 }], [rng.pick(RESTATE), {}]);
    }
    post.push([alikeForms[i] as PostForm, {}]);
    if (rejected.has(i) && f.pool.length > 0) {
      post.push([REJECTED, { spare: take(f) }]);
    }
    const times = between(rng, last + 0.02, 0.99, post.length);
    post.forEach(([form, extra], k) => add(times[k] ?? 0.99, form, ctx(i, f, extra)));
  });

  events.sort((a, b) => a.at - b.at || a.seq - b.seq);
  const messages: ChatMessage[] = [{ role: "system", content: SYSTEM }];
  const statements: Transcript["statements"] = [];
  const push = (beat: Beat) => {
    for (const { message, planted } of beat) {
      messages.push(message);
      for (const p of planted) {
        statements.push({ ...p, turn: messages.length });
      }
    }
  };
  const subjects = facts.map((f) => f.def.subject);
  for (const event of events) {
    while (messages.length - 1 < Math.floor(event.at * turns)) {
      push(fillerBeat(rng, ids, subjects));
    }
    push(event.render());
  }
  while (messages.length - 1 < turns) {
    const beat = fillerBeat(rng, ids, subjects);
    const room = turns - (messages.length - 1);
    push(beat.length <= room ? beat : fillerOne(rng, messages.at(-1)?.role !== "user"));
  }
  return {
    messages,
    facts: facts.map((f) => ({
      subject: f.def.subject,
      values: f.values,
      lookAlike: f.def.lookAlike,
    })),
    statements,
    forms,
  };
}

export const GENERATED_FAMILY = {
  name: NAME,
  generate(seed: number, turns: number): Pick<Transcript, "messages" | "facts" | "statements"> {
    const { messages, facts, statements } = buildSealed7(seed, turns);
    return { messages, facts, statements };
  },
};
