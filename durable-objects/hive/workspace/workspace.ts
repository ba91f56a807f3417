// The Hive's workspace facade: writes and reads of versioned files, the
// incremental index (each new file version is queued durably in the same
// transaction, then mapped and embedded), structural queries, L3 search and the
// staleness of artifacts that cite code (code-queries.ts, staleness.ts). An RpcTarget: Hive.workspace() hands it
// to callers (gateway routes, sessions, MCP tools), every answer a Result value.
import { RpcTarget } from "cloudflare:workers";
import type { Artifact } from "../../../shared/hive/artifact.ts";
import { embedderFromEnv, type Embedder } from "../../../shared/l3/embedder.ts";
import type { Candidate } from "../../../shared/l3/hybrid.ts";
import type { VectorIndex } from "../../../shared/l3/vector-index.ts";
import type { CallerSite, Located, MissingDependency, ResolvedImport } from "./mapper/graph.ts";
import type { FileMapper } from "./mapper/map-file.ts";
import type { SymbolDef } from "../../../shared/workspace/symbols.ts";
import { createLogger, describeError } from "../../../shared/base/log.ts";
import { ok } from "../../../shared/base/result.ts";
import { wsErr, type WorkspaceResult } from "../../../shared/workspace/errors.ts";
import type { Manifest, ManifestInfo, WriteResult } from "../../../shared/workspace/manifest.ts";
import { applyEdits } from "../../../shared/workspace/exact-edits.ts";
import {
  ConfigureRequestSchema,
  PatchRequestSchema,
  SearchRequestSchema,
  WriteRequestSchema,
  type WriteRequest,
} from "../../../shared/workspace/requests.ts";
import { SymbolStore, type FileIndexEntry } from "./symbol-store.ts";
import { L3Store, selectVectorIndex, type VectorBackend } from "./vector-store.ts";
import { WorkspaceIndexer } from "./indexer.ts";
import { IndexQueue } from "./index-queue.ts";
import { WorkspaceStore, type WorkspaceConfig } from "./store.ts";
import { CodeQueries } from "./code-queries.ts";
import { invalid, inRoots, nextConfig } from "./request-checks.ts";
import { staleArtifacts, type StaleArtifact } from "./staleness.ts";

const log = createLogger("hive.workspace");

export interface FileContent {
  path: string;
  version: number;
  hash: string;
  bytes: Uint8Array;
  text: string | null;
}

export interface WorkspaceStatus {
  head: ManifestInfo;
  pending: number;
  documents: number;
  vectorBackend: VectorBackend | "not-selected";
  vectorBackendReason: string | null;
  blobBytes: number;
  problems: FileIndexEntry[];
}

export interface WorkspaceDeps {
  storage: DurableObjectStorage;
  env: Readonly<Record<string, unknown>>;
  /** The hive's name: the Vectorize namespace. */
  name: () => string;
  mapper: () => Promise<FileMapper>;
}

/** The most manifest versions one history page returns. */
const MAX_HISTORY_PAGE = 500;

export class Workspace extends RpcTarget {
  readonly #files: WorkspaceStore;
  readonly #symbols: SymbolStore;
  readonly #l3: L3Store;
  readonly #indexer: WorkspaceIndexer;
  readonly #queue: IndexQueue;
  readonly #embedder: Embedder;
  readonly #code: CodeQueries;
  #vectors: Promise<{ index: VectorIndex; backend: VectorBackend; why: string }> | null = null;
  #selected: { backend: VectorBackend; why: string } | null = null;

  constructor(deps: WorkspaceDeps) {
    super();
    const sql = deps.storage.sql;
    this.#files = new WorkspaceStore(deps.storage);
    this.#symbols = new SymbolStore(sql);
    this.#embedder = embedderFromEnv(deps.env);
    const vectors = () => {
      this.#vectors ??= selectVectorIndex(deps.env, this.#embedder.dimensions, () =>
        L3Store.localIndex(sql, this.#embedder.dimensions),
      ).then((selected) => {
        this.#selected = { backend: selected.backend, why: selected.why };
        log.info("l3.backend", { backend: selected.backend, why: selected.why });
        return selected;
      });
      return this.#vectors;
    };
    this.#l3 = new L3Store(sql, this.#embedder, vectors, deps.name);
    this.#queue = new IndexQueue(sql);
    this.#indexer = new WorkspaceIndexer(
      this.#files,
      this.#queue,
      this.#symbols,
      this.#l3,
      deps.mapper,
    );
    this.#code = new CodeQueries(this.#files, this.#symbols, () => this.#drain());
  }

  configure(input: unknown): WorkspaceResult<WorkspaceConfig> {
    const parsed = ConfigureRequestSchema.safeParse(input);
    if (!parsed.success) {
      return invalid(parsed.error, "configuration");
    }
    const config = nextConfig(parsed.data, this.#files.config());
    if (config.ok) {
      this.#files.setConfig(config.value);
    }
    return config;
  }

  async write(input: unknown): Promise<WorkspaceResult<WriteResult>> {
    const parsed = WriteRequestSchema.safeParse(input);
    return parsed.success ? this.#write(parsed.data) : invalid(parsed.error, "write");
  }

  async #write(request: WriteRequest): Promise<WorkspaceResult<WriteResult>> {
    const prepared = this.#files.prepare(request.files);
    if (!prepared.ok) {
      return prepared;
    }
    const committed = this.#files.commit(
      prepared.value,
      {
        message: request.message,
        ...(request.expectedVersion === undefined
          ? {}
          : { expectedVersion: request.expectedVersion }),
      },
      Date.now(),
    );
    if (!committed.ok) {
      return committed;
    }
    await this.#drain();
    return ok({
      manifest: committed.value.manifest,
      files: committed.value.files.map((f) =>
        f.index === "pending"
          ? { ...f, index: this.#queue.isPending(f.path) ? "pending" : "indexed" }
          : f,
      ),
    });
  }

  async patch(input: unknown): Promise<WorkspaceResult<WriteResult>> {
    const parsed = PatchRequestSchema.safeParse(input);
    if (!parsed.success) {
      return invalid(parsed.error, "patch");
    }
    const request = parsed.data;
    const current = this.read(request.path);
    if (!current.ok) {
      return current;
    }
    if (request.baseHash !== undefined && request.baseHash !== current.value.hash) {
      return wsErr(
        "BASE_CHANGED",
        `${current.value.path} changed since ${request.baseHash.slice(0, 12)} (now ${current.value.hash.slice(0, 12)})`,
        "read the file again and redo the edits against its current content",
      );
    }
    if (current.value.text === null) {
      return wsErr(
        "NOT_TEXT",
        `${current.value.path} is not UTF-8 text`,
        "replace binary files with a whole write",
      );
    }
    const patched = applyEdits(current.value.text, request.edits, current.value.path);
    if (!patched.ok) {
      return patched;
    }
    return this.#write({
      files: [{ path: current.value.path, content: patched.value, encoding: "utf8" }],
      message: request.message,
      ...(request.expectedVersion === undefined
        ? {}
        : { expectedVersion: request.expectedVersion }),
    });
  }

  read(path: string, ref: string | number = "head"): WorkspaceResult<FileContent> {
    if (typeof path !== "string") {
      return wsErr(
        "INVALID_REQUEST",
        "the path must be a string",
        "pass a path such as src/app.ts",
      );
    }
    const file = this.#files.read(path, ref);
    if (!file.ok) {
      return file;
    }
    let text: string | null = null;
    try {
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(file.value.bytes);
    } catch {
      // Not UTF-8: the bytes are returned as they are and `text` stays null.
    }
    if (text !== null && file.value.bytes.subarray(0, 8_000).includes(0)) {
      text = null;
    }
    return ok({ ...file.value, text });
  }

  manifest(
    ref: string | number = "head",
    after?: string,
    limit?: number,
  ): WorkspaceResult<Manifest> {
    return this.#files.manifest(ref, after, limit);
  }

  /** Manifest versions, newest first; `before` is the previous page's last version. */
  history(limit = 50, before?: number): WorkspaceResult<ManifestInfo[]> {
    const capped = Math.max(1, Math.min(Math.trunc(limit) || 50, MAX_HISTORY_PAGE));
    return ok(this.#files.history(capped, before));
  }

  /** Indexes every queued file version now (writes and queries also do). */
  async index(): Promise<WorkspaceResult<{ indexed: number }>> {
    return ok({ indexed: await this.#drain() });
  }

  /** Indexes queued file versions (see indexer.ts); returns how many. */
  async #drain(): Promise<number> {
    try {
      return await this.#indexer.drain();
    } catch (error) {
      // An index failure (the vector backend down, a bug on one file) must not
      // fail the write that triggered it or the query waiting on it: the entry
      // stays queued and the next drain retries it; status() shows the backlog.
      log.error("index.failed", describeError(error));
      return 0;
    }
  }

  async symbols(
    rawPath: string,
  ): Promise<
    WorkspaceResult<{ path: string; index: FileIndexEntry | null; symbols: SymbolDef[] }>
  > {
    return this.#code.symbols(rawPath);
  }

  async definitions(name: unknown): Promise<WorkspaceResult<Located[]>> {
    return this.#code.definitions(name);
  }

  async callers(name: unknown): Promise<WorkspaceResult<CallerSite[]>> {
    return this.#code.callers(name);
  }

  async imports(rawPath: string): Promise<WorkspaceResult<ResolvedImport[]>> {
    return this.#code.imports(rawPath);
  }

  /** Files no entry point reaches; entries default to the configured ones, then to main modules. */
  async unreachable(
    entries?: readonly string[],
  ): Promise<WorkspaceResult<{ entries: string[] | "default"; files: string[] }>> {
    return this.#code.unreachable(entries);
  }

  async missing(): Promise<WorkspaceResult<MissingDependency[]>> {
    return this.#code.missing();
  }

  async search(input: unknown): Promise<WorkspaceResult<Candidate[]>> {
    const parsed = SearchRequestSchema.safeParse(input);
    if (!parsed.success) {
      return invalid(parsed.error, "search");
    }
    await this.#drain();
    const found = await this.#l3.search(
      parsed.data.query,
      parsed.data.topK,
      parsed.data.pathPrefix,
    );
    return ok(found.filter((c) => inRoots(c.path, this.#files.config().roots)));
  }

  /** Active artifacts citing workspace code (`path@v<N>:a-b[#symbol]`) whose code changed since. */
  async stale(artifacts: readonly Artifact[]): Promise<StaleArtifact[]> {
    await this.#drain();
    return staleArtifacts(
      artifacts,
      (path, ref) => this.read(path, ref),
      (path) => this.#symbols.map(path)?.definitions ?? null,
    );
  }

  status(): WorkspaceResult<WorkspaceStatus> {
    return ok({
      head: this.#files.head(),
      pending: this.#queue.count(),
      documents: this.#l3.counts().documents,
      vectorBackend: this.#selected?.backend ?? "not-selected",
      vectorBackendReason: this.#selected?.why ?? null,
      blobBytes: this.#files.totalBlobBytes(),
      problems: this.#symbols.problems(),
    });
  }
}
