// The compressor's summariser: the Driver (role "compression", temperature 0.1 by
// default) the one factory builds from the Worker's environment: an
// OpenAI-compatible endpoint (LETHE_MODEL_BASE_URL), Workers AI (the AI binding),
// or the local stand-in behind the MODEL binding where it is allowed.
import type { SummariserIdentity } from "../../shared/compress/compress.ts";
import type { Driver } from "../../shared/driver/driver.ts";
import { modelDriver } from "../../shared/driver/factory.ts";
import { modelServing } from "../../shared/driver/serving.ts";
import type { Result } from "../../shared/base/result.ts";
import { ok } from "../../shared/base/result.ts";

/** The bindings the summariser may use (structural, so the generated Env fits). */
export interface SummariserEnv {
  MODEL: Fetcher;
  /** Workers AI, bound in production by `npm run deploy`. */
  AI?: unknown;
}

export function compressionDriver(
  env: SummariserEnv,
): Result<Driver, "INVALID_DRIVER_CONFIG" | "MODEL_NOT_CONFIGURED"> {
  const built = modelDriver(env);
  return built.ok ? ok(built.value.driver) : built;
}

/** Said with every summary the stand-in writes: what it can miss and how to get a real model. */
const STAND_IN_SUMMARY_NOTE =
  "the summary was written by the local stand-in (an extractive reader of structured key-values such as JSON, YAML, CSV, env lines and diffs, not a language model): it reads no prose, so values stated in prose stay behind their refs, and a value a later turn speaks of is shown as not settled rather than as current; every cut text stays reachable by its ref. For a real summariser bind Workers AI (AI) or set LETHE_MODEL_BASE_URL (and LETHE_MODEL_API_KEY, LETHE_MODEL)";

export function summariserIdentity(env: object, driver: Driver): SummariserIdentity {
  const serving = modelServing(env);
  const standIn = serving.ok && serving.value.standIn;
  return {
    model: compressionModel(driver),
    standIn,
    ...(standIn ? { note: STAND_IN_SUMMARY_NOTE } : {}),
  };
}

/** The model whose tokenizer counts a compression's tokens. */
export function compressionModel(driver: Driver): string {
  return driver.config.roles.compression.model;
}
