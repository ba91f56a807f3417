// The compressor's summariser: the Driver (role "compression", temperature 0.1 by
// default) configured from the Worker's LETHE_* vars. Without LETHE_MODEL_BASE_URL
// it calls the model through the MODEL service binding (the local endpoint);
// with it, over the network to that endpoint.
import { driverConfigFromEnv } from "../../shared/driver/config.ts";
import { Driver } from "../../shared/driver/driver.ts";
import type { SummariserIdentity } from "../../shared/compress/compress.ts";
import type { Result } from "../../shared/result.ts";
import { ok } from "../../shared/result.ts";

/** The bindings the summariser needs (structural, so the generated Env fits). */
export interface SummariserEnv {
  MODEL: Fetcher;
}

/** The Worker's string vars, the only ones driverConfigFromEnv reads. */
function vars(env: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

/** Without LETHE_MODEL_BASE_URL the summariser is the local endpoint behind the MODEL binding. */
function callsLocalModel(record: Record<string, string>): boolean {
  return record.LETHE_MODEL_BASE_URL === undefined;
}

export function compressionDriver(env: SummariserEnv): Result<Driver, "INVALID_DRIVER_CONFIG"> {
  const record = vars(env);
  const config = driverConfigFromEnv(record);
  if (!config.ok) {
    return config;
  }
  if (!callsLocalModel(record)) {
    return ok(new Driver(config.value));
  }
  return ok(
    new Driver(config.value, {
      fetch: (input, init) => env.MODEL.fetch(new Request(input, init)),
    }),
  );
}

/** Said with every summary the stand-in writes: what it can miss and how to get a real model. */
const STAND_IN_SUMMARY_NOTE =
  "the summary was written by the local stand-in (an extractive reader of structured key-values such as JSON, YAML, CSV, env lines and diffs, not a language model): it reads no prose, so values stated in prose stay behind their refs, and a value a later turn speaks of is shown as not settled rather than as current; every cut text stays reachable by its ref. For a real summariser set LETHE_MODEL_BASE_URL (and LETHE_MODEL_API_KEY, LETHE_MODEL)";

export function summariserIdentity(env: object, driver: Driver): SummariserIdentity {
  const standIn = callsLocalModel(vars(env));
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
