// The one way a Worker builds its model driver: the serving rule
// (shared/driver/serving.ts) picks the source, and the Driver calls it through
// the `openai` client over that source's transport (the network for an
// endpoint, `AI.run` for Workers AI, the MODEL binding for the stand-in).
// Callers: the session's steps, the proxy, the router's classifier, the summariser.
import { err, ok, type Result } from "../base/result.ts";
import { driverConfigFromEnv, type DriverConfigInput, type SourceDefaults } from "./config.ts";
import { Driver } from "./driver.ts";
import { modelServing, settingsOf, type ModelServing, type ServingErrorCode } from "./serving.ts";
import type { FetchFn } from "./transport.ts";
import type { DriverDeps } from "./types.ts";
import { WORKERS_AI_BASE_URL, workersAiFetch, type WorkersAiBinding } from "./workers-ai.ts";

export interface ServedDriver {
  driver: Driver;
  serving: ModelServing;
}

export interface ModelDriverOptions {
  /** Usage recording, logger, clocks; `fetch` only reaches an endpoint (the network's fetch by default). */
  deps?: DriverDeps;
  /** Settings that beat the environment's (the router's one short attempt, say). */
  overrides?: Partial<DriverConfigInput>;
}

/** The stand-in's base URL: the gateway's path for it, reached here over the MODEL binding. */
const STAND_IN_BASE_URL = "http://lethe-model/v1";

/**
 * The driver of this Worker's model and which model serves each role. A bad
 * setting is INVALID_DRIVER_CONFIG; no model allowed here is MODEL_NOT_CONFIGURED.
 */
export function modelDriver(
  env: object,
  options: ModelDriverOptions = {},
): Result<ServedDriver, ServingErrorCode | "INVALID_DRIVER_CONFIG"> {
  const served = modelServing(env);
  if (!served.ok) {
    return served;
  }
  const serving = served.value;
  const bindings = env as { AI?: WorkersAiBinding; MODEL?: { fetch: FetchFn } };
  let defaults: SourceDefaults = { models: serving.models };
  let fetch: FetchFn | undefined = options.deps?.fetch;
  if (serving.source === "workers-ai" && bindings.AI) {
    defaults = { ...defaults, baseURL: WORKERS_AI_BASE_URL, apiKey: "workers-ai" };
    fetch = workersAiFetch(bindings.AI);
  } else if (serving.source === "stand-in" && bindings.MODEL) {
    const model = bindings.MODEL;
    defaults = { ...defaults, baseURL: STAND_IN_BASE_URL };
    fetch = (input, init) => model.fetch(new Request(input, init));
  }
  const config = driverConfigFromEnv(settingsOf(env), options.overrides, defaults);
  if (!config.ok) {
    return err(config.code, config.message, config.hint);
  }
  const deps: DriverDeps = { ...options.deps, ...(fetch ? { fetch } : {}) };
  return ok({ driver: new Driver(config.value, deps), serving });
}
