// How `lethe/agents` reaches Lethe from a developer's Worker: HTTP with a hive
// key over a service binding's fetch (or any fetch), answers parsed and
// failures raised as LetheAgentsError with the gateway's code and hint.
import { z } from "zod";

/** A service binding to the `lethe-gateway` Worker, or anything with its fetch. */
export interface LetheFetcher {
  fetch(input: string, init?: RequestInit): Promise<Response>;
}

export const LetheConnectionSchema = z.object({
  /** The binding (`env.LETHE`) or a fetch wrapper around a gateway URL. */
  binding: z.custom<LetheFetcher>(
    (v) => typeof v === "object" && v !== null && typeof (v as LetheFetcher).fetch === "function",
  ),
  hive: z.string().min(1),
  /** A key of `hive` (`lethe hive key` or POST /v1/admin/hives/:hive/keys). */
  key: z.string().min(1),
  /** The origin the binding's requests carry (a service binding ignores it). */
  origin: z.string().url().default("http://lethe"),
});
export type LetheConnection = z.input<typeof LetheConnectionSchema>;

const ErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), hint: z.string().optional() }),
});

/** A typed failure of a Lethe call: the gateway's code, message and hint, and the HTTP status. */
export class LetheAgentsError extends Error {
  readonly code: string;
  readonly hint: string;
  readonly status: number;
  constructor(code: string, message: string, hint: string, status = 0) {
    super(`${code}: ${message}`);
    this.name = "LetheAgentsError";
    this.code = code;
    this.hint = hint;
    this.status = status;
  }
}

export function isLetheAgentsError(error: unknown): error is LetheAgentsError {
  return error instanceof LetheAgentsError;
}

/** One JSON call to the gateway with the hive key; a non-2xx answer throws its typed error. */
export async function letheCall<T>(
  connection: LetheConnection,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const c = LetheConnectionSchema.parse(connection);
  let response: Response;
  try {
    response = await c.binding.fetch(`${c.origin}${path}`, {
      method,
      headers: { authorization: `Bearer ${c.key}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw new LetheAgentsError(
      "LETHE_UNREACHABLE",
      `${method} ${path} did not reach Lethe: ${error instanceof Error ? error.message : String(error)}`,
      "check the service binding to lethe-gateway in your wrangler config",
    );
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text.length === 0 ? null : JSON.parse(text);
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const failure = ErrorBodySchema.safeParse(parsed);
    throw failure.success
      ? new LetheAgentsError(
          failure.data.error.code,
          failure.data.error.message,
          failure.data.error.hint ?? "",
          response.status,
        )
      : new LetheAgentsError(
          "LETHE_HTTP_ERROR",
          `${method} ${path} answered ${response.status}`,
          "the gateway's answer was not a typed error: is the binding pointing at lethe-gateway?",
          response.status,
        );
  }
  return parsed as T;
}
