// Rollback covers files as well as conversation: the workspace files a session
// wrote after a checkpoint are written back as they were at the checkpoint's
// workspace version (or deleted when they did not exist then), as one new version.
import { err, ok, type Result } from "../../shared/base/result.ts";
import type { CheckpointManifest } from "../../shared/session/checkpoint.ts";

/** The workspace RPC target (Hive.workspace()) as rollback uses it. */
interface WorkspaceFiles {
  read(
    path: string,
    ref?: string | number,
  ): Promise<
    | { ok: true; value: { text: string | null; bytes: Uint8Array } }
    | { ok: false; code: string; message: string; hint?: string }
  >;
  write(request: {
    files: Array<
      | { path: string; content: string; encoding?: "utf8" | "base64" }
      | { path: string; delete: true }
    >;
    message?: string;
  }): Promise<{ ok: true } | { ok: false; code: string; message: string; hint?: string }>;
}

interface WorkspaceHive {
  workspace(): WorkspaceFiles;
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) {
    binary += String.fromCharCode(b);
  }
  return btoa(binary);
}

export async function restoreFiles(
  hive: WorkspaceHive,
  paths: readonly string[],
  version: string | null,
  message: string,
): Promise<Result<{ restored: number }, "RESTORE_FAILED">> {
  if (paths.length === 0) {
    return ok({ restored: 0 });
  }
  const files: Array<
    { path: string; content: string; encoding?: "utf8" | "base64" } | { path: string; delete: true }
  > = [];
  for (const path of paths) {
    const read = version === null ? null : await hive.workspace().read(path, version);
    if (read === null || (!read.ok && read.code === "NOT_FOUND")) {
      files.push({ path, delete: true });
    } else if (!read.ok) {
      return err(
        "RESTORE_FAILED",
        `cannot read ${path} at ${version}: ${read.message}`,
        read.hint ?? "retry the rollback",
      );
    } else {
      files.push(
        read.value.text === null
          ? { path, content: base64(read.value.bytes), encoding: "base64" }
          : { path, content: read.value.text },
      );
    }
  }
  const written = await hive.workspace().write({ files, message });
  return written.ok
    ? ok({ restored: files.length })
    : err(
        "RESTORE_FAILED",
        `restoring ${paths.join(", ")} failed: ${written.message}`,
        written.hint ?? "retry the rollback",
      );
}

/** True when the file's bytes now differ from its bytes at `version` (or it exists in one only). */
async function changedSince(
  hive: WorkspaceHive,
  path: string,
  version: string | null,
): Promise<boolean> {
  const now = await hive.workspace().read(path);
  const then = version === null ? null : await hive.workspace().read(path, version);
  if (now.ok !== (then?.ok ?? false)) {
    return true;
  }
  if (!now.ok || then === null || !then.ok) {
    return false;
  }
  const a = now.value.bytes;
  const b = then.value.bytes;
  return a.length !== b.length || a.some((byte, i) => byte !== b[i]);
}

/** What a rollback needs: the session's store and the hive whose workspace it wrote. */
export interface RollbackHost {
  store: {
    state(): { written: string[] };
    stateOf(manifest: CheckpointManifest): { written: string[] };
    rollback(manifest: CheckpointManifest): void;
  };
}

/**
 * Every rollback, whoever asks for it (a person, auto-fix, verify-first): the files
 * this session wrote after the checkpoint go back to that moment, then the
 * conversation and L1 do. A failed restore leaves both as they were.
 */
export async function rollbackWithFiles(
  host: RollbackHost,
  hive: WorkspaceHive,
  manifest: CheckpointManifest,
  message: string,
): Promise<Result<{ restored: number }, "RESTORE_FAILED">> {
  const since = host.store.state().written;
  const before = new Set(host.store.stateOf(manifest).written);
  // `written` is a set of paths: a file this session wrote both before and after the
  // checkpoint is in both, so it goes back when its bytes differ from the checkpoint's.
  const paths = since.filter((p) => !before.has(p));
  for (const path of since.filter((p) => before.has(p))) {
    if (await changedSince(hive, path, manifest.workspaceManifest)) {
      paths.push(path);
    }
  }
  const restored = await restoreFiles(hive, paths, manifest.workspaceManifest, message);
  if (restored.ok) {
    host.store.rollback(manifest);
  }
  return restored;
}
