// Across turns, the latest value of each key and the older values it replaced: the
// structured key–values of every turn merged by subject, the latest turn winning.
// A partial path in a diff hunk (`max`) joins the one known path it ends with
// (`db.pool.max`). Re-exported by shared/facts/structured.ts.
import type { KeyValue, StructuredFormat } from "./key-value.ts";
import { extractKeyValues } from "./extract.ts";

/** One turn's text, numbered as the caller numbers turns (0-based, 1-based: any order). */
export interface TurnText {
  turn: number;
  text: string;
  /** The text is a tool's output (see `ExtractOptions.toolOutput`). */
  toolOutput?: boolean;
}

/** A value one turn states for a key. */
export interface StatedValue {
  key: string;
  value: string;
  format: StructuredFormat;
  turn: number;
  /** 1-based line of the turn's text. */
  line: number;
}

/** A key's latest value and the older values it replaced. */
export interface ValueHistory {
  subject: string;
  /** The key as first stated (a diff hunk's partial key joins it under this name). */
  key: string;
  current: StatedValue;
  /** Older values that differ from the current one, oldest first, each at its latest statement. */
  earlier: StatedValue[];
  /** Every turn that stated a value of this key, in order (repeats of one value included). */
  turns: number[];
  /** The first turn that stated the current value: before an earlier value's turn, the value came back. */
  firstStated: number;
}

function sameValue(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Joins a partial key (a diff hunk's, read without its parents) to the one known key it ends with. */
class SubjectIndex {
  readonly #bySuffix = new Map<string, Set<string>>();
  readonly #known = new Set<string>();

  resolve(subject: string): string {
    if (this.#known.has(subject)) {
      return subject;
    }
    const longer = this.#bySuffix.get(subject);
    return longer?.size === 1 && subject.length > 2 ? ([...longer][0] ?? subject) : subject;
  }

  add(subject: string): void {
    if (this.#known.has(subject)) {
      return;
    }
    this.#known.add(subject);
    const words = subject.split(" ");
    for (let i = 1; i < words.length; i++) {
      const suffix = words.slice(i).join(" ");
      const set = this.#bySuffix.get(suffix) ?? new Set<string>();
      set.add(subject);
      this.#bySuffix.set(suffix, set);
    }
  }
}

function stated(kv: KeyValue, turn: number, value = kv.value): StatedValue {
  return { key: kv.key, value, format: kv.format, turn, line: kv.line };
}

/**
 * The latest value of every key the turns state, in the order each key was
 * first stated. A diff's removed value counts as stated just before its turn.
 */
export function latestValues(turns: readonly TurnText[]): ValueHistory[] {
  const index = new SubjectIndex();
  const byKey = new Map<string, StatedValue[]>();
  const ordered = [...turns].sort((a, b) => a.turn - b.turn);
  for (const t of ordered) {
    for (const kv of extractKeyValues(t.text, { toolOutput: t.toolOutput === true })) {
      const subject = kv.format === "diff" ? index.resolve(kv.subject) : kv.subject;
      index.add(subject);
      const list = byKey.get(subject) ?? [];
      const last = list.at(-1);
      if (kv.was !== undefined && (last === undefined || !sameValue(last.value, kv.was))) {
        list.push(stated(kv, t.turn, kv.was));
      }
      list.push(stated(kv, t.turn));
      byKey.set(subject, list);
    }
  }
  return [...byKey.entries()].map(([subject, list]) => {
    const current = list.at(-1) as StatedValue;
    const earlier = new Map<string, StatedValue>();
    for (const s of list) {
      if (!sameValue(s.value, current.value)) {
        const k = s.value.trim().toLowerCase();
        earlier.delete(k);
        earlier.set(k, s);
      }
    }
    return {
      subject,
      key: list[0]?.key ?? current.key,
      current,
      earlier: [...earlier.values()],
      turns: [...new Set(list.map((s) => s.turn))],
      firstStated: list.find((s) => sameValue(s.value, current.value))?.turn ?? current.turn,
    };
  });
}
