// The workspace's typed errors and their HTTP statuses: every refusal carries a
// code, a message and a hint. Used by the Hive's workspace store and the gateway.
import type { PathErrorCode } from "../gatekeeper/paths.ts";
import { err, type Err, type Result } from "../result.ts";

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

/** HTTP status of each code: bad input 400, missing 404, a lost race 409, too big 413. */
export const WORKSPACE_ERROR_STATUS: Readonly<
  Record<WorkspaceErrorCode, 400 | 404 | 409 | 413 | 415>
> = {
  PATH_EMPTY: 400,
  PATH_TOO_LONG: 400,
  PATH_CONTROL_CHARACTER: 400,
  PATH_BAD_ENCODING: 400,
  PATH_LOOKALIKE: 400,
  PATH_ABSOLUTE: 400,
  PATH_HOME: 400,
  PATH_TRAVERSAL: 400,
  PATH_BAD_SEGMENT: 400,
  PATH_OUTSIDE_ROOTS: 400,
  PATH_SENSITIVE: 400,
  PATH_IS_ROOT: 400,
  FILE_TOO_LARGE: 413,
  TOO_MANY_FILES: 413,
  DUPLICATE_PATH: 400,
  VERSION_CONFLICT: 409,
  BASE_CHANGED: 409,
  PATCH_NO_MATCH: 409,
  PATCH_AMBIGUOUS: 409,
  NOT_FOUND: 404,
  NOT_TEXT: 415,
  INVALID_REQUEST: 400,
};
