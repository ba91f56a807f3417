// The compressor Worker: token counting, pruning and summaries over typed RPC,
// and the consumer of the `lethe-jobs` queue.
import { WorkerEntrypoint } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import type { ChatMessage } from "../../shared/context/messages.ts";
import type { PruneResult, RetryError } from "../../shared/context/prune.ts";
import type { CompressionRun } from "../../shared/compress/compress.ts";
import type { SummariseOptions } from "../../shared/compress/rpc.ts";
import { queueReceipts } from "../../shared/db/schema.ts";
import { modelServing, roleServing } from "../../shared/driver/serving.ts";
import type { ComponentHealth } from "../../shared/health.ts";
import { createLogger, describeError } from "../../shared/base/log.ts";
import { JobSchema, type Job } from "../../shared/queues.ts";
import type { Result } from "../../shared/base/result.ts";
import { runCompactJob } from "./compact-job.ts";
import { writeMirrorJob } from "./mirror-job.ts";
import { runStewardJob } from "./steward-job.ts";
import { cronStewardJob } from "../../shared/memory/steward-job.ts";
import { countTokens, prune, summarise, type CountTokensValue, type RpcErrorCode } from "./rpc.ts";

const log = createLogger("compressor");
/** Seconds before a job that failed for a transient reason is delivered again. */
const RETRY_DELAY_SECONDS = 2;

export default class Compressor extends WorkerEntrypoint<Cloudflare.Env> {
  /** Liveness across the binding, including this Worker's own D1 binding. */
  async health(): Promise<ComponentHealth> {
    const row = await this.env.DB.prepare("SELECT 1 AS one").first<{ one: number }>();
    const serving = modelServing(this.env);
    return {
      component: "compressor",
      ok: row?.one === 1 && serving.ok,
      detail: {
        entrypoint: "Compressor",
        d1: row?.one === 1,
        ...roleServing(serving, "compression"),
      },
      ...(serving.ok ? {} : { error: serving.message }),
    };
  }

  /** Map-reduce summary of `messages` with cited turns behind refs; structural fallback when the model fails. */
  async summarise(
    messages: ChatMessage[],
    options: SummariseOptions = {},
  ): Promise<Result<CompressionRun, RpcErrorCode>> {
    return summarise(this.env, messages, options);
  }

  /** Exact token count of `text` with `model`'s encoding (o200k_base when unknown). */
  async countTokens(text: string, model?: string): Promise<Result<CountTokensValue, RpcErrorCode>> {
    return countTokens(text, model);
  }

  /** pruneForRetry over RPC: a failed step's messages shrunk for the auto-fix retry. */
  async prune(
    messages: ChatMessage[],
    error: RetryError,
    preset?: string,
  ): Promise<Result<PruneResult, RpcErrorCode>> {
    return prune(messages, error, preset);
  }

  override async fetch(): Promise<Response> {
    return Response.json(
      { error: { code: "NOT_PUBLIC", message: "the compressor is reached through the gateway" } },
      { status: 404 },
    );
  }

  /** The production cron: one meta-steward job per hive the D1 mirror knows. */
  override async scheduled(controller: ScheduledController): Promise<void> {
    const rows = await this.env.DB.prepare("SELECT DISTINCT hive FROM hive_events").all<{
      hive: string;
    }>();
    const jobs = rows.results.map((r) => ({
      body: cronStewardJob(r.hive, controller.scheduledTime),
    }));
    // sendBatch takes at most 100 messages.
    for (let i = 0; i < jobs.length; i += 100) {
      await this.env.JOBS.sendBatch(jobs.slice(i, i + 100));
    }
  }

  override async queue(batch: MessageBatch<unknown>): Promise<void> {
    for (const message of batch.messages) {
      const parsed = JobSchema.safeParse(message.body);
      if (!parsed.success) {
        // A body that does not parse will never parse: acking it keeps the batch
        // flowing, and the log keeps what was dropped.
        log.error("job.invalid", { id: message.id, issues: parsed.error.issues.length });
        message.ack();
        continue;
      }
      try {
        await this.#run(parsed.data);
        message.ack();
      } catch (error) {
        log.warn("job.retry", {
          id: message.id,
          attempts: message.attempts,
          ...describeError(error),
        });
        message.retry({ delaySeconds: RETRY_DELAY_SECONDS });
      }
    }
  }

  async #run(job: Job): Promise<void> {
    switch (job.type) {
      case "health.ping": {
        const db = drizzle(this.env.DB);
        await db
          .insert(queueReceipts)
          .values({ id: job.id, type: job.type, sentAt: job.sentAt, receivedAt: Date.now() })
          .onConflictDoNothing();
        return;
      }
      case "hive.mirror": {
        await writeMirrorJob(this.env.DB, job);
        return;
      }
      case "session.compact": {
        const outcome = await runCompactJob(job, this.env);
        // Every outcome is final (applied, stale, refused, nothing to do, gone): a
        // receipt records that the job ran; transient faults threw before this.
        const db = drizzle(this.env.DB);
        await db
          .insert(queueReceipts)
          .values({
            id: job.id,
            type: `${job.type}:${outcome}`,
            sentAt: job.sentAt,
            receivedAt: Date.now(),
          })
          .onConflictDoNothing();
        return;
      }
      case "memory.steward": {
        const outcome = await runStewardJob(job, this.env);
        // A refused run (invalid request) will refuse again; the receipt keeps its code.
        const db = drizzle(this.env.DB);
        await db
          .insert(queueReceipts)
          .values({
            id: job.id,
            type: `${job.type}:${outcome.ok ? (outcome.value.applied ? `v${outcome.value.version}` : "unchanged") : outcome.code}`,
            sentAt: job.sentAt,
            receivedAt: Date.now(),
          })
          .onConflictDoNothing();
        return;
      }
      default: {
        const unreachable: never = job;
        return unreachable;
      }
    }
  }
}
