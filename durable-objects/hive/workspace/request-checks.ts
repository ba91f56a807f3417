// Checks of the workspace's RPC arguments: a zod failure as INVALID_REQUEST, a
// symbol name, a path within the roots, and a new configuration (roots, entries)
// over the current one. Used by workspace.ts and code-queries.ts.
import type { z } from "zod";
import { ok } from "../../../shared/base/result.ts";
import { wsErr, type WorkspaceResult } from "../../../shared/workspace/errors.ts";
import { workspaceFilePath, workspaceRoots } from "../../../shared/workspace/paths.ts";
import type { ConfigureRequest } from "../../../shared/workspace/requests.ts";
import type { WorkspaceConfig } from "./store.ts";

/** Names in structural queries: qualified identifiers, never text. */
const MAX_NAME_CHARS = 256;

export function invalid(error: z.ZodError, what: string) {
  const issue = error.issues[0];
  const where = issue?.path.join(".") || "(root)";
  return wsErr(
    "INVALID_REQUEST",
    `invalid ${what} at ${where}: ${issue?.message ?? "invalid"}`,
    "docs/workspace.md lists the fields and their limits",
  );
}

/** A symbol name of a structural query, or INVALID_REQUEST. */
export function checkName(name: unknown): WorkspaceResult<string> {
  return typeof name === "string" && name.length > 0 && name.length <= MAX_NAME_CHARS
    ? ok(name)
    : wsErr(
        "INVALID_REQUEST",
        "the name must be 1..256 characters",
        "pass a symbol name such as parseConfig or Greeter.greet",
      );
}

/** Whether a path lies within the workspace's roots: nothing outside them is listed, even by name. */
export function inRoots(path: string, roots: WorkspaceConfig["roots"]): boolean {
  return workspaceFilePath(path, roots).ok;
}

/** The configuration a request asks for, each entry checked against the (new) roots. */
export function nextConfig(
  request: ConfigureRequest,
  current: WorkspaceConfig,
): WorkspaceResult<WorkspaceConfig> {
  const roots = request.roots === undefined ? ok(current.roots) : workspaceRoots(request.roots);
  if (!roots.ok) {
    return roots;
  }
  const entries: string[] = [];
  for (const raw of request.entries ?? current.entries) {
    const path = workspaceFilePath(raw, roots.value);
    if (!path.ok) {
      return path;
    }
    entries.push(path.value);
  }
  return ok({ roots: roots.value, entries });
}
