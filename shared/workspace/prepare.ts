// Validates a write before the Hive commits it: each path canonical and inside
// the roots, no path twice, content decoded (base64) and classified (refused,
// stored-not-indexed, or indexed). Pure; called by the Hive's workspace store.
import { sha256Hex } from "../base/hash.ts";
import { ok } from "../base/result.ts";
import { classifyContent, type NotIndexedReason } from "./content.ts";
import { wsErr, type WorkspaceResult } from "./errors.ts";
import { workspaceFilePath } from "./paths.ts";
import type { FileWrite } from "./requests.ts";

/** A validated write, ready to commit: canonical path and classified content. */
export interface PreparedWrite {
  path: string;
  bytes: Uint8Array | null;
  hash: string | null;
  notIndexed: NotIndexedReason | null;
}

function decodeBase64(text: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    // atob throws on characters outside the base64 alphabet: a client error.
    return null;
  }
}

/** Canonical path and classified content of each file, or the first refusal. */
export function prepareWrites(
  files: readonly FileWrite[],
  roots: readonly string[],
): WorkspaceResult<PreparedWrite[]> {
  const seen = new Set<string>();
  const out: PreparedWrite[] = [];
  for (const file of files) {
    const path = workspaceFilePath(file.path, roots);
    if (!path.ok) {
      return path;
    }
    if (seen.has(path.value)) {
      return wsErr(
        "DUPLICATE_PATH",
        `${path.value} appears twice in one write`,
        "write each path once per request",
      );
    }
    seen.add(path.value);
    if ("delete" in file) {
      out.push({ path: path.value, bytes: null, hash: null, notIndexed: null });
      continue;
    }
    const raw = file.encoding === "base64" ? decodeBase64(file.content) : file.content;
    if (raw === null) {
      return wsErr(
        "INVALID_REQUEST",
        `${path.value}: content is not valid base64`,
        'send text with encoding "utf8"',
      );
    }
    const classified = classifyContent(raw);
    if (!classified.ok) {
      return wsErr(classified.code, `${path.value}: ${classified.message}`, classified.hint ?? "");
    }
    const { bytes, notIndexed } = classified.value;
    out.push({ path: path.value, bytes, hash: sha256Hex(bytes), notIndexed });
  }
  return ok(out);
}
