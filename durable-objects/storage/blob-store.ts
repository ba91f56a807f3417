// Content-addressed blobs in a Durable Object's SQLite: one row per blob keyed by
// its content key, small blobs inline, large ones in chunks under the 2 MB row
// limit. Identical content is stored once.
import { contentKey } from "../../shared/hash.ts";

/** Chunk size: half the 2 MB row limit leaves room for the row's other columns. */
export const BLOB_CHUNK_BYTES = 1024 * 1024;
/** Largest single payload a session stores (the output gate caps tool output at 1 MB). */
export const MAX_BLOB_BYTES = 16 * 1024 * 1024;

export const BLOB_SCHEMA = `
  CREATE TABLE blobs (hash TEXT PRIMARY KEY, bytes INTEGER NOT NULL, chunks INTEGER NOT NULL);
  CREATE TABLE blob_chunks (
    hash TEXT NOT NULL, idx INTEGER NOT NULL, data BLOB NOT NULL,
    PRIMARY KEY (hash, idx)
  );
`;

/**
 * Schema v4: clustered tables (WITHOUT ROWID: no second index per key) and blobs
 * of one chunk stored inline. Keeps every existing blob under its existing key.
 */
export const BLOB_SCHEMA_V4 = `
  CREATE TABLE blobs_v4 (
    hash TEXT PRIMARY KEY, bytes INTEGER NOT NULL, chunks INTEGER NOT NULL, data BLOB
  ) WITHOUT ROWID;
  INSERT INTO blobs_v4 (hash, bytes, chunks, data)
    SELECT b.hash, b.bytes, b.chunks,
      CASE WHEN b.chunks = 1
        THEN (SELECT c.data FROM blob_chunks c WHERE c.hash = b.hash AND c.idx = 0) END
    FROM blobs b;
  CREATE TABLE blob_chunks_v4 (
    hash TEXT NOT NULL, idx INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (hash, idx)
  ) WITHOUT ROWID;
  INSERT INTO blob_chunks_v4 (hash, idx, data)
    SELECT c.hash, c.idx, c.data FROM blob_chunks c JOIN blobs b ON b.hash = c.hash
    WHERE b.chunks > 1;
  DROP TABLE blob_chunks;
  DROP TABLE blobs;
  ALTER TABLE blobs_v4 RENAME TO blobs;
  ALTER TABLE blob_chunks_v4 RENAME TO blob_chunks;
`;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class BlobStore {
  readonly #sql: SqlStorage;

  constructor(sql: SqlStorage) {
    this.#sql = sql;
  }

  /** Stores content (once) and returns its hash. Call inside the step's transaction. */
  put(content: string | Uint8Array): string {
    const bytes = typeof content === "string" ? encoder.encode(content) : content;
    if (bytes.byteLength > MAX_BLOB_BYTES) {
      throw new RangeError(`blob of ${bytes.byteLength} bytes exceeds ${MAX_BLOB_BYTES}`);
    }
    const hash = contentKey(bytes);
    if (this.has(hash)) {
      return hash;
    }
    const chunks = Math.max(1, Math.ceil(bytes.byteLength / BLOB_CHUNK_BYTES));
    if (chunks > 1) {
      for (let i = 0; i < chunks; i++) {
        const slice = bytes.subarray(i * BLOB_CHUNK_BYTES, (i + 1) * BLOB_CHUNK_BYTES);
        this.#sql.exec(
          "INSERT INTO blob_chunks (hash, idx, data) VALUES (?, ?, ?)",
          hash,
          i,
          slice,
        );
      }
    }
    this.#sql.exec(
      "INSERT INTO blobs (hash, bytes, chunks, data) VALUES (?, ?, ?, ?)",
      hash,
      bytes.byteLength,
      chunks,
      chunks > 1 ? null : bytes,
    );
    return hash;
  }

  has(hash: string): boolean {
    return this.#sql.exec("SELECT 1 FROM blobs WHERE hash = ?", hash).toArray().length > 0;
  }

  bytes(hash: string): Uint8Array | null {
    const inline = this.#sql
      .exec<{ data: ArrayBuffer | null }>("SELECT data FROM blobs WHERE hash = ?", hash)
      .toArray()[0];
    if (inline === undefined) {
      return null;
    }
    if (inline.data !== null) {
      return new Uint8Array(inline.data);
    }
    const rows = this.#sql
      .exec<{ data: ArrayBuffer }>("SELECT data FROM blob_chunks WHERE hash = ? ORDER BY idx", hash)
      .toArray();
    if (rows.length === 0) {
      return null;
    }
    if (rows.length === 1 && rows[0]) {
      return new Uint8Array(rows[0].data);
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

  text(hash: string): string | null {
    const bytes = this.bytes(hash);
    return bytes === null ? null : decoder.decode(bytes);
  }

  /** Total bytes stored (for the storage benchmark and health). */
  totalBytes(): number {
    return this.#sql.exec<{ n: number | null }>("SELECT sum(bytes) AS n FROM blobs").one().n ?? 0;
  }

  /** Deletes every blob whose hash is not in `live`; returns how many were removed. */
  sweep(live: ReadonlySet<string>): number {
    const all = this.#sql.exec<{ hash: string }>("SELECT hash FROM blobs").toArray();
    let removed = 0;
    for (const { hash } of all) {
      if (!live.has(hash)) {
        this.#sql.exec("DELETE FROM blob_chunks WHERE hash = ?", hash);
        this.#sql.exec("DELETE FROM blobs WHERE hash = ?", hash);
        removed++;
      }
    }
    return removed;
  }
}
