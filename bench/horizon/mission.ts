// The long-horizon benchmark's mission (bench/horizon.ts): a seeded set of fact
// files, a fixed schedule of moves (read a file, save what it says, answer at the
// end) and the points where a fact's value changes. Pure and deterministic per seed.
import { factFile, factPath } from "./files.ts";
import { rng, shuffle } from "./random.ts";

/** Fact files of the mission: facts/f01.ts .. facts/f20.ts. */
export const FACT_COUNT = 20;
/** Read points: each is two moves (read, then save), so 200 moves before the answer. */
export const READ_POINTS = 100;
/** Facts read only in the first part of the mission and never after: what a window forgets. */
export const EARLY_FACTS = 4;
/** Reads of each early fact, all before EARLY_HORIZON of the read points. */
export const EARLY_READS = 3;
/** Share of the read points the early facts' reads fall in (the first 35%). */
export const EARLY_HORIZON = 0.35;
/** Chance that a non-early fact changes during the mission; a changing fact changes once or twice. */
export const CHANGE_CHANCE = 0.75;

/**
 * Mission profiles. `default`: no file read twice in a row, a changing fact changes
 * once or twice. `churn`: back-to-back re-reads allowed (what Lethe's thrash guard
 * sees), every non-early fact changes, one to four times.
 */
export const PROFILES = {
  default: { separateRepeats: true, changeChance: CHANGE_CHANCE, maxChanges: 2 },
  churn: { separateRepeats: false, changeChance: 1, maxChanges: 4 },
} as const;
export type ProfileName = keyof typeof PROFILES;

export function isProfileName(value: string): value is ProfileName {
  return Object.keys(PROFILES).includes(value);
}

export type Move =
  | { kind: "read"; fact: number }
  | { kind: "save"; fact: number }
  | { kind: "final" };

export interface Change {
  /** The move (0-based) before whose answer the new version is written. */
  at: number;
  fact: number;
  value: number;
  content: string;
}

export interface Mission {
  seed: number;
  /** Initial files by path. */
  files: Record<string, string>;
  /** The schedule: READ_POINTS read/save pairs, then the final answer. */
  moves: Move[];
  changes: Change[];
  /** Facts whose every read falls early in the mission. */
  early: number[];
  /** Each fact's value at the end of the mission (after every change). */
  truth: Record<number, number>;
}

function newValue(random: () => number, old: number | null): number {
  for (;;) {
    const value = 1_000 + Math.floor(random() * 99_000);
    if (value !== old) {
      return value;
    }
  }
}

/** Which fact each read point reads: early facts only in the first part, every fact several times. */
function readOrder(random: () => number, early: readonly number[], separate: boolean): number[] {
  const horizon = Math.floor(READ_POINTS * EARLY_HORIZON);
  const earlySlots = new Set(
    shuffle(
      random,
      Array.from({ length: horizon }, (_, i) => i),
    ).slice(0, early.length * EARLY_READS),
  );
  const others = Array.from({ length: FACT_COUNT }, (_, i) => i + 1).filter(
    (f) => !early.includes(f),
  );
  const otherReads = READ_POINTS - earlySlots.size;
  const pool: number[] = [];
  for (let i = 0; i < otherReads; i++) {
    pool.push(others[i % others.length] as number);
  }
  shuffle(random, pool);
  const earlyPool = shuffle(
    random,
    early.flatMap((f) => Array.from({ length: EARLY_READS }, () => f)),
  );
  const order: number[] = [];
  for (let p = 0; p < READ_POINTS; p++) {
    order.push((earlySlots.has(p) ? earlyPool.pop() : pool.pop()) as number);
  }
  return separate ? separateRepeats(order, earlySlots) : order;
}

/**
 * No file at two read points in a row: the second read shows nothing new, and the
 * read/save pair repeated back to back is a period-2 cycle Lethe's gatekeeper
 * refuses as thrash. Swaps keep early reads in early slots.
 */
function separateRepeats(order: number[], earlySlots: ReadonlySet<number>): number[] {
  const at = (i: number) => order[i];
  const fits = (i: number, value: number | undefined) => value !== at(i - 1) && value !== at(i + 1);
  for (let p = 1; p < order.length; p++) {
    if (at(p) !== at(p - 1)) {
      continue;
    }
    for (let step = 1; step < order.length; step++) {
      const q = (p + step) % order.length;
      if (Math.abs(q - p) < 2 || earlySlots.has(q) !== earlySlots.has(p)) {
        continue;
      }
      const a = at(p);
      const b = at(q);
      order[p] = b as number;
      order[q] = a as number;
      if (fits(p, b) && fits(q, a)) {
        break;
      }
      order[p] = a as number;
      order[q] = b as number;
    }
  }
  return order;
}

export function generateMission(seed: number, profileName: ProfileName = "default"): Mission {
  const profile = PROFILES[profileName];
  const random = rng(seed);
  const values: Record<number, number> = {};
  const files: Record<string, string> = {};
  const flavours: Record<number, number> = {};
  for (let f = 1; f <= FACT_COUNT; f++) {
    values[f] = newValue(random, null);
    flavours[f] = Math.floor(random() * 1_000_000);
    files[factPath(f)] = factFile(f, values[f] as number, flavours[f] as number);
  }
  const early = shuffle(
    random,
    Array.from({ length: FACT_COUNT }, (_, i) => i + 1),
  )
    .slice(0, EARLY_FACTS)
    .sort((a, b) => a - b);
  const order = readOrder(random, early, profile.separateRepeats);
  const moves: Move[] = order.flatMap((fact): Move[] => [
    { kind: "read", fact },
    { kind: "save", fact },
  ]);
  moves.push({ kind: "final" });

  // Changes land at read points strictly after the fact's first read and no later
  // than its last, so the last read always sees the final value.
  const planned: Array<{ point: number; fact: number }> = [];
  for (let f = 1; f <= FACT_COUNT; f++) {
    if (early.includes(f) || random() >= profile.changeChance) {
      continue;
    }
    const reads = order.flatMap((g, p) => (g === f ? [p] : []));
    const first = reads[0] ?? 0;
    const last = reads.at(-1) ?? 0;
    const count =
      profile.maxChanges === 2
        ? random() < 0.5
          ? 1
          : 2
        : 1 + Math.floor(random() * profile.maxChanges);
    const points = new Set<number>();
    for (let i = 0; i < count && last > first; i++) {
      points.add(first + 1 + Math.floor(random() * (last - first)));
    }
    for (const point of points) {
      planned.push({ point, fact: f });
    }
  }
  planned.sort((a, b) => a.point - b.point || a.fact - b.fact);
  const changes: Change[] = planned.map(({ point, fact }) => {
    const value = newValue(random, values[fact] ?? null);
    values[fact] = value;
    return {
      at: point * 2,
      fact,
      value,
      content: factFile(fact, value, flavours[fact] as number),
    };
  });
  return { seed, files, moves, changes, early, truth: { ...values } };
}

/** The mission text every agent gets; the tag names the agent to the model server. */
export function missionText(tag: string): string {
  return [
    `[horizon run ${tag}]`,
    `Monitor the ${FACT_COUNT} fact files facts/f01.ts to facts/f${FACT_COUNT}.ts. Each file exports one constant FACT_NN, and its value may change while you work.`,
    "Read the file you are pointed at, then save the value you read as the artifact fact_NN (a new version when it changed), with the file and line as evidence.",
    `At the end, answer with the current value of every FACT, one "FACT_NN = value" per fact.`,
  ].join("\n");
}
