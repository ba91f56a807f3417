// Which model serves each role, and whether it is the local stand-in: the one rule
// every model caller follows (the session's steps, the proxy, the router, the
// compressor's summariser, /health). An OpenAI-compatible endpoint
// (LETHE_MODEL_BASE_URL) wins; else the Workers AI binding `AI`; else the local
// stand-in behind the MODEL binding, refused in production unless allowed.
import { err, ok, type Result } from "../base/result.ts";
import {
  DEFAULT_MODEL,
  MODEL_ROLES,
  roleModel,
  stringVar,
  type EnvRecord,
  type ModelRole,
} from "./config.ts";
import { isWorkersAiBinding } from "./workers-ai.ts";
import { WORKERS_AI_DEFAULTS } from "./workers-ai-models.ts";

export type ModelSource = "endpoint" | "workers-ai" | "stand-in";

export interface ModelServing {
  source: ModelSource;
  /** True when the deterministic local stand-in answers (not a language model). */
  standIn: boolean;
  /** The model each role calls. */
  models: Record<ModelRole, string>;
}

/** The value of LETHE_MODEL_STAND_IN that lets the stand-in answer in production (a demo). */
export const STAND_IN_ALLOWED = "allow";

export type ServingErrorCode = "MODEL_NOT_CONFIGURED";

/** A Worker's string settings: the only values the serving rule and the driver config read. */
export function settingsOf(env: object): EnvRecord {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

function hasFetch(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { fetch?: unknown }).fetch === "function"
  );
}

function modelsOf(settings: EnvRecord, defaults: Readonly<Record<ModelRole, string>>) {
  return Object.fromEntries(
    MODEL_ROLES.map((r) => [r, roleModel(settings, r, defaults[r])]),
  ) as Record<ModelRole, string>;
}

const LOCAL_MODELS: Readonly<Record<ModelRole, string>> = {
  router: DEFAULT_MODEL,
  compression: DEFAULT_MODEL,
  agent: DEFAULT_MODEL,
};

/**
 * Which model serves this Worker's calls. `env` is the Worker's environment: its
 * string settings, and the `AI` (Workers AI) and `MODEL` (the local stand-in)
 * bindings when it has them. In production (`LETHE_ENV = "production"`) the
 * stand-in answers only with `LETHE_MODEL_STAND_IN = "allow"`.
 */
export function modelServing(env: object): Result<ModelServing, ServingErrorCode> {
  const settings = settingsOf(env);
  const bindings = env as { AI?: unknown; MODEL?: unknown };
  if (stringVar(settings, "LETHE_MODEL_BASE_URL") !== undefined) {
    return ok({ source: "endpoint", standIn: false, models: modelsOf(settings, LOCAL_MODELS) });
  }
  if (isWorkersAiBinding(bindings.AI)) {
    return ok({
      source: "workers-ai",
      standIn: false,
      models: modelsOf(settings, WORKERS_AI_DEFAULTS),
    });
  }
  const production = stringVar(settings, "LETHE_ENV") === "production";
  const allowed = stringVar(settings, "LETHE_MODEL_STAND_IN") === STAND_IN_ALLOWED;
  if (production && !allowed) {
    return err(
      "MODEL_NOT_CONFIGURED",
      "no model serves this production Worker: neither LETHE_MODEL_BASE_URL nor the Workers AI binding AI is set, and the local stand-in is not a language model",
      'bind Workers AI ([ai] binding = "AI"; `npm run deploy` does) or set LETHE_MODEL_BASE_URL to an OpenAI-compatible endpoint; for a demo only, LETHE_MODEL_STAND_IN=allow lets the stand-in answer',
    );
  }
  if (!hasFetch(bindings.MODEL)) {
    return err(
      "MODEL_NOT_CONFIGURED",
      "no model serves this Worker: no LETHE_MODEL_BASE_URL, no Workers AI binding AI and no MODEL binding to the local stand-in",
      "set LETHE_MODEL_BASE_URL, bind Workers AI as AI, or bind the lethe-model Worker as MODEL",
    );
  }
  return ok({ source: "stand-in", standIn: true, models: modelsOf(settings, LOCAL_MODELS) });
}

/** One role's serving as flat scalars (a health detail survives RPC as plain values). */
export function roleServing(
  serving: Result<ModelServing, ServingErrorCode>,
  role: ModelRole,
): Record<string, string | boolean> {
  if (!serving.ok) {
    return { model: "none", modelSource: "none", standIn: false, modelError: serving.message };
  }
  return {
    model: serving.value.models[role],
    modelSource: serving.value.source,
    standIn: serving.value.standIn,
  };
}
