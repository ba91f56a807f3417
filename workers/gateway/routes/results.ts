// The gateway's one way to turn an RPC `Result` into HTTP: `unwrap` returns the
// value or throws hono's HTTPException carrying the typed JSON error, which the
// one onError (errors.ts) sends. The HTTP status of every refusal code lives here.
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { errorBody } from "../../../shared/base/errors.ts";
import type { HiveErrorCode } from "../../../shared/hive/writes.ts";
import type { GraphErrorCode } from "../../../shared/langgraph/wire.ts";
import type { MemoryErrorCode } from "../../../shared/memory/schema.ts";
import type { Result } from "../../../shared/base/result.ts";
import type { WorkspaceErrorCode } from "../../../shared/workspace/errors.ts";
import type { CompressInputErrorCode } from "../../../shared/compress/errors.ts";
import type { FirewallSetErrorCode } from "../../../shared/hive/firewall.ts";
import type { RefStoreErrorCode } from "../../../durable-objects/hive/ref-store.ts";
import type { SessionErrorCode } from "../../../durable-objects/session/session-errors.ts";

/** Hive writes and reads: a lost race 409, a trimmed log 410, a reused key 422, a fixed shard count 409. */
const HIVE: Record<HiveErrorCode, ContentfulStatusCode> = {
  VERSION_CONFLICT: 409,
  NOT_FOUND: 404,
  NOT_ACTIVE: 409,
  IDEMPOTENCY_MISMATCH: 422,
  INVALID_REQUEST: 400,
  BEYOND_RETENTION: 410,
  INVALID_SHARDS: 400,
  SHARDS_FIXED: 409,
  BATCH_SPANS_SHARDS: 400,
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

/** The compressor's summarise RPC: bad input 400, a bad model setting 502, its own faults 500. */
const COMPRESS: Record<
  | "BAD_REQUEST"
  | CompressInputErrorCode
  | "INVALID_DRIVER_CONFIG"
  | "MODEL_NOT_CONFIGURED"
  | "ENCODING_NOT_BUNDLED"
  | "INTERNAL",
  ContentfulStatusCode
> = {
  BAD_REQUEST: 400,
  INVALID_MESSAGES: 400,
  INVALID_OPTIONS: 400,
  INVALID_BUDGET: 400,
  WINDOW_TOO_SMALL: 400,
  INVALID_DRIVER_CONFIG: 502,
  MODEL_NOT_CONFIGURED: 500,
  ENCODING_NOT_BUNDLED: 500,
  INTERNAL: 500,
};

/** The texts a compression cut, by ref: a ref whose text does not match is the store's fault. */
const REFS: Record<RefStoreErrorCode, ContentfulStatusCode> = {
  INVALID_REF: 400,
  REF_NOT_FOUND: 404,
  REF_MISMATCH: 500,
};

/** The hive's firewall.yaml: a file that does not compile 400, too big 413. */
const FIREWALL: Record<FirewallSetErrorCode, ContentfulStatusCode> = {
  FIREWALL_INVALID: 400,
  FIREWALL_TOO_LARGE: 413,
  INTERNAL: 500,
};

/** Every refusal code's status; a code shared by subsystems means the same status in each. */
export const RESULT_STATUS: Readonly<Record<string, ContentfulStatusCode>> = {
  ...HIVE,
  ...WORKSPACE,
  ...GRAPH,
  ...MEMORY,
  ...SESSION,
  ...COMPRESS,
  ...REFS,
  ...FIREWALL,
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

/** What a refusal carries beside its code: the winning version of a conflict, a file's issues. */
type RefusalDetail = { conflict?: unknown; issues?: unknown };

/**
 * The value of a Result, or a thrown refusal with its code's status (400 when
 * unlisted; `status` overrides it where the failure is the gateway's own, such
 * as storing what another service produced).
 */
export function unwrap<T>(
  result: Result<T, string> & RefusalDetail,
  status?: ContentfulStatusCode,
): T {
  if (result.ok) {
    return result.value;
  }
  const detail: RefusalDetail = {};
  if (result.conflict !== undefined) {
    detail.conflict = result.conflict;
  }
  if (result.issues !== undefined) {
    detail.issues = result.issues;
  }
  throw refusal(
    status ?? RESULT_STATUS[result.code] ?? 400,
    result.code,
    result.message,
    result.hint,
    detail,
  );
}
