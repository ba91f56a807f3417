import { TIMEOUT } from "./config.ts";
import { MAX_WAIT } from "./limits.ts";
import { shouldRetry } from "./retry.ts";

export async function fetchWithRetry(url: string): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetch(url, { signal: AbortSignal.timeout(Math.min(TIMEOUT, MAX_WAIT) * 1000) });
    } catch (error) {
      if (!shouldRetry(attempt)) {
        throw error;
      }
    }
  }
}
