// The gateway's one way to turn an RPC `Result` into HTTP: `unwrap` returns the
// value or throws hono's HTTPException carrying the typed JSON error, which the
// one onError (errors.ts) sends. The HTTP status of every refusal code lives here.
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { errorBody } from "../../shared/errors.ts";
import type { HiveErrorCode } from "../../shared/hive/writes.ts";
import type { GraphErrorCode } from "../../shared/langgraph/wire.ts";
import type { MemoryErrorCode } from "../../shared/memory/schema.ts";
import type { Result } from "../../shared/result.ts";
import type { WorkspaceErrorCode } from "../../shared/workspace/errors.ts";
import type { SessionErrorCode } from "../../durable-objects/session/session-errors.ts";

/** Hive writes and reads: a lost race 409, a trimmed log 410, a reused key 422. */
const HIVE: Record<HiveErrorCode, ContentfulStatusCode> = {
  VERSION_CONFLICT: 409,
  NOT_FOUND: 404,
  NOT_ACTIVE: 409,
  IDEMPOTENCY_MISMATCH: 422,
  INVALID_REQUEST: 400,
  BEYOND_RETENTION: 410,
};

/** Workspace: bad input 400, missing 404, a lost race 409, too big 413, not text 415. */
const WORKSPACE: Record<WorkspaceErrorCode, ContentfulStatusCode> = {
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

/** LangGraph checkpoints. */
const GRAPH: Record<GraphErrorCode, ContentfulStatusCode> = {
  PARENT_NOT_FOUND: 404,
  CHECKPOINT_NOT_FOUND: 404,
  MISSING_CHUNKS: 409,
  BAD_CHUNK: 400,
  CHECKPOINT_CONFLICT: 409,
  TOO_LARGE: 413,
};

/** Long-term memory. */
const MEMORY: Record<MemoryErrorCode, ContentfulStatusCode> = {
  INVALID_REQUEST: 400,
  NOT_FOUND: 404,
  NOT_LATEST: 409,
  ALREADY_ROLLED_BACK: 409,
};

/** Sessions and their controls (start, pause, answer, restore). */
const SESSION: Record<SessionErrorCode, ContentfulStatusCode> &
  Record<string, ContentfulStatusCode> = {
  NOT_FOUND: 404,
  CHECKPOINT_NOT_FOUND: 404,
  REF_NOT_FOUND: 404,
  SESSION_EXISTS: 409,
  INVALID_REF: 400,
  INVALID_STEP: 400,
  PAGER_REFUSED: 422,
  FORK_TOO_DEEP: 422,
  NOT_STARTABLE: 409,
  NOT_PAUSED: 409,
  BAD_ANSWER: 400,
  WRONG_DECISION: 409,
  RESTORE_FAILED: 409,
};

/** Every refusal code's status; a code shared by subsystems means the same status in each. */
export const RESULT_STATUS: Readonly<Record<string, ContentfulStatusCode>> = {
  ...HIVE,
  ...WORKSPACE,
  ...GRAPH,
  ...MEMORY,
  ...SESSION,
};

/** A refusal the caller sends back as it is: `{error:{code,message,hint}}` plus any detail. */
export function refusal(
  status: ContentfulStatusCode,
  code: string,
  message: string,
  hint?: string,
  detail: Record<string, unknown> = {},
): HTTPException {
  const body = { ...errorBody(code, message, hint), ...detail };
  return new HTTPException(status, { message, res: Response.json(body, { status }) });
}

/** The value of a Result, or a thrown refusal with its code's status (400 when unlisted). */
export function unwrap<T>(result: Result<T, string> & { conflict?: unknown }): T {
  if (result.ok) {
    return result.value;
  }
  const detail = result.conflict === undefined ? {} : { conflict: result.conflict };
  throw refusal(
    RESULT_STATUS[result.code] ?? 400,
    result.code,
    result.message,
    result.hint,
    detail,
  );
}
