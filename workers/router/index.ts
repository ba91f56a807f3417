// The router Worker: picks the tools a step needs by intent. Called by the
// gateway and AgentSession over a service binding with typed RPC; answers
// Result values, never thrown errors.
import { WorkerEntrypoint } from "cloudflare:workers";
import { modelServing, roleServing } from "../../shared/driver/serving.ts";
import type { ComponentHealth } from "../../shared/health.ts";
import { createLogger, describeError } from "../../shared/base/log.ts";
import { err, ok, type Result } from "../../shared/base/result.ts";
import { routeStep, RouteRequestSchema, type RouteDecision, type RouteRequest } from "./route.ts";
import { modelClassifier } from "./classifier.ts";

const log = createLogger("router");

export default class Router extends WorkerEntrypoint<Cloudflare.Env> {
  /** Liveness across the binding, and which model classifies intents here. */
  async health(): Promise<ComponentHealth> {
    const serving = modelServing(this.env);
    return {
      component: "router",
      ok: serving.ok,
      detail: { entrypoint: "Router", ...roleServing(serving, "router") },
      ...(serving.ok ? {} : { error: serving.message }),
    };
  }

  /** The domains and tool definitions for one step, and how they were chosen. */
  async route(request: RouteRequest): Promise<Result<RouteDecision, "BAD_REQUEST" | "INTERNAL">> {
    const parsed = RouteRequestSchema.safeParse(request);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return err(
        "BAD_REQUEST",
        `invalid route request at ${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "unknown"}`,
        "send { intent: string, domains?: string[] }",
      );
    }
    try {
      const decision = await routeStep(parsed.data, modelClassifier(this.env));
      if (decision.fallback) {
        log
          .with(parsed.data.context ?? {})
          .info("route.fallback", { method: decision.method, code: decision.fallback.code });
      }
      return ok(decision);
    } catch (error) {
      log.error("route.failed", describeError(error));
      return err(
        "INTERNAL",
        "the router failed to route this step",
        "retry; the step can also run with all tools",
      );
    }
  }

  override async fetch(): Promise<Response> {
    return Response.json(
      { error: { code: "NOT_PUBLIC", message: "the router is reached through the gateway" } },
      { status: 404 },
    );
  }
}
