// The `session.compact` job (the agent loop enqueues it when the transcript passes
// its threshold): read the session's transcript after its last compaction,
// summarise it with that compaction's bullets carried over, and hand the summary
// back with the job's id. The session keys it by the last summarised turn; a job
// that finds the session rolled back before its step does not even call the model,
// and a second delivery changes nothing. Throws only for transient faults (the queue retries).
import type { ChatMessage, ToolCall } from "../../shared/context/messages.ts";
import { loadTokenizer } from "../../shared/context/tokens.ts";
import { SUMMARY_MESSAGE_NAME } from "../../shared/compress/block.ts";
import { compressConversation } from "../../shared/compress/compress.ts";
import { createLogger } from "../../shared/base/log.ts";
import { SCRIPT_HEADER } from "../../shared/model/script.ts";
import type { SessionCompactJob } from "../../shared/queues.ts";
import type { SessionNamespace, SessionStub } from "./session-binding.ts";
import { redactedSummariser } from "./redacted-summariser.ts";
import { compressionDriver, compressionModel, type SummariserEnv } from "./summariser.ts";

const log = createLogger("compressor");
/** Transcript rows per read: AgentSession.transcript() pages hold at most 500. */
const TRANSCRIPT_PAGE = 500;

interface TurnRow {
  seq: number;
  depth: number;
  role: string;
  name: string | null;
  content: string;
  extra: string | null;
}

export interface CompactEnv extends SummariserEnv {
  AgentSession: SessionNamespace;
}

export type CompactOutcome = "applied" | "stale" | "refused" | "nothing" | "missing" | "invalid";

function toMessage(row: TurnRow): ChatMessage {
  const extra =
    row.extra === null
      ? {}
      : (JSON.parse(row.extra) as { toolCallId?: string; toolCalls?: ToolCall[] });
  const name = row.name === null ? {} : { name: row.name };
  switch (row.role) {
    case "system":
      return { role: "system", content: row.content, ...name };
    case "assistant":
      return {
        role: "assistant",
        content: row.content,
        ...name,
        ...(extra.toolCalls ? { tool_calls: extra.toolCalls } : {}),
      };
    case "tool":
      return { role: "tool", content: row.content, tool_call_id: extra.toolCallId ?? "" };
    default:
      return { role: "user", content: row.content, ...name };
  }
}

/** The transcript's turns after depth `from` (the last compaction's), oldest first. */
async function readTranscript(session: SessionStub, from: number): Promise<TurnRow[] | undefined> {
  const rows: TurnRow[] = [];
  let after = from;
  for (;;) {
    const page = await session.transcript(after, TRANSCRIPT_PAGE);
    if (!page.ok) {
      return undefined;
    }
    rows.push(...page.value.turns);
    if (page.value.next === null) {
      return rows;
    }
    after = page.value.next;
  }
}

export async function runCompactJob(
  job: SessionCompactJob,
  env: CompactEnv,
): Promise<CompactOutcome> {
  const session = env.AgentSession.getByName(job.session);
  const [state, described, earlier] = await Promise.all([
    session.state(),
    session.describe(),
    session.currentCompaction(),
  ]);
  if (!state.ok || !described.ok || !earlier.ok) {
    log.warn("compact.missing", { job: job.id, session: job.session });
    return "missing";
  }
  // Rolled back before the step the job was sent at: the history it was for is gone.
  if (state.value.step < job.basedOnStep) {
    log.info("compact.stale", {
      job: job.id,
      basedOnStep: job.basedOnStep,
      step: state.value.step,
    });
    return "stale";
  }
  // Incremental: the turns an applied compaction covers are not read again. Its
  // summary goes first and its bullets carry over (reduced with the new ones, a
  // newer value superseding a carried one), so each compaction costs the model only
  // the turns since the last one, not the whole history again.
  const covered = earlier.value?.depth ?? 0;
  const rows = await readTranscript(session, covered);
  if (rows === undefined) {
    return "missing";
  }
  const carried: ChatMessage[] =
    earlier.value === null
      ? []
      : [{ role: "user", name: SUMMARY_MESSAGE_NAME, content: earlier.value.summary }];
  const driver = compressionDriver(env);
  if (!driver.ok) {
    log.error("compact.config", { job: job.id, code: driver.code, message: driver.message });
    return "invalid";
  }
  const tokenizer = await loadTokenizer(compressionModel(driver.value));
  const script = described.value.config.script;
  const run = await compressConversation([...carried, ...rows.map(toMessage)], {
    tokenizer,
    client: redactedSummariser(driver.value),
    turnNumbers: [...carried.map(() => covered), ...rows.map((r) => r.depth)],
    ...(job.windowTokens === undefined ? {} : { windowTokens: job.windowTokens }),
    ...(job.budget === undefined ? {} : { budget: job.budget }),
    ...(script === undefined ? {} : { headers: { [SCRIPT_HEADER]: script } }),
  });
  if (!run.ok) {
    log.error("compact.input", { job: job.id, code: run.code, message: run.message });
    return "invalid";
  }
  if (run.value.method === "none") {
    return "nothing";
  }
  const { method, summary, kept, citations, report } = run.value;
  // The session keys the summary by the last turn it covers: that turn's seq as read here.
  const lastTurn = Math.max(...citations.map((c) => c.turn));
  // Only the carried summary was compressible: nothing new to summarise yet.
  if (lastTurn <= covered) {
    return "nothing";
  }
  const last = rows.find((r) => r.depth === lastTurn);
  if (last === undefined) {
    log.error("compact.citations", { job: job.id, lastTurn });
    return "invalid";
  }
  const applied = await session.applyCompaction(
    { basedOnStep: job.basedOnStep, method, summary, kept, citations, report },
    { job: job.id, seq: last.seq },
  );
  if (!applied.ok) {
    log.info("compact.refused", { job: job.id, code: applied.code, message: applied.message });
    return "refused";
  }
  log.info("compact.applied", {
    job: job.id,
    method,
    pre: report.pre_tokens,
    post: report.post_tokens,
    fallback: run.value.fallback?.code,
  });
  return "applied";
}
