// The building blocks of the "sealed-8" compression family (a finance team's
// month-end close run with an agent): a small seeded random helper, the steps a
// beat is written as (a user line, an assistant line, or a tool call with its
// answer) and the statement lines each step carries. Used by the other
// corpora/compression-sealed-8-*.ts files.
import { mulberry32 } from "./prng.ts";

/** A seeded random source with the helpers the family's writers share. */
export interface Rng {
  next(): number;
  /** An integer in [lo, hi). */
  int(lo: number, hi: number): number;
  pick<T>(list: readonly T[]): T;
  shuffle<T>(list: readonly T[]): T[];
}

export function makeRng(seed: number): Rng {
  const next = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo));
  return {
    next,
    int,
    pick: <T>(list: readonly T[]): T => list[int(0, list.length)] as T,
    shuffle: <T>(list: readonly T[]): T[] => {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i + 1);
        [out[i], out[j]] = [out[j] as T, out[i] as T];
      }
      return out;
    },
  };
}

/** One line of a step that states a planted value: the fact and which of its values. */
export interface StateLine {
  line: string;
  fact: number;
  value: number;
}

/** A message (or a tool call and its answer) to write, with the statement lines in it. */
export type Step =
  | { kind: "user" | "assistant"; text: string; states: StateLine[] }
  | {
      kind: "call";
      tool: string;
      args: Record<string, unknown>;
      /** The assistant's words before the call, or null for a bare call. */
      preface: string | null;
      output: string;
      states: StateLine[];
    };

export const user = (text: string, states: StateLine[] = []): Step => ({
  kind: "user",
  text,
  states,
});

export const assistant = (text: string, states: StateLine[] = []): Step => ({
  kind: "assistant",
  text,
  states,
});

export const call = (
  tool: string,
  args: Record<string, unknown>,
  output: string,
  states: StateLine[] = [],
  preface: string | null = null,
): Step => ({ kind: "call", tool, args, preface, output, states });

/** What a form is given: the fact's subject, the value it states and the one it replaces. */
export interface FormContext {
  rng: Rng;
  fact: number;
  subject: string;
  /** The index of `value` in the fact's values. */
  index: number;
  value: string;
  /** The value before this one ("" for a first statement). */
  old: string;
  /** A snake_case key for config files and table columns. */
  key: string;
}

/** A named way of stating a value: the steps it writes. */
export interface Form {
  name: string;
  write(ctx: FormContext): Step[];
}

/** A statement of `ctx`'s value on `line`. */
export const stated = (ctx: FormContext, line: string): StateLine => ({
  line,
  fact: ctx.fact,
  value: ctx.index,
});

/** An ISO timestamp in late November / early December 2026, from a day and the rng. */
export function stamp(rng: Rng, day: number): string {
  const d =
    day > 30 ? `12-${String(day - 30).padStart(2, "0")}` : `11-${String(day).padStart(2, "0")}`;
  const hh = String(rng.int(7, 19)).padStart(2, "0");
  const mm = String(rng.int(0, 60)).padStart(2, "0");
  const ss = String(rng.int(0, 60)).padStart(2, "0");
  return `2026-${d}T${hh}:${mm}:${ss}Z`;
}

/** `n` timestamps of one day in ascending order, for the lines of one log. */
export function stamps(rng: Rng, day: number, n: number): string[] {
  return Array.from({ length: n }, () => stamp(rng, day)).sort();
}
