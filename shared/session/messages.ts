// AgentSession wire messages (watchers <-> AgentSession over the gateway's
// WebSocket). Composed into the one protocol in shared/protocol.ts; tags "session.*".
// Watchers receive step, page and checkpoint events; they can also ask for the
// state, label a checkpoint and roll back, with the same checks as the HTTP routes.
import { z } from "zod";
import { LABEL_PATTERN } from "./checkpoint.ts";

const CheckpointIdSchema = z.string().min(1).max(128);
const PageSummarySchema = z.object({
  id: z.string(),
  kind: z.string(),
  tokens: z.number(),
  pinned: z.boolean(),
});

export const SessionClientMessages = [
  z.object({ type: z.literal("session.ping"), nonce: z.string().max(128).optional() }),
  z.object({ type: z.literal("session.get_state") }),
  z.object({ type: z.literal("session.checkpoint"), label: z.string().regex(LABEL_PATTERN) }),
  z.object({ type: z.literal("session.rollback"), checkpoint: CheckpointIdSchema }),
  /** A person's answer to the pending question, or approve/deny of a firewall ASK. */
  z.object({
    type: z.literal("session.answer"),
    decision: z.enum(["approve", "deny"]).optional(),
    text: z.string().min(1).max(8_000).optional(),
    decisionId: z.string().min(1).max(200).optional(),
  }),
] as const;

export const SessionStateViewSchema = z.object({
  id: z.string(),
  step: z.number(),
  head: z.string().nullable(),
  status: z.string(),
  l1: z.object({ used: z.number(), capacity: z.number(), pages: z.array(PageSummarySchema) }),
  transcriptLength: z.number(),
  hiveSeqSeen: z.number(),
  /** A speculative session's quarantined files (paths only), while it holds any. */
  overlay: z.array(z.string()).optional(),
});
export type SessionStateView = z.infer<typeof SessionStateViewSchema>;

export const SessionServerMessages = [
  z.object({ type: z.literal("session.pong"), nonce: z.string().optional(), at: z.number() }),
  z.object({ type: z.literal("session.state"), state: SessionStateViewSchema }),
  z.object({
    type: z.literal("session.step"),
    step: z.number(),
    checkpoint: z.string(),
    turns: z.number(),
    l1: z.object({ used: z.number(), capacity: z.number() }),
  }),
  z.object({
    type: z.literal("session.paged"),
    step: z.number(),
    event: z.enum(["staged", "unstaged", "evicted", "pinned", "unpinned", "promoted", "purged"]),
    page: z.string(),
    ref: z.string().optional(),
  }),
  z.object({
    type: z.literal("session.checkpointed"),
    id: z.string(),
    step: z.number(),
    label: z.string().nullable(),
  }),
  z.object({ type: z.literal("session.rolled_back"), to: z.string(), step: z.number() }),
  /** The session paused for a person: a question, or a firewall ASK waiting for approve/deny. */
  z.object({
    type: z.literal("session.question"),
    kind: z.enum(["question", "decision"]),
    question: z.string(),
    decisionId: z.string().optional(),
    tool: z.string().optional(),
    args: z.string().optional(),
    expiresAt: z.number().optional(),
  }),
  /** The pending question was answered (by a person, or denied by its expiry). */
  z.object({
    type: z.literal("session.answered"),
    label: z.string(),
    decisionId: z.string().optional(),
  }),
] as const;
