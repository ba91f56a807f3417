// GET /health: every component checked for real across its binding, in parallel,
// each under its own deadline so one stuck component cannot hang the answer.
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import journal from "../../migrations/meta/_journal.json" with { type: "json" };
import { queueReceipts } from "../../shared/db/schema.ts";
import { modelServing, roleServing } from "../../shared/driver/serving.ts";
import type { ComponentHealth, HealthReport, RoleModel } from "../../shared/health.ts";
import type { HealthPingJob } from "../../shared/queues.ts";

/** Deadline for a binding to answer; a local RPC takes a few ms. */
const CHECK_TIMEOUT_MS = 5_000;
/** The queue round trip waits for a batch to be delivered and consumed. */
const QUEUE_TIMEOUT_MS = 10_000;
const QUEUE_POLL_MS = 25;
/** The Durable Object instance that answers health checks for its class. */
const HEALTH_OBJECT_NAME = "lethe-health";

async function timed(
  component: string,
  timeoutMs: number,
  check: (signal: AbortSignal) => Promise<Omit<ComponentHealth, "component" | "latencyMs">>,
): Promise<ComponentHealth> {
  const started = performance.now();
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    const result = await Promise.race([check(abort.signal), deadline]);
    return { component, ...result, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return {
      component,
      ok: false,
      latencyMs: Math.round(performance.now() - started),
      error: error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(timer);
  }
}

function fromRemote(remote: ComponentHealth): Omit<ComponentHealth, "component" | "latencyMs"> {
  return { ok: remote.ok, ...(remote.detail ? { detail: remote.detail } : {}) };
}

async function checkD1(env: Env) {
  const expected = journal.entries.length;
  const row = await env.DB.prepare("SELECT count(*) AS n FROM d1_migrations").first<{
    n: number;
  }>();
  const applied = row?.n ?? 0;
  return applied >= expected
    ? { ok: true, detail: { migrationsApplied: applied, migrationsExpected: expected } }
    : {
        ok: false,
        detail: { migrationsApplied: applied, migrationsExpected: expected },
        error: "D1 migrations are missing: run `npm run db:migrate:local`",
      };
}

async function checkQueue(env: Env, signal: AbortSignal) {
  const job: HealthPingJob = { type: "health.ping", id: crypto.randomUUID(), sentAt: Date.now() };
  await env.JOBS.send(job);
  const db = drizzle(env.DB);
  while (!signal.aborted) {
    const rows = await db.select().from(queueReceipts).where(eq(queueReceipts.id, job.id)).limit(1);
    const receipt = rows[0];
    if (receipt) {
      return {
        ok: true,
        detail: {
          jobId: job.id,
          deliveredMs: receipt.receivedAt - receipt.sentAt,
          consumer: "compressor",
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, QUEUE_POLL_MS));
  }
  throw new Error("the queue round trip was abandoned");
}

export async function gatherHealth(env: Env): Promise<HealthReport> {
  const checks = await Promise.all([
    timed("router", CHECK_TIMEOUT_MS, async () => fromRemote(await env.ROUTER.health())),
    timed("gatekeeper", CHECK_TIMEOUT_MS, async () => fromRemote(await env.GATEKEEPER.health())),
    timed("compressor", CHECK_TIMEOUT_MS, async () => fromRemote(await env.COMPRESSOR.health())),
    timed("model", CHECK_TIMEOUT_MS, async () => fromRemote(await env.MODEL.health())),
    timed("AgentSession", CHECK_TIMEOUT_MS, async () =>
      fromRemote(await env.AgentSession.getByName(HEALTH_OBJECT_NAME).health()),
    ),
    timed("Hive", CHECK_TIMEOUT_MS, async () =>
      fromRemote(await env.Hive.getByName(HEALTH_OBJECT_NAME).health()),
    ),
    timed("d1", CHECK_TIMEOUT_MS, () => checkD1(env)),
    timed("queue", QUEUE_TIMEOUT_MS, (signal) => checkQueue(env, signal)),
  ]);
  const components = Object.fromEntries(checks.map((c) => [c.component, c]));
  // The agent's steps and the proxy call the model from this Worker; the router and
  // the summariser report their own (each Worker decides for itself).
  const agent = modelServing(env);
  const models = {
    router: roleModel(components.router?.detail),
    compression: roleModel(components.compressor?.detail),
    agent: roleModel(roleServing(agent, "agent")),
  };
  return { ok: checks.every((c) => c.ok) && agent.ok, components, models };
}

/** A role's model from a component's health detail (roleServing's flat fields). */
function roleModel(detail: ComponentHealth["detail"]): RoleModel {
  const source = detail?.modelSource;
  const known = source === "endpoint" || source === "workers-ai" || source === "stand-in";
  return {
    model: known && typeof detail?.model === "string" ? detail.model : null,
    source: known ? source : "none",
    standIn: detail?.standIn === true,
    ...(typeof detail?.modelError === "string" ? { error: detail.modelError } : {}),
  };
}
