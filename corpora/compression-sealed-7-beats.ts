// The building blocks of the "sealed-7" compression family (a bioinformatics lab
// data pipeline session): a seeded random source over corpora/prng.ts, the beat
// (a run of messages with the planted sentences each one carries) and the
// tool-call pair builder. Used by the other corpora/compression-sealed-7*.ts files.
import { mulberry32 } from "./prng.ts";
import type { ChatMessage } from "../shared/context/messages.ts";

/** A sentence of a message that states a planted value: its fact and value index. */
export interface Planted {
  sentence: string;
  fact: number;
  value: number;
}

/** One message of a beat and the planted sentences it carries, in order. */
export interface BeatMessage {
  message: ChatMessage;
  planted: Planted[];
}

/** A run of messages that belong together (a tool call and its answer, a question and its reply). */
export type Beat = BeatMessage[];

/** Seeded choices: every call draws from the one mulberry32 stream. */
export interface Rng {
  next(): number;
  /** An integer in [lo, hi). */
  int(lo: number, hi: number): number;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
  chance(p: number): boolean;
}

export function makeRng(seed: number): Rng {
  const next = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      const item = items[int(0, items.length)];
      if (item === undefined) {
        throw new Error("pick from an empty list");
      }
      return item;
    },
    shuffle: <T>(items: readonly T[]): T[] => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i + 1);
        const a = out[i] as T;
        out[i] = out[j] as T;
        out[j] = a;
      }
      return out;
    },
    chance: (p: number) => next() < p,
  };
}

/** Tool-call ids unique within one transcript. */
export interface Ids {
  next(): string;
}

export function makeIds(): Ids {
  let n = 0;
  return { next: () => `call_s7_${String(++n).padStart(4, "0")}` };
}

export const user = (content: string, planted: Planted[] = []): BeatMessage => ({
  message: { role: "user", content },
  planted,
});

export const assistant = (content: string, planted: Planted[] = []): BeatMessage => ({
  message: { role: "assistant", content },
  planted,
});

/**
 * An assistant tool call and the tool's answer. `lines` is the output; each
 * planted sentence must be one of its lines (or inside one).
 */
export function toolPair(
  ids: Ids,
  name: string,
  args: Record<string, unknown>,
  lines: readonly string[],
  planted: Planted[] = [],
  preface: string | null = null,
): Beat {
  const id = ids.next();
  return [
    {
      message: {
        role: "assistant",
        content: preface,
        tool_calls: [{ id, type: "function", function: { name, arguments: JSON.stringify(args) } }],
      },
      planted: [],
    },
    { message: { role: "tool", tool_call_id: id, content: lines.join("\n") }, planted },
  ];
}

/** A clock for log lines: ISO-ish stamps that move forward a few seconds at a time. */
export function clock(rng: Rng, day: string, hour: number): () => string {
  let t = hour * 3600 + rng.int(0, 3000);
  const two = (n: number) => String(n).padStart(2, "0");
  return () => {
    t += rng.int(1, 40);
    return `${day} ${two(Math.floor(t / 3600) % 24)}:${two(Math.floor(t / 60) % 60)}:${two(t % 60)}`;
  };
}

/** Pads cells to columns, like a printed table. */
export function columns(rows: readonly (readonly string[])[], gap = 2): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, cell.length);
    });
  }
  return rows.map((row) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd((widths[i] ?? 0) + gap)))
      .join("")
      .trimEnd(),
  );
}
