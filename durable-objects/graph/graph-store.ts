// LangGraph threads in a GraphCheckpoints Durable Object's SQLite: checkpoints,
// channel values by (channel, version), pending writes, and the content-addressed
// chunks their skeletons point at (scoped per thread, so deleting a thread frees them).
import { stableStringify } from "../../shared/hive/canonical.ts";
import {
  LIST_PAGE_SIZE,
  type GraphErrorCode,
  type ListPage,
  type ListRequest,
  type PutCheckpoint,
  type PutWrites,
  type StoredValue,
  type WireTuple,
} from "../../shared/langgraph/wire.ts";
import type { Json } from "../../shared/session/checkpoint.ts";
import { err, ok, type Result } from "../../shared/base/result.ts";
import { GraphChunks } from "./graph-chunks.ts";

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
  readonly #chunks: GraphChunks;

  constructor(sql: SqlStorage) {
    this.#sql = sql;
    this.#chunks = new GraphChunks(sql);
  }

  putChunks(thread: string, chunks: Record<string, string>): GraphResult<{ stored: number }> {
    const admitted = this.#chunks.admit(thread, chunks, []);
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
    const admitted = this.#chunks.admit(thread, request.chunks, [
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
    const admitted = this.#chunks.admit(
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

  #tuple(row: CheckpointRow): WireTuple {
    const checkpoint = this.#chunks.inflate(row.thread, row.checkpoint);
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
        channels.push({ channel, value: this.#chunks.inflate(row.thread, found.value) });
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
        value: this.#chunks.inflate(row.thread, w.value),
      }));
    return {
      thread: row.thread,
      ns: row.ns,
      id: row.id,
      parentId: row.parent,
      checkpoint,
      metadata: this.#chunks.inflate(row.thread, row.metadata),
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
        !matches(this.#chunks.inflate(row.thread, row.metadata), request.filter)
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
