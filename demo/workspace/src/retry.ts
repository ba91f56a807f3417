// How the fetcher retries a failed request.
export const RETRIES = 4;
export const BACKOFF = "exponential";

export function shouldRetry(attempt: number): boolean {
  return attempt < RETRIES;
}
