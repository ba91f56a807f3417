// Payloads of the `lethe-jobs` queue. Consumers safeParse every body: a message
// may have been sent by an older deploy, and a bad one must not poison a batch.
import { z } from "zod";

/** Queue messages are capped at 128 KB by Cloudflare; jobs carry references, not payloads. */
export const MAX_JOB_BYTES = 120 * 1024;

export const HealthPingJobSchema = z.object({
  type: z.literal("health.ping"),
  id: z.string().min(1).max(128),
  sentAt: z.number(),
});

export const JobSchema = z.discriminatedUnion("type", [HealthPingJobSchema]);
export type Job = z.infer<typeof JobSchema>;
export type HealthPingJob = z.infer<typeof HealthPingJobSchema>;
