// Building meta-steward jobs: one after each finished session (its id is fixed
// per session, so a re-sent job is one run) and one per hive on the cron.
// Called by AgentSession when a mission ends and by the compressor's scheduled handler.
import type { MemoryStewardJob } from "../queues.ts";

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
