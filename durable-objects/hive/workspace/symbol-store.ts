// The Hive's symbol index: one structural map per current file (definitions,
// imports, exports, calls) and its index state, plus the resolved code graph,
// cached in memory until the next index change. Used by workspace.ts.
import { CodeGraph } from "./mapper/graph.ts";
import type { FileMap, ParseReport } from "../../../shared/workspace/symbols.ts";
import type { NotIndexedReason } from "../../../shared/workspace/content.ts";

export const SYMBOL_SCHEMA = `
  CREATE TABLE ws_maps (
    path TEXT PRIMARY KEY, hash TEXT NOT NULL, state TEXT NOT NULL, reason TEXT,
    report TEXT, map TEXT
  );
`;

/**
 * mapped: parsed (maybe partially: see the report); text-only: no grammar, its
 * text is in L3; stored-not-indexed: binary, invalid UTF-8 or too large;
 * map-failed: the parser gave up (the text is still in L3); index-failed:
 * storing its symbols or vectors failed (written again, it is indexed again).
 */
export type FileIndexState =
  | "mapped"
  | "text-only"
  | "stored-not-indexed"
  | "map-failed"
  | "index-failed";

export interface FileIndexEntry {
  path: string;
  hash: string;
  state: FileIndexState;
  reason: NotIndexedReason | string | null;
  report: ParseReport | null;
}

interface MapRow extends Record<string, SqlStorageValue> {
  path: string;
  hash: string;
  state: string;
  reason: string | null;
  report: string | null;
  map: string | null;
}

export class SymbolStore {
  readonly #sql: SqlStorage;
  #maps: Map<string, FileMap> | null = null;
  #graph: CodeGraph | null = null;

  constructor(sql: SqlStorage) {
    this.#sql = sql;
  }

  record(entry: FileIndexEntry, map: FileMap | null): void {
    this.#sql.exec(
      "INSERT OR REPLACE INTO ws_maps (path, hash, state, reason, report, map) VALUES (?, ?, ?, ?, ?, ?)",
      entry.path,
      entry.hash,
      entry.state,
      entry.reason,
      entry.report === null ? null : JSON.stringify(entry.report),
      map === null ? null : JSON.stringify(map),
    );
    if (this.#maps !== null) {
      if (map === null) {
        this.#maps.delete(entry.path);
      } else {
        this.#maps.set(entry.path, map);
      }
    }
    this.#graph = null;
  }

  remove(path: string): void {
    this.#sql.exec("DELETE FROM ws_maps WHERE path = ?", path);
    this.#maps?.delete(path);
    this.#graph = null;
  }

  #all(): Map<string, FileMap> {
    if (this.#maps === null) {
      const rows = this.#sql
        .exec<{ map: string }>("SELECT map FROM ws_maps WHERE map IS NOT NULL")
        .toArray();
      // Maps are written only by record(), from the mapper's own output.
      this.#maps = new Map(rows.map((r) => JSON.parse(r.map) as FileMap).map((m) => [m.path, m]));
    }
    return this.#maps;
  }

  map(path: string): FileMap | null {
    return this.#all().get(path) ?? null;
  }

  entry(path: string): FileIndexEntry | null {
    const row = this.#sql.exec<MapRow>("SELECT * FROM ws_maps WHERE path = ?", path).toArray()[0];
    if (!row) {
      return null;
    }
    return {
      path: row.path,
      hash: row.hash,
      state: row.state as FileIndexState,
      reason: row.reason,
      report: row.report === null ? null : (JSON.parse(row.report) as ParseReport),
    };
  }

  /** Files whose index is incomplete: partial parses, unparsed and unindexed files. */
  problems(): FileIndexEntry[] {
    return this.#sql
      .exec<MapRow>(
        `SELECT * FROM ws_maps WHERE state IN ('stored-not-indexed', 'map-failed', 'index-failed')
           OR json_extract(report, '$.partial') = 1 ORDER BY path`,
      )
      .toArray()
      .map((row) => ({
        path: row.path,
        hash: row.hash,
        state: row.state as FileIndexState,
        reason: row.reason,
        report: row.report === null ? null : (JSON.parse(row.report) as ParseReport),
      }));
  }

  /** The resolved graph over the current maps; `files` lists every current path. */
  graph(files: () => string[]): CodeGraph {
    this.#graph ??= new CodeGraph([...this.#all().values()], files());
    return this.#graph;
  }
}
