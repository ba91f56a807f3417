// The meta-steward job of the `lethe-jobs` queue and its builders: one after each
// finished session (its id is fixed per session, so a re-sent job is one run) and one
// per hive on the cron. Called by AgentSession when a mission ends and by the
// compressor's scheduled handler.
import { z } from "zod";

/**
 * A meta-steward run for one hive: after a session finishes (`session` set) or
 * on the production cron. The id is the run's idempotency key in the Hive.
 */
export const MemoryStewardJobSchema = z.object({
  type: z.literal("memory.steward"),
  id: z.string().min(1).max(128),
  hive: z.string().min(1).max(63),
  session: z.string().min(1).max(128).optional(),
  trigger: z.enum(["session", "cron"]),
  sentAt: z.number(),
});

export type MemoryStewardJob = z.infer<typeof MemoryStewardJobSchema>;

export function sessionStewardJob(hive: string, session: string, now: number): MemoryStewardJob {
  return {
    type: "memory.steward",
    id: `steward:${session}`.slice(0, 128),
    hive,
    session,
    trigger: "session",
    sentAt: now,
  };
}

export function cronStewardJob(hive: string, scheduledTime: number): MemoryStewardJob {
  return {
    type: "memory.steward",
    id: `steward:cron:${hive}:${scheduledTime}`.slice(0, 128),
    hive,
    trigger: "cron",
    sentAt: scheduledTime,
  };
}
