// LangGraph threads in a GraphCheckpoints Durable Object's SQLite: checkpoints,
// channel values by (channel, version), pending writes, and the content-addressed
// chunks their skeletons point at (scoped per thread, so deleting a thread frees them).
import { stableStringify } from "../../shared/hive/canonical.ts";
import { contentKey } from "../../shared/hash.ts";
import {
  LIST_PAGE_SIZE,
  type GraphErrorCode,
  type ListPage,
  type ListRequest,
  type PutCheckpoint,
  type PutWrites,
  type StoredValue,
  type WireTuple,
  type WireValue,
} from "../../shared/langgraph/wire.ts";
import { blobRefs, internalize, type Json } from "../../shared/session/checkpoint.ts";
import { err, ok, type Result } from "../../shared/result.ts";

/** One chunk row stays under the 2 MB row limit with room for its key. */
export const MAX_CHUNK_CHARS = 1_500_000;
/** Rows examined per list request before it answers with a `next` cursor. */
const LIST_SCAN_ROWS = 2_000;
/**
 * Characters of tuples per list page (at least one tuple): a thread with a long
 * message list makes each tuple large, and an RPC answer or response must stay small.
 */
export const LIST_PAGE_CHARS = 2 * 1024 * 1024;

export const GRAPH_SCHEMA = `
  CREATE TABLE lg_chunks (
    thread TEXT NOT NULL, hash TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (thread, hash)
  ) WITHOUT ROWID;
  CREATE TABLE lg_checkpoints (
    thread TEXT NOT NULL, ns TEXT NOT NULL, id TEXT NOT NULL, parent TEXT,
    checkpoint TEXT NOT NULL, metadata TEXT NOT NULL, PRIMARY KEY (thread, ns, id)
  ) WITHOUT ROWID;
  CREATE TABLE lg_channels (
    thread TEXT NOT NULL, ns TEXT NOT NULL, channel TEXT NOT NULL, version TEXT NOT NULL,
    value TEXT NOT NULL, PRIMARY KEY (thread, ns, channel, version)
  ) WITHOUT ROWID;
  CREATE TABLE lg_writes (
    thread TEXT NOT NULL, ns TEXT NOT NULL, checkpoint TEXT NOT NULL, task TEXT NOT NULL,
    idx INTEGER NOT NULL, channel TEXT NOT NULL, task_path TEXT NOT NULL, value TEXT NOT NULL,
    PRIMARY KEY (thread, ns, checkpoint, task, idx)
  ) WITHOUT ROWID;
`;

export type GraphResult<T> = Result<T, GraphErrorCode>;

type CheckpointRow = {
  thread: string;
  ns: string;
  id: string;
  parent: string | null;
  checkpoint: string;
  metadata: string;
};

class MissingChunk extends Error {
  readonly hash: string;

  constructor(hash: string) {
    super(hash);
    this.hash = hash;
  }
}

export interface StorageFigures {
  threads: number;
  checkpoints: number;
  chunks: number;
  chunkBytes: number;
  rowBytes: number;
  sqliteBytes: number;
}

export class GraphStore {
  readonly #sql: SqlStorage;

  constructor(sql: SqlStorage) {
    this.#sql = sql;
  }

  #chunk(thread: string, hash: string): string | undefined {
    return this.#sql
      .exec<{ data: string }>(
        "SELECT data FROM lg_chunks WHERE thread = ? AND hash = ?",
        thread,
        hash,
      )
      .toArray()[0]?.data;
  }

  /**
   * Checks the chunks a request carries (each must hash to its key) and that every
   * chunk its values refer to is either carried or already stored; then stores them.
   */
  #admitChunks(
    thread: string,
    chunks: Record<string, string>,
    values: readonly StoredValue[],
  ): GraphResult<null> {
    for (const [hash, text] of Object.entries(chunks)) {
      if (text.length > MAX_CHUNK_CHARS) {
        return err(
          "TOO_LARGE",
          `chunk ${hash} is ${text.length} characters`,
          `chunks are at most ${MAX_CHUNK_CHARS} characters; split the value`,
        );
      }
      if (contentKey(text) !== hash) {
        return err(
          "BAD_CHUNK",
          `chunk ${hash} does not hash to its key`,
          "send each chunk under contentKey(text)",
        );
      }
    }
    const get = (hash: string): string => {
      const text = chunks[hash] ?? this.#chunk(thread, hash);
      if (text === undefined) {
        throw new MissingChunk(hash);
      }
      return text;
    };
    try {
      const refs = new Set<string>();
      for (const value of values) {
        blobRefs(value.value, get, refs);
      }
      for (const hash of refs) {
        get(hash);
      }
    } catch (error) {
      if (error instanceof MissingChunk) {
        return err(
          "MISSING_CHUNKS",
          `chunk ${error.hash} is neither sent nor stored for this thread`,
          "send every chunk the values refer to (the saver retries with all of them)",
        );
      }
      throw error;
    }
    for (const [hash, text] of Object.entries(chunks)) {
      this.#sql.exec(
        "INSERT OR IGNORE INTO lg_chunks (thread, hash, data) VALUES (?, ?, ?)",
        thread,
        hash,
        text,
      );
    }
    return ok(null);
  }

  putChunks(thread: string, chunks: Record<string, string>): GraphResult<{ stored: number }> {
    const admitted = this.#admitChunks(thread, chunks, []);
    return admitted.ok ? ok({ stored: Object.keys(chunks).length }) : admitted;
  }

  #exists(thread: string, ns: string, id: string): boolean {
    return (
      this.#sql
        .exec("SELECT 1 FROM lg_checkpoints WHERE thread = ? AND ns = ? AND id = ?", thread, ns, id)
        .toArray().length > 0
    );
  }

  /** Stores one checkpoint and the values of its changed channels, atomically. */
  put(
    thread: string,
    request: PutCheckpoint,
  ): GraphResult<{ thread: string; ns: string; id: string }> {
    const { ns, id, parentId } = request;
    if (parentId !== null && !this.#exists(thread, ns, parentId)) {
      return err(
        "PARENT_NOT_FOUND",
        `thread ${thread} has no checkpoint ${parentId} in namespace "${ns}"`,
        "put the parent first, or put without checkpoint_id in the config for a new root",
      );
    }
    const admitted = this.#admitChunks(thread, request.chunks, [
      request.checkpoint,
      request.metadata,
      ...request.channels.map((c) => c.value),
    ]);
    if (!admitted.ok) {
      return admitted;
    }
    for (const c of request.channels) {
      this.#sql.exec(
        "INSERT OR REPLACE INTO lg_channels (thread, ns, channel, version, value) VALUES (?, ?, ?, ?, ?)",
        thread,
        ns,
        c.channel,
        JSON.stringify(c.version),
        JSON.stringify(c.value),
      );
    }
    this.#sql.exec(
      "INSERT OR REPLACE INTO lg_checkpoints (thread, ns, id, parent, checkpoint, metadata) VALUES (?, ?, ?, ?, ?, ?)",
      thread,
      ns,
      id,
      parentId,
      JSON.stringify(request.checkpoint),
      JSON.stringify(request.metadata),
    );
    return ok({ thread, ns, id });
  }

  /**
   * Pending writes of a task; special channels (negative idx) replace, others keep the
   * first. LangGraph sends writes concurrently with the checkpoint's put, so a write
   * may arrive before its checkpoint: it is kept and read with it.
   */
  putWrites(thread: string, request: PutWrites): GraphResult<{ stored: number }> {
    const admitted = this.#admitChunks(
      thread,
      request.chunks,
      request.writes.map((w) => w.value),
    );
    if (!admitted.ok) {
      return admitted;
    }
    for (const w of request.writes) {
      this.#sql.exec(
        `INSERT OR ${w.idx < 0 ? "REPLACE" : "IGNORE"} INTO lg_writes
           (thread, ns, checkpoint, task, idx, channel, task_path, value) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        thread,
        request.ns,
        request.checkpointId,
        request.taskId,
        w.idx,
        w.channel,
        request.taskPath,
        JSON.stringify(w.value),
      );
    }
    return ok({ stored: request.writes.length });
  }

  #inflate(thread: string, stored: string): WireValue & { value: Json } {
    const value = JSON.parse(stored) as StoredValue;
    const get = (hash: string): string => {
      const text = this.#chunk(thread, hash);
      if (text === undefined) {
        throw new Error(`chunk ${hash} of thread ${thread} is missing`);
      }
      return text;
    };
    return { type: value.type, value: internalize(value.value, get) };
  }

  #tuple(row: CheckpointRow): WireTuple {
    const checkpoint = this.#inflate(row.thread, row.checkpoint);
    const versions = checkpoint.type === "json" ? channelVersions(checkpoint.value) : {};
    const channels: WireTuple["channels"] = [];
    for (const [channel, version] of Object.entries(versions)) {
      const found = this.#sql
        .exec<{ value: string }>(
          "SELECT value FROM lg_channels WHERE thread = ? AND ns = ? AND channel = ? AND version = ?",
          row.thread,
          row.ns,
          channel,
          JSON.stringify(version),
        )
        .toArray()[0];
      if (found) {
        channels.push({ channel, value: this.#inflate(row.thread, found.value) });
      }
    }
    const writes = this.#sql
      .exec<{ task: string; channel: string; value: string }>(
        "SELECT task, channel, value FROM lg_writes WHERE thread = ? AND ns = ? AND checkpoint = ? ORDER BY task_path, task, idx",
        row.thread,
        row.ns,
        row.id,
      )
      .toArray()
      .map((w) => ({
        taskId: w.task,
        channel: w.channel,
        value: this.#inflate(row.thread, w.value),
      }));
    return {
      thread: row.thread,
      ns: row.ns,
      id: row.id,
      parentId: row.parent,
      checkpoint,
      metadata: this.#inflate(row.thread, row.metadata),
      channels,
      writes,
    };
  }

  /** One checkpoint, or the thread's latest in `ns` when no id is given; null when none. */
  getTuple(thread: string, ns: string, id: string | undefined): WireTuple | null {
    const row = this.#sql
      .exec<CheckpointRow>(
        id === undefined
          ? "SELECT * FROM lg_checkpoints WHERE thread = ? AND ns = ? ORDER BY id DESC LIMIT 1"
          : "SELECT * FROM lg_checkpoints WHERE thread = ? AND ns = ? AND id = ?",
        ...(id === undefined ? [thread, ns] : [thread, ns, id]),
      )
      .toArray()[0];
    return row ? this.#tuple(row) : null;
  }

  /** Checkpoints newest first per (thread, ns), filtered on metadata; one page at a time. */
  list(request: ListRequest): ListPage {
    const where: string[] = [];
    const args: Array<string | number> = [];
    const add = (clause: string, ...values: Array<string | number>) => {
      where.push(clause);
      args.push(...values);
    };
    if (request.thread !== undefined) {
      add("thread = ?", request.thread);
    }
    if (request.ns !== undefined) {
      add("ns = ?", request.ns);
    }
    if (request.id !== undefined) {
      add("id = ?", request.id);
    }
    if (request.before !== undefined) {
      add("id < ?", request.before);
    }
    if (request.after !== undefined) {
      const a = request.after;
      add(
        "(thread > ? OR (thread = ? AND ns > ?) OR (thread = ? AND ns = ? AND id < ?))",
        a.thread,
        a.thread,
        a.ns,
        a.thread,
        a.ns,
        a.id,
      );
    }
    const rows = this.#sql
      .exec<CheckpointRow>(
        `SELECT * FROM lg_checkpoints ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""}
         ORDER BY thread, ns, id DESC LIMIT ${LIST_SCAN_ROWS + 1}`,
        ...args,
      )
      .toArray();
    const want = Math.min(request.limit ?? LIST_PAGE_SIZE, LIST_PAGE_SIZE);
    const tuples: WireTuple[] = [];
    let chars = 0;
    let last: CheckpointRow | undefined;
    for (const row of rows.slice(0, LIST_SCAN_ROWS)) {
      if (tuples.length >= want || chars >= LIST_PAGE_CHARS) {
        break;
      }
      last = row;
      if (
        request.filter !== undefined &&
        !matches(this.#inflate(row.thread, row.metadata), request.filter)
      ) {
        continue;
      }
      const tuple = this.#tuple(row);
      chars += JSON.stringify(tuple).length;
      tuples.push(tuple);
    }
    const more = last !== undefined && rows.indexOf(last) < rows.length - 1;
    const reachedLimit = request.limit !== undefined && tuples.length >= request.limit;
    return {
      tuples,
      next:
        more && !reachedLimit && last ? { thread: last.thread, ns: last.ns, id: last.id } : null,
    };
  }

  deleteThread(thread: string): { checkpoints: number } {
    const checkpoints = this.#sql.exec(
      "DELETE FROM lg_checkpoints WHERE thread = ?",
      thread,
    ).rowsWritten;
    this.#sql.exec("DELETE FROM lg_channels WHERE thread = ?", thread);
    this.#sql.exec("DELETE FROM lg_writes WHERE thread = ?", thread);
    this.#sql.exec("DELETE FROM lg_chunks WHERE thread = ?", thread);
    return { checkpoints };
  }

  figures(sqliteBytes: number): StorageFigures {
    const one = <T>(query: string): T =>
      this.#sql.exec<T & Record<string, SqlStorageValue>>(query).one();
    const chunks = one<{ n: number; bytes: number | null }>(
      "SELECT count(*) AS n, sum(length(CAST(data AS BLOB))) AS bytes FROM lg_chunks",
    );
    const rows = one<{ bytes: number | null }>(
      `SELECT (SELECT coalesce(sum(length(CAST(checkpoint AS BLOB)) + length(CAST(metadata AS BLOB)) + length(id) + length(thread)), 0) FROM lg_checkpoints)
            + (SELECT coalesce(sum(length(CAST(value AS BLOB)) + length(channel) + length(version)), 0) FROM lg_channels)
            + (SELECT coalesce(sum(length(CAST(value AS BLOB)) + length(channel) + length(task)), 0) FROM lg_writes) AS bytes`,
    );
    return {
      threads: one<{ n: number }>("SELECT count(DISTINCT thread) AS n FROM lg_checkpoints").n,
      checkpoints: one<{ n: number }>("SELECT count(*) AS n FROM lg_checkpoints").n,
      chunks: chunks.n,
      chunkBytes: chunks.bytes ?? 0,
      rowBytes: rows.bytes ?? 0,
      sqliteBytes,
    };
  }
}

function channelVersions(checkpoint: Json): Record<string, Json> {
  if (checkpoint === null || typeof checkpoint !== "object" || Array.isArray(checkpoint)) {
    return {};
  }
  const versions = checkpoint.channel_versions;
  return versions !== null && typeof versions === "object" && !Array.isArray(versions)
    ? versions
    : {};
}

/** Every filter key equals the metadata's value (deep, key order ignored). */
function matches(metadata: StoredValue, filter: Record<string, Json>): boolean {
  const value = metadata.value;
  if (
    metadata.type !== "json" ||
    value === null ||
    typeof value !== "object" ||
    Array.isArray(value)
  ) {
    return Object.keys(filter).length === 0;
  }
  return Object.entries(filter).every(
    ([key, expected]) =>
      Object.hasOwn(value, key) && stableStringify(value[key]) === stableStringify(expected),
  );
}
