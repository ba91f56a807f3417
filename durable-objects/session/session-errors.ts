// The codes an AgentSession refuses with over RPC; the gateway maps each to its
// HTTP status (workers/gateway/routes/results.ts).
export type SessionErrorCode =
  | "NOT_FOUND"
  | "SESSION_EXISTS"
  | "CHECKPOINT_NOT_FOUND"
  | "REF_NOT_FOUND"
  | "INVALID_REF"
  | "INVALID_STEP"
  | "FORK_TOO_DEEP"
  | "PAGER_REFUSED";
