// A session's trace: one row per event a step or a control wrote (each one of the
// trace schema's kinds, shared/session/trace.ts), read back in order by the observe routes. Held by SessionStore; writes join its transactions.
import type { TraceEvent } from "../../shared/session/trace.ts";
import type { JsonObject } from "../../shared/tools/catalogue.ts";

export const TRACE_SCHEMA = `
  CREATE TABLE trace (
    ord INTEGER PRIMARY KEY AUTOINCREMENT, step INTEGER NOT NULL,
    kind TEXT NOT NULL, data TEXT NOT NULL, at INTEGER NOT NULL
  );
`;

/** A trace event as readers get it (an interface keeps RPC stub types shallow). */
export interface TraceRow {
  ord: number;
  step: number;
  kind: string;
  data: JsonObject;
  at: number;
}

export class TraceStore {
  readonly #sql: SqlStorage;

  constructor(sql: SqlStorage) {
    this.#sql = sql;
  }

  append(step: number, event: TraceEvent, at: number): void {
    this.#sql.exec(
      "INSERT INTO trace (step, kind, data, at) VALUES (?, ?, ?, ?)",
      step,
      event.kind,
      JSON.stringify(event.data),
      at,
    );
  }

  /** Events after the `after` ordinal, oldest first. */
  after(after: number, limit: number): TraceRow[] {
    return this.#sql
      .exec<{ ord: number; step: number; kind: string; data: string; at: number }>(
        "SELECT ord, step, kind, data, at FROM trace WHERE ord > ? ORDER BY ord LIMIT ?",
        after,
        limit,
      )
      .toArray()
      .map((r) => ({ ...r, data: JSON.parse(r.data) as JsonObject }));
  }
}
