// The workspace's content-addressed blobs in the Hive's SQLite: one row per blob,
// bytes in chunks under the 2 MB row limit (the idea of the session's
// blob-store.ts, in the workspace's own tables). Used by workspace-store.ts.
import { sha256Hex } from "../../shared/hash.ts";

/** Half the 2 MB row limit leaves room for the row's other columns. */
export const WS_CHUNK_BYTES = 1024 * 1024;

export const WORKSPACE_BLOB_SCHEMA = `
  CREATE TABLE ws_blobs (hash TEXT PRIMARY KEY, bytes INTEGER NOT NULL, chunks INTEGER NOT NULL);
  CREATE TABLE ws_blob_chunks (
    hash TEXT NOT NULL, idx INTEGER NOT NULL, data BLOB NOT NULL,
    PRIMARY KEY (hash, idx)
  );
`;

export class WorkspaceBlobs {
  readonly #sql: SqlStorage;

  constructor(sql: SqlStorage) {
    this.#sql = sql;
  }

  /** Stores the bytes once (call inside the write's transaction) and returns their hash. */
  put(bytes: Uint8Array, hash = sha256Hex(bytes)): string {
    if (this.#sql.exec("SELECT 1 FROM ws_blobs WHERE hash = ?", hash).toArray().length > 0) {
      return hash;
    }
    const chunks = Math.max(1, Math.ceil(bytes.byteLength / WS_CHUNK_BYTES));
    for (let i = 0; i < chunks; i++) {
      const slice = bytes.subarray(i * WS_CHUNK_BYTES, (i + 1) * WS_CHUNK_BYTES);
      this.#sql.exec(
        "INSERT INTO ws_blob_chunks (hash, idx, data) VALUES (?, ?, ?)",
        hash,
        i,
        slice,
      );
    }
    this.#sql.exec(
      "INSERT INTO ws_blobs (hash, bytes, chunks) VALUES (?, ?, ?)",
      hash,
      bytes.byteLength,
      chunks,
    );
    return hash;
  }

  get(hash: string): Uint8Array | null {
    const rows = this.#sql
      .exec<{ data: ArrayBuffer }>(
        "SELECT data FROM ws_blob_chunks WHERE hash = ? ORDER BY idx",
        hash,
      )
      .toArray();
    if (rows.length === 0) {
      return null;
    }
    const total = rows.reduce((n, r) => n + r.data.byteLength, 0);
    const out = new Uint8Array(total);
    let offset = 0;
    for (const row of rows) {
      out.set(new Uint8Array(row.data), offset);
      offset += row.data.byteLength;
    }
    return out;
  }

  totalBytes(): number {
    return (
      this.#sql.exec<{ n: number | null }>("SELECT sum(bytes) AS n FROM ws_blobs").one().n ?? 0
    );
  }
}
