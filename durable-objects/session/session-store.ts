// The storage of one AgentSession: config and head pointer, blobs, transcript,
// references, checkpoints and the trace (each its own store), composed so that a
// step is committed in one SQLite transaction: after a crash the session is exactly
// its last commit. The genesis state is genesis.ts.
import type { KeptContent } from "../../shared/context/refs.ts";
import { contentKey } from "../../shared/base/hash.ts";
import {
  externalize,
  internalize,
  type CheckpointManifest,
  type Json,
} from "../../shared/session/checkpoint.ts";
import type { SessionConfig } from "../../shared/session/config.ts";
import type { SessionState } from "../../shared/session/step.ts";
import { BLOB_SCHEMA, BlobStore } from "../storage/blob-store.ts";
import { CHECKPOINT_SCHEMA, CheckpointStore } from "./checkpoint-store.ts";
import type { ForkExport, RefRow } from "./fork.ts";
import { genesisState } from "./genesis.ts";
import { TRACE_SCHEMA, TraceStore } from "./trace-store.ts";
import type { TraceEvent } from "../../shared/session/trace.ts";
import { TRANSCRIPT_SCHEMA, TranscriptStore, type TurnInput } from "./transcript-store.ts";

export const SESSION_STORE_SCHEMA = `
  ${BLOB_SCHEMA}
  ${TRANSCRIPT_SCHEMA}
  ${CHECKPOINT_SCHEMA}
  CREATE TABLE refs (
    ref TEXT PRIMARY KEY, hash TEXT NOT NULL, kind TEXT NOT NULL,
    bytes INTEGER NOT NULL, step INTEGER NOT NULL
  );
  ${TRACE_SCHEMA}
`;

export interface StepRecord {
  turns: TurnInput[];
  state: SessionState;
  kept: Array<KeptContent & { kind: string }>;
  label: string | null;
  trace: TraceEvent[];
}

/**
 * A background compaction applied to the transcript: the summary of every turn up
 * to the turn `seq` (at `depth`). It shows in the envelope of any branch whose
 * lineage holds that turn: keyed by transcript position, so a rollback to before it
 * hides it and a branch that never had it never shows it.
 */
export interface CompactionEntry {
  seq: number;
  depth: number;
  summary: string;
  summaryRef: string;
  basedOnStep: number;
  /** The queue job that delivered it (a second delivery changes nothing). */
  job: string | null;
  at: number;
}

/** Compactions kept per session (the deepest first); older ones are superseded. */
const MAX_COMPACTIONS = 32;

export interface ForkOrigin {
  session: string;
  checkpoint: string;
  depth: number;
}

export class SessionStore {
  readonly #storage: DurableObjectStorage;
  readonly #sql: SqlStorage;
  readonly blobs: BlobStore;
  readonly transcript: TranscriptStore;
  readonly checkpoints: CheckpointStore;
  readonly trace: TraceStore;

  constructor(storage: DurableObjectStorage) {
    this.#storage = storage;
    this.#sql = storage.sql;
    this.blobs = new BlobStore(this.#sql);
    this.transcript = new TranscriptStore(this.#sql, this.blobs);
    this.checkpoints = new CheckpointStore(this.#sql, this.blobs);
    this.trace = new TraceStore(this.#sql);
  }

  #meta(key: string): string | null {
    const row = this.#sql
      .exec<{ value: string }>("SELECT value FROM session_meta WHERE key = ?", key)
      .toArray()[0];
    return row ? row.value : null;
  }

  #setMeta(key: string, value: string): void {
    this.#sql.exec("INSERT OR REPLACE INTO session_meta (key, value) VALUES (?, ?)", key, value);
  }

  /** Applied compactions, the deepest first. */
  compactions(): CompactionEntry[] {
    const value = this.#meta("compactions");
    return value === null ? [] : (JSON.parse(value) as CompactionEntry[]);
  }

  /** Records an applied compaction (the deepest MAX_COMPACTIONS are kept). */
  addCompaction(entry: CompactionEntry): void {
    const entries = [entry, ...this.compactions().filter((e) => e.seq !== entry.seq)]
      .sort((a, b) => b.depth - a.depth)
      .slice(0, MAX_COMPACTIONS);
    this.#setMeta("compactions", JSON.stringify(entries));
  }

  /** The compaction the lineage ending at `position` (the head when absent) shows, if any. */
  compactionOn(position?: number): CompactionEntry | null {
    for (const entry of this.compactions()) {
      if (this.transcript.seqAt(entry.depth, position) === entry.seq) {
        return entry;
      }
    }
    return null;
  }

  /** A small per-session marker (the pending compaction request): null when unset. */
  marker(key: string): string | null {
    return this.#meta(`marker:${key}`);
  }

  setMarker(key: string, value: string): void {
    this.#setMeta(`marker:${key}`, value);
  }

  config(): SessionConfig | null {
    const value = this.#meta("config");
    return value === null ? null : (JSON.parse(value) as SessionConfig);
  }

  head(): string | null {
    return this.#meta("head");
  }

  origin(): ForkOrigin | null {
    const value = this.#meta("origin");
    return value === null ? null : (JSON.parse(value) as ForkOrigin);
  }

  /** Creates the session with its genesis checkpoint (step 0, empty L1). */
  create(config: SessionConfig, origin: ForkOrigin | null = null): CheckpointManifest {
    return this.#storage.transactionSync(() => {
      this.#setMeta("config", JSON.stringify(config));
      if (origin !== null) {
        this.#setMeta("origin", JSON.stringify(origin));
      }
      return this.#checkpoint(genesisState(config), "genesis", Date.now());
    });
  }

  /** Becomes a fork of `origin` at the exported checkpoint (see fork.ts). */
  adoptFork(fork: ForkExport, origin: ForkOrigin): CheckpointManifest {
    return this.#storage.transactionSync(() => {
      this.#setMeta("config", JSON.stringify(fork.config));
      this.#setMeta("origin", JSON.stringify(origin));
      for (const content of Object.values(fork.blobs)) {
        this.blobs.put(content);
      }
      this.transcript.adopt(fork.turns);
      for (const r of fork.refs) {
        this.#sql.exec(
          "INSERT OR IGNORE INTO refs (ref, hash, kind, bytes, step) VALUES (?, ?, ?, ?, ?)",
          r.ref,
          r.hash,
          r.kind,
          r.bytes,
          r.step,
        );
      }
      const manifest = { ...fork.manifest, parent: null };
      this.checkpoints.insert(manifest, Date.now());
      this.#setMeta("head", manifest.id);
      this.trace.append(manifest.step, { kind: "forked", data: { ...origin } }, Date.now());
      return manifest;
    });
  }

  refRows(): RefRow[] {
    return this.#sql.exec<RefRow>("SELECT ref, hash, kind, bytes, step FROM refs").toArray();
  }

  /** Checkpoints other sessions forked from: retention must keep them. */
  forkPins(): string[] {
    const value = this.#meta("fork_pins");
    return value === null ? [] : (JSON.parse(value) as string[]);
  }

  pinForFork(checkpoint: string): void {
    const pins = new Set(this.forkPins());
    pins.add(checkpoint);
    this.#setMeta("fork_pins", JSON.stringify([...pins]));
  }

  /** A blob's text, or an error naming it (a missing blob is corruption, never normal). */
  requireText(hash: string): string {
    const text = this.blobs.text(hash);
    if (text === null) {
      throw new Error(`blob ${hash} is missing`);
    }
    return text;
  }

  /** The state at the head checkpoint, exactly as it was committed. */
  state(): SessionState {
    const head = this.head();
    const manifest = head === null ? undefined : this.checkpoints.manifest(head);
    if (!manifest) {
      throw new Error("session has no head checkpoint");
    }
    return this.stateOf(manifest);
  }

  stateOf(manifest: CheckpointManifest): SessionState {
    const text = this.requireText(manifest.stateHash);
    return internalize(JSON.parse(text) as Json, (hash) =>
      this.requireText(hash),
    ) as unknown as SessionState;
  }

  /** Commits one step atomically: turns, kept content, state, checkpoint, trace. */
  commit(record: StepRecord): CheckpointManifest {
    const at = Date.now();
    return this.#storage.transactionSync(() => {
      this.transcript.append(record.state.step, record.turns, at);
      for (const kept of record.kept) {
        this.putRef(kept, kept.kind, record.state.step);
      }
      for (const event of record.trace) {
        this.trace.append(record.state.step, event, at);
      }
      return this.#checkpoint(record.state, record.label, at);
    });
  }

  /** A labelled checkpoint of the state as it is now. */
  label(label: string): CheckpointManifest {
    return this.#storage.transactionSync(() => this.#checkpoint(this.state(), label, Date.now()));
  }

  /**
   * A control change of the state (start, pause, a human's answer) without a
   * step: checkpointed under `label`, so a rollback sees it too.
   */
  control(patch: Partial<SessionState>, label: string): CheckpointManifest {
    return this.#storage.transactionSync(() =>
      this.#checkpoint({ ...this.state(), ...patch }, label, Date.now()),
    );
  }

  /** Moves the head (and the transcript's lineage) back to a checkpoint. */
  rollback(manifest: CheckpointManifest): void {
    this.#storage.transactionSync(() => {
      this.transcript.moveHeadTo(manifest.transcriptPosition);
      this.#setMeta("head", manifest.id);
      this.trace.append(manifest.step, { kind: "rollback", data: { to: manifest.id } }, Date.now());
    });
  }

  #checkpoint(state: SessionState, label: string | null, at: number): CheckpointManifest {
    const skeleton = externalize(state as unknown as Json, (c) => this.blobs.put(c), contentKey);
    const stateHash = this.blobs.put(JSON.stringify(skeleton));
    const { seq, depth } = this.transcript.head();
    const parent = this.head();
    const body = {
      parent,
      step: state.step,
      label,
      pageRefs: state.pager.pages.map((p) => contentKey(p.content)),
      stateHash,
      transcriptPosition: seq,
      transcriptLength: depth,
      hiveSeqSeen: state.hiveSeqSeen,
      workspaceManifest: state.workspaceManifest,
      sectionHashes: state.sectionHashes,
    };
    // Ids are deterministic (same session history, same ids), unique by serial.
    const serial = Number(this.#meta("checkpoint_serial") ?? "0") + 1;
    this.#setMeta("checkpoint_serial", String(serial));
    const id = `cp-${state.step}-${contentKey(JSON.stringify({ ...body, serial })).slice(0, 12)}`;
    const manifest: CheckpointManifest = { id, ...body };
    this.checkpoints.insert(manifest, at);
    this.#setMeta("head", id);
    return manifest;
  }

  putRef(kept: KeptContent, kind: string, step: number): void {
    const hash = this.blobs.put(kept.content);
    this.#sql.exec(
      "INSERT OR IGNORE INTO refs (ref, hash, kind, bytes, step) VALUES (?, ?, ?, ?, ?)",
      kept.ref,
      hash,
      kind,
      new TextEncoder().encode(kept.content).byteLength,
      step,
    );
  }

  /** The row of a reference this session holds (its content may live in the origin). */
  ref(ref: string): RefRow | null {
    return (
      this.#sql
        .exec<RefRow>("SELECT ref, hash, kind, bytes, step FROM refs WHERE ref = ?", ref)
        .toArray()[0] ?? null
    );
  }

  /**
   * The bytes of data checkpoints and their restore rest on: blobs, transcript
   * rows, references, checkpoint rows and meta, counted column by column (SQLite's
   * page slack excluded; the trace excluded: it is observability, not state).
   */
  checkpointBytes(): number {
    const sum = (query: string) => this.#sql.exec<{ n: number | null }>(query).one().n ?? 0;
    return (
      sum("SELECT sum(length(hash) + 16 + coalesce(length(data), 0)) AS n FROM blobs") +
      sum("SELECT sum(length(hash) + 8 + length(data)) AS n FROM blob_chunks") +
      sum(
        "SELECT sum(40 + length(role) + coalesce(length(name), 0) + length(hash) + coalesce(length(extra), 0)) AS n FROM turns",
      ) +
      sum("SELECT count(*) * 16 AS n FROM lineage") +
      sum("SELECT sum(length(ref) + length(hash) + length(kind) + 16) AS n FROM refs") +
      sum(
        "SELECT sum(length(id) + coalesce(length(parent), 0) + coalesce(length(label), 0) + length(manifest_hash) + 24) AS n FROM checkpoints",
      ) +
      sum("SELECT sum(length(key) + length(value)) AS n FROM session_meta")
    );
  }

  refHashes(): string[] {
    return this.#sql
      .exec<{ hash: string }>("SELECT hash FROM refs")
      .toArray()
      .map((r) => r.hash);
  }
}
