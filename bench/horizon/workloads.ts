// The long-horizon bench's workloads (bench/horizon.ts): three seeded generators
// that differ in what makes a long session hard, each a schedule of moves (read a
// file, save the fact it shows, answer at the end) of HORIZON_CALLS calls and the
// points where a fact's value changes.
// - logs: service logs of ~50k tokens, each with its fact's `config set` lines;
// - updates: short modules whose fact changes often, beside look-alike keys
//   (FACT_NN_PREV holding the value it replaced, FACT_NN_LIMIT, fact_nn_draft);
// - chatter: a few facts read between many long chat messages that name them
//   without values, some read only early.
// Pure and deterministic per seed; the schedule never depends on an agent.
import {
  chatterFile,
  chatterPath,
  factFile,
  factName,
  factPath,
  logFile,
  logPath,
  lookalikeFactFile,
} from "./files.ts";
import { rng, shuffle } from "./random.ts";

export const WORKLOADS = ["logs", "updates", "chatter"] as const;
export type WorkloadName = (typeof WORKLOADS)[number];

export function isWorkloadName(value: string): value is WorkloadName {
  return (WORKLOADS as readonly string[]).includes(value);
}

export type Move =
  | { kind: "read"; path: string }
  | { kind: "save"; fact: number }
  | { kind: "final" };

export interface Change {
  /** The move (0-based) before whose answer the new version is written. */
  at: number;
  fact: number;
  value: number;
  path: string;
  content: string;
}

export interface Workload {
  name: WorkloadName;
  seed: number;
  /** Scheduled model calls: the moves, the final answer included (ref reads come on top). */
  calls: number;
  /** One line on what the workload is, printed with the setup. */
  description: string;
  /** The facts the final question asks for: 1..count. */
  facts: number[];
  /** The file each fact lives in. */
  paths: Record<number, string>;
  /** Initial files by path. */
  files: Record<string, string>;
  moves: Move[];
  changes: Change[];
  /** Facts whose every read falls in the first EARLY_HORIZON of the schedule. */
  early: number[];
  /** Every value each fact had, oldest first: the last is the truth, the others are stale. */
  values: Record<number, number[]>;
  truth: Record<number, number>;
}

/** Share of the schedule an early fact's reads fall in. */
export const EARLY_HORIZON = 0.35;

function newValue(random: () => number, old: readonly number[]): number {
  for (;;) {
    const value = 1_000 + Math.floor(random() * 99_000);
    if (!old.includes(value)) {
      return value;
    }
  }
}

const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, n));

interface Shape {
  facts: number;
  /** Chance that a slot is a chatter message rather than a fact read. */
  chatter: number;
  early: number;
  changeChance: number;
  maxChanges: number;
}

/**
 * Chatter reads in a row at most: Lethe's gatekeeper refuses a seventh move in a
 * row that saves nothing (shared/gatekeeper/failures.ts, MAX_MOVES_WITHOUT_PROGRESS
 * = 6), so a longer run tests that guard, not memory. Stated with the setup.
 */
export const MAX_CHATTER_RUN = 4;

/** Slots of the schedule: a fact read (read + save, two moves) or a chatter read (one). */
type Slot = { fact: number } | { chatter: number };

function slots(random: () => number, calls: number, shape: Shape): Slot[] {
  const budget = calls - 1;
  const kinds: ("fact" | "chatter")[] = [];
  let run = 0;
  for (let used = 0; used < budget;) {
    const chatter =
      shape.chatter > 0 &&
      ((random() < shape.chatter && run < MAX_CHATTER_RUN) || used + 2 > budget);
    if (chatter) {
      kinds.push("chatter");
      used += 1;
      run++;
    } else if (used + 2 <= budget) {
      kinds.push("fact");
      used += 2;
      run = 0;
    } else {
      break;
    }
  }
  const factSlots = kinds.flatMap((k, i) => (k === "fact" ? [i] : []));
  const all = Array.from({ length: shape.facts }, (_, i) => i + 1);
  const early = shuffle(random, [...all]).slice(0, shape.early);
  const horizon = Math.floor(kinds.length * EARLY_HORIZON);
  const earlySlots = factSlots.filter((i) => i < horizon);
  const lateSlots = factSlots.filter((i) => i >= horizon);
  // Early facts take two early slots each; every other fact fills the rest in turn.
  const order = new Map<number, number>();
  const earlyPicks = shuffle(random, [...earlySlots]).slice(0, 2 * early.length);
  earlyPicks.forEach((slot, i) => order.set(slot, early[i % early.length] as number));
  const others = all.filter((f) => !early.includes(f));
  const rest = factSlots.filter((i) => !order.has(i));
  const pool: number[] = [];
  while (pool.length < rest.length) {
    pool.push(...shuffle(random, [...others]));
  }
  rest.forEach((slot, i) => order.set(slot, pool[i] as number));
  void lateSlots;
  // No fact at two fact reads in a row: the second shows nothing new, and the
  // read/save pair repeated back to back is a cycle Lethe's gatekeeper refuses.
  const seq = [...factSlots];
  for (let i = 1; i < seq.length; i++) {
    const here = seq[i] as number;
    const before = seq[i - 1] as number;
    if (order.get(here) !== order.get(before)) {
      continue;
    }
    const swap = seq.find(
      (other, j) =>
        Math.abs(j - i) > 1 &&
        early.includes(order.get(other) ?? 0) === early.includes(order.get(here) ?? 0) &&
        order.get(other) !== order.get(before) &&
        order.get(seq[j - 1] ?? -1) !== order.get(here) &&
        order.get(seq[j + 1] ?? -1) !== order.get(here) &&
        order.get(other) !== order.get(seq[i + 1] ?? -1),
    );
    if (swap !== undefined) {
      const a = order.get(here) as number;
      order.set(here, order.get(swap) as number);
      order.set(swap, a);
    }
  }
  let chat = 0;
  return kinds.map((k, i) => (k === "fact" ? { fact: order.get(i) ?? 1 } : { chatter: ++chat }));
}

export function generateWorkload(name: WorkloadName, seed: number, calls: number): Workload {
  const random = rng(seed);
  const reads = Math.floor((calls - 1) / 2);
  const shape: Shape =
    name === "logs"
      ? {
          facts: clamp(Math.floor(reads / 4), 3, 8),
          chatter: 0,
          early: 0,
          changeChance: 0.6,
          maxChanges: 2,
        }
      : name === "updates"
        ? {
            facts: clamp(Math.floor(reads / 3), 4, 20),
            chatter: 0,
            early: 0,
            changeChance: 1,
            maxChanges: 4,
          }
        : {
            facts: clamp(Math.floor(reads / 6), 3, 10),
            chatter: 0.6,
            early: 1,
            changeChance: 0.5,
            maxChanges: 1,
          };
  const facts = Array.from({ length: shape.facts }, (_, i) => i + 1);
  const flavour: Record<number, number> = {};
  const values: Record<number, number[]> = {};
  for (const f of facts) {
    flavour[f] = Math.floor(random() * 1_000_000);
    values[f] = [newValue(random, [])];
  }
  const pathOf = (f: number) => (name === "logs" ? logPath(f) : factPath(f));
  // The look-alike's PREV value before any change: a value the fact never had.
  const prevSeed: Record<number, number> = {};
  for (const f of facts) {
    prevSeed[f] = newValue(random, values[f] ?? []);
  }
  const render = (f: number, history: readonly number[]): string => {
    const value = history.at(-1) ?? 0;
    if (name === "logs") {
      return logFile(f, history, flavour[f] ?? 0);
    }
    if (name === "updates") {
      return lookalikeFactFile(f, value, history.at(-2) ?? prevSeed[f] ?? 0, flavour[f] ?? 0);
    }
    return factFile(f, value, flavour[f] ?? 0);
  };
  const plan = slots(random, calls, shape);
  const files: Record<string, string> = {};
  for (const f of facts) {
    files[pathOf(f)] = render(f, values[f] ?? []);
  }
  const moves: Move[] = [];
  const readAt = new Map<number, number[]>();
  for (const slot of plan) {
    if ("fact" in slot) {
      readAt.set(slot.fact, [...(readAt.get(slot.fact) ?? []), moves.length]);
      moves.push({ kind: "read", path: pathOf(slot.fact) }, { kind: "save", fact: slot.fact });
    } else {
      const path = chatterPath(slot.chatter);
      files[path] = chatterFile(slot.chatter, facts);
      moves.push({ kind: "read", path });
    }
  }
  moves.push({ kind: "final" });
  const early = facts.filter((f) =>
    (readAt.get(f) ?? []).every((at) => at < moves.length * EARLY_HORIZON),
  );
  // Changes land before a read of the fact after its first one, so its last read
  // shows its final value.
  const planned: { at: number; fact: number }[] = [];
  for (const f of facts) {
    const at = readAt.get(f) ?? [];
    if (early.includes(f) || at.length < 2 || random() >= shape.changeChance) {
      continue;
    }
    const count = 1 + Math.floor(random() * shape.maxChanges);
    const points = shuffle(random, at.slice(1)).slice(0, count);
    for (const point of points) {
      planned.push({ at: point, fact: f });
    }
  }
  planned.sort((a, b) => a.at - b.at || a.fact - b.fact);
  const changes: Change[] = planned.map(({ at, fact }) => {
    const history = values[fact] ?? [];
    history.push(newValue(random, history));
    return {
      at,
      fact,
      value: history.at(-1) ?? 0,
      path: pathOf(fact),
      content: render(fact, history),
    };
  });
  const truth: Record<number, number> = {};
  const paths: Record<number, string> = {};
  for (const f of facts) {
    truth[f] = values[f]?.at(-1) ?? 0;
    paths[f] = pathOf(f);
  }
  const chatterReads = plan.filter((s) => "chatter" in s).length;
  const description =
    name === "logs"
      ? `${facts.length} service logs of ~50k tokens each, ${reads} reads, ${changes.length} config changes (each log keeps its old config lines)`
      : name === "updates"
        ? `${facts.length} modules with look-alike keys (FACT_NN_PREV = the replaced value, FACT_NN_LIMIT, fact_nn_draft), ${changes.length} changes`
        : `${facts.length} facts read between ${chatterReads} chat messages of ~1.5k tokens that name them without values (at most ${MAX_CHATTER_RUN} in a row); early-only facts ${early.map(factName).join(", ") || "none"}; ${changes.length} changes`;
  return {
    name,
    seed,
    calls: moves.length,
    description,
    facts,
    paths,
    files,
    moves,
    changes,
    early,
    values,
    truth,
  };
}

/** The mission every agent of a workload gets; the tag names the agent to the model server. */
export function missionText(tag: string, workload: Workload): string {
  const last = factName(workload.facts.length);
  return [
    `[horizon run ${tag}]`,
    `Track the facts FACT_01 to ${last}: each is set in one file (${workload.paths[1]} and its siblings), and its value may change while you work.`,
    "Read the file you are pointed at, then save the value of its FACT (its own key only, not a look-alike) as fact_NN, with the file and line as evidence, when you have a tool to save it.",
    `At the end, answer with the current value of every FACT, one "FACT_NN = value" per fact.`,
  ].join("\n");
}
