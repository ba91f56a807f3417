// The one HTTP client core every Lethe client sends through (the typed client
// `lethe/client`, `lethe/agents` over a service binding, the `lethe/langgraph`
// saver): one request with a bearer credential and a timeout, and one error
// class, LetheError, for a gateway refusal or a transport failure.
import { ErrorBodySchema } from "../base/errors.ts";

/** A gateway refusal or a transport failure: `code`, a one-line `message`, a `hint`. */
export class LetheError extends Error {
  override readonly name = "LetheError";
  readonly code: string;
  readonly hint: string;
  /** The HTTP status; undefined when no answer came (timeout, unreachable, no credential). */
  readonly status: number | undefined;
  /** The gateway's whole error body, for routes that add details (a firewall's line-numbered issues). */
  readonly body: unknown;
  constructor(code: string, message: string, hint: string, status?: number, body?: unknown) {
    super(message);
    this.code = code;
    this.hint = hint;
    this.status = status;
    this.body = body;
  }
}

/** Whether `error` is a LetheError (by name too: a bundle may hold a second copy of the class). */
export function isLetheError(error: unknown): error is LetheError {
  return (
    error instanceof LetheError ||
    (error instanceof Error &&
      error.name === "LetheError" &&
      typeof (error as { code?: unknown }).code === "string")
  );
}

/** A request body sent as it is (a firewall.yaml), not as JSON. */
export class TextBody {
  readonly text: string;
  readonly contentType: string;
  constructor(text: string, contentType: string) {
    this.text = text;
    this.contentType = contentType;
  }
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/** Where a request goes and how: the gateway's origin, a fetch, the bearer credential. */
export interface GatewayTarget {
  /** The gateway origin, without a trailing slash. */
  url: string;
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  credential?: string | undefined;
  /** Per request; a hung gateway must not hang the caller. */
  timeoutMs?: number;
  /** What to do when the gateway cannot be reached (a URL to fix, a binding to check). */
  unreachableHint?: string;
}

/** One JSON (or TextBody) request; a non-2xx answer throws a LetheError with the gateway's code. */
export async function gatewayRequest<T = unknown>(
  target: GatewayTarget,
  method: string,
  route: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const timeoutMs = target.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let response: Response;
  try {
    response = await target.fetch(`${target.url}${route}`, {
      method,
      headers: {
        ...(target.credential === undefined
          ? {}
          : { authorization: `Bearer ${target.credential}` }),
        ...(body === undefined
          ? {}
          : { "content-type": body instanceof TextBody ? body.contentType : "application/json" }),
        ...headers,
      },
      signal: AbortSignal.timeout(timeoutMs),
      ...(body === undefined
        ? {}
        : { body: body instanceof TextBody ? body.text : JSON.stringify(body) }),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError") {
      throw new LetheError(
        "TIMEOUT",
        `the gateway at ${target.url} did not answer within ${timeoutMs / 1_000}s`,
        "check the cluster's logs (npm start), then retry",
      );
    }
    throw new LetheError(
      "UNREACHABLE",
      `cannot reach the gateway at ${target.url}`,
      target.unreachableHint ?? "start the cluster with `npm start`, or pass --url <gateway>",
    );
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's error page): reported below with its status.
  }
  if (response.ok) {
    return parsed as T;
  }
  const error = ErrorBodySchema.safeParse(parsed);
  if (error.success) {
    const e = error.data.error;
    throw new LetheError(
      e.code,
      e.message,
      e.hint ?? "GET / lists the routes",
      response.status,
      parsed,
    );
  }
  throw new LetheError(
    `HTTP_${response.status}`,
    `HTTP ${response.status} from ${target.url}${route.split("?")[0] ?? ""}`,
    "is the URL a Lethe gateway?",
    response.status,
  );
}
