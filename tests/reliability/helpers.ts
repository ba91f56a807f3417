// Shared by the reliability suite (tests/reliability): the run's scale (a
// bounded slice in `npm test`, the whole with `npm run test:reliability`), a
// cluster boot that tolerates a loaded machine, a request that classifies its
// answer (typed error, 5xx, hang), and the figures each test prints as
// `RELIABILITY <category> <json>` lines.
import { startCluster, type Cluster } from "../../harness/dev-server.ts";
import { E2E_ADMIN_TOKEN } from "../e2e/helpers.ts";

/** `npm run test:reliability` sets LETHE_RELIABILITY=full; CI runs the bounded slice. */
export const FULL = process.env.LETHE_RELIABILITY === "full";
/** One seed for every fast-check run, so a failure replays exactly. */
export const SEED = Number(process.env.LETHE_RELIABILITY_SEED ?? 17);
/** A boot took 47-66 s with a load average near 20 on 2 cores; the default 60 s wait is too short. */
const BOOT_TIMEOUT_MS = 240_000;

/**
 * A cluster on a free port with the e2e admin token (and any `vars`, such as a
 * model endpoint), waiting up to BOOT_TIMEOUT_MS to answer.
 */
export function bootReliabilityCluster(
  persistTo: string,
  vars: Record<string, string> = {},
): Promise<Cluster> {
  return startCluster({
    port: 0,
    persistTo,
    vars: { LETHE_ADMIN_TOKEN: E2E_ADMIN_TOKEN, ...vars },
    readyTimeoutMs: BOOT_TIMEOUT_MS,
  });
}

/** Longest a request may take before it counts as a hang. */
export const HANG_MS = 10_000;

export interface Outcome {
  status: number;
  /** 2xx, or 4xx with a typed `{error:{code,message,hint?}}` body. */
  typed: boolean;
  hang: boolean;
  code: string | null;
  ms: number;
}

export interface Tally {
  tried: number;
  ok: number;
  typedErrors: number;
  untyped: number;
  fiveXX: number;
  hangs: number;
  samples: string[];
}

export function newTally(): Tally {
  return { tried: 0, ok: 0, typedErrors: 0, untyped: 0, fiveXX: 0, hangs: 0, samples: [] };
}

export function count(tally: Tally, outcome: Outcome, what: string): void {
  tally.tried++;
  if (outcome.hang) {
    tally.hangs++;
  } else if (outcome.status >= 500) {
    tally.fiveXX++;
  } else if (outcome.status < 400) {
    tally.ok++;
  } else if (outcome.typed) {
    tally.typedErrors++;
  } else {
    tally.untyped++;
  }
  if ((outcome.hang || outcome.status >= 500 || !outcome.typed) && tally.samples.length < 10) {
    tally.samples.push(`${outcome.hang ? "HANG" : outcome.status} ${what.slice(0, 200)}`);
  }
}

/** Sends one request; never throws: a transport failure or timeout is a hang. */
export async function probe(
  url: string,
  init: RequestInit & { timeoutMs?: number } = {},
): Promise<Outcome> {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      ...init,
      signal: AbortSignal.timeout(init.timeoutMs ?? HANG_MS),
    });
    const text = await response.text();
    let code: string | null = null;
    let typed = response.status < 400;
    if (response.status >= 400) {
      try {
        const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
        code = typeof body.error?.code === "string" ? body.error.code : null;
        typed = code !== null && typeof body.error?.message === "string" && !/\n\s+at /.test(text);
      } catch {
        typed = false;
      }
    }
    return { status: response.status, typed, hang: false, code, ms: performance.now() - started };
  } catch {
    return { status: 0, typed: false, hang: true, code: null, ms: performance.now() - started };
  }
}

/** Prints one category's figures for the closing note. */
export function report(category: string, figures: object): void {
  console.log(`RELIABILITY ${category} ${JSON.stringify(figures)}`);
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) {
    return 0;
  }
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** A JSON request with a hive key; the status and the parsed body (`{ text }` when not JSON). */
export async function callJson(
  url: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = { text };
  }
  return { status: response.status, body: json };
}

/** Polls `url`/health every 250 ms until the returned stop is called; the slowest poll and the hangs. */
export function pollHealthUntilStopped(
  url: string,
): () => Promise<{ polls: number; slowestMs: number; hangs: number }> {
  let polling = true;
  const ms: number[] = [];
  let hangs = 0;
  const done = (async () => {
    while (polling) {
      const health = await probe(`${url}/health`, { timeoutMs: 10_000 });
      ms.push(health.ms);
      if (health.hang) {
        hangs++;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return async () => {
    polling = false;
    await done;
    return { polls: ms.length, slowestMs: Math.round(Math.max(0, ...ms)), hangs };
  };
}
