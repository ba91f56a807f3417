// Checkpoint rows of a session: each points at its manifest blob; the manifest
// points at the state blob and page blobs. The `parent` column is the live chain
// (re-linked when retention removes a checkpoint).
import { contentKey } from "../../shared/base/hash.ts";
import {
  CheckpointManifestSchema,
  blobRefs,
  externalize,
  internalize,
  retainedCheckpoints,
  type CheckpointManifest,
  type CheckpointRow,
  type Json,
  type RetentionPolicy,
} from "../../shared/session/checkpoint.ts";
import type { BlobStore } from "../storage/blob-store.ts";
import type { TranscriptStore } from "./transcript-store.ts";

export const CHECKPOINT_SCHEMA = `
  CREATE TABLE checkpoints (
    ord INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    parent TEXT,
    step INTEGER NOT NULL,
    label TEXT,
    manifest_hash TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX checkpoints_label ON checkpoints (label) WHERE label IS NOT NULL;
`;

export type CheckpointSummary = {
  id: string;
  parent: string | null;
  step: number;
  label: string | null;
  at: number;
  ord: number;
};

export class CheckpointStore {
  readonly #sql: SqlStorage;
  readonly #blobs: BlobStore;

  constructor(sql: SqlStorage, blobs: BlobStore) {
    this.#sql = sql;
    this.#blobs = blobs;
  }

  insert(manifest: CheckpointManifest, at: number): void {
    // Externalised too: a manifest's page list is chunked like the state's lists.
    const skeleton = externalize(
      manifest as unknown as Json,
      (c) => this.#blobs.put(c),
      contentKey,
    );
    const hash = this.#blobs.put(JSON.stringify(skeleton));
    this.#sql.exec(
      "INSERT INTO checkpoints (id, parent, step, label, manifest_hash, at) VALUES (?, ?, ?, ?, ?, ?)",
      manifest.id,
      manifest.parent,
      manifest.step,
      manifest.label,
      hash,
      at,
    );
  }

  summary(id: string): CheckpointSummary | undefined {
    return this.#sql
      .exec<CheckpointSummary>(
        "SELECT id, parent, step, label, at, ord FROM checkpoints WHERE id = ?",
        id,
      )
      .toArray()[0];
  }

  manifest(id: string): CheckpointManifest | undefined {
    const row = this.#sql
      .exec<{ manifest_hash: string }>("SELECT manifest_hash FROM checkpoints WHERE id = ?", id)
      .toArray()[0];
    const text = row ? this.#blobs.text(row.manifest_hash) : null;
    return text === null ? undefined : this.#readManifest(text);
  }

  #readManifest(text: string): CheckpointManifest {
    return CheckpointManifestSchema.parse(
      internalize(JSON.parse(text) as Json, (hash) => this.#requireText(hash)),
    );
  }

  byLabel(label: string): CheckpointSummary | undefined {
    return this.#sql
      .exec<CheckpointSummary>(
        "SELECT id, parent, step, label, at, ord FROM checkpoints WHERE label = ? ORDER BY ord DESC LIMIT 1",
        label,
      )
      .toArray()[0];
  }

  /** A page of every checkpoint, newest first, before insertion order `before`. */
  list(before: number, limit: number): CheckpointSummary[] {
    return this.#sql
      .exec<CheckpointSummary>(
        "SELECT id, parent, step, label, at, ord FROM checkpoints WHERE ord < ? ORDER BY ord DESC LIMIT ?",
        before,
        limit,
      )
      .toArray();
  }

  /** The chain from `head` back to the first checkpoint (the timeline of the current branch). */
  chain(head: string, limit = Number.MAX_SAFE_INTEGER): CheckpointSummary[] {
    const out: CheckpointSummary[] = [];
    let cursor = this.summary(head);
    while (cursor && out.length < limit) {
      out.push(cursor);
      cursor = cursor.parent === null ? undefined : this.summary(cursor.parent);
    }
    return out;
  }

  /** The newest checkpoint of the branch ending at `head` whose step is <= `step`. */
  asOf(head: string, step: number): CheckpointSummary | undefined {
    let cursor = this.summary(head);
    while (cursor && cursor.step > step) {
      cursor = cursor.parent === null ? undefined : this.summary(cursor.parent);
    }
    return cursor;
  }

  #requireText(hash: string): string {
    const text = this.#blobs.text(hash);
    if (text === null) {
      // Marking must never treat a missing blob as unreferenced: abort the sweep.
      throw new Error(`blob ${hash} is missing`);
    }
    return text;
  }

  count(): number {
    return this.#sql.exec<{ n: number }>("SELECT count(*) AS n FROM checkpoints").one().n;
  }

  /**
   * Applies the retention policy: removes checkpoints it does not keep (re-linking
   * their children), then sweeps every blob that nothing kept refers to.
   */
  applyRetention(
    policy: RetentionPolicy,
    inUse: ReadonlySet<string>,
    transcript: TranscriptStore,
    liveRoots: Iterable<string>,
  ): { removedCheckpoints: number; removedTurns: number; removedBlobs: number } {
    const rows = this.#sql
      .exec<CheckpointRow>("SELECT id, step, label, ord FROM checkpoints")
      .toArray();
    const keep = retainedCheckpoints(rows, policy, inUse);
    let removed = 0;
    for (const row of rows) {
      if (keep.has(row.id)) {
        continue;
      }
      const summary = this.summary(row.id);
      this.#sql.exec(
        "UPDATE checkpoints SET parent = ? WHERE parent = ?",
        summary?.parent ?? null,
        row.id,
      );
      this.#sql.exec("DELETE FROM checkpoints WHERE id = ?", row.id);
      removed++;
    }
    // Mark: everything a kept checkpoint, the current lineage or a ref reaches.
    const live = new Set<string>(liveRoots);
    const positions: number[] = [];
    for (const { manifest_hash } of this.#sql
      .exec<{ manifest_hash: string }>("SELECT manifest_hash FROM checkpoints")
      .toArray()) {
      live.add(manifest_hash);
      const text = this.#blobs.text(manifest_hash);
      if (text === null) {
        continue;
      }
      blobRefs(JSON.parse(text) as Json, (hash) => this.#requireText(hash), live);
      const manifest = this.#readManifest(text);
      live.add(manifest.stateHash);
      manifest.pageRefs.forEach((p) => live.add(p));
      positions.push(manifest.transcriptPosition);
      const state = this.#blobs.text(manifest.stateHash);
      if (state !== null) {
        blobRefs(JSON.parse(state) as Json, (hash) => this.#requireText(hash), live);
      }
    }
    positions.push(transcript.head().seq);
    const removedTurns = transcript.retainReachable(positions, live);
    return { removedCheckpoints: removed, removedTurns, removedBlobs: this.#blobs.sweep(live) };
  }
}
