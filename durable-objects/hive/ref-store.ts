// The hive's store of compressed text: every turn a compression cut, under its
// `ref:` (content-addressed, so it is verified on the way in and out), in
// chunks under the 2 MB row limit. Written by POST /v1/hives/:hive/compress,
// read by GET /v1/hives/:hive/refs/:ref, both through the Hive's RPC.
import { isRef, refMatches, type KeptContent } from "../../shared/context/refs.ts";
import { err, ok, type Result } from "../../shared/base/result.ts";

/** Characters per row: at most 3 bytes each in UTF-8, well under the 2 MB row limit. */
export const REF_CHUNK_CHARS = 256 * 1024;

const SCHEMA = [
  "CREATE TABLE IF NOT EXISTS compress_refs (ref TEXT PRIMARY KEY, chars INTEGER NOT NULL, chunks INTEGER NOT NULL)",
  "CREATE TABLE IF NOT EXISTS compress_ref_chunks (ref TEXT NOT NULL, idx INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (ref, idx))",
];

export type RefStoreErrorCode = "INVALID_REF" | "REF_MISMATCH" | "REF_NOT_FOUND";

export class RefStore {
  readonly #storage: DurableObjectStorage;

  constructor(storage: DurableObjectStorage) {
    this.#storage = storage;
    for (const statement of SCHEMA) {
      storage.sql.exec(statement);
    }
  }

  /** Stores each content under its ref, in one transaction; refuses a ref its content does not hash to. */
  keep(kept: readonly KeptContent[]): Result<{ stored: number }, RefStoreErrorCode> {
    const bad = kept.find((k) => !refMatches(k.ref, k.content));
    if (bad !== undefined) {
      return err(
        "REF_MISMATCH",
        `the content sent under ${bad.ref.slice(0, 40)} does not hash to it`,
        "send each kept content exactly as compression returned it",
      );
    }
    let stored = 0;
    this.#storage.transactionSync(() => {
      for (const { ref, content } of kept) {
        if (
          this.#storage.sql.exec("SELECT 1 FROM compress_refs WHERE ref = ?", ref).toArray()
            .length > 0
        ) {
          continue;
        }
        const chunks = Math.max(1, Math.ceil(content.length / REF_CHUNK_CHARS));
        for (let i = 0; i < chunks; i++) {
          this.#storage.sql.exec(
            "INSERT INTO compress_ref_chunks (ref, idx, data) VALUES (?, ?, ?)",
            ref,
            i,
            content.slice(i * REF_CHUNK_CHARS, (i + 1) * REF_CHUNK_CHARS),
          );
        }
        this.#storage.sql.exec(
          "INSERT INTO compress_refs (ref, chars, chunks) VALUES (?, ?, ?)",
          ref,
          content.length,
          chunks,
        );
        stored++;
      }
    });
    return ok({ stored });
  }

  /** The content stored under `ref`, checked against it. */
  resolve(ref: string): Result<KeptContent, RefStoreErrorCode> {
    if (!isRef(ref)) {
      return err("INVALID_REF", "a ref is `ref:` and 32 hex digits", "copy the ref from a summary");
    }
    const rows = this.#storage.sql
      .exec<{ data: string }>(
        "SELECT data FROM compress_ref_chunks WHERE ref = ? ORDER BY idx",
        ref,
      )
      .toArray();
    const content = rows.map((r) => r.data).join("");
    if (rows.length === 0 || !refMatches(ref, content)) {
      return err(
        "REF_NOT_FOUND",
        `no compressed text is stored under ${ref} in this hive`,
        "refs resolve in the hive whose compress call returned them",
      );
    }
    return ok({ ref, content });
  }
}
