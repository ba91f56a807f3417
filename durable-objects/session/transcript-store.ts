// The append-only transcript of a session: every turn is a row pointing at its
// content blob and at the previous turn of its lineage. `lineage` indexes the
// current branch by depth, so paging is indexed and a rollback only moves a pointer.
import type { ToolCall } from "../../shared/context/messages.ts";
import type { BlobStore } from "../storage/blob-store.ts";

export const TRANSCRIPT_SCHEMA = `
  CREATE TABLE turns (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    prev INTEGER NOT NULL,
    depth INTEGER NOT NULL,
    step INTEGER NOT NULL,
    role TEXT NOT NULL,
    name TEXT,
    hash TEXT NOT NULL,
    bytes INTEGER NOT NULL,
    tokens INTEGER NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE TABLE lineage (depth INTEGER PRIMARY KEY, seq INTEGER NOT NULL);
`;

export interface TurnInput {
  role: "system" | "user" | "assistant" | "tool";
  content: string;
  name?: string;
  toolCallId?: string;
  toolCalls?: ToolCall[];
  tokens: number;
}

export type TurnRow = {
  seq: number;
  depth: number;
  step: number;
  role: string;
  name: string | null;
  hash: string;
  bytes: number;
  tokens: number;
  at: number;
  /** JSON of { toolCallId?, toolCalls? } when the turn carries them. */
  extra: string | null;
};

export type Turn = TurnRow & { content: string };
export type TurnWithPrev = TurnRow & { prev: number };

export class TranscriptStore {
  readonly #sql: SqlStorage;
  readonly #blobs: BlobStore;

  constructor(sql: SqlStorage, blobs: BlobStore) {
    this.#sql = sql;
    this.#blobs = blobs;
  }

  /** The last turn of the current lineage, or { seq: 0, depth: 0 } when empty. */
  head(): { seq: number; depth: number } {
    const row = this.#sql
      .exec<{ seq: number; depth: number }>(
        "SELECT seq, depth FROM lineage ORDER BY depth DESC LIMIT 1",
      )
      .toArray()[0];
    return row ?? { seq: 0, depth: 0 };
  }

  /** Appends turns to the current lineage (call inside the step's transaction). */
  append(step: number, turns: readonly TurnInput[], at: number): { seq: number; depth: number } {
    let { seq, depth } = this.head();
    for (const turn of turns) {
      const hash = this.#blobs.put(turn.content);
      const bytes = new TextEncoder().encode(turn.content).byteLength;
      depth += 1;
      const extra =
        turn.toolCallId === undefined && turn.toolCalls === undefined
          ? null
          : JSON.stringify({ toolCallId: turn.toolCallId, toolCalls: turn.toolCalls });
      const row = this.#sql
        .exec<{ seq: number }>(
          `INSERT INTO turns (prev, depth, step, role, name, hash, bytes, tokens, at, extra)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq`,
          seq,
          depth,
          step,
          turn.role,
          turn.name ?? null,
          hash,
          bytes,
          turn.tokens,
          at,
          extra,
        )
        .one();
      seq = row.seq;
      this.#sql.exec("INSERT OR REPLACE INTO lineage (depth, seq) VALUES (?, ?)", depth, seq);
    }
    return { seq, depth };
  }

  /** Makes the lineage end at turn `position` (0: empty), as a rollback does. */
  moveHeadTo(position: number): void {
    if (position === 0) {
      this.#sql.exec("DELETE FROM lineage");
      return;
    }
    const target = this.row(position);
    if (!target) {
      throw new RangeError(`no turn ${position}`);
    }
    this.#sql.exec("DELETE FROM lineage WHERE depth > ?", target.depth);
    // Walk back until the lineage already agrees (usually at once).
    let cursor: { seq: number; depth: number; prev: number } | undefined = target;
    while (cursor && cursor.seq !== 0) {
      const existing = this.#sql
        .exec<{ seq: number }>("SELECT seq FROM lineage WHERE depth = ?", cursor.depth)
        .toArray()[0];
      if (existing?.seq === cursor.seq) {
        break;
      }
      this.#sql.exec(
        "INSERT OR REPLACE INTO lineage (depth, seq) VALUES (?, ?)",
        cursor.depth,
        cursor.seq,
      );
      cursor = cursor.prev === 0 ? undefined : this.row(cursor.prev);
    }
  }

  row(seq: number): (TurnRow & { prev: number }) | undefined {
    return this.#sql
      .exec<TurnRow & { prev: number }>("SELECT * FROM turns WHERE seq = ?", seq)
      .toArray()[0];
  }

  /**
   * A page of the current lineage, oldest first, starting after depth `after`.
   * Rows only: a forked session resolves content it does not hold through its origin.
   */
  page(after: number, limit: number): TurnRow[] {
    return this.#sql
      .exec<TurnRow>(
        `SELECT t.seq, t.depth, t.step, t.role, t.name, t.hash, t.bytes, t.tokens, t.at, t.extra
         FROM lineage l JOIN turns t ON t.seq = l.seq
         WHERE l.depth > ? ORDER BY l.depth LIMIT ?`,
        after,
        limit,
      )
      .toArray();
  }

  /** Every turn row of the lineage ending at `position` (for a fork), oldest first. */
  lineageOf(position: number): Array<TurnRow & { prev: number }> {
    const out: Array<TurnRow & { prev: number }> = [];
    let cursor = position === 0 ? undefined : this.row(position);
    while (cursor) {
      out.push(cursor);
      cursor = cursor.prev === 0 ? undefined : this.row(cursor.prev);
    }
    return out.reverse();
  }

  /** Copies turn rows (metadata only) from an origin session and makes them the lineage. */
  adopt(rows: ReadonlyArray<TurnRow & { prev: number }>): void {
    for (const r of rows) {
      this.#sql.exec(
        `INSERT INTO turns (seq, prev, depth, step, role, name, hash, bytes, tokens, at, extra)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        r.seq,
        r.prev,
        r.depth,
        r.step,
        r.role,
        r.name,
        r.hash,
        r.bytes,
        r.tokens,
        r.at,
        r.extra,
      );
      this.#sql.exec("INSERT OR REPLACE INTO lineage (depth, seq) VALUES (?, ?)", r.depth, r.seq);
    }
  }

  /** The last `count` turns of the lineage ending at `position` (a past checkpoint's), oldest first. */
  tailAt(position: number, count: number): TurnRow[] {
    const out: TurnRow[] = [];
    let cursor = position === 0 ? undefined : this.row(position);
    while (cursor && out.length < count) {
      out.push(cursor);
      cursor = cursor.prev === 0 ? undefined : this.row(cursor.prev);
    }
    return out.reverse();
  }

  /** The seq of the turn at `depth` on the lineage ending at `position` (the head's when absent). */
  seqAt(depth: number, position?: number): number | null {
    if (position === undefined) {
      const row = this.#sql
        .exec<{ seq: number }>("SELECT seq FROM lineage WHERE depth = ?", depth)
        .toArray()[0];
      return row?.seq ?? null;
    }
    let cursor = position === 0 ? undefined : this.row(position);
    while (cursor && cursor.depth > depth) {
      cursor = cursor.prev === 0 ? undefined : this.row(cursor.prev);
    }
    return cursor !== undefined && cursor.depth === depth ? cursor.seq : null;
  }

  /** The last `count` turns of the current lineage, oldest first. */
  tail(count: number): TurnRow[] {
    const { depth } = this.head();
    return this.page(Math.max(0, depth - count), count);
  }

  /**
   * Retention for turns: keeps every turn reachable from `positions` (adding their
   * blob hashes to `live`) and deletes the rest (abandoned branches nobody keeps).
   */
  retainReachable(positions: Iterable<number>, live: Set<string>): number {
    const seen = new Set<number>();
    for (const start of positions) {
      let cursor = start === 0 ? undefined : this.row(start);
      while (cursor && !seen.has(cursor.seq)) {
        seen.add(cursor.seq);
        live.add(cursor.hash);
        cursor = cursor.prev === 0 ? undefined : this.row(cursor.prev);
      }
    }
    let removed = 0;
    for (const { seq } of this.#sql.exec<{ seq: number }>("SELECT seq FROM turns").toArray()) {
      if (!seen.has(seq)) {
        this.#sql.exec("DELETE FROM turns WHERE seq = ?", seq);
        removed++;
      }
    }
    return removed;
  }
}
