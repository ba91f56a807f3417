// Payloads of the `lethe-jobs` queue. Consumers safeParse every body: a message
// may have been sent by an older deploy, and a bad one must not poison a batch.
import { z } from "zod";
import { CompressBudgetSchema } from "./compress/budget.ts";
import { HiveEventSchema } from "./hive/writes.ts";
import { MemoryStewardJobSchema } from "./memory/steward-job.ts";

/** Queue messages are capped at 128 KB by Cloudflare; jobs carry references, not payloads. */
export const MAX_JOB_BYTES = 120 * 1024;

export const HealthPingJobSchema = z.object({
  type: z.literal("health.ping"),
  id: z.string().min(1).max(128),
  sentAt: z.number(),
});

/**
 * A run of a hive's events, in order, to mirror into D1 (hive_events and
 * hive_artifacts). Carries the rows themselves so the consumer needs no Hive
 * binding; the Hive packs them under MAX_JOB_BYTES.
 */
export const HiveMirrorJobSchema = z.object({
  type: z.literal("hive.mirror"),
  hive: z.string().min(1).max(63),
  events: z.array(HiveEventSchema).min(1),
});

/**
 * Background compaction of a session's history (the compressor's consumer): the
 * session id and the step it was at when the job was sent. The consumer reads the
 * transcript, summarises it and hands the summary back; the session refuses it
 * if it has moved past `basedOnStep`.
 */
export const SessionCompactJobSchema = z.object({
  type: z.literal("session.compact"),
  id: z.string().min(1).max(128),
  session: z.string().min(1).max(128),
  basedOnStep: z.number().int().min(0),
  /** The summariser's window in tokens; the compressor's default when absent. */
  windowTokens: z.number().int().min(256).max(2_000_000).optional(),
  /** What the compacted history may weigh: {tokens} or {ratio} of it (compressConversation's budget). */
  budget: CompressBudgetSchema.optional(),
  sentAt: z.number(),
});

export const JobSchema = z.discriminatedUnion("type", [
  HealthPingJobSchema,
  HiveMirrorJobSchema,
  SessionCompactJobSchema,
  MemoryStewardJobSchema,
]);
export type Job = z.infer<typeof JobSchema>;
export type HealthPingJob = z.infer<typeof HealthPingJobSchema>;
export type HiveMirrorJob = z.infer<typeof HiveMirrorJobSchema>;
export type SessionCompactJob = z.infer<typeof SessionCompactJobSchema>;
