// The workspace's typed errors and their HTTP statuses: every refusal carries a
// code, a message and a hint. Used by the Hive's workspace store and the gateway.
import type { PathErrorCode } from "../gatekeeper/paths.ts";
import { err, type Err, type Result } from "../base/result.ts";

export type WorkspaceErrorCode =
  | PathErrorCode
  | "PATH_IS_ROOT"
  | "FILE_TOO_LARGE"
  | "TOO_MANY_FILES"
  | "DUPLICATE_PATH"
  | "VERSION_CONFLICT"
  | "BASE_CHANGED"
  | "PATCH_NO_MATCH"
  | "PATCH_AMBIGUOUS"
  | "NOT_FOUND"
  | "NOT_TEXT"
  | "INVALID_REQUEST";

export type WorkspaceResult<T> = Result<T, WorkspaceErrorCode>;

export function wsErr(
  code: WorkspaceErrorCode,
  message: string,
  hint: string,
): Err<WorkspaceErrorCode> {
  return err(code, message, hint);
}
