// Which model a production deploy gives each role, decided by the runtime's own
// serving rule (shared/driver/serving.ts) on the bindings and settings the deploy
// writes: Workers AI by default, an OpenAI-compatible endpoint when
// LETHE_MODEL_BASE_URL is set, and the local stand-in never, unless
// --allow-stand-in says so (a demo). Used by scripts/lib/deploy/plan.ts.
import { MODEL_ROLES } from "../../../shared/driver/config.ts";
import {
  modelServing,
  STAND_IN_ALLOWED,
  type ModelServing,
} from "../../../shared/driver/serving.ts";

export interface ModelFlags {
  /** Deploy without the Workers AI binding (no `[ai]` in any config). */
  withoutWorkersAi: boolean;
  /** Let the deterministic stand-in answer in production (a demo, never by accident). */
  allowStandIn: boolean;
}

export interface ModelPlan {
  serving: ModelServing;
  /** Whether the production configs bind Workers AI (`[ai] binding = "AI"`). */
  workersAi: boolean;
  /** Vars every model caller gets on top of the environment's (LETHE_MODEL_STAND_IN). */
  vars: Record<string, string>;
}

export type ModelPlanResult =
  | { ok: true; plan: ModelPlan }
  | { ok: false; message: string; hint: string };

/**
 * The model plan of a production deploy: the serving rule asked about the
 * Workers as they will be deployed (LETHE_ENV = "production", `AI` bound unless
 * --without-workers-ai, the stand-in's MODEL binding always there).
 */
export function modelPlan(
  env: Readonly<Record<string, string | undefined>>,
  flags: ModelFlags,
): ModelPlanResult {
  const vars: Record<string, string> = flags.allowStandIn
    ? { LETHE_MODEL_STAND_IN: STAND_IN_ALLOWED }
    : {};
  // The allowance comes from the flag alone: a LETHE_MODEL_STAND_IN left in a shell is ignored.
  const settings = Object.fromEntries(
    Object.entries(env).filter(
      (e): e is [string, string] => typeof e[1] === "string" && e[0] !== "LETHE_MODEL_STAND_IN",
    ),
  );
  const deployed = {
    ...settings,
    ...vars,
    LETHE_ENV: "production",
    MODEL: { fetch: () => Promise.reject(new Error("never called")) },
    ...(flags.withoutWorkersAi
      ? {}
      : { AI: { run: () => Promise.reject(new Error("never called")) } }),
  };
  const serving = modelServing(deployed);
  if (!serving.ok) {
    return {
      ok: false,
      message: `no model would serve production: --without-workers-ai drops the Workers AI binding and LETHE_MODEL_BASE_URL is not set, so the router, the summariser and every agent step would be answered by the local stand-in (a deterministic test double, not a language model)`,
      hint: "drop --without-workers-ai (Workers AI is the default model), or set LETHE_MODEL_BASE_URL (and LETHE_MODEL_API_KEY, LETHE_MODEL) to an OpenAI-compatible endpoint; for a demo only, add --allow-stand-in",
    };
  }
  return { ok: true, plan: { serving: serving.value, workersAi: !flags.withoutWorkersAi, vars } };
}

/** One line per role for the deploy's log: the model and where it runs. */
export function describeModelPlan(plan: ModelPlan): string[] {
  const where: Record<ModelServing["source"], string> = {
    "workers-ai": "Workers AI (the AI binding)",
    endpoint: "the endpoint LETHE_MODEL_BASE_URL",
    "stand-in": "the local STAND-IN (--allow-stand-in: a demo, not a language model)",
  };
  return [
    `models served by ${where[plan.serving.source]}`,
    ...MODEL_ROLES.map((r) => `  ${r.padEnd(12)} ${plan.serving.models[r]}`),
  ];
}
