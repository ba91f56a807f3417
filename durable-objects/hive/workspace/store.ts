// The Hive's workspace: files as content-addressed blobs, versioned manifests
// (each version stores only its changes; a manifest is the latest change of each
// path at or before a version), the workspace configuration and the durable
// queue of file versions waiting to be indexed. Used by workspace.ts.
import { ok } from "../../../shared/base/result.ts";
import type { NotIndexedReason } from "../../../shared/workspace/content.ts";
import { wsErr, type WorkspaceResult } from "../../../shared/workspace/errors.ts";
import {
  chainHash,
  EMPTY_MANIFEST_HASH,
  MANIFEST_PAGE_ENTRIES,
  manifestId,
  parseManifestId,
  type Manifest,
  type ManifestChange,
  type ManifestEntry,
  type ManifestInfo,
  type WrittenFile,
} from "../../../shared/workspace/manifest.ts";
import { DEFAULT_WORKSPACE_ROOTS, workspaceFilePath } from "../../../shared/workspace/paths.ts";
import { prepareWrites, type PreparedWrite } from "../../../shared/workspace/prepare.ts";
import type { FileWrite } from "../../../shared/workspace/requests.ts";
import { BlobStore, WORKSPACE_BLOB_SCHEMA, WORKSPACE_BLOBS } from "../../storage/blob-store.ts";

export const WORKSPACE_SCHEMA = `
  ${WORKSPACE_BLOB_SCHEMA}
  CREATE TABLE ws_manifests (
    version INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, hash TEXT NOT NULL, at INTEGER NOT NULL,
    message TEXT NOT NULL, changed INTEGER NOT NULL, files INTEGER NOT NULL, bytes INTEGER NOT NULL
  );
  INSERT INTO ws_manifests VALUES (0, '${manifestId(0, EMPTY_MANIFEST_HASH)}', '${EMPTY_MANIFEST_HASH}', 0, 'empty workspace', 0, 0, 0);
  CREATE TABLE ws_changes (
    path TEXT NOT NULL, version INTEGER NOT NULL, hash TEXT, bytes INTEGER NOT NULL,
    PRIMARY KEY (path, version)
  );
  CREATE INDEX ws_changes_version ON ws_changes (version);
  CREATE TABLE ws_current (
    path TEXT PRIMARY KEY, hash TEXT NOT NULL, bytes INTEGER NOT NULL, version INTEGER NOT NULL,
    not_indexed TEXT
  );
  CREATE TABLE ws_config (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE ws_index_queue (path TEXT PRIMARY KEY, hash TEXT, version INTEGER NOT NULL);
`;

interface ManifestRow extends Record<string, SqlStorageValue> {
  version: number;
  id: string;
  hash: string;
  at: number;
  message: string;
  changed: number;
  files: number;
  bytes: number;
}

export interface WorkspaceConfig {
  roots: string[];
  /** Entry points for dependency GC; empty means the usual main modules. */
  entries: string[];
}

export interface StoredFile {
  path: string;
  version: number;
  hash: string;
  bytes: Uint8Array;
}

const toInfo = (row: ManifestRow, parent: string | null): ManifestInfo => ({
  id: row.id,
  version: row.version,
  hash: row.hash,
  parent,
  at: row.at,
  message: row.message,
  changed: row.changed,
  files: row.files,
  bytes: row.bytes,
});

export class WorkspaceStore {
  readonly #storage: DurableObjectStorage;
  readonly #blobs: BlobStore;

  constructor(storage: DurableObjectStorage) {
    this.#storage = storage;
    this.#blobs = new BlobStore(storage.sql, WORKSPACE_BLOBS);
  }

  #sql<T extends Record<string, SqlStorageValue>>(query: string, ...bindings: SqlStorageValue[]) {
    return this.#storage.sql.exec<T>(query, ...bindings);
  }

  config(): WorkspaceConfig {
    const rows = this.#sql<{ key: string; value: string }>(
      "SELECT key, value FROM ws_config",
    ).toArray();
    const get = (k: string) => rows.find((r) => r.key === k)?.value;
    return {
      roots: JSON.parse(get("roots") ?? JSON.stringify(DEFAULT_WORKSPACE_ROOTS)) as string[],
      entries: JSON.parse(get("entries") ?? "[]") as string[],
    };
  }

  setConfig(config: WorkspaceConfig): void {
    this.#sql(
      "INSERT OR REPLACE INTO ws_config (key, value) VALUES ('roots', ?)",
      JSON.stringify(config.roots),
    );
    this.#sql(
      "INSERT OR REPLACE INTO ws_config (key, value) VALUES ('entries', ?)",
      JSON.stringify(config.entries),
    );
  }

  head(): ManifestInfo {
    const row = this.#sql<ManifestRow>(
      "SELECT * FROM ws_manifests ORDER BY version DESC LIMIT 1",
    ).one();
    return this.#info(row);
  }

  #info(row: ManifestRow): ManifestInfo {
    const parent =
      row.version === 0
        ? null
        : (this.#sql<{ id: string }>(
            "SELECT id FROM ws_manifests WHERE version = ?",
            row.version - 1,
          ).one().id ?? null);
    return toInfo(row, parent);
  }

  /** Canonical path and classified content of each file, or the first refusal. */
  prepare(files: readonly FileWrite[]): WorkspaceResult<PreparedWrite[]> {
    return prepareWrites(files, this.config().roots);
  }

  /** Commits prepared writes as one new manifest version (none if nothing changed). */
  commit(
    writes: readonly PreparedWrite[],
    options: { expectedVersion?: number; message: string },
    now: number,
  ): WorkspaceResult<{ manifest: ManifestInfo; files: WrittenFile[] }> {
    return this.#storage.transactionSync(() => {
      const head = this.head();
      if (options.expectedVersion !== undefined && options.expectedVersion !== head.version) {
        return wsErr(
          "VERSION_CONFLICT",
          `the workspace is at version ${head.version}, not ${options.expectedVersion}`,
          "read the head manifest again, redo your change on it, and retry with its version",
        );
      }
      const version = head.version + 1;
      const changes: ManifestChange[] = [];
      const files: WrittenFile[] = [];
      for (const w of writes) {
        const current = this.#sql<{ hash: string }>(
          "SELECT hash FROM ws_current WHERE path = ?",
          w.path,
        ).toArray()[0];
        if (w.hash === null) {
          if (!current) {
            return wsErr(
              "NOT_FOUND",
              `${w.path} is not in the workspace`,
              "list the head manifest for the paths it holds",
            );
          }
          changes.push({ path: w.path, hash: null });
          files.push({ path: w.path, hash: null, bytes: 0, unchanged: false, index: "deleted" });
          continue;
        }
        const size = w.bytes?.byteLength ?? 0;
        if (current?.hash === w.hash) {
          files.push({
            path: w.path,
            hash: w.hash,
            bytes: size,
            unchanged: true,
            index: "indexed",
          });
          continue;
        }
        changes.push({ path: w.path, hash: w.hash });
        files.push({
          path: w.path,
          hash: w.hash,
          bytes: size,
          unchanged: false,
          index: w.notIndexed === null ? "pending" : "stored-not-indexed",
          ...(w.notIndexed === null ? {} : { notIndexed: w.notIndexed }),
        });
      }
      if (changes.length === 0) {
        return ok({ manifest: head, files });
      }
      for (const w of writes) {
        const change = changes.find((c) => c.path === w.path);
        if (!change) {
          continue;
        }
        if (w.hash === null || w.bytes === null) {
          this.#sql("DELETE FROM ws_current WHERE path = ?", w.path);
          this.#sql(
            "INSERT INTO ws_changes (path, version, hash, bytes) VALUES (?, ?, NULL, 0)",
            w.path,
            version,
          );
        } else {
          this.#blobs.put(w.bytes, w.hash);
          this.#sql(
            "INSERT OR REPLACE INTO ws_current (path, hash, bytes, version, not_indexed) VALUES (?, ?, ?, ?, ?)",
            w.path,
            w.hash,
            w.bytes.byteLength,
            version,
            w.notIndexed,
          );
          this.#sql(
            "INSERT INTO ws_changes (path, version, hash, bytes) VALUES (?, ?, ?, ?)",
            w.path,
            version,
            w.hash,
            w.bytes.byteLength,
          );
        }
        this.#sql(
          "INSERT OR REPLACE INTO ws_index_queue (path, hash, version) VALUES (?, ?, ?)",
          w.path,
          w.hash,
          version,
        );
      }
      const totals = this.#sql<{ n: number; b: number | null }>(
        "SELECT count(*) AS n, sum(bytes) AS b FROM ws_current",
      ).one();
      const hash = chainHash(head.hash, changes);
      this.#sql(
        "INSERT INTO ws_manifests (version, id, hash, at, message, changed, files, bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        version,
        manifestId(version, hash),
        hash,
        now,
        options.message,
        changes.length,
        totals.n,
        totals.b ?? 0,
      );
      return ok({ manifest: this.head(), files });
    });
  }

  /** The manifest version a reference names: a version number, a manifest id, or "head". */
  resolveVersion(ref: string | number): WorkspaceResult<number> {
    const head = this.head().version;
    if (ref === "head") {
      return ok(head);
    }
    const parsed =
      typeof ref === "number" ? { version: ref, hashPrefix: null } : parseManifestId(ref);
    const asNumber = typeof ref === "string" && /^\d{1,15}$/.test(ref) ? Number(ref) : null;
    const version = parsed?.version ?? asNumber;
    if (
      version === null ||
      version === undefined ||
      !Number.isSafeInteger(version) ||
      version < 0 ||
      version > head
    ) {
      return wsErr(
        "NOT_FOUND",
        `no manifest ${String(ref).slice(0, 64)}`,
        `versions run from 0 to ${head}; ids look like wsm_<version>_<hash>`,
      );
    }
    if (parsed?.hashPrefix) {
      const row = this.#sql<{ id: string }>(
        "SELECT id FROM ws_manifests WHERE version = ?",
        version,
      ).one();
      if (row.id !== ref) {
        return wsErr(
          "NOT_FOUND",
          `no manifest ${String(ref)}`,
          "the id's hash does not match this hive's history",
        );
      }
    }
    return ok(version);
  }

  /** A manifest and one page of its entries (paths after `after`, in order). */
  manifest(
    ref: string | number,
    after = "",
    limit = MANIFEST_PAGE_ENTRIES,
  ): WorkspaceResult<Manifest> {
    const version = this.resolveVersion(ref);
    if (!version.ok) {
      return version;
    }
    const row = this.#sql<ManifestRow>(
      "SELECT * FROM ws_manifests WHERE version = ?",
      version.value,
    ).one();
    const page = Math.max(
      1,
      Math.min(Math.trunc(limit) || MANIFEST_PAGE_ENTRIES, MANIFEST_PAGE_ENTRIES),
    );
    const entries = this.#sql<ManifestEntry & Record<string, SqlStorageValue>>(
      `SELECT path, hash, bytes FROM (
         SELECT path, hash, bytes, max(version) AS v FROM ws_changes
         WHERE version <= ? AND path > ? GROUP BY path
       ) WHERE hash IS NOT NULL ORDER BY path LIMIT ?`,
      version.value,
      after,
      page + 1,
    )
      .toArray()
      .map((e) => ({ path: e.path, hash: e.hash, bytes: e.bytes }));
    const more = entries.length > page;
    const shown = more ? entries.slice(0, page) : entries;
    return ok({
      ...this.#info(row),
      entries: shown,
      next: more ? (shown.at(-1)?.path ?? null) : null,
    });
  }

  /** Manifest infos, newest first, before `before` (exclusive). */
  history(limit: number, before?: number): ManifestInfo[] {
    return this.#sql<ManifestRow>(
      "SELECT * FROM ws_manifests WHERE version < ? ORDER BY version DESC LIMIT ?",
      before ?? Number.MAX_SAFE_INTEGER,
      limit,
    )
      .toArray()
      .map((r) => this.#info(r));
  }

  /** A file as of a manifest version (head by default). */
  read(rawPath: string, ref: string | number = "head"): WorkspaceResult<StoredFile> {
    const path = workspaceFilePath(rawPath, this.config().roots);
    if (!path.ok) {
      return path;
    }
    const version = this.resolveVersion(ref);
    if (!version.ok) {
      return version;
    }
    const row = this.#sql<{ hash: string | null; version: number }>(
      "SELECT hash, version FROM ws_changes WHERE path = ? AND version <= ? ORDER BY version DESC LIMIT 1",
      path.value,
      version.value,
    ).toArray()[0];
    const bytes = row?.hash ? this.#blobs.bytes(row.hash) : null;
    if (!row?.hash || bytes === null) {
      return wsErr(
        "NOT_FOUND",
        `${path.value} is not in manifest version ${version.value}`,
        "list the manifest for the paths it holds",
      );
    }
    return ok({ path: path.value, version: row.version, hash: row.hash, bytes });
  }

  /** Every current path (module resolution needs unmapped files too). */
  currentPaths(): string[] {
    return this.#sql<{ path: string }>("SELECT path FROM ws_current ORDER BY path")
      .toArray()
      .map((r) => r.path);
  }

  current(
    path: string,
  ): { hash: string; version: number; notIndexed: NotIndexedReason | null } | null {
    const row = this.#sql<{ hash: string; version: number; not_indexed: string | null }>(
      "SELECT hash, version, not_indexed FROM ws_current WHERE path = ?",
      path,
    ).toArray()[0];
    return row
      ? {
          hash: row.hash,
          version: row.version,
          notIndexed: row.not_indexed as NotIndexedReason | null,
        }
      : null;
  }

  blob(hash: string): Uint8Array | null {
    return this.#blobs.bytes(hash);
  }

  totalBlobBytes(): number {
    return this.#blobs.totalBytes();
  }
}
