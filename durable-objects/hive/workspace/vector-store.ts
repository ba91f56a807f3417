// The Hive's L3: the documents of every indexed file (symbols, text chunks) in
// SQLite, a BM25 index over them in memory, and their vectors in Vectorize when
// the binding works or in the local SQLite index otherwise. Used by workspace.ts.
import { Bm25Index } from "../../../shared/l3/bm25.ts";
import type { L3Document } from "../../../shared/l3/documents.ts";
import type { Embedder } from "../../../shared/l3/embedder.ts";
import { hybridSearch, type Candidate } from "../../../shared/l3/hybrid.ts";
import {
  LocalVectorIndex,
  type StoredVector,
  type VectorRows,
} from "../../../shared/l3/local-index.ts";
import type { VectorIndex, VectorMetadata } from "../../../shared/l3/vector-index.ts";
import { sha256Hex } from "../../../shared/base/hash.ts";
import { createLogger, describeError } from "../../../shared/base/log.ts";

const log = createLogger("hive.l3");

export const VECTOR_SCHEMA = `
  CREATE TABLE ws_vectors (id TEXT PRIMARY KEY, namespace TEXT, vals BLOB NOT NULL, metadata TEXT);
  CREATE TABLE ws_documents (
    id TEXT PRIMARY KEY, path TEXT NOT NULL, kind TEXT NOT NULL, name TEXT,
    start_line INTEGER NOT NULL, end_line INTEGER NOT NULL, text TEXT NOT NULL
  );
  CREATE INDEX ws_documents_path ON ws_documents (path);
`;

export class SqlVectorRows implements VectorRows {
  readonly #sql: SqlStorage;

  constructor(sql: SqlStorage) {
    this.#sql = sql;
  }

  all(): StoredVector[] {
    return this.#sql
      .exec<{ id: string; namespace: string | null; vals: ArrayBuffer; metadata: string | null }>(
        "SELECT id, namespace, vals, metadata FROM ws_vectors",
      )
      .toArray()
      .map((r) => ({
        id: r.id,
        namespace: r.namespace,
        values: new Float32Array(r.vals.slice(0)),
        metadata: r.metadata === null ? null : (JSON.parse(r.metadata) as VectorMetadata),
      }));
  }

  put(vectors: readonly StoredVector[]): void {
    for (const v of vectors) {
      this.#sql.exec(
        "INSERT OR REPLACE INTO ws_vectors (id, namespace, vals, metadata) VALUES (?, ?, ?, ?)",
        v.id,
        v.namespace,
        new Uint8Array(v.values.buffer, v.values.byteOffset, v.values.byteLength),
        v.metadata === null ? null : JSON.stringify(v.metadata),
      );
    }
  }

  delete(ids: readonly string[]): void {
    for (const id of ids) {
      this.#sql.exec("DELETE FROM ws_vectors WHERE id = ?", id);
    }
  }
}

export type VectorBackend = "vectorize" | "local";

function looksLikeVectorize(binding: unknown): binding is VectorIndex {
  const b = binding as Partial<Record<keyof VectorIndex, unknown>> | null | undefined;
  return (
    typeof b === "object" &&
    b !== null &&
    ["describe", "query", "upsert", "insert", "getByIds", "deleteByIds"].every(
      (m) => typeof b[m as keyof VectorIndex] === "function",
    )
  );
}

/**
 * The local index when LETHE_L3 = "local" forces it, when there is no binding
 * with Vectorize's methods, or when LETHE_ENV = "local" (wrangler dev and the
 * test pool bind a stub that throws "needs to be run remotely" on every call,
 * and logs each throw). Otherwise Vectorize, if describe() answers with the
 * embedder's dimensions; any failure there also falls back to local. Decided
 * once per object; workspaceStatus() reports the choice and why.
 */
export async function selectVectorIndex(
  env: Readonly<Record<string, unknown>>,
  dimensions: number,
  local: () => VectorIndex,
): Promise<{ index: VectorIndex; backend: VectorBackend; why: string }> {
  const binding = env.VECTORIZE;
  if (env.LETHE_L3 === "local") {
    return { index: local(), backend: "local", why: "LETHE_L3=local" };
  }
  if (!looksLikeVectorize(binding)) {
    return { index: local(), backend: "local", why: "no VECTORIZE binding" };
  }
  if (env.LETHE_ENV === "local" && env.LETHE_L3 !== "vectorize") {
    return {
      index: local(),
      backend: "local",
      why: "LETHE_ENV=local: Vectorize has no local simulator",
    };
  }
  try {
    const info = await binding.describe();
    if (info.dimensions !== dimensions) {
      return {
        index: local(),
        backend: "local",
        why: `VECTORIZE has ${info.dimensions} dimensions, the embedder ${dimensions}`,
      };
    }
    return { index: binding, backend: "vectorize", why: "VECTORIZE answered describe()" };
  } catch (error) {
    // The local simulator throws on every call: that is the signal to stay local.
    return {
      index: local(),
      backend: "local",
      why: `VECTORIZE unusable: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

interface DocRow extends Record<string, SqlStorageValue> {
  id: string;
  path: string;
  kind: string;
  name: string | null;
  start_line: number;
  end_line: number;
  text: string;
}

const toDoc = (r: DocRow): L3Document => ({
  id: r.id,
  path: r.path,
  kind: r.kind as L3Document["kind"],
  name: r.name,
  startLine: r.start_line,
  endLine: r.end_line,
  text: r.text,
});

export class L3Store {
  readonly #sql: SqlStorage;
  readonly #embedder: Embedder;
  readonly #vectors: () => Promise<{ index: VectorIndex; backend: VectorBackend; why: string }>;
  readonly #namespace: () => string;
  #lexical: Bm25Index | null = null;
  #docs: Map<string, L3Document> | null = null;

  constructor(
    sql: SqlStorage,
    embedder: Embedder,
    vectors: () => Promise<{ index: VectorIndex; backend: VectorBackend; why: string }>,
    namespace: () => string,
  ) {
    this.#sql = sql;
    this.#embedder = embedder;
    this.#vectors = vectors;
    this.#namespace = namespace;
  }

  static localIndex(sql: SqlStorage, dimensions: number): VectorIndex {
    return new LocalVectorIndex(new SqlVectorRows(sql), dimensions);
  }

  #loaded(): { lexical: Bm25Index; docs: Map<string, L3Document> } {
    if (this.#lexical === null || this.#docs === null) {
      const docs = new Map<string, L3Document>();
      const lexical = new Bm25Index();
      for (const row of this.#sql.exec<DocRow>("SELECT * FROM ws_documents").toArray()) {
        const doc = toDoc(row);
        docs.set(doc.id, doc);
        lexical.add(doc.id, doc.text);
      }
      this.#lexical = lexical;
      this.#docs = docs;
    }
    return { lexical: this.#lexical, docs: this.#docs };
  }

  /** Replaces the documents (and vectors) of one file; an empty list removes it from L3. */
  async replaceFile(path: string, documents: readonly L3Document[]): Promise<void> {
    const { lexical, docs } = this.#loaded();
    const namespace = this.#namespace();
    // Ids are global in a shared Vectorize index: the hive is part of each id.
    const scoped = documents.map((d) => ({
      ...d,
      id: sha256Hex(`${namespace}\0${d.id}`).slice(0, 32),
    }));
    const old = this.#sql
      .exec<{ id: string }>("SELECT id FROM ws_documents WHERE path = ?", path)
      .toArray()
      .map((r) => r.id);
    const keep = new Set(scoped.map((d) => d.id));
    const gone = old.filter((id) => !keep.has(id));
    this.#sql.exec("DELETE FROM ws_documents WHERE path = ?", path);
    for (const id of old) {
      lexical.remove(id);
      docs.delete(id);
    }
    for (const d of scoped) {
      this.#sql.exec(
        "INSERT OR REPLACE INTO ws_documents (id, path, kind, name, start_line, end_line, text) VALUES (?, ?, ?, ?, ?, ?, ?)",
        d.id,
        d.path,
        d.kind,
        d.name,
        d.startLine,
        d.endLine,
        d.text,
      );
      lexical.add(d.id, d.text);
      docs.set(d.id, d);
    }
    const { index } = await this.#vectors();
    if (gone.length > 0) {
      await index.deleteByIds(gone);
    }
    if (scoped.length > 0) {
      const values = await this.#embedder.embed(scoped.map((d) => d.text));
      await index.upsert(
        scoped.map((d, i) => ({
          id: d.id,
          values: values[i] ?? [],
          namespace,
          metadata: { path: d.path, kind: d.kind, startLine: d.startLine, endLine: d.endLine },
        })),
      );
    }
  }

  async search(query: string, topK: number, pathPrefix?: string): Promise<Candidate[]> {
    const { lexical, docs } = this.#loaded();
    const { index } = await this.#vectors();
    try {
      return await hybridSearch(
        {
          vectors: index,
          lexical,
          embedder: this.#embedder,
          document: (id) => docs.get(id) ?? null,
          namespace: this.#namespace(),
        },
        query,
        topK,
        pathPrefix,
      );
    } catch (error) {
      // A vector backend outage degrades to lexical-only candidates, never to no answer.
      log.warn("l3.vector-failed", describeError(error));
      return lexical
        .search(query, topK, (id) => {
          const d = docs.get(id);
          return d !== undefined && (pathPrefix === undefined || d.path.startsWith(pathPrefix));
        })
        .flatMap((hit) => {
          const d = docs.get(hit.id);
          return d
            ? [
                {
                  id: d.id,
                  path: d.path,
                  kind: d.kind,
                  name: d.name,
                  startLine: d.startLine,
                  endLine: d.endLine,
                  score: hit.score,
                  vectorScore: 0,
                  lexicalScore: hit.score,
                },
              ]
            : [];
        });
    }
  }

  counts(): { documents: number } {
    return {
      documents: this.#sql.exec<{ n: number }>("SELECT count(*) AS n FROM ws_documents").one().n,
    };
  }
}
