// The context-managing proxy's storage inside one AgentSession: the hive the
// conversation belongs to, its messages as a hash chain (only new links are
// written), the originals behind its refs and the artifacts the model saved.
// Own tables, so the session's blob sweep never touches them. Called by
// durable-objects/session/proxy-rpc.ts.
import { z } from "zod";
import { err, ok, type Result } from "../../shared/base/result.ts";

/** Text stored per row; a 20 MB original spans several rows (a DO value holds 2 MB). */
const CHUNK_CHARS = 512 * 1024;

/** Migration 6 of the session (IF NOT EXISTS: states that created them before the migration). */
export const PROXY_STORE_SCHEMA = `
  CREATE TABLE IF NOT EXISTS proxy_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS proxy_links (
    chain TEXT PRIMARY KEY, parent TEXT, position INTEGER NOT NULL,
    role TEXT NOT NULL, content_hash TEXT NOT NULL, at INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS proxy_texts (
    hash TEXT NOT NULL, idx INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (hash, idx));
  CREATE TABLE IF NOT EXISTS proxy_refs (ref TEXT PRIMARY KEY, hash TEXT NOT NULL, at INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS proxy_artifacts (
    name TEXT PRIMARY KEY, hash TEXT NOT NULL, at INTEGER NOT NULL);
`;

export const ProxyLinkSchema = z.strictObject({
  chain: z.string().regex(/^[0-9a-f]{32}$/),
  parent: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .nullable(),
  position: z.number().int().min(0),
  role: z.string().max(32),
  contentHash: z.string().regex(/^[0-9a-f]{32}$/),
  content: z.string(),
});
export type ProxyLink = z.infer<typeof ProxyLinkSchema>;

export const ProxyTextSchema = z.strictObject({
  key: z.string().regex(/^(ref:)?[0-9a-f]{32}$/),
  content: z.string(),
});
export type ProxyText = z.infer<typeof ProxyTextSchema>;

export interface ProxyArtifact {
  name: string;
  ref: string;
  content: string;
}

export interface ProxyPlan {
  /** Messages of the presented chain already stored (a prefix length). */
  known: number;
  /** The refs of the presented list the session does not hold yet. */
  missingRefs: string[];
  artifacts: ProxyArtifact[];
  calls: number;
}

export type ProxyStoreError = "FORBIDDEN_HIVE";

export class ProxyStore {
  readonly #sql: SqlStorage;
  readonly #storage: DurableObjectStorage;

  constructor(storage: DurableObjectStorage) {
    this.#storage = storage;
    this.#sql = storage.sql;
  }

  #meta(key: string): string | null {
    const row = this.#sql
      .exec<{ value: string }>("SELECT value FROM proxy_meta WHERE key = ?", key)
      .toArray()[0];
    return row?.value ?? null;
  }

  #setMeta(key: string, value: string): void {
    this.#sql.exec("INSERT OR REPLACE INTO proxy_meta (key, value) VALUES (?, ?)", key, value);
  }

  hive(): string | null {
    return this.#meta("hive");
  }

  /** Binds the conversation to `hive` on first use; refuses any other hive afterwards. */
  claim(hive: string): Result<{ created: boolean }, ProxyStoreError> {
    const bound = this.hive();
    if (bound === null) {
      this.#setMeta("hive", hive);
      this.#setMeta("calls", "0");
      return ok({ created: true });
    }
    return bound === hive
      ? ok({ created: false })
      : err("FORBIDDEN_HIVE", "this session belongs to another hive", "use a new session id");
  }

  #putText(hash: string, content: string): void {
    if (this.#sql.exec("SELECT 1 FROM proxy_texts WHERE hash = ?", hash).toArray().length > 0) {
      return;
    }
    const chunks = Math.max(1, Math.ceil(content.length / CHUNK_CHARS));
    for (let i = 0; i < chunks; i++) {
      this.#sql.exec(
        "INSERT INTO proxy_texts (hash, idx, data) VALUES (?, ?, ?)",
        hash,
        i,
        content.slice(i * CHUNK_CHARS, (i + 1) * CHUNK_CHARS),
      );
    }
  }

  #text(hash: string): string | null {
    const rows = this.#sql
      .exec<{ data: string }>("SELECT data FROM proxy_texts WHERE hash = ? ORDER BY idx", hash)
      .toArray();
    return rows.length === 0 ? null : rows.map((r) => r.data).join("");
  }

  /** The stored prefix of `chain` (searched from its end: usually the last call's tip). */
  plan(chain: readonly string[], refs: readonly string[]): ProxyPlan {
    let known = 0;
    for (let i = chain.length - 1; i >= 0; i--) {
      const found = this.#sql
        .exec("SELECT 1 FROM proxy_links WHERE chain = ?", chain[i] ?? "")
        .toArray();
      if (found.length > 0) {
        known = i + 1;
        break;
      }
    }
    const missingRefs = refs.filter(
      (ref) => this.#sql.exec("SELECT 1 FROM proxy_refs WHERE ref = ?", ref).toArray().length === 0,
    );
    return {
      known,
      missingRefs,
      artifacts: this.artifacts(),
      calls: Number(this.#meta("calls") ?? "0"),
    };
  }

  /** Stores the new links and texts of one call, all or nothing. */
  commit(links: readonly ProxyLink[], texts: readonly ProxyText[]): { stored: number } {
    const now = Date.now();
    return this.#storage.transactionSync(() => {
      let stored = 0;
      for (const link of links) {
        const exists = this.#sql
          .exec("SELECT 1 FROM proxy_links WHERE chain = ?", link.chain)
          .toArray();
        if (exists.length > 0) {
          continue;
        }
        this.#putText(link.contentHash, link.content);
        this.#sql.exec(
          "INSERT INTO proxy_links (chain, parent, position, role, content_hash, at) VALUES (?, ?, ?, ?, ?, ?)",
          link.chain,
          link.parent,
          link.position,
          link.role,
          link.contentHash,
          now,
        );
        stored++;
      }
      for (const text of texts) {
        const hash = text.key.replace(/^ref:/, "");
        this.#putText(hash, text.content);
        this.#sql.exec(
          "INSERT OR IGNORE INTO proxy_refs (ref, hash, at) VALUES (?, ?, ?)",
          text.key.startsWith("ref:") ? text.key : `ref:${text.key}`,
          hash,
          now,
        );
      }
      this.#setMeta("calls", String(Number(this.#meta("calls") ?? "0") + 1));
      return { stored };
    });
  }

  readRef(ref: string): string | null {
    const row = this.#sql
      .exec<{ hash: string }>("SELECT hash FROM proxy_refs WHERE ref = ?", ref)
      .toArray()[0];
    return row === undefined ? null : this.#text(row.hash);
  }

  saveArtifact(name: string, content: string, hash: string): void {
    this.#storage.transactionSync(() => {
      this.#putText(hash, content);
      this.#sql.exec(
        "INSERT OR REPLACE INTO proxy_artifacts (name, hash, at) VALUES (?, ?, ?)",
        name,
        hash,
        Date.now(),
      );
      this.#sql.exec(
        "INSERT OR IGNORE INTO proxy_refs (ref, hash, at) VALUES (?, ?, ?)",
        `ref:${hash}`,
        hash,
        Date.now(),
      );
    });
  }

  artifacts(): ProxyArtifact[] {
    const rows = this.#sql
      .exec<{ name: string; hash: string }>("SELECT name, hash FROM proxy_artifacts ORDER BY at")
      .toArray();
    return rows.map((r) => ({
      name: r.name,
      ref: `ref:${r.hash}`,
      content: this.#text(r.hash) ?? "",
    }));
  }

  /** Counts for tests and the bench: links stored, texts, refs. */
  stats(): { links: number; refs: number; artifacts: number; calls: number } {
    const count = (table: string) =>
      this.#sql.exec<{ n: number }>(`SELECT count(*) AS n FROM ${table}`).one().n;
    return {
      links: count("proxy_links"),
      refs: count("proxy_refs"),
      artifacts: count("proxy_artifacts"),
      calls: Number(this.#meta("calls") ?? "0"),
    };
  }
}
