// The Hive's incremental indexer: drains the durable queue of file versions
// (ws_index_queue, filled in each write's transaction), maps each file with
// tree-sitter, records its symbols and replaces its L3 documents. Used by
// workspace.ts after writes, before queries and on workspaceIndex().
import { documentsFor } from "../../../shared/l3/documents.ts";
import { createLogger, describeError } from "../../../shared/base/log.ts";
import type { FileMapper } from "./mapper/map-file.ts";
import { languageOf } from "../../../shared/workspace/symbols.ts";
import { wsErr } from "../../../shared/workspace/errors.ts";
import type { SymbolStore } from "./symbol-store.ts";
import type { L3Store } from "./vector-store.ts";
import type { IndexQueue } from "./index-queue.ts";
import type { WorkspaceStore } from "./store.ts";

const log = createLogger("hive.workspace");
const decoder = new TextDecoder();

/** Files indexed per drain step: bounds one step's CPU (a 1 MiB file parses in ~0.5 s). */
export const INDEX_BATCH = 64;
/**
 * Source parsed per drain: ~2 MB/s in workerd (100 KB in ~55 ms, PLATFORM.md),
 * so 8 MiB is about 4 s of a request's 30 s CPU budget, leaving room for the write.
 */
export const INDEX_BUDGET_BYTES = 8 * 1024 * 1024;

export class WorkspaceIndexer {
  readonly #files: WorkspaceStore;
  readonly #queue: IndexQueue;
  readonly #symbols: SymbolStore;
  readonly #l3: L3Store;
  readonly #mapper: () => Promise<FileMapper>;
  #draining: Promise<number> | null = null;

  constructor(
    files: WorkspaceStore,
    queue: IndexQueue,
    symbols: SymbolStore,
    l3: L3Store,
    mapper: () => Promise<FileMapper>,
  ) {
    this.#files = files;
    this.#queue = queue;
    this.#symbols = symbols;
    this.#l3 = l3;
    this.#mapper = mapper;
  }

  /**
   * Indexes queued file versions, oldest first: map (tree-sitter), record the
   * symbols, replace the file's L3 documents. Stops once INDEX_BUDGET_BYTES of
   * source were parsed (the rest stays queued for the next call: writes,
   * queries and workspaceIndex() all drain). Concurrent callers share one run.
   * Returns how many entries were processed.
   */
  drain(): Promise<number> {
    this.#draining ??= this.#drainSome().finally(() => {
      this.#draining = null;
    });
    return this.#draining;
  }

  async #drainSome(): Promise<number> {
    let done = 0;
    let bytes = 0;
    // No entry is processed twice in one drain: one that stays queued (storage
    // refused its removal) ends the drain instead of spinning on it.
    const seen = new Set<number>();
    for (;;) {
      const batch = this.#queue.pending(INDEX_BATCH).filter((e) => !seen.has(e.row));
      if (batch.length === 0) {
        return done;
      }
      for (const entry of batch) {
        seen.add(entry.row);
        try {
          bytes += await this.#indexOne(entry.path, entry.hash);
        } catch (error) {
          // One file must not block the queue behind it: it is reported as a
          // problem (workspaceStatus) and the next write of it indexes it again.
          log.error("index.entry-failed", { path: entry.path, ...describeError(error) });
          const reason = error instanceof Error ? error.message : String(error);
          if (entry.hash !== null) {
            this.#symbols.record(
              { path: entry.path, hash: entry.hash, state: "index-failed", reason, report: null },
              null,
            );
          }
        }
        this.#queue.indexed(entry);
        done++;
        if (bytes >= INDEX_BUDGET_BYTES) {
          return done;
        }
      }
    }
  }

  /** Indexes one queued version; returns the bytes of source it read. */
  async #indexOne(path: string, hash: string | null): Promise<number> {
    if (hash === null) {
      this.#symbols.remove(path);
      await this.#l3.replaceFile(path, []);
      return 0;
    }
    const current = this.#files.current(path);
    const bytes = this.#files.blob(hash);
    if (current?.notIndexed || bytes === null) {
      this.#symbols.record(
        {
          path,
          hash,
          state: "stored-not-indexed",
          reason: current?.notIndexed ?? "blob-missing",
          report: null,
        },
        null,
      );
      await this.#l3.replaceFile(path, []);
      return 0;
    }
    const text = decoder.decode(bytes);
    if (languageOf(path) === null) {
      this.#symbols.record({ path, hash, state: "text-only", reason: null, report: null }, null);
      await this.#l3.replaceFile(path, documentsFor(path, text, null));
      return bytes.byteLength;
    }
    let mapped;
    try {
      mapped = (await this.#mapper()).map(path, text);
    } catch (error) {
      // The grammar failed to load or the parser trapped: the file stays searchable as text.
      log.error("map.failed", { path, ...describeError(error) });
      mapped = wsErr("INVALID_REQUEST", error instanceof Error ? error.message : String(error), "");
    }
    if (!mapped.ok) {
      this.#symbols.record(
        { path, hash, state: "map-failed", reason: mapped.message, report: null },
        null,
      );
      await this.#l3.replaceFile(path, documentsFor(path, text, null));
      return bytes.byteLength;
    }
    this.#symbols.record(
      { path, hash, state: "mapped", reason: null, report: mapped.value.report },
      mapped.value,
    );
    await this.#l3.replaceFile(path, documentsFor(path, text, mapped.value));
    return bytes.byteLength;
  }
}
