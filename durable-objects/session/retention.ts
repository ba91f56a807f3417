// A session's retention and storage figures: old checkpoints, turns and blobs
// removed by the configured policy (never what the head, a fork or a ref needs),
// and the byte counts the checkpoint benchmark reads. Called by AgentSession.
import type { SessionStore } from "./session-store.ts";

/** Applies the retention policy in one transaction; an uncreated session removes nothing. */
export function retainSession(storage: DurableObjectStorage, store: SessionStore) {
  const config = store.config();
  const head = store.head();
  if (config === null || head === null) {
    return { removedCheckpoints: 0, removedTurns: 0, removedBlobs: 0 };
  }
  return storage.transactionSync(() =>
    store.checkpoints.applyRetention(
      config.retention,
      new Set([head, ...store.forkPins()]),
      store.transcript,
      store.refHashes(),
    ),
  );
}

/** Storage figures of a created session. */
export function storageFigures(storage: DurableObjectStorage, store: SessionStore) {
  return {
    blobBytes: store.blobs.totalBytes(),
    /** Bytes of every row that checkpoints and their restore need (the trace excluded). */
    checkpointBytes: store.checkpointBytes(),
    sqliteBytes: storage.sql.databaseSize,
    checkpoints: store.checkpoints.count(),
  };
}
