// The building blocks of the "sealed-9" compression family: a seeded random source,
// the planted fact as the forms see it, and a beat (a few consecutive steps of the
// session: a user or assistant message, or a tool call with its answer) with the
// statements of planted values it carries. Used by the sealed-9 forms, decoys,
// filler and assembler (corpora/compression-sealed-9*.ts).
import { mulberry32 } from "./prng.ts";
import type { FactTemplate } from "./compression-sealed-9-facts.ts";

/** A seeded random source with the helpers the generator needs. */
export interface Rng {
  next(): number;
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
    pick: <T>(list: readonly T[]) => list[int(0, list.length)] as T,
    shuffle: <T>(list: readonly T[]) => {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i + 1);
        [out[i], out[j]] = [out[j] as T, out[i] as T];
      }
      return out;
    },
  };
}

/** One planted fact as the forms see it. */
export interface Fact {
  index: number;
  template: FactTemplate;
  subject: string;
  lookAlike: string;
  /** The values in order; the last one is current. */
  values: string[];
  /** The look-alike's own value. */
  alikeValue: string;
  /** A value proposed and turned down after the latest one. */
  rejectedValue: string;
  /** A value named only in a what-if after the latest one. */
  whatIfValue: string;
}

/** One step of the session. A tool step is an assistant call and the tool's answer. */
export type Step =
  | { kind: "user" | "assistant"; text: string }
  | { kind: "tool"; name: string; args: Record<string, unknown>; output: string; preface?: string };

/** A statement of a planted value: the line (or sentence) that states it. */
export interface BeatStatement {
  sentence: string;
  fact: number;
  value: number;
}

/** Consecutive steps, the statements they carry and the form that wrote them. */
export interface Beat {
  steps: Step[];
  statements: BeatStatement[];
  form: string;
}

/** Upper-cases a sentence's first letter. */
export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The messages a beat's steps turn into. */
export const stepMessages = (steps: readonly Step[]) =>
  steps.reduce((n, s) => n + (s.kind === "tool" ? 2 : 1), 0);

/** An ISO timestamp on a November 2026 day, for log lines and tickets. */
export function stamp(rnd: Rng, day = rnd.int(16, 28)): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `2026-11-${two(day)}T${two(rnd.int(7, 19))}:${two(rnd.int(0, 60))}:${two(rnd.int(0, 60))}Z`;
}

/** People of the session besides the user and the agent. */
export const MERCH_LEAD = "Maya Okonkwo";
export const WAREHOUSE_LEAD = "Jonas Brandt";
export const PRICING_ANALYST = "Ruth Adeyemi";
