// The one chunked content-addressed blob store of the Durable Objects' SQLite: one
// row per blob keyed by its hash, large blobs in chunks under the 2 MB row limit,
// identical content stored once. The session (its tables, blobs inline when they
// fit one chunk, keyed by contentKey) and the Hive's workspace (ws_ tables, keyed by
// the full SHA-256 its manifests carry) each open one over their own tables.
import { contentKey, sha256Hex } from "../../shared/base/hash.ts";

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

/** Where a store keeps its blobs, and how it keys them. */
export interface BlobLayout {
  /** The blob table: (hash, bytes, chunks[, data]). */
  blobs: string;
  /** The chunk table: (hash, idx, data). */
  chunks: string;
  /** Whether a blob of one chunk is kept inline in the blob table's `data` column. */
  inline: boolean;
  /** The key of some bytes. */
  key: (bytes: Uint8Array) => string;
}

/** The session's layout (BLOB_SCHEMA_V4). */
export const SESSION_BLOBS: BlobLayout = {
  blobs: "blobs",
  chunks: "blob_chunks",
  inline: true,
  key: contentKey,
};

/** The Hive workspace's layout (WORKSPACE_BLOB_SCHEMA): keys are full SHA-256 hex. */
export const WORKSPACE_BLOBS: BlobLayout = {
  blobs: "ws_blobs",
  chunks: "ws_blob_chunks",
  inline: false,
  key: sha256Hex,
};

export const WORKSPACE_BLOB_SCHEMA = `
  CREATE TABLE ws_blobs (hash TEXT PRIMARY KEY, bytes INTEGER NOT NULL, chunks INTEGER NOT NULL);
  CREATE TABLE ws_blob_chunks (
    hash TEXT NOT NULL, idx INTEGER NOT NULL, data BLOB NOT NULL,
    PRIMARY KEY (hash, idx)
  );
`;

export class BlobStore {
  readonly #sql: SqlStorage;
  readonly #layout: BlobLayout;

  constructor(sql: SqlStorage, layout: BlobLayout = SESSION_BLOBS) {
    this.#sql = sql;
    this.#layout = layout;
  }

  /**
   * Stores content (once) and returns its key; `hash`, when the caller already has
   * the key, saves hashing again. Call inside the writer's transaction.
   */
  put(content: string | Uint8Array, hash?: string): string {
    const bytes = typeof content === "string" ? encoder.encode(content) : content;
    if (bytes.byteLength > MAX_BLOB_BYTES) {
      throw new RangeError(`blob of ${bytes.byteLength} bytes exceeds ${MAX_BLOB_BYTES}`);
    }
    const key = hash ?? this.#layout.key(bytes);
    if (this.has(key)) {
      return key;
    }
    const { blobs, chunks: chunkTable, inline } = this.#layout;
    const chunks = Math.max(1, Math.ceil(bytes.byteLength / BLOB_CHUNK_BYTES));
    if (chunks > 1 || !inline) {
      for (let i = 0; i < chunks; i++) {
        const slice = bytes.subarray(i * BLOB_CHUNK_BYTES, (i + 1) * BLOB_CHUNK_BYTES);
        this.#sql.exec(
          `INSERT INTO ${chunkTable} (hash, idx, data) VALUES (?, ?, ?)`,
          key,
          i,
          slice,
        );
      }
    }
    if (inline) {
      this.#sql.exec(
        `INSERT INTO ${blobs} (hash, bytes, chunks, data) VALUES (?, ?, ?, ?)`,
        key,
        bytes.byteLength,
        chunks,
        chunks > 1 ? null : bytes,
      );
    } else {
      this.#sql.exec(
        `INSERT INTO ${blobs} (hash, bytes, chunks) VALUES (?, ?, ?)`,
        key,
        bytes.byteLength,
        chunks,
      );
    }
    return key;
  }

  has(hash: string): boolean {
    return (
      this.#sql.exec(`SELECT 1 FROM ${this.#layout.blobs} WHERE hash = ?`, hash).toArray().length >
      0
    );
  }

  bytes(hash: string): Uint8Array | null {
    const { blobs, chunks: chunkTable } = this.#layout;
    if (this.#layout.inline) {
      const inline = this.#sql
        .exec<{ data: ArrayBuffer | null }>(`SELECT data FROM ${blobs} WHERE hash = ?`, hash)
        .toArray()[0];
      if (inline === undefined) {
        return null;
      }
      if (inline.data !== null) {
        return new Uint8Array(inline.data);
      }
    }
    const rows = this.#sql
      .exec<{
        data: ArrayBuffer;
      }>(`SELECT data FROM ${chunkTable} WHERE hash = ? ORDER BY idx`, hash)
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
    return (
      this.#sql
        .exec<{ n: number | null }>(`SELECT sum(bytes) AS n FROM ${this.#layout.blobs}`)
        .one().n ?? 0
    );
  }

  /** Deletes every blob whose hash is not in `live`; returns how many were removed. */
  sweep(live: ReadonlySet<string>): number {
    const { blobs, chunks } = this.#layout;
    const all = this.#sql.exec<{ hash: string }>(`SELECT hash FROM ${blobs}`).toArray();
    let removed = 0;
    for (const { hash } of all) {
      if (!live.has(hash)) {
        this.#sql.exec(`DELETE FROM ${chunks} WHERE hash = ?`, hash);
        this.#sql.exec(`DELETE FROM ${blobs} WHERE hash = ?`, hash);
        removed++;
      }
    }
    return removed;
  }
}
