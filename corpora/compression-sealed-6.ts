// The "sealed-6" compression family for bench:compression: a seeded ~600-message
// mobile app release session (a release manager and an agent with app-store, CI,
// crash-reporting, feature-flag, repository, tracker and chat tools) with sixteen
// planted facts, about half of them updated once or twice, each stated and updated
// in varied forms (corpora/compression-sealed-6-forms.ts) among long tool outputs.
// Written without reading the compressor or the other families. Discovered by
// bench/compression-families.ts through GENERATED_FAMILY.
import { mulberry32 } from "./prng.ts";
import type { TranscriptFact } from "./compression-transcript.ts";
import {
  FACT_DEFS,
  appOf,
  rngOf,
  typoOf,
  type App,
  type Rng,
} from "./compression-sealed-6-facts.ts";
import { chatter, systemPrompt } from "./compression-sealed-6-filler.ts";
import { FIRST_FORMS, UPDATE_FORMS, type Planting } from "./compression-sealed-6-forms.ts";
import {
  LOOK_ALIKE_FORMS,
  RESTATE_FORMS,
  oldQuoted,
  rejected,
} from "./compression-sealed-6-echoes.ts";
import { Script, type Statement } from "./compression-sealed-6-script.ts";
import { TOOL_FILLERS } from "./compression-sealed-6-tools.ts";

/** Every planting form the family can use, by name. */
export const SEALED_6_FORMS: readonly string[] = [
  ...Object.keys(FIRST_FORMS),
  ...Object.keys(UPDATE_FORMS),
  ...Object.keys(RESTATE_FORMS),
  "old-quoted",
  "rejected-value",
  ...Object.keys(LOOK_ALIKE_FORMS),
];

/** One planned event: where it goes (fraction of the session) and what it writes. */
interface PlannedEvent {
  pos: number;
  seq: number;
  write: () => void;
}

/** How many facts are updated twice and once (the rest keep their first value). */
const TWICE = 3;
const ONCE = 5;

export interface Sealed6Transcript {
  messages: Script["messages"];
  facts: TranscriptFact[];
  statements: Statement[];
  /** The planting forms used, in the order written. */
  forms: string[];
}

/** Values of every fact, with a typo inserted before each value a "typo-fix" update states. */
function planValues(rng: Rng, app: App, updates: number[], updateForms: string[][]): string[][] {
  const bases = FACT_DEFS.map((def, i) => def.values(rng, (updates[i] ?? 0) + 1, app));
  const taken = bases.flat();
  return bases.map((base, i) => {
    const values = [base[0] ?? ""];
    (updateForms[i] ?? []).forEach((form, j) => {
      const next = base[j + 1] ?? "";
      if (form === "typo-fix") {
        const typo = typoOf(rng, next, [...taken, ...values]);
        taken.push(typo);
        values.push(typo);
      }
      values.push(next);
    });
    return values;
  });
}

export function generateSealed6(seed: number, turns: number): Sealed6Transcript {
  const rng = rngOf(mulberry32(seed * 7919 + 6));
  const app = appOf(rng);
  const s = new Script();
  const n = FACT_DEFS.length;

  const order = rng.shuffle(FACT_DEFS.map((_, i) => i));
  const updates: number[] = FACT_DEFS.map((_, i) => {
    const rank = order.indexOf(i);
    return rank < TWICE ? 2 : rank < TWICE + ONCE ? 1 : 0;
  });
  const firstNames = Object.keys(FIRST_FORMS);
  const firstCycle = rng.shuffle(firstNames);
  const firstForms = rng.shuffle(
    FACT_DEFS.map((_, i) => firstCycle[i % firstCycle.length] ?? "prose-first"),
  );
  const updateNames = rng.shuffle(Object.keys(UPDATE_FORMS));
  const totalUpdates = updates.reduce((a, b) => a + b, 0);
  const updateCycle = rng.shuffle(
    Array.from(
      { length: totalUpdates },
      (_, k) => updateNames[k % updateNames.length] ?? "bump-to",
    ),
  );
  const updateForms = updates.map((u) => updateCycle.splice(0, u));
  const values = planValues(rng, app, updates, updateForms);

  const events: PlannedEvent[] = [];
  let seq = 0;
  const add = (pos: number, write: () => void) => events.push({ pos, seq: seq++, write });
  const planting = (i: number): Planting => ({
    s,
    rng,
    app,
    def: FACT_DEFS[i] ?? (FACT_DEFS[0] as (typeof FACT_DEFS)[number]),
    fact: i,
    values: values[i] ?? [],
  });
  const restateNames = Object.keys(RESTATE_FORMS);
  const restate = (p: Planting, at: number) => {
    const form = rng.pick(restateNames);
    s.used(form);
    RESTATE_FORMS[form]?.(p, at);
  };

  const oldQuotedFacts = new Set(
    rng.shuffle(FACT_DEFS.map((_, i) => i).filter((i) => (updates[i] ?? 0) > 0)).slice(0, 3),
  );
  const rejectedFacts = new Set(rng.shuffle(FACT_DEFS.map((_, i) => i)).slice(0, 4));
  const restatedFacts = new Set(rng.shuffle(FACT_DEFS.map((_, i) => i)).slice(0, 7));
  const lookAlikeNames = Object.keys(LOOK_ALIKE_FORMS);

  for (let i = 0; i < n; i++) {
    const p = planting(i);
    const vals = values[i] ?? [];
    const first = 0.02 + rng.next() * 0.33;
    add(first, () => {
      const form = firstForms[i] ?? "prose-first";
      s.used(form);
      FIRST_FORMS[form]?.(p, 0);
    });
    // Updates: when each value becomes current.
    const changes: { pos: number; at: number }[] = [{ pos: first, at: 0 }];
    let last = first;
    let at = 1;
    for (const form of updateForms[i] ?? []) {
      last = Math.min(last + 0.1 + rng.next() * 0.25, 0.86 + changes.length * 0.01);
      const from = at;
      add(last, () => {
        s.used(form);
        UPDATE_FORMS[form]?.(p, from);
      });
      at += form === "typo-fix" ? 2 : 1;
      changes.push({ pos: last, at: at - 1 });
    }
    const currentAt = (pos: number) => changes.filter((c) => c.pos < pos).at(-1)?.at ?? 0;
    if (restatedFacts.has(i)) {
      const pos = first + 0.01 + rng.next() * (0.85 - first);
      add(pos, () => restate(p, currentAt(pos)));
      last = Math.max(last, pos);
    }
    if (rejectedFacts.has(i)) {
      const pos = first + 0.01 + rng.next() * (0.9 - first);
      const other = FACT_DEFS[i]?.other(rng, vals, app) ?? "";
      add(pos, () => {
        s.used("rejected-value");
        rejected(p, other);
      });
    }
    if (oldQuotedFacts.has(i)) {
      const pos = last + 0.02 + rng.next() * 0.04;
      const back = pos + 0.01 + rng.next() * 0.03;
      add(pos, () => {
        s.used("old-quoted");
        oldQuoted(p, 0);
      });
      add(back, () => restate(p, vals.length - 1));
      last = back;
    }
    const alikePos = last + 0.01 + rng.next() * 0.05;
    const alikeForm = lookAlikeNames[i % lookAlikeNames.length] ?? "look-alike-prose";
    const alikeValue = FACT_DEFS[i]?.other(rng, vals, app) ?? "";
    add(alikePos, () => {
      s.used(alikeForm);
      LOOK_ALIKE_FORMS[alikeForm]?.(p, alikeValue);
    });
  }

  events.sort((a, b) => a.pos - b.pos || a.seq - b.seq);
  s.system(systemPrompt(app));
  s.user(
    `Morning. Let's get ${app.display} ${app.version} out the door this week. Start with the state of CI.`,
  );
  const filler = () => {
    if (rng.next() < 0.6) {
      const t = rng.pick(TOOL_FILLERS)(rng, app);
      s.tool(t.name, t.args, t.output, t.lead);
      s.assistant(t.after);
      return;
    }
    const mention = rng.next() < 0.12 ? FACT_DEFS[rng.int(0, n - 1)]?.subject : undefined;
    const [ask, answer] = chatter(rng, app, mention);
    s.user(ask);
    s.assistant(answer);
  };
  for (const event of events) {
    while (s.length < event.pos * turns) {
      filler();
    }
    event.write();
  }
  while (s.length < turns + 1) {
    filler();
  }
  const facts = FACT_DEFS.map((def, i) => ({
    subject: def.subject,
    values: values[i] ?? [],
    lookAlike: def.lookAlike,
  }));
  const statements = [...s.statements].sort((a, b) => a.turn - b.turn);
  return { messages: s.messages, facts, statements, forms: s.forms };
}

export const GENERATED_FAMILY = {
  name: "sealed-6",
  generate(seed: number, turns: number) {
    const { messages, facts, statements } = generateSealed6(seed, turns);
    return { messages, facts, statements };
  },
};
