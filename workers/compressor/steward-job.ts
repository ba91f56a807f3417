// The `memory.steward` job: replay the finished session's transcript for its
// failed strategies, then ask the hive's single writer to run the steward (it
// replays the session's artifacts itself). Throws only for transient faults.
import { transcriptCandidates, type ReplayTurn } from "../../shared/memory/extract.ts";
import type { MemoryResult, StewardOutcome } from "../../shared/memory/schema.ts";
import type { MemoryStewardJob } from "../../shared/memory/steward-job.ts";
import type { HiveNamespace, SessionNamespace } from "./session-binding.ts";

/** Transcript rows per read: AgentSession.transcript() pages hold at most 500. */
const TRANSCRIPT_PAGE = 500;
/** Turns replayed per session: a steward run reads a bounded transcript. */
const MAX_REPLAY_TURNS = 20_000;

export interface StewardEnv {
  AgentSession: SessionNamespace;
  Hive: HiveNamespace;
}

async function replay(env: StewardEnv, session: string): Promise<ReplayTurn[]> {
  const stub = env.AgentSession.getByName(session);
  const turns: ReplayTurn[] = [];
  let after = 0;
  while (turns.length < MAX_REPLAY_TURNS) {
    const page = await stub.transcript(after, TRANSCRIPT_PAGE);
    if (!page.ok) {
      break;
    }
    turns.push(...page.value.turns);
    if (page.value.next === null) {
      break;
    }
    after = page.value.next;
  }
  return turns;
}

export async function runStewardJob(
  job: MemoryStewardJob,
  env: StewardEnv,
): Promise<MemoryResult<StewardOutcome>> {
  const candidates =
    job.session === undefined
      ? []
      : transcriptCandidates(job.session, await replay(env, job.session), job.sentAt);
  const hive = env.Hive.getByName(job.hive);
  return hive.memory().run({
    jobId: job.id,
    writer: "meta-steward",
    reason:
      job.session === undefined
        ? "scheduled curation (cron)"
        : `session ${job.session} finished: its artifacts and failed strategies replayed`,
    trigger: job.trigger,
    ...(job.session === undefined ? {} : { session: job.session }),
    candidates,
  });
}
