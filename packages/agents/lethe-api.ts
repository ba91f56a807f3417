// How `lethe/agents` reaches Lethe from a developer's Worker: HTTP with a hive
// key over a service binding's fetch (or any fetch), through the one client core
// (shared/http-client/request.ts): failures are its LetheError, exported here as LetheAgentsError.
import { z } from "zod";
import { gatewayRequest, isLetheError, type LetheError } from "../../shared/http-client/request.ts";

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

/**
 * A typed failure of a Lethe call: the one client error (shared/http-client/request.ts)
 * under the name this package has always exported — the gateway's code, message,
 * hint and HTTP status.
 */
export { LetheError as LetheAgentsError } from "../../shared/http-client/request.ts";

export function isLetheAgentsError(error: unknown): error is LetheError {
  return isLetheError(error);
}

/** The identifier's state a refused compare-and-swap (VERSION_CONFLICT) carries. */
export interface LetheConflict {
  currentVersion: number;
  currentValue: unknown;
}

const ConflictBodySchema = z.object({
  conflict: z.object({
    currentVersion: z.number().int(),
    current: z.object({ value: z.unknown() }).nullable(),
  }),
});

/** Where the identifier is now, when `error` is a refused compare-and-swap; otherwise undefined. */
export function conflictOf(error: unknown): LetheConflict | undefined {
  if (!isLetheError(error)) {
    return undefined;
  }
  const parsed = ConflictBodySchema.safeParse(error.body);
  return parsed.success
    ? {
        currentVersion: parsed.data.conflict.currentVersion,
        currentValue: parsed.data.conflict.current?.value,
      }
    : undefined;
}

/** One JSON call to the gateway with the hive key; a non-2xx answer throws its typed error. */
export async function letheCall<T>(
  connection: LetheConnection,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const c = LetheConnectionSchema.parse(connection);
  const parsed = await gatewayRequest<T>(
    {
      url: c.origin,
      fetch: (input, init) => c.binding.fetch(input, init),
      credential: c.key,
      unreachableHint: "check the service binding to lethe-gateway in your wrangler config",
    },
    method,
    path,
    body,
  );
  // An empty answer is no value (the typed client hands back the text as it is).
  return (parsed === "" ? null : parsed) as T;
}
