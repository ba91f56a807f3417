// Content-addressed chunks of a hive's LangGraph values, scoped per thread (so a
// deleted thread frees them): admitted only when each hashes to its key and every
// chunk a value refers to exists; read back by internalising skeletons.
import { contentKey } from "../../shared/base/hash.ts";
import type { StoredValue, WireValue } from "../../shared/langgraph/wire.ts";
import { blobRefs, internalize, type Json } from "../../shared/session/checkpoint.ts";
import { err, ok } from "../../shared/base/result.ts";
import type { GraphResult } from "./graph-store.ts";

/** One chunk row stays under the 2 MB row limit with room for its key. */
export const MAX_CHUNK_CHARS = 1_500_000;

class MissingChunk extends Error {
  readonly hash: string;

  constructor(hash: string) {
    super(hash);
    this.hash = hash;
  }
}

export class GraphChunks {
  readonly #sql: SqlStorage;

  constructor(sql: SqlStorage) {
    this.#sql = sql;
  }

  get(thread: string, hash: string): string | undefined {
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
  admit(
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
      const text = chunks[hash] ?? this.get(thread, hash);
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

  inflate(thread: string, stored: string): WireValue & { value: Json } {
    const value = JSON.parse(stored) as StoredValue;
    const get = (hash: string): string => {
      const text = this.get(thread, hash);
      if (text === undefined) {
        throw new Error(`chunk ${hash} of thread ${thread} is missing`);
      }
      return text;
    };
    return { type: value.type, value: internalize(value.value, get) };
  }
}
