// The per-request wall budget (mounted first in app.ts): a request that has no
// response when its budget runs out is answered 504 REQUEST_BUDGET_EXCEEDED and
// the gateway stops waiting, so no client is held by a slow component.
import type { Context, MiddlewareHandler } from "hono";
import { z } from "zod";
import { STEP_WALL_BUDGET_MS } from "../../durable-objects/session/quarantine.ts";
import { errorBody } from "../../shared/base/errors.ts";
import { createLogger } from "../../shared/base/log.ts";

const log = createLogger("gateway");

/** Every route's budget unless a longer one is listed below. */
export const REQUEST_BUDGET_MS = 30_000;
/** Routes that wait on a model (the proxy, the stand-in, MCP tools): a long completion. */
export const MODEL_REQUEST_BUDGET_MS = 300_000;
/** A submitted step runs in the request: its own wall budget answers first, then this. */
export const STEP_REQUEST_BUDGET_MS = STEP_WALL_BUDGET_MS + 10_000;

/**
 * Operators may lower (or raise) the default budget with the var
 * LETHE_REQUEST_BUDGET_MS; clients cannot change it. Tests lower it to make
 * an ordinary request run out.
 */
const BudgetVarSchema = z.coerce.number().int().min(1).max(MODEL_REQUEST_BUDGET_MS);

/** Budgets by route: the first pattern that matches `METHOD path` wins. */
const LONG_ROUTES: ReadonlyArray<readonly [RegExp, number]> = [
  [/^POST \/v1\/sessions\/[^/]+\/steps$/, STEP_REQUEST_BUDGET_MS],
  [/^POST \/v1\/(?:model\/)?chat\/completions$/, MODEL_REQUEST_BUDGET_MS],
  [/^[A-Z]+ \/mcp(?:\/|$)/, MODEL_REQUEST_BUDGET_MS],
];

/** The wall budget of one request, in milliseconds. */
export function budgetFor(method: string, path: string, env: object): number {
  const configured = BudgetVarSchema.safeParse(Reflect.get(env, "LETHE_REQUEST_BUDGET_MS"));
  const fallback = configured.success ? configured.data : REQUEST_BUDGET_MS;
  const line = `${method} ${path}`;
  for (const [pattern, ms] of LONG_ROUTES) {
    if (pattern.test(line)) {
      return Math.max(ms, fallback);
    }
  }
  return fallback;
}

function exceeded(c: Context, ms: number): Response {
  return c.json(
    errorBody(
      "REQUEST_BUDGET_EXCEEDED",
      `the request did not finish within its ${ms} ms budget; the gateway stopped waiting`,
      "retry later; a write may or may not have been applied, so retry with the same idempotencyKey",
    ),
    504,
    { "retry-after": "1" },
  );
}

export const requestBudget: MiddlewareHandler<{ Bindings: Env }> = async (c, next) => {
  const path = new URL(c.req.url).pathname;
  const ms = budgetFor(c.req.method, path, c.env);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<"expired">((resolve) => {
    timer = setTimeout(() => resolve("expired"), ms);
  });
  // The handler's own errors become responses inside next(); Promise.race
  // observes a late rejection, so none surfaces once the budget has answered.
  const handled = next().then(() => "done" as const);
  const first = await Promise.race([handled, expired]);
  clearTimeout(timer);
  if (first === "done") {
    return;
  }
  log.warn("http.budget_exceeded", { method: c.req.method, path, budgetMs: ms });
  return exceeded(c, ms);
};
