// Across turns, the latest value of each key and the older values it replaced: the
// structured key–values of every turn merged by subject, the latest turn winning.
// Keys that differ only by leading path parts join (`max` in a diff hunk and
// `db.pool.max`; `settings.db_region` and `DB_REGION`). Re-exported by shared/facts/structured.ts.
import { subjectOfKey, type KeyValue, type StructuredFormat } from "./key-value.ts";
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

const norm = (value: string) => value.trim().toLowerCase();

/** A key's path: its dotted parts as `subjectOfKey` reads each ("settings.DB_REGION" → settings, db region). */
function pathOf(key: string): string[] {
  return key
    .split(".")
    .map(subjectOfKey)
    .filter((p) => p.length > 0);
}

/**
 * Joins keys that differ only by leading path parts: a diff hunk's `max` or a
 * dump's `settings.db_region` is the one known key its last parts name
 * (`pool.max`, `DB_REGION`). Parts are whole: `staging_pool_max` is not `pool_max`.
 */
class PathIndex {
  readonly #subjectOf = new Map<string, string>();
  readonly #bySuffix = new Map<string, Set<string>>();

  resolve(key: string): string {
    const parts = pathOf(key);
    const id = parts.join(".");
    const known = this.#subjectOf.get(id);
    if (known !== undefined) {
      return known;
    }
    const longer = this.#bySuffix.get(id);
    if (longer?.size === 1) {
      return [...longer][0] ?? id;
    }
    for (let i = 1; i < parts.length; i++) {
      const shorter = this.#subjectOf.get(parts.slice(i).join("."));
      if (shorter !== undefined) {
        return shorter;
      }
    }
    return parts.join(" ");
  }

  add(key: string, subject: string): void {
    const parts = pathOf(key);
    const id = parts.join(".");
    if (this.#subjectOf.has(id)) {
      return;
    }
    this.#subjectOf.set(id, subject);
    for (let i = 1; i < parts.length; i++) {
      const suffix = parts.slice(i).join(".");
      this.#bySuffix.set(suffix, (this.#bySuffix.get(suffix) ?? new Set<string>()).add(subject));
    }
  }
}

function stated(kv: KeyValue, turn: number, value = kv.value): StatedValue {
  return { key: kv.key, value, format: kv.format, turn, line: kv.line };
}

/** Options of `latestValues`. */
export interface LatestOptions {
  /** Values already known from before these turns (an earlier read): stated first, in order. */
  known?: readonly StatedValue[];
  /** Reads one turn's key–values (default `extractKeyValues`); a caller may memoise it. */
  read?: (turn: TurnText) => readonly KeyValue[];
}

/**
 * The latest value of every key the turns state (after `known`), in the order
 * each key was first stated. A diff's removed value counts as stated just before its turn.
 */
export function latestValues(
  turns: readonly TurnText[],
  options: LatestOptions = {},
): ValueHistory[] {
  const index = new PathIndex();
  const byKey = new Map<string, StatedValue[]>();
  const listOf = (key: string) => {
    const subject = index.resolve(key);
    index.add(key, subject);
    const list = byKey.get(subject) ?? [];
    byKey.set(subject, list);
    return list;
  };
  for (const k of options.known ?? []) {
    listOf(k.key).push(k);
  }
  const read =
    options.read ??
    ((t: TurnText) => extractKeyValues(t.text, { toolOutput: t.toolOutput === true }));
  for (const t of [...turns].sort((a, b) => a.turn - b.turn)) {
    for (const kv of read(t)) {
      const list = listOf(kv.key);
      const last = list.at(-1);
      if (kv.was !== undefined && (last === undefined || norm(last.value) !== norm(kv.was))) {
        list.push(stated(kv, t.turn, kv.was));
      }
      list.push(stated(kv, t.turn));
    }
  }
  return [...byKey.entries()].map(([subject, list]) => {
    const current = list.at(-1) as StatedValue;
    const earlier = new Map<string, StatedValue>();
    for (const s of list.filter((x) => norm(x.value) !== norm(current.value))) {
      earlier.delete(norm(s.value));
      earlier.set(norm(s.value), s);
    }
    return {
      subject,
      key: list[0]?.key ?? current.key,
      current,
      earlier: [...earlier.values()],
      turns: [...new Set(list.map((s) => s.turn))],
      firstStated: list.find((s) => norm(s.value) === norm(current.value))?.turn ?? current.turn,
    };
  });
}
