// The durable index queue of the workspace: each write enqueues its file
// versions (path, hash, version) in the same transaction as its manifest, and
// the indexer removes an entry once that exact version is indexed. Used by
// workspace-indexer.ts and workspace.ts.

/** A queued file version; hash null means the path was deleted. */
export interface PendingIndex {
  path: string;
  /** null: the path was deleted. */
  hash: string | null;
  version: number;
  /** The queue row; entries are removed by row, never by a path read back from storage. */
  row: number;
}

export class IndexQueue {
  readonly #sql: SqlStorage;

  constructor(sql: SqlStorage) {
    this.#sql = sql;
  }

  pending(limit: number): PendingIndex[] {
    return this.#sql
      .exec<PendingIndex & Record<string, SqlStorageValue>>(
        "SELECT path, hash, version, rowid AS row FROM ws_index_queue ORDER BY version, rowid LIMIT ?",
        limit,
      )
      .toArray();
  }

  isPending(path: string): boolean {
    return this.#sql.exec("SELECT 1 FROM ws_index_queue WHERE path = ?", path).toArray().length > 0;
  }

  count(): number {
    return this.#sql.exec<{ n: number }>("SELECT count(*) AS n FROM ws_index_queue").one().n;
  }

  /**
   * Removes a queue entry, unless a newer write replaced it meanwhile (a
   * replacement is a new row with a newer version). By row: a path that storage
   * reads back changed must still leave the queue.
   */
  indexed(entry: PendingIndex): void {
    this.#sql.exec(
      "DELETE FROM ws_index_queue WHERE rowid = ? AND version = ?",
      entry.row,
      entry.version,
    );
  }
}
