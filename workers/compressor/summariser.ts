// The compressor's summariser: the Driver (role "compression", temperature 0.1 by
// default) configured from the Worker's LETHE_* vars. Without LETHE_MODEL_BASE_URL
// it calls the model through the MODEL service binding (the local endpoint);
// with it, over the network to that endpoint.
import { driverConfigFromEnv } from "../../shared/driver/config.ts";
import { Driver } from "../../shared/driver/driver.ts";
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

export function compressionDriver(env: SummariserEnv): Result<Driver, "INVALID_DRIVER_CONFIG"> {
  const record = vars(env);
  const config = driverConfigFromEnv(record);
  if (!config.ok) {
    return config;
  }
  if (record.LETHE_MODEL_BASE_URL !== undefined) {
    return ok(new Driver(config.value));
  }
  return ok(
    new Driver(config.value, {
      fetch: (input, init) => env.MODEL.fetch(new Request(input, init)),
    }),
  );
}

/** The model whose tokenizer counts a compression's tokens. */
export function compressionModel(driver: Driver): string {
  return driver.config.roles.compression.model;
}
