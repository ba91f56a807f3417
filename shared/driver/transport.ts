// The driver's transport guards: a fetch wrapper that caps the bytes read from a
// response (and keeps them as the raw answer), error classification, and jittered
// backoff. Used by shared/driver/driver.ts around the openai client.

export type FetchFn = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export type DriverErrorCode =
  | "MODEL_TIMEOUT"
  | "MODEL_HTTP_ERROR"
  | "MODEL_UNREACHABLE"
  | "MODEL_ABORTED"
  | "EMPTY_CHOICES"
  | "ANSWER_TOO_LARGE"
  | "STREAM_INTERRUPTED";

/** What one attempt's fetch saw: bytes read, whether the cap tripped, the body's first bytes. */
export interface TransportState {
  bytes: number;
  tooLarge: boolean;
  timedOut: boolean;
  retryAfterMs: number | undefined;
  chunks: Uint8Array[];
}

export function newTransportState(): TransportState {
  return { bytes: 0, tooLarge: false, timedOut: false, retryAfterMs: undefined, chunks: [] };
}

/** The response body read so far, as text (the raw answer kept on failure; never past the cap). */
export function rawBody(state: TransportState): string {
  const all = new Uint8Array(state.chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of state.chunks) {
    all.set(c, at);
    at += c.length;
  }
  return new TextDecoder().decode(all);
}

function parseRetryAfter(value: string | null): number | undefined {
  if (value === null) {
    return undefined;
  }
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

/**
 * Wraps a fetch so that no more than `maxBytes` of a response body are ever
 * read: past the cap the body errors and `state.tooLarge` is set. A declared
 * Content-Length past the cap fails before reading anything.
 */
export function cappedFetch(inner: FetchFn, maxBytes: number, state: TransportState): FetchFn {
  return async (input, init) => {
    const response = await inner(input, init);
    state.retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
    const declared = Number(response.headers.get("content-length") ?? "0");
    if (declared > maxBytes) {
      state.tooLarge = true;
      await response.body?.cancel();
      throw new Error(`the response declares ${declared} bytes, over the ${maxBytes}-byte cap`);
    }
    const body = response.body;
    if (body === null) {
      return response;
    }
    const reader = body.getReader();
    const capped = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        state.bytes += value.byteLength;
        if (state.bytes > maxBytes) {
          state.tooLarge = true;
          await reader.cancel();
          controller.error(new Error(`the response exceeds the ${maxBytes}-byte cap`));
          return;
        }
        state.chunks.push(value);
        controller.enqueue(value);
      },
      async cancel(reason) {
        await reader.cancel(reason);
      },
    });
    return new Response(capped, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** The HTTP status of an openai client error, if the server answered at all. */
export function statusOf(error: unknown): number | undefined {
  if (error !== null && typeof error === "object" && "status" in error) {
    const status = (error as { status: unknown }).status;
    return typeof status === "number" ? status : undefined;
  }
  return undefined;
}

/** Rate limits and server errors are worth another attempt; other 4xx are the caller's to fix. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/**
 * Exponential backoff with "equal jitter": half the delay fixed, half random, so
 * concurrent sessions retrying after one overload do not hit the model together.
 * A server's Retry-After wins when it is within the ceiling.
 */
export function backoffMs(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number,
  retryAfterMs?: number,
): number {
  if (retryAfterMs !== undefined && retryAfterMs <= maxMs) {
    return retryAfterMs;
  }
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
