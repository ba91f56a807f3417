// Forking a session from a checkpoint, copy-on-write: the child copies the
// checkpoint's manifest, its state and L1 page blobs and the transcript's row
// metadata; turn and reference contents stay in the origin and are read through it.
import { blobRefs, type CheckpointManifest, type Json } from "../../shared/session/checkpoint.ts";
import type { SessionConfig } from "../../shared/session/config.ts";
import { err, ok, type Result } from "../../shared/base/result.ts";
import { checkpointMissing, findCheckpoint } from "./checkpoint-reads.ts";
import type { SessionStore } from "./session-store.ts";
import type { TurnWithPrev } from "./transcript-store.ts";

/** Forks of forks resolve content through each ancestor; past this depth, refuse. */
export const MAX_FORK_DEPTH = 16;

export type RefRow = { ref: string; hash: string; kind: string; bytes: number; step: number };

export interface ForkExport {
  config: SessionConfig;
  manifest: CheckpointManifest;
  /** Blobs the child needs synchronously: the state skeleton and its page contents. */
  blobs: Record<string, string>;
  turns: TurnWithPrev[];
  refs: RefRow[];
  depth: number;
}

export function exportFork(
  store: SessionStore,
  manifest: CheckpointManifest,
  refs: RefRow[],
): ForkExport {
  const config = store.config();
  if (config === null) {
    throw new Error("session is not initialised");
  }
  const blobs: Record<string, string> = {};
  const skeleton = store.blobs.text(manifest.stateHash);
  if (skeleton === null) {
    throw new Error(`state blob ${manifest.stateHash} is missing`);
  }
  blobs[manifest.stateHash] = skeleton;
  for (const hash of blobRefs(JSON.parse(skeleton) as Json, (h) => store.requireText(h))) {
    const content = store.blobs.text(hash);
    if (content !== null) {
      blobs[hash] = content;
    }
  }
  return {
    config,
    manifest,
    blobs,
    turns: store.transcript.lineageOf(manifest.transcriptPosition),
    refs: refs.filter((r) => r.step <= manifest.step),
    depth: (store.origin()?.depth ?? 0) + 1,
  };
}

/** On the origin, for a new fork: pins the checkpoint and exports what the child copies. */
export function exportCheckpoint(
  store: SessionStore,
  name: string,
  idOrLabel: string,
): Result<ForkExport, "CHECKPOINT_NOT_FOUND" | "FORK_TOO_DEEP"> {
  const manifest = findCheckpoint(store, idOrLabel);
  if (!manifest) {
    return checkpointMissing(name, idOrLabel);
  }
  const depth = (store.origin()?.depth ?? 0) + 1;
  if (depth > MAX_FORK_DEPTH) {
    return err(
      "FORK_TOO_DEEP",
      `a fork ${depth} levels deep exceeds the limit of ${MAX_FORK_DEPTH}`,
      "fork from an earlier session in the chain",
    );
  }
  store.pinForFork(manifest.id);
  return ok(exportFork(store, manifest, store.refRows()));
}

/** Makes a new session a fork of `origin` at one of its checkpoints (AgentSession.forkFrom). */
export async function forkOf(
  env: Env,
  store: SessionStore,
  name: string,
  origin: string,
  idOrLabel: string,
): Promise<
  Result<
    CheckpointManifest,
    "SESSION_EXISTS" | "NOT_FOUND" | "CHECKPOINT_NOT_FOUND" | "FORK_TOO_DEEP"
  >
> {
  if (store.config() !== null) {
    return err("SESSION_EXISTS", `session ${name} already exists`, "fork into a new id");
  }
  const exported = await env.AgentSession.getByName(origin).exportFork(idOrLabel);
  if (!exported.ok) {
    return exported;
  }
  const fork = exported.value;
  return ok(
    store.adoptFork(fork, {
      session: origin,
      checkpoint: fork.manifest.id,
      depth: fork.depth,
    }),
  );
}

/** Content by hash: local, else through the fork origin (copy-on-write reads). */
export async function readThroughOrigin(
  env: Env,
  store: SessionStore,
  hash: string,
): Promise<string | null> {
  const local = store.blobs.text(hash);
  if (local !== null) {
    return local;
  }
  const origin = store.origin();
  return origin === null ? null : env.AgentSession.getByName(origin.session).readBlob(hash);
}
