// Workspace file paths: the gatekeeper's normaliser (one normaliser for the whole
// project) plus the rule that a file path names a file, not the root. Called by
// the Hive's workspace store for every path it is given.
import { normalizeWorkspacePath } from "../gatekeeper/paths.ts";
import { ok } from "../base/result.ts";
import { wsErr, type WorkspaceResult } from "./errors.ts";

/** Default roots: the whole workspace. A hive may narrow them (configure()). */
export const DEFAULT_WORKSPACE_ROOTS: readonly string[] = ["."];

/** The canonical path of a file in the workspace, or the typed refusal. */
export function workspaceFilePath(raw: string, roots: readonly string[]): WorkspaceResult<string> {
  if (typeof raw !== "string") {
    return wsErr(
      "INVALID_REQUEST",
      "the path must be a string",
      "send paths as strings such as src/app.ts",
    );
  }
  const normalized = normalizeWorkspacePath(raw, roots);
  if (!normalized.ok) {
    return normalized;
  }
  if (normalized.value === ".") {
    return wsErr(
      "PATH_IS_ROOT",
      "the path names the workspace root, not a file",
      "name a file, such as src/app.ts",
    );
  }
  return ok(normalized.value);
}

/** Canonical roots for a configuration, refusing any root that is not itself a clean path. */
export function workspaceRoots(raw: readonly string[]): WorkspaceResult<string[]> {
  const out: string[] = [];
  for (const root of raw) {
    if (root === "." || root === "" || root === "/") {
      out.push(".");
      continue;
    }
    const normalized = normalizeWorkspacePath(root, ["."]);
    if (!normalized.ok) {
      return normalized;
    }
    out.push(normalized.value);
  }
  return out.length === 0
    ? wsErr("INVALID_REQUEST", "at least one root is needed", 'use ["."] for the whole workspace')
    : ok([...new Set(out)]);
}
