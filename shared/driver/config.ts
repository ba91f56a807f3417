// The driver's configuration, built from a plain environment-like record, so
// pointing Lethe at OpenAI, Ollama, vLLM or the local endpoint needs no code
// change. Read by whoever constructs a Driver (AgentSession, router, compressor, CLI).
import { z } from "zod";
import { err, ok, type Result } from "../base/result.ts";

export const MODEL_ROLES = ["router", "compression", "agent"] as const;
export type ModelRole = (typeof MODEL_ROLES)[number];

/** Issue 8: the router classifies (0.0), the compressor extracts (0.1), the agent explores a little (0.4). */
export const DEFAULT_TEMPERATURES: Readonly<Record<ModelRole, number>> = {
  router: 0.0,
  compression: 0.1,
  agent: 0.4,
};
/** The local cluster's gateway serves the deterministic endpoint (workers/model) under /v1/model. */
export const DEFAULT_BASE_URL = "http://127.0.0.1:8787/v1/model";
export const DEFAULT_MODEL = "lethe-local";
/** The local endpoint ignores keys; the openai client insists on a non-empty one. */
export const DEFAULT_API_KEY = "local";
/** Per attempt. A small local model answers a step in seconds; 60 s leaves room for a slow GPU. */
export const DEFAULT_TIMEOUT_MS = 60_000;
/** Three attempts: one retry rides out a blip, two a short overload; more only delays the step. */
export const DEFAULT_MAX_ATTEMPTS = 3;
/** First backoff; doubles per attempt (jittered), as OpenAI's rate-limit guide suggests. */
export const DEFAULT_RETRY_BASE_MS = 500;
/** Backoff ceiling, also the largest Retry-After we honour: a step must not stall for minutes. */
export const DEFAULT_RETRY_MAX_MS = 8_000;
/** Bytes read from one response: a move is a few KB; 1 MiB leaves room for a long final answer. */
export const DEFAULT_MAX_ANSWER_BYTES = 1024 * 1024;

export const RoleConfigSchema = z.strictObject({
  model: z.string().min(1).max(256),
  temperature: z.number().min(0).max(2),
});
export type RoleConfig = z.infer<typeof RoleConfigSchema>;

export const DriverConfigSchema = z.strictObject({
  baseURL: z.url({ protocol: /^https?$/ }),
  apiKey: z.string().min(1),
  roles: z.strictObject({
    router: RoleConfigSchema,
    compression: RoleConfigSchema,
    agent: RoleConfigSchema,
  }),
  timeoutMs: z.number().int().min(1).max(600_000),
  maxAttempts: z.number().int().min(1).max(10),
  retryBaseMs: z.number().int().min(0).max(60_000),
  retryMaxMs: z.number().int().min(0).max(120_000),
  maxAnswerBytes: z
    .number()
    .int()
    .min(1_024)
    .max(64 * 1024 * 1024),
  /** Extra headers on every request (e.g. the local endpoint's x-lethe-script). */
  headers: z.record(z.string(), z.string()).default({}),
});
export type DriverConfig = z.output<typeof DriverConfigSchema>;
export type DriverConfigInput = z.input<typeof DriverConfigSchema>;

/** The environment variables the driver reads, for docs and error hints. */
export const DRIVER_ENV_VARS = [
  "LETHE_MODEL_BASE_URL",
  "LETHE_MODEL_API_KEY",
  "LETHE_MODEL",
  ...MODEL_ROLES.map((r) => `LETHE_MODEL_${r.toUpperCase()}`),
  ...MODEL_ROLES.map((r) => `LETHE_TEMPERATURE_${r.toUpperCase()}`),
  "LETHE_MODEL_TIMEOUT_MS",
  "LETHE_MODEL_MAX_ATTEMPTS",
  "LETHE_MODEL_RETRY_BASE_MS",
  "LETHE_MODEL_RETRY_MAX_MS",
  "LETHE_MODEL_MAX_ANSWER_BYTES",
  "LETHE_MODEL_STAND_IN",
] as const;

export type EnvRecord = Readonly<Record<string, string | undefined>>;

function numberVar(env: EnvRecord, name: string, fallback: number): number {
  const text = env[name]?.trim();
  return text === undefined || text === "" ? fallback : Number(text);
}

/** A setting's value, or undefined when it is unset or blank (blank counts as unset everywhere). */
export function stringVar(env: EnvRecord, name: string): string | undefined {
  const text = env[name]?.trim();
  return text === undefined || text === "" ? undefined : text;
}

/** Where a source's defaults come from when the environment names none (shared/driver/factory.ts). */
export interface SourceDefaults {
  baseURL?: string;
  apiKey?: string;
  /** The model of each role when neither `LETHE_MODEL_<ROLE>` nor `LETHE_MODEL` is set. */
  models?: Readonly<Partial<Record<ModelRole, string>>>;
}

/** The model a role calls: `LETHE_MODEL_<ROLE>`, else `LETHE_MODEL`, else the source's default. */
export function roleModel(env: EnvRecord, role: ModelRole, fallback = DEFAULT_MODEL): string {
  return (
    stringVar(env, `LETHE_MODEL_${role.toUpperCase()}`) ?? stringVar(env, "LETHE_MODEL") ?? fallback
  );
}

/**
 * A validated DriverConfig from `LETHE_*` variables (process.env in Node, the
 * Worker's vars in workerd); every variable is optional and defaults to the
 * local endpoint, or to `defaults` (the source the factory chose). A bad value
 * is a typed error naming the variable.
 */
export function driverConfigFromEnv(
  env: EnvRecord,
  overrides: Partial<DriverConfigInput> = {},
  defaults: SourceDefaults = {},
): Result<DriverConfig, "INVALID_DRIVER_CONFIG"> {
  const role = (r: ModelRole): RoleConfig => ({
    model: roleModel(env, r, defaults.models?.[r] ?? DEFAULT_MODEL),
    temperature: numberVar(env, `LETHE_TEMPERATURE_${r.toUpperCase()}`, DEFAULT_TEMPERATURES[r]),
  });
  const input: DriverConfigInput = {
    baseURL: stringVar(env, "LETHE_MODEL_BASE_URL") ?? defaults.baseURL ?? DEFAULT_BASE_URL,
    apiKey: stringVar(env, "LETHE_MODEL_API_KEY") ?? defaults.apiKey ?? DEFAULT_API_KEY,
    roles: { router: role("router"), compression: role("compression"), agent: role("agent") },
    timeoutMs: numberVar(env, "LETHE_MODEL_TIMEOUT_MS", DEFAULT_TIMEOUT_MS),
    maxAttempts: numberVar(env, "LETHE_MODEL_MAX_ATTEMPTS", DEFAULT_MAX_ATTEMPTS),
    retryBaseMs: numberVar(env, "LETHE_MODEL_RETRY_BASE_MS", DEFAULT_RETRY_BASE_MS),
    retryMaxMs: numberVar(env, "LETHE_MODEL_RETRY_MAX_MS", DEFAULT_RETRY_MAX_MS),
    maxAnswerBytes: numberVar(env, "LETHE_MODEL_MAX_ANSWER_BYTES", DEFAULT_MAX_ANSWER_BYTES),
    ...overrides,
  };
  const unsendable = unsendableKeyCharacter(input.apiKey);
  if (unsendable !== undefined) {
    return err(
      "INVALID_DRIVER_CONFIG",
      `LETHE_MODEL_API_KEY: holds ${unsendable}, which an HTTP Authorization header cannot carry`,
      "set LETHE_MODEL_API_KEY to the whole key your provider gave you (printable ASCII); a placeholder such as sk-... or sk-… copied from the docs is not a key",
    );
  }
  const parsed = DriverConfigSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path ?? [];
    const variable = envVarFor(path);
    return err(
      "INVALID_DRIVER_CONFIG",
      `${variable}: ${issue?.message ?? "invalid value"}`,
      `fix ${variable} (the driver reads ${DRIVER_ENV_VARS.join(", ")})`,
    );
  }
  return ok(parsed.data);
}

/**
 * The first character of `key` a header value cannot carry (outside printable
 * ASCII: an ellipsis, a space, a control character), described with its code
 * point and position; undefined when every character can be sent.
 */
export function unsendableKeyCharacter(key: string): string | undefined {
  const index = [...key].findIndex((c) => !/^[\x21-\x7e]$/.test(c));
  if (index < 0) {
    return undefined;
  }
  const c = [...key][index] ?? "";
  const code = `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
  return `${JSON.stringify(c)} (${code}) at character ${index + 1}`;
}

/** The variable behind a config path, so an error names what the user typed. */
function envVarFor(path: readonly PropertyKey[]): string {
  const [head, roleName, field] = path.map(String);
  if (head === "roles" && roleName !== undefined) {
    return field === "temperature"
      ? `LETHE_TEMPERATURE_${roleName.toUpperCase()}`
      : `LETHE_MODEL_${roleName.toUpperCase()}`;
  }
  const names: Record<string, string> = {
    baseURL: "LETHE_MODEL_BASE_URL",
    apiKey: "LETHE_MODEL_API_KEY",
    timeoutMs: "LETHE_MODEL_TIMEOUT_MS",
    maxAttempts: "LETHE_MODEL_MAX_ATTEMPTS",
    retryBaseMs: "LETHE_MODEL_RETRY_BASE_MS",
    retryMaxMs: "LETHE_MODEL_RETRY_MAX_MS",
    maxAnswerBytes: "LETHE_MODEL_MAX_ANSWER_BYTES",
  };
  return names[head ?? ""] ?? (head || "config");
}
