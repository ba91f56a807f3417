// A session's past read back over RPC: checkpoints by id or label and their diff, the state and
// envelope at a step, transcript pages and the content behind a ref. Called by
// AgentSession's read methods; every answer is a Result value.
import { isRef } from "../../shared/context/refs.ts";
import { err, ok, type Result } from "../../shared/base/result.ts";
import {
  diffCheckpoints,
  type CheckpointDiff,
  type CheckpointManifest,
} from "../../shared/session/checkpoint.ts";
import type { SessionConfig } from "../../shared/session/config.ts";
import type { SessionState } from "../../shared/session/step.ts";
import { readHistory, renderEnvelope, type EnvelopeView } from "./envelope-view.ts";
import type { SessionStore } from "./session-store.ts";
import type { Turn } from "./transcript-store.ts";

/** What the reads need from the Durable Object: its store, name and blob reader. */
export interface SessionReader {
  store: SessionStore;
  name: string;
  text(hash: string): Promise<string | null>;
}

export function sessionMissing(name: string): Result<never, "NOT_FOUND"> {
  return err("NOT_FOUND", `no session ${name}`, "POST /v1/sessions creates one");
}

export function checkpointMissing(
  name: string,
  idOrLabel: string,
): Result<never, "CHECKPOINT_NOT_FOUND"> {
  return err(
    "CHECKPOINT_NOT_FOUND",
    `no checkpoint ${JSON.stringify(idOrLabel.slice(0, 80))} in session ${name}`,
    "list them with GET /v1/sessions/:id/checkpoints",
  );
}

/** A checkpoint by its id, else by its label. */
export function findCheckpoint(
  store: SessionStore,
  idOrLabel: string,
): CheckpointManifest | undefined {
  return (
    store.checkpoints.manifest(idOrLabel) ??
    store.checkpoints.manifest(store.checkpoints.byLabel(idOrLabel)?.id ?? "")
  );
}

/** A checkpoint by its id or label, or CHECKPOINT_NOT_FOUND naming it. */
export function manifestOf(
  store: SessionStore,
  name: string,
  idOrLabel: string,
): Result<CheckpointManifest, "CHECKPOINT_NOT_FOUND"> {
  const manifest = findCheckpoint(store, idOrLabel);
  return manifest ? ok(manifest) : checkpointMissing(name, idOrLabel);
}

/** What changed between two checkpoints (each by id or label). */
export function diffOf(
  store: SessionStore,
  name: string,
  a: string,
  b: string,
): Result<CheckpointDiff, "CHECKPOINT_NOT_FOUND"> {
  const from = manifestOf(store, name, a);
  if (!from.ok) {
    return from;
  }
  const to = manifestOf(store, name, b);
  return to.ok ? ok(diffCheckpoints(from.value, to.value)) : to;
}

/** The checkpoint of the current branch that closed step `step`. */
function atStep(store: SessionStore, step: number): CheckpointManifest | undefined {
  const head = store.head();
  const summary = head === null ? undefined : store.checkpoints.asOf(head, step);
  return summary ? store.checkpoints.manifest(summary.id) : undefined;
}

/**
 * The envelope the next model call gets, or (with `step`) the one the model got
 * after that step: rebuilt from the checkpoint's state and transcript lineage.
 */
export async function envelopeAt(
  host: SessionReader,
  config: SessionConfig,
  step?: number,
): Promise<Result<EnvelopeView, "CHECKPOINT_NOT_FOUND">> {
  if (step === undefined) {
    const history = await readHistory(host.store, host.text);
    return ok(await renderEnvelope(config, host.store.state(), history));
  }
  const manifest = atStep(host.store, step);
  if (!manifest) {
    return checkpointMissing(host.name, `step ${step}`);
  }
  const history = await readHistory(host.store, host.text, manifest.transcriptPosition);
  return ok(await renderEnvelope(config, host.store.stateOf(manifest), history));
}

/** "What did this agent know at step N": L1 and the hive sequence it had seen. */
export function stateAt(
  host: SessionReader,
  step: number,
): Result<
  { checkpoint: string; state: SessionState; transcriptLength: number },
  "NOT_FOUND" | "CHECKPOINT_NOT_FOUND"
> {
  if (host.store.head() === null) {
    return sessionMissing(host.name);
  }
  const manifest = atStep(host.store, step);
  if (!manifest) {
    return checkpointMissing(host.name, `step ${step}`);
  }
  return ok({
    checkpoint: manifest.id,
    state: host.store.stateOf(manifest),
    transcriptLength: manifest.transcriptLength,
  });
}

/** A page of the transcript (current branch), oldest first, after turn `after`. */
export async function transcriptPage(
  host: SessionReader,
  after: number,
  limit: number,
): Promise<{ turns: Turn[]; next: number | null }> {
  const rows = host.store.transcript.page(after, Math.min(Math.max(limit, 1), 500));
  const turns: Turn[] = [];
  for (const row of rows) {
    turns.push({ ...row, content: (await host.text(row.hash)) ?? "" });
  }
  const last = rows.at(-1);
  const more = last !== undefined && last.depth < host.store.transcript.head().depth;
  return { turns, next: more && last ? last.depth : null };
}

/** The content behind `ref:<key>`, only if this session (or its fork origin) holds it. */
export async function refContent(
  host: SessionReader,
  ref: string,
): Promise<
  Result<
    { ref: string; kind: string; step: number; content: string },
    "INVALID_REF" | "REF_NOT_FOUND"
  >
> {
  if (!isRef(ref)) {
    return err(
      "INVALID_REF",
      "references look like ref:<32 hex digits>",
      "copy the reference exactly",
    );
  }
  const row = host.store.ref(ref);
  const content = row ? await host.text(row.hash) : null;
  if (!row || content === null) {
    return err(
      "REF_NOT_FOUND",
      `session ${host.name} holds no ${ref}`,
      "references are per session",
    );
  }
  return ok({ ref, kind: row.kind, step: row.step, content });
}
