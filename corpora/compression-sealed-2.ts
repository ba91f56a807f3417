// The "sealed-2" compression family: a seeded data-science notebook session (a churn model)
// written blind, without reading the compressor. bench/compression.ts finds it through
// GENERATED_FAMILY; `makeTranscript` here serves any family, passing every other one through.
import { mulberry32 } from "./prng.ts";
import type { ChatMessage } from "../shared/context/messages.ts";
import {
  FAMILIES as BASE_FAMILIES,
  makeTranscript as makeBaseTranscript,
  type TemplateFamily as BaseFamily,
  type TranscriptFact,
} from "./compression-transcript.ts";

export type { TranscriptFact };
export const SEALED_2 = "sealed-2";
export type TemplateFamily = BaseFamily | typeof SEALED_2;
export const FAMILIES: readonly TemplateFamily[] = [...BASE_FAMILIES, SEALED_2];
type BaseTranscript = ReturnType<typeof makeBaseTranscript>;
export type Transcript = Omit<BaseTranscript, "family"> & { family: TemplateFamily };
type Statement = Transcript["statements"][number];
type Options = Omit<Parameters<typeof makeBaseTranscript>[0], "family"> & {
  family: TemplateFamily;
};

/** Any family: sealed-2 here, the others from corpora/compression-transcript.ts. */
/**
 * How bench/compression.ts finds this family (bench/compression-families.ts). The bench
 * numbers turns from 1 (a statement's `turn` is its message index + 1); this file counts
 * them from 0.
 */
export const GENERATED_FAMILY = {
  name: SEALED_2,
  generate: (seed: number, turns: number) => {
    const t = makeSealed2(seed, turns);
    return { ...t, statements: t.statements.map((s) => ({ ...s, turn: s.turn + 1 })) };
  },
};

export function makeTranscript(options: Options): Transcript {
  const { family, ...rest } = options;
  return family === SEALED_2
    ? makeSealed2(rest.seed, rest.turns ?? 600)
    : ({ ...makeBaseTranscript({ ...rest, family }), family } as Transcript);
}

interface FactTemplate {
  subject: string;
  /** One word or a qualifier away from the subject, with its own value. */
  lookAlike: string;
  pool: readonly string[];
}

const PEOPLE = [
  "Priya Natarajan",
  "Marco Bellini",
  "Aiko Tanaka",
  "Tomasz Wrona",
  "Fatima Okafor",
  "Lena Schreiber",
  "Diego Ramirez",
  "Noor Haddad",
  "Sven Lindqvist",
  "Grace Oyelaran",
];
const DATES = ["3 March", "10 March", "14 March", "17 March", "21 March", "24 March", "28 March"];
const DAYS = ["14 days", "21 days", "28 days", "30 days", "45 days", "60 days", "90 days"];

export const TEMPLATES: readonly FactTemplate[] = [
  {
    subject: "train batch size",
    lookAlike: "eval batch size",
    pool: ["128", "192", "256", "384", "512", "768", "1024", "640"],
  },
  {
    subject: "learning rate",
    lookAlike: "warmup learning rate",
    pool: ["1e-4", "2e-4", "3e-4", "5e-4", "8e-4", "1e-3", "4e-4", "6e-4"],
  },
  {
    subject: "dropout rate",
    lookAlike: "attention dropout rate",
    pool: ["0.05", "0.1", "0.15", "0.2", "0.25", "0.3", "0.35", "0.12"],
  },
  {
    subject: "early stopping patience",
    lookAlike: "early stopping patience for the shadow model",
    pool: ["4 epochs", "5 epochs", "6 epochs", "8 epochs", "10 epochs", "12 epochs", "3 epochs"],
  },
  {
    subject: "decision threshold",
    lookAlike: "decision threshold for the EU segment",
    pool: ["0.35", "0.38", "0.40", "0.42", "0.45", "0.48", "0.31", "0.52"],
  },
  { subject: "churn model owner", lookAlike: "churn dashboard owner", pool: PEOPLE },
  { subject: "model card reviewer", lookAlike: "model card approver", pool: PEOPLE },
  { subject: "feature freeze date", lookAlike: "feature review date", pool: DATES },
  {
    subject: "feature store table",
    lookAlike: "feature store snapshot table",
    pool: [
      "fs_churn_v4",
      "fs_churn_v5",
      "fs_churn_v6",
      "fs_churn_v7",
      "fs_churn_v8",
      "fs_churn_v9",
    ],
  },
  {
    subject: "baseline run id",
    lookAlike: "candidate run id",
    pool: ["run-4417", "run-4471", "run-4714", "run-4741", "run-7144", "run-4174", "run-1447"],
  },
  { subject: "label window", lookAlike: "label window for trial users", pool: DAYS },
  { subject: "minimum tenure filter", lookAlike: "maximum tenure filter", pool: DAYS },
  {
    subject: "monthly GPU budget",
    lookAlike: "weekly GPU budget",
    pool: ["$2,400", "$3,000", "$3,600", "$4,200", "$4,800", "$6,000", "$5,400"],
  },
  {
    subject: "data cutoff date",
    lookAlike: "data refresh date",
    pool: ["2026-01-31", "2026-02-14", "2026-02-28", "2026-03-07", "2026-03-15", "2026-02-21"],
  },
  {
    subject: "split seed",
    lookAlike: "sampling seed",
    pool: ["1337", "2024", "4242", "8675309", "20260311", "31337", "9001"],
  },
  {
    subject: "checkpoint path",
    lookAlike: "checkpoint path for the distilled model",
    pool: [
      "gs://churn-models/ckpt/e12",
      "gs://churn-models/ckpt/e14",
      "gs://churn-models/ckpt/e21",
      "gs://churn-models/ckpt/e17",
      "gs://churn-models/ckpt/e9",
      "gs://churn-models/ckpt/e11",
    ],
  },
  {
    subject: "model release tag",
    lookAlike: "model release tag for staging",
    pool: [
      "churn-v2.3.0",
      "churn-v2.3.1",
      "churn-v2.4.0",
      "churn-v2.4.1",
      "churn-v3.0.0",
      "churn-v2.5.0",
    ],
  },
  {
    subject: "holdout AUC",
    lookAlike: "holdout AUC on the legacy split",
    pool: ["0.861", "0.868", "0.871", "0.874", "0.879", "0.884", "0.857"],
  },
  {
    subject: "positive class rate",
    lookAlike: "positive class rate in the backfill",
    pool: ["5.9%", "6.2%", "6.8%", "7.1%", "7.4%", "8.3%", "6.5%"],
  },
  { subject: "on-call analyst", lookAlike: "on-call data engineer", pool: PEOPLE },
  { subject: "sprint demo date", lookAlike: "sprint review date", pool: DATES },
  {
    subject: "retraining cadence",
    lookAlike: "retraining cadence for the shadow model",
    pool: ["every 7 days", "every 14 days", "every 21 days", "every 28 days", "every 10 days"],
  },
];

/** How a value changes after it is first stated. */
export const UPDATE_KINDS = [
  "restate",
  "now",
  "paraphrase",
  "arrow",
  "typo",
  "table",
  "json",
  "gitlog",
  "overrule",
  "relay",
  "revert",
] as const;
type UpdateKind = (typeof UPDATE_KINDS)[number];
type InitialKind = "prose" | "table" | "json" | "list";

type Event =
  | { at: number; type: "initial"; fact: number; kind: InitialKind }
  | { at: number; type: "update"; fact: number; kind: UpdateKind }
  | { at: number; type: "typo-fix"; fact: number }
  | { at: number; type: "overrule"; fact: number; revert: boolean }
  | { at: number; type: "look-alike"; fact: number }
  | { at: number; type: "mention"; fact: number }
  | { at: number; type: "ask"; fact: number };

interface FactState {
  template: FactTemplate;
  values: string[];
  lookAlikeValue: string;
  /** Values that were typos (never reverted to). */
  typos: Set<string>;
  /** A typo or an assistant's setting awaiting its correction. */
  pending: boolean;
  /** The value a pending typo stands for. */
  intended: string;
}

const FACTS_PER_SEED = 16;
/** Updates per fact, before shuffling: 4 never updated, 5 once, 4 twice, 3 three times. */
const UPDATE_COUNTS = [0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3];
const RELAYERS = ["Hannah", "Ravi", "Joost", "Mei", "Oskar", "Beatriz"];

function typoOf(value: string, avoid: ReadonlySet<string>, rand: Rand): string | undefined {
  const positions: number[] = [];
  for (let i = Math.floor(value.length / 2); i < value.length - 1; i++) {
    const a = value[i] ?? "";
    const b = value[i + 1] ?? "";
    if (a !== b && /[a-z0-9]/i.test(a) && /[a-z0-9]/i.test(b)) {
      positions.push(i);
    }
  }
  for (const i of rand.shuffle(positions)) {
    const typo = value.slice(0, i) + (value[i + 1] ?? "") + (value[i] ?? "") + value.slice(i + 2);
    if (!avoid.has(typo)) {
      return typo;
    }
  }
  return undefined;
}

/** The sentences that state, update, or mention a fact, in every form the family uses. */
const SAY = {
  initial: [
    (s: string, v: string) => `The ${s} is ${v}.`,
    (s: string, v: string) => `For the record, the ${s} is ${v}.`,
    (s: string, v: string) => `We agreed the ${s} would be ${v}.`,
    (s: string, v: string) => `Noting it here so we don't lose it: ${s} = ${v}.`,
    (s: string, v: string) => `Starting point: ${v} for the ${s}.`,
    (s: string, v: string) => `Per the kickoff doc, the ${s} is ${v}.`,
  ],
  restate: [
    (s: string, v: string) => `Quick update: the ${s} is ${v}.`,
    (s: string, v: string) => `The ${s} is ${v} as of this morning.`,
    (s: string, v: string) => `Heads up, the ${s} changed to ${v}.`,
    (s: string, v: string) => `Restating it because it moved: the ${s} is ${v}.`,
  ],
  now: [
    (s: string, v: string) => `The ${s} is now ${v}.`,
    (s: string, v: string) => `OK, ${s} is ${v} now.`,
    (s: string, v: string) => `${s} now ${v}, effective immediately.`,
    (s: string, v: string) => `From now on the ${s} is ${v}.`,
  ],
  paraphrase: [
    (s: string, v: string) => `We moved the ${s} to ${v} after the last sweep.`,
    (s: string, v: string) => `Let's go with ${v} for the ${s}.`,
    (s: string, v: string) => `Decided: ${v} becomes the ${s}, starting with the next run.`,
    (s: string, v: string) => `Swapped the ${s} over to ${v}; nobody objected in standup.`,
  ],
  arrow: [
    (s: string, v: string, old: string) => `- ${s}: ${old} → ${v}`,
    (s: string, v: string, old: string) => `* ${s} ${old} -> ${v}`,
    (s: string, v: string, old: string) => `- ${s}: ${v} (was ${old})`,
  ],
  typoFix: [
    (s: string, v: string, typo: string) =>
      `Correction: the ${s} is ${v}, not ${typo}. Typo on my part.`,
    (s: string, v: string) => `Sorry, fat-fingered that earlier: the ${s} should read ${v}.`,
    (s: string, v: string, typo: string) => `s/${typo}/${v}/ (the ${s} is ${v}, I misspelled it).`,
  ],
  relay: [
    (s: string, v: string, who: string) => `${who} asked me to pass this on: the ${s} is ${v} now.`,
    (s: string, v: string, who: string) =>
      `Message from ${who} in #ml-churn: "the ${s} moved to ${v}".`,
    (s: string, v: string, who: string) =>
      `${who} says the ${s} changed to ${v}; the tracker is updated.`,
    (s: string, v: string, who: string) => `Relaying from ${who}: ${s} is ${v} as of today.`,
  ],
  revert: [
    (s: string, v: string, old: string) =>
      `Let's roll the ${s} back to ${v}; the ${old} run was worse on every slice.`,
    (s: string, v: string) => `Reverting the ${s} to ${v}, like before.`,
    (s: string, v: string, old: string) => `Back to ${v} for the ${s}. ${old} didn't pan out.`,
  ],
  assistantSets: [
    (s: string, v: string) => `I've set the ${s} to ${v} in configs/train.yaml and queued a rerun.`,
    (s: string, v: string) => `Based on the sweep I changed the ${s} to ${v}.`,
  ],
  overrule: [
    (s: string, v: string) => `No, I'm overruling that: the ${s} stays at ${v}.`,
    (s: string, v: string) => `Please don't. The ${s} is ${v}, that's what was signed off.`,
    (s: string, v: string) => `Undo that, the ${s} has to be ${v}.`,
  ],
  lookAlike: [
    (s: string, v: string) => `The ${s} is ${v}.`,
    (s: string, v: string) => `Separately, the ${s} stays at ${v}.`,
    (s: string, v: string) => `(Not to be confused with the ${s}, which is ${v}.)`,
    (s: string, v: string) => `Also confirmed the ${s}: ${v}.`,
  ],
  mention: [
    (s: string) => `Can we double-check the ${s} before the review?`,
    (s: string) => `I haven't touched the ${s} today.`,
    (s: string) => `Remind me to revisit the ${s} next week.`,
    (s: string) => `Is the ${s} documented anywhere outside this notebook?`,
  ],
  ask: [
    (s: string) => `What's the ${s} right now?`,
    (s: string) => `Remind me, what did we land on for the ${s}?`,
  ],
};

class Session {
  readonly messages: ChatMessage[] = [];
  readonly statements: Statement[] = [];
  readonly facts: FactState[];
  #calls = 0;
  #unplaced: Omit<Statement, "turn">[] = [];
  readonly rand: Rand;
  constructor(rand: Rand, templates: readonly FactTemplate[]) {
    this.rand = rand;
    this.facts = templates.map((template) => {
      const lookAlikeValue = rand.pick(template.pool);
      return {
        template,
        values: [],
        lookAlikeValue,
        typos: new Set(),
        pending: false,
        intended: "",
      };
    });
  }

  /** Appends a message; statements recorded before it and quoted in it get its index. */
  push(message: ChatMessage): void {
    const turn = this.messages.length;
    this.messages.push(message);
    const text = message.content ?? "";
    this.#unplaced = this.#unplaced.filter((st) => {
      if (!text.includes(st.sentence)) {
        return true;
      }
      this.statements.push({ ...st, turn });
      return false;
    });
  }
  user(content: string): void {
    this.push({ role: "user", content });
  }
  assistant(content: string): void {
    this.push({ role: "assistant", content });
  }
  tool(
    name: string,
    args: Record<string, unknown>,
    output: string,
    preface: string | null = null,
  ): void {
    const id = `call_${(++this.#calls).toString(36).padStart(5, "0")}`;
    this.push({
      role: "assistant",
      content: preface,
      tool_calls: [{ id, type: "function", function: { name, arguments: JSON.stringify(args) } }],
    });
    this.push({ role: "tool", tool_call_id: id, content: output });
  }

  get unplaced(): number {
    return this.#unplaced.length;
  }
  fact(i: number): FactState {
    const f = this.facts[i];
    if (f === undefined) {
      throw new Error(`no fact ${i}`);
    }
    return f;
  }
  current(i: number): string {
    return this.fact(i).values.at(-1) ?? "";
  }
  /** Records a sentence stating the fact's latest value (its index in `values`). */
  state(i: number, sentence: string): string {
    this.#unplaced.push({ sentence, fact: i, value: this.fact(i).values.length - 1 });
    return sentence;
  }
  /** A value this fact never held and its look-alike does not hold. */
  fresh(i: number): string {
    const f = this.fact(i);
    const taken = new Set([...f.values, ...f.typos, f.lookAlikeValue]);
    const free = f.template.pool.filter((v) => !taken.has(v));
    return this.rand.pick(
      free.length > 0 ? free : f.template.pool.filter((v) => !f.values.includes(v)),
    );
  }
  /** Other facts already stated and settled, for tables and JSON that list several. */
  others(i: number, n: number): number[] {
    const ready = this.facts.flatMap((f, j) =>
      j !== i && f.values.length > 0 && !f.pending ? [j] : [],
    );
    return this.rand.shuffle(ready).slice(0, n);
  }
}

function table(session: Session, target: number, rows: number[], note: string): string {
  const lines = ["| setting | value | note |", "| --- | --- | --- |"];
  for (const j of rows) {
    const s = session.fact(j).template.subject;
    const row = `| ${s} | ${session.current(j)} | ${j === target ? note : "unchanged"} |`;
    session.state(j, row);
    lines.push(row);
  }
  return lines.join("\n");
}

function configJson(session: Session, rows: number[], revision: number): string {
  const settings: Record<string, string> = {};
  for (const j of rows) {
    const s = session.fact(j).template.subject;
    settings[s] = session.current(j);
    session.state(j, `${JSON.stringify(s)}: ${JSON.stringify(session.current(j))}`);
  }
  const who = session.rand.pick(PEOPLE);
  return JSON.stringify(
    {
      experiment: "churn-q2",
      revision,
      settings,
      updated_by: who.toLowerCase().replace(" ", "."),
      updated_at: `2026-03-${String(1 + session.rand.int(27)).padStart(2, "0")}T${String(8 + session.rand.int(10)).padStart(2, "0")}:14:07Z`,
      locked: false,
    },
    null,
    2,
  );
}

function emit(session: Session, event: Event, schedule: Event[], revision: { n: number }): void {
  const { rand } = session;
  const i = event.fact;
  const f = session.fact(i);
  const s = f.template.subject;
  const later = (at: number, e: Event) => schedule.push({ ...e, at });
  switch (event.type) {
    case "initial": {
      f.values.push(session.fresh(i));
      const v = session.current(i);
      if (event.kind === "table") {
        session.assistant(
          `Here's the settings sheet as it stands:\n\n${table(session, i, [...session.others(i, 3), i], "new")}`,
        );
      } else if (event.kind === "json") {
        revision.n++;
        session.tool(
          "get_experiment_config",
          { experiment: "churn-q2" },
          configJson(session, [...session.others(i, 4), i], revision.n),
        );
        session.assistant(
          `The registry has the ${s} now, along with the rest of the experiment settings.`,
        );
      } else if (event.kind === "list") {
        const line = session.state(i, `- ${s}: ${v}`);
        session.user(
          `Settings from the planning call:\n${line}\n- owner of the notebook: me\n- everything else: defaults`,
        );
      } else {
        const said = rand.pick(SAY.initial)(s, v);
        session.user(session.state(i, `${rand.pick(USER_LEAD)} ${said}`));
      }
      return;
    }
    case "update": {
      const old = session.current(i);
      const kind = event.kind;
      if (kind === "typo") {
        const v = session.fresh(i);
        const typo = typoOf(v, new Set([...f.template.pool, ...f.values, f.lookAlikeValue]), rand);
        if (typo !== undefined) {
          f.values.push(typo);
          f.typos.add(typo);
          f.pending = true;
          f.intended = v;
          session.user(session.state(i, rand.pick(SAY.restate)(s, typo)));
          later(event.at + 0.012, { at: 0, type: "typo-fix", fact: i });
          return;
        }
        f.values.push(v);
        session.user(session.state(i, rand.pick(SAY.restate)(s, v)));
        return;
      }
      if (kind === "overrule") {
        f.values.push(session.fresh(i));
        f.pending = true;
        session.assistant(session.state(i, rand.pick(SAY.assistantSets)(s, session.current(i))));
        later(event.at + 0.004, { at: 0, type: "overrule", fact: i, revert: rand.chance(0.5) });
        return;
      }
      const previous = f.values.at(-2);
      if (
        kind === "revert" &&
        previous !== undefined &&
        !f.typos.has(previous) &&
        previous !== old
      ) {
        f.values.push(previous);
        session.user(session.state(i, rand.pick(SAY.revert)(s, previous, old)));
        return;
      }
      f.values.push(session.fresh(i));
      const v = session.current(i);
      switch (kind) {
        case "table":
          session.tool(
            "read_sheet",
            { sheet: "churn-q2 settings" },
            table(session, i, [...session.others(i, 4), i], `changed from ${old}`),
          );
          session.assistant(`The sheet shows one row changed since yesterday, the ${s}.`);
          return;
        case "json":
          revision.n++;
          session.tool(
            "get_experiment_config",
            { experiment: "churn-q2" },
            configJson(session, rand.shuffle([...session.others(i, 5), i]), revision.n),
          );
          session.assistant(`Config revision ${revision.n} is live.`);
          return;
        case "gitlog": {
          const line = session.state(i, `${commitHash(rand)} configs: ${s} ${old} -> ${v}`);
          const log = gitLog(rand, 9);
          log.splice(rand.int(3), 0, line);
          session.tool("run_shell", { cmd: "git log --oneline -10 -- configs/" }, log.join("\n"));
          session.assistant("That's the config history for the last couple of days.");
          return;
        }
        case "arrow": {
          const line = session.state(i, rand.pick(SAY.arrow)(s, v, old));
          session.assistant(
            `Changelog for today's config push:\n- switched plots to the colour-blind palette\n${line}\n- pinned lightgbm to 4.3.0`,
          );
          return;
        }
        case "relay":
          session.user(session.state(i, rand.pick(SAY.relay)(s, v, rand.pick(RELAYERS))));
          return;
        default: {
          const said = rand.pick(
            SAY[kind === "now" ? "now" : kind === "paraphrase" ? "paraphrase" : "restate"],
          )(s, v);
          // A statement is its whole line: the summariser's prose normaliser wraps long lines.
          if (rand.chance(0.5)) {
            session.user(session.state(i, said));
          } else {
            session.assistant(session.state(i, `${said} ${rand.pick(ASSISTANT_TAIL)}`));
          }
          return;
        }
      }
    }
    case "typo-fix": {
      const typo = session.current(i);
      const v = f.intended;
      f.values.push(v);
      f.pending = false;
      session.user(session.state(i, rand.pick(SAY.typoFix)(s, v, typo)));
      return;
    }
    case "overrule": {
      const set = session.current(i);
      const previous = f.values.at(-2);
      const v =
        event.revert && previous !== undefined && !f.typos.has(previous)
          ? previous
          : session.fresh(i);
      f.values.push(v);
      f.pending = false;
      session.user(session.state(i, `${rand.pick(SAY.overrule)(s, v)} ${set} was never agreed.`));
      return;
    }
    case "look-alike": {
      const line = rand.pick(SAY.lookAlike)(f.template.lookAlike, f.lookAlikeValue);
      session.assistant(`${rand.pick(ASSISTANT_LEAD)} ${line}`);
      return;
    }
    case "mention":
      session.user(rand.pick(SAY.mention)(s));
      session.assistant(rand.pick(ASSISTANT_SHORT));
      return;
    case "ask":
      session.user(rand.pick(SAY.ask)(s));
      session.assistant(session.state(i, `The ${s} is ${session.current(i)}.`));
      return;
  }
}

/** The events of one seed: first statements early, updates spread over the rest, distractors throughout. */
function plan(rand: Rand, n: number): Event[] {
  const counts = rand.shuffle(UPDATE_COUNTS).slice(0, n);
  const kinds: UpdateKind[] = [];
  const events: Event[] = [];
  const initials: InitialKind[] = ["prose", "prose", "prose", "table", "json", "list"];
  for (let i = 0; i < n; i++) {
    const first = 0.01 + rand.next() * 0.27;
    events.push({ at: first, type: "initial", fact: i, kind: rand.pick(initials) });
    const updates = counts[i] ?? 0;
    // Some facts settle early, so their current value sits far from the end.
    const start = updates > 0 && rand.chance(0.3) ? 0.3 : 0.32 + rand.next() * 0.2;
    const spots = Array.from({ length: updates }, () => start + rand.next() * (0.96 - start)).sort(
      (a, b) => a - b,
    );
    let reverted = false;
    spots.forEach((at, k) => {
      if (kinds.length === 0) {
        kinds.push(...rand.shuffle(UPDATE_KINDS.filter((x) => x !== "revert")));
      }
      const revert = k > 0 && !reverted && rand.chance(0.4);
      reverted ||= revert;
      events.push({
        at,
        type: "update",
        fact: i,
        kind: revert ? "revert" : (kinds.pop() ?? "restate"),
      });
    });
    const lastAt = spots.at(-1) ?? first;
    events.push({ at: first + rand.next() * 0.1, type: "look-alike", fact: i });
    if (rand.chance(0.6)) {
      events.push({
        at: Math.min(0.985, lastAt + 0.01 + rand.next() * 0.2),
        type: "look-alike",
        fact: i,
      });
    }
    if (rand.chance(0.5)) {
      events.push({ at: first + rand.next() * 0.6, type: "mention", fact: i });
    }
    if (updates > 0 && rand.chance(0.3)) {
      events.push({ at: Math.min(0.99, lastAt + 0.02 + rand.next() * 0.1), type: "ask", fact: i });
    }
  }
  return events;
}

function makeSealed2(seed: number, turns: number): Transcript {
  const rand = new Rand(seed * 7919 + 0x5ea12);
  const templates = rand.shuffle(TEMPLATES).slice(0, FACTS_PER_SEED);
  const session = new Session(rand, templates);
  session.messages.push({
    role: "system",
    content:
      "You are a data-science assistant working in the churn-q2 notebook. You can run cells, query the warehouse, read files, and read the experiment registry. Keep the user's settings exact.",
  });
  const schedule = plan(rand, templates.length);
  const revision = { n: 40 + rand.int(20) };
  const target = Math.max(40, turns);
  // A fact's update or question waits while its typo or overruled setting awaits correction.
  const blocked = (e: Event) =>
    (e.type === "update" || e.type === "ask") && session.fact(e.fact).pending;
  while (session.messages.length - 1 < target || schedule.length > 0) {
    const progress = (session.messages.length - 1) / target;
    schedule.sort((a, b) => a.at - b.at);
    const event = schedule.find((e) => e.at <= progress && !blocked(e));
    if (event === undefined) {
      fillerBlock(session);
    } else {
      schedule.splice(schedule.indexOf(event), 1);
      emit(session, event, schedule, revision);
    }
  }
  const facts: TranscriptFact[] = session.facts.map((f) => ({
    subject: f.template.subject,
    values: f.values,
    lookAlike: f.template.lookAlike,
  }));
  if (session.unplaced > 0) {
    throw new Error(`${session.unplaced} statements never reached a message`);
  }
  return {
    seed,
    family: SEALED_2,
    messages: session.messages,
    facts,
    statements: session.statements,
  };
}

/** A seeded PRNG (mulberry32): the same seed gives the same transcript. */
export class Rand {
  readonly #next: () => number;
  constructor(seed: number) {
    this.#next = mulberry32(seed);
  }
  next(): number {
    return this.#next();
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    const x = xs[this.int(xs.length)];
    if (x === undefined) {
      throw new Error("pick from an empty list");
    }
    return x;
  }
  shuffle<T>(xs: readonly T[]): T[] {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }
}

const USER_LEAD = [
  "Before I forget:",
  "One more thing from the planning call.",
  "Context for later:",
  "OK, setting this down now.",
  "Jotting this in the notebook thread.",
];
const ASSISTANT_LEAD = [
  "Noted.",
  "For completeness:",
  "Checked the registry.",
  "From the planning notes:",
  "One more detail:",
];
const ASSISTANT_TAIL = [
  "I'll pick it up in the next cell.",
  "Nothing else in the notebook depends on it yet.",
  "I'll mention it in the run notes.",
  "The cached artifacts are still valid.",
];
const ASSISTANT_SHORT = [
  "Sure, I'll keep an eye on it.",
  "Noted, I'll flag it in the review checklist.",
  "It lives in configs/train.yaml; I'll look before the next rerun.",
  "Good call. Adding a reminder to the notebook's TODO cell.",
];
const USER_CHATTER = [
  "Can you plot retention by signup month, split by plan?",
  "The axis labels on that chart are unreadable; make them larger.",
  "Why does the SHAP summary rank tenure above support tickets?",
  "Let's look at the customers who left in their second week.",
  "I'm grabbing a coffee, keep going with the feature checks.",
  "That spike in February looks like the pricing change, not a data bug.",
  "Can you drop the customers with test emails before we go further?",
  "Is the class imbalance handled in the sampler or in the loss?",
  "Show me the calibration curve for the latest model.",
  "Nice. Save that figure as a PNG for the deck.",
  "Hmm, the confusion matrix looks off. Are the labels flipped?",
  "Let's try LightGBM next and compare against the logistic baseline.",
  "What share of churners filed a ticket in the last quarter?",
  "Add a column for days since last login, capped at 365.",
  "Did the backfill job finish overnight?",
  "Can you check whether the annual-plan customers are leaking the label?",
  "I need a one-paragraph summary of where we are for the Friday update.",
  "Let's not touch the SQL views today; the warehouse team is migrating them.",
  "Try a smaller tree depth, I think we're overfitting.",
  "Ping me when the sweep is done, I'll be in meetings until three.",
];
const ASSISTANT_CHATTER = [
  "Done. The figure is saved to reports/fig_retention_by_plan.png.",
  "The null share in last_login_days is small and comes almost entirely from accounts that never activated.",
  "The SHAP ranking makes sense: long-tenure accounts churn rarely, so tenure splits the data early.",
  "I removed 312 rows with internal test emails; the label balance barely moved.",
  "Imbalance is handled with class weights in the loss; the sampler is uniform.",
  "The calibration curve sits slightly under the diagonal above 0.6, so scores are a bit overconfident there.",
  "Labels are not flipped; the matrix looked odd because the row order was alphabetical.",
  "LightGBM beats the logistic baseline on every slice except the smallest plan tier.",
  "About a third of churners filed at least one ticket in the quarter before leaving.",
  "Added days_since_last_login, clipped to 365, with a missing-indicator column.",
  "The backfill finished at 04:12 UTC with no failed partitions.",
  "Annual-plan accounts do leak: their renewal flag is written after the label date. I've dropped that column.",
  "Summary drafted in the notebook's top cell; it covers data, features, current results and open questions.",
  "Understood, I'll read from the materialised snapshots instead of the views.",
  "With max_depth=6 the gap between train and validation loss shrinks noticeably.",
  "The sweep is at 14 of 24 trials; I'll post the table when it finishes.",
];

function commitHash(rand: Rand): string {
  return Array.from({ length: 7 }, () => "0123456789abcdef"[rand.int(16)]).join("");
}

const COMMITS = [
  "notebooks: split feature checks into their own cell",
  "features: cap days_since_last_login at 365",
  "sql: materialise weekly activity snapshot",
  "plots: colour-blind palette for retention charts",
  "tests: cover empty-plan customers in encode_plan",
  "features: drop renewal flag (label leak)",
  "ci: cache pip wheels",
  "eval: add calibration curve to the report",
  "train: log per-slice metrics",
  "deps: pin lightgbm 4.3.0",
  "docs: describe the churn label",
  "sql: exclude internal test accounts",
];

function gitLog(rand: Rand, n: number): string[] {
  return rand
    .shuffle(COMMITS)
    .slice(0, n)
    .map((c) => `${commitHash(rand)} ${c}`);
}

const PLANS = ["basic", "plus", "pro", "team", "annual"];

function dataFrameHead(rand: Rand): string {
  const rows = 10 + rand.int(8);
  const header =
    "      customer_id   plan  tenure_d  mrr_usd  logins_30d  tickets_90d  nps  churned";
  const lines = [header];
  for (let r = 0; r < rows; r++) {
    const id = `C${String(100_000 + rand.int(900_000))}`;
    lines.push(
      `${String(r).padStart(5)}  ${id.padStart(11)} ${rand.pick(PLANS).padStart(6)} ${String(rand.int(1400)).padStart(9)} ${(5 + rand.next() * 95).toFixed(2).padStart(8)} ${String(rand.int(60)).padStart(11)} ${String(rand.int(6)).padStart(12)} ${String(rand.int(11)).padStart(4)} ${String(rand.chance(0.08) ? 1 : 0).padStart(8)}`,
    );
  }
  lines.push("", `[${rows} rows x 8 columns]`);
  return lines.join("\n");
}

function trainingLog(rand: Rand): string {
  const epochs = 12 + rand.int(14);
  const lines = [
    `[LightGBM] [Info] Number of positive: ${3000 + rand.int(3000)}, number of negative: ${50_000 + rand.int(20_000)}`,
    "[LightGBM] [Info] Auto-choosing col-wise multi-threading, the overhead of testing was 0.0213 seconds.",
    `[LightGBM] [Info] Total Bins ${4000 + rand.int(2000)}`,
  ];
  let loss = 0.6 + rand.next() * 0.1;
  let auc = 0.7 + rand.next() * 0.05;
  for (let e = 1; e <= epochs; e++) {
    loss *= 0.93 + rand.next() * 0.04;
    auc = Math.min(0.95, auc + rand.next() * 0.012);
    lines.push(
      `[epoch ${String(e).padStart(2, "0")}/${epochs}] loss=${loss.toFixed(4)} val_loss=${(loss * 1.08).toFixed(4)} val_auc=${auc.toFixed(4)} time=${(30 + rand.next() * 20).toFixed(1)}s`,
    );
  }
  lines.push(`best iteration: ${epochs - rand.int(4)}`);
  return lines.join("\n");
}

function classificationReport(rand: Rand): string {
  const row = (label: string, support: number) =>
    `${label.padStart(12)}       ${(0.6 + rand.next() * 0.35).toFixed(2)}      ${(0.5 + rand.next() * 0.45).toFixed(2)}      ${(0.55 + rand.next() * 0.4).toFixed(2)}     ${String(support).padStart(5)}`;
  return [
    "              precision    recall  f1-score   support",
    "",
    row("stayed", 11_000 + rand.int(2000)),
    row("churned", 700 + rand.int(400)),
    "",
    row("macro avg", 12_000 + rand.int(2000)),
    row("weighted avg", 12_000 + rand.int(2000)),
  ].join("\n");
}

function traceback(rand: Rand): string {
  const column = rand.pick(["tenure_days", "plan_tier", "last_seen_at", "mrr"]);
  return [
    "---------------------------------------------------------------------------",
    "KeyError                                  Traceback (most recent call last)",
    `Cell In[${20 + rand.int(80)}], line 3`,
    "      1 X = features.drop(columns=['churned'])",
    `----> 3 X['${column}_log'] = np.log1p(X['${column}'])`,
    "File /opt/conda/lib/python3.11/site-packages/pandas/core/frame.py:4102, in DataFrame.__getitem__(self, key)",
    "   4100 if self.columns.nlevels > 1:",
    "   4101     return self._getitem_multilevel(key)",
    "-> 4102 indexer = self.columns.get_loc(key)",
    "File /opt/conda/lib/python3.11/site-packages/pandas/core/indexes/base.py:3812, in Index.get_loc(self, key)",
    "-> 3812     raise KeyError(key) from err",
    `KeyError: '${column}'`,
  ].join("\n");
}

const SNIPPETS = [
  (
    rand: Rand,
  ) => `def add_engagement_features(df: pd.DataFrame, windows=(7, 30, ${60 + rand.int(4) * 30})) -> pd.DataFrame:
    """Rolling login and session counts per customer."""
    out = df.copy()
    for w in windows:
        out[f"logins_{w}d"] = out.groupby("customer_id")["login"].transform(
            lambda s: s.rolling(f"{w}D").sum()
        )
        out[f"sessions_{w}d"] = out.groupby("customer_id")["session_id"].transform("nunique")
    out["days_since_last_login"] = (out["as_of"] - out["last_login_at"]).dt.days.clip(upper=365)
    return out`,
  (rand: Rand) => `def encode_plan(df: pd.DataFrame) -> pd.DataFrame:
    """One-hot plan tier; annual plans keep their own column."""
    tiers = ${JSON.stringify(rand.shuffle(PLANS))}
    for tier in tiers:
        df[f"plan_{tier}"] = (df["plan"] == tier).astype("int8")
    return df.drop(columns=["plan"])`,
  (rand: Rand) => `def support_features(tickets: pd.DataFrame, as_of: pd.Timestamp) -> pd.DataFrame:
    recent = tickets[tickets["created_at"] >= as_of - pd.Timedelta(days=${30 * (1 + rand.int(4))})]
    agg = recent.groupby("customer_id").agg(
        tickets_recent=("ticket_id", "count"),
        mean_csat=("csat", "mean"),
        escalations=("escalated", "sum"),
    )
    return agg.fillna({"mean_csat": agg["mean_csat"].median()})`,
  (rand: Rand) => `def train_lgbm(X_train, y_train, X_val, y_val, params=None):
    params = {"objective": "binary", "num_leaves": ${15 + rand.int(48)}, "min_child_samples": ${20 + rand.int(80)}, **(params or {})}
    model = lgb.train(
        params,
        lgb.Dataset(X_train, y_train),
        valid_sets=[lgb.Dataset(X_val, y_val)],
        callbacks=[lgb.log_evaluation(50)],
    )
    return model`,
  (rand: Rand) => `def plot_retention(cohorts: pd.DataFrame, path: str) -> None:
    fig, ax = plt.subplots(figsize=(${8 + rand.int(4)}, 5))
    for plan, grp in cohorts.groupby("plan"):
        ax.plot(grp["month"], grp["retained"], label=plan, linewidth=2)
    ax.set_xlabel("months since signup", fontsize=12)
    ax.set_ylabel("share retained", fontsize=12)
    ax.legend(frameon=False)
    fig.savefig(path, dpi=150, bbox_inches="tight")`,
  (rand: Rand) => `def slice_metrics(y_true, y_score, slices: pd.Series) -> pd.DataFrame:
    rows = []
    for name, idx in slices.groupby(slices).groups.items():
        if len(idx) < ${50 + rand.int(100)}:
            continue
        rows.append({"slice": name, "n": len(idx), "auc": roc_auc_score(y_true[idx], y_score[idx])})
    return pd.DataFrame(rows).sort_values("auc")`,
];

function sqlResult(rand: Rand): { sql: string; out: string } {
  const sql = `SELECT plan, date_trunc('month', signup_at) AS cohort, count(*) AS customers, avg(churned::int) AS churn_share
FROM analytics.customers_snapshot
WHERE signup_at >= '2025-0${1 + rand.int(6)}-01'
GROUP BY 1, 2 ORDER BY 1, 2;`;
  const lines = [
    " plan   | cohort     | customers | churn_share",
    "--------+------------+-----------+-------------",
  ];
  const n = 8 + rand.int(8);
  for (let r = 0; r < n; r++) {
    lines.push(
      ` ${rand.pick(PLANS).padEnd(6)} | 2025-${String(1 + rand.int(12)).padStart(2, "0")}-01 | ${String(200 + rand.int(4000)).padStart(9)} | ${(rand.next() * 0.2).toFixed(4).padStart(11)}`,
    );
  }
  lines.push(`(${n} rows)`);
  return { sql, out: lines.join("\n") };
}

function pytestOutput(rand: Rand): string {
  const tests = [
    "test_encode_plan_unknown_tier",
    "test_engagement_windows",
    "test_support_features_empty",
    "test_slice_metrics_small_slices",
    "test_label_excludes_test_accounts",
    "test_days_since_login_capped",
  ];
  const lines = [
    "============================= test session starts ==============================",
    "platform linux -- Python 3.11.8, pytest-8.1.1, pluggy-1.4.0",
    `collected ${tests.length} items`,
    "",
  ];
  for (const t of rand.shuffle(tests)) {
    lines.push(`tests/test_features.py::${t} PASSED`);
  }
  lines.push(
    `============================== ${tests.length} passed in ${(1 + rand.next() * 4).toFixed(2)}s ===============================`,
  );
  return lines.join("\n");
}

/** One stretch of ordinary notebook work: chatter, a cell and its output, a query, a file, tests. */
function fillerBlock(session: Session): void {
  const { rand } = session;
  const roll = rand.int(10);
  if (roll < 3) {
    session.user(
      rand
        .shuffle(USER_CHATTER)
        .slice(0, 1 + rand.int(2))
        .join(" "),
    );
    session.assistant(
      rand
        .shuffle(ASSISTANT_CHATTER)
        .slice(0, 1 + rand.int(3))
        .join(" "),
    );
  } else if (roll < 6) {
    const kind = rand.int(4);
    const code =
      [
        "features.head(15)",
        "model = train_lgbm(X_train, y_train, X_val, y_val)",
        "print(classification_report(y_val, preds > 0.5))",
        "X['tenure_log'] = np.log1p(X['tenure'])",
      ][kind] ?? "";
    const out = [dataFrameHead, trainingLog, classificationReport, traceback][kind]?.(rand) ?? "";
    session.tool("run_cell", { code }, out, rand.chance(0.4) ? "Running it now." : null);
    if (rand.chance(0.6)) {
      session.assistant(rand.pick(ASSISTANT_CHATTER));
    }
  } else if (roll < 7) {
    const { sql, out } = sqlResult(rand);
    session.tool("query_warehouse", { sql }, out);
  } else if (roll < 8) {
    const body = rand
      .shuffle(SNIPPETS)
      .slice(0, 3 + rand.int(3))
      .map((f) => f(rand));
    session.tool(
      "read_file",
      { path: "churn/features.py" },
      [
        "import numpy as np",
        "import pandas as pd",
        "import lightgbm as lgb",
        "",
        "",
        ...body.flatMap((b) => [b, "", ""]),
      ].join("\n"),
    );
  } else if (roll < 9) {
    session.assistant(
      `Here's the cell I'd add next:\n\n\`\`\`python\n${rand.pick(SNIPPETS)(rand)}\n\`\`\`\n\n${rand.pick(ASSISTANT_TAIL)}`,
    );
  } else {
    session.tool("run_shell", { cmd: "pytest -q tests/test_features.py" }, pytestOutput(rand));
  }
}
