// Observability routes: a hive's sessions, its metrics as Prometheus text (hive
// key) or JSON, every hive's metrics (admin token), and a session's metrics and
// OpenTelemetry spans (key of the session's hive). Figures come from the traces.
import { Hono, type Context } from "hono";
import { AppError } from "../../../shared/base/errors.ts";
import {
  gaugeSamples,
  metricSamples,
  PROMETHEUS_CONTENT_TYPE,
  renderPrometheus,
  type Sample,
} from "../../../shared/observe/prometheus.ts";
import { traceToSpans } from "../../../shared/observe/spans.ts";
import { sumMetrics } from "../../../shared/observe/trace-metrics.ts";
import { requireAdmin, requireHiveKey } from "../request/auth.ts";
import { openSession, sessionNotFound } from "../request/session-access.ts";
import {
  hiveFigures,
  knownHives,
  readTrace,
  sessionFigures,
  type SessionFigures,
} from "./observe-figures.ts";

type Bindings = { Bindings: Env };

function hiveSamples(hive: string, figures: readonly SessionFigures[]): Sample[] {
  return [
    ...metricSamples(sumMetrics(figures.map((f) => f.metrics)), { hive }),
    ...gaugeSamples(
      figures.map((f) => f.gauges),
      { hive },
    ),
  ];
}

function prometheus(c: Context, samples: readonly Sample[]): Response {
  return c.body(renderPrometheus(samples), 200, { "content-type": PROMETHEUS_CONTENT_TYPE });
}

function intQuery(c: Context, name: string, fallback: number, max: number): number {
  const raw = c.req.query(name);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isSafeInteger(value) || value < 1 || value > max) {
    throw new AppError("INVALID_QUERY", `${name} must be an integer from 1 to ${max}`, {
      status: 400,
      hint: `for example ?${name}=${Math.min(fallback, max)}`,
    });
  }
  return value;
}

/** Mounted under /v1/hives: the hive's sessions and metrics. */
export const hiveObserve = new Hono<Bindings>()
  .get("/:hive/sessions", requireHiveKey, async (c) => {
    const before = c.req.query("before");
    if (before !== undefined && (before.length > 300 || !before.startsWith("lethe.session/"))) {
      throw new AppError("INVALID_QUERY", "before must be the `next` of a previous page", {
        status: 400,
        hint: "omit ?before for the newest sessions",
      });
    }
    const page = await c.env.Hive.getByName(c.req.param("hive")).sessions(
      intQuery(c, "limit", 50, 500),
      before,
    );
    return c.json(page);
  })
  .get("/:hive/metrics", requireHiveKey, async (c) => {
    const hive = c.req.param("hive");
    const figures = await hiveFigures(c.env, hive);
    if (c.req.query("format") === "json") {
      return c.json({
        hive,
        sessions: figures.length,
        metrics: sumMetrics(figures.map((f) => f.metrics)),
        perSession: figures,
      });
    }
    return prometheus(c, hiveSamples(hive, figures));
  });

/** Mounted under /v1/admin: every hive's metrics, for the operator's scraper. */
export const adminObserve = new Hono<Bindings>().get("/metrics", requireAdmin, async (c) => {
  const samples: Sample[] = [];
  for (const hive of await knownHives(c.env.DB)) {
    samples.push(...hiveSamples(hive, await hiveFigures(c.env, hive)));
  }
  return prometheus(c, samples);
});

/** Mounted under /v1/sessions: one session's figures and spans. */
export const sessionObserve = new Hono<Bindings>()
  .get("/:id/metrics", async (c) => {
    const { id, hive, stub } = await openSession(c);
    const figures = await sessionFigures(stub, id);
    if (figures === null) {
      throw sessionNotFound();
    }
    return c.json({ hive, ...figures });
  })
  .get("/:id/steps", async (c) => {
    // The current branch, newest first, with L1 occupancy at each step (the dashboard's budget bars).
    const { stub } = await openSession(c);
    const timeline = await stub.timeline(intQuery(c, "limit", 30, 200));
    if (!timeline.ok) {
      throw sessionNotFound();
    }
    const steps = await Promise.all(
      timeline.value.map(async (cp) => {
        const at = await stub.asOf(cp.step);
        const pager = at.ok ? at.value.state.pager : null;
        return {
          step: cp.step,
          checkpoint: cp.id,
          label: cp.label,
          at: cp.at,
          l1: pager
            ? { used: pager.pages.reduce((t, p) => t + p.tokens, 0), capacity: pager.capacity }
            : null,
        };
      }),
    );
    return c.json({ steps });
  })
  .get("/:id/spans", async (c) => {
    const { id, hive, stub } = await openSession(c, { proxyConversations: true });
    const rows = await readTrace(stub);
    if (rows === null) {
      throw sessionNotFound();
    }
    return c.json(traceToSpans(id, hive, rows));
  });
