// The proxy's upstream model: the shared Driver configured from the gateway's
// LETHE_MODEL_* vars (the cluster's stand-in over the MODEL binding when no base
// URL is set), and its failures as OpenAI-style errors that never quote the
// upstream's body or key. Used by proxy/route.ts.
import { driverConfigFromEnv } from "../../../shared/driver/config.ts";
import { Driver } from "../../../shared/driver/driver.ts";
import type { CallFailure } from "../../../shared/driver/types.ts";
import type { ProxyError } from "./request.ts";

export function upstreamDriver(
  env: Env,
): { ok: true; driver: Driver } | { ok: false; error: ProxyError } {
  const record = env as unknown as Record<string, string | undefined>;
  const config = driverConfigFromEnv(record);
  if (!config.ok) {
    return {
      ok: false,
      error: {
        status: 500,
        type: "server_error",
        code: "upstream_misconfigured",
        message: "the proxy's upstream model is misconfigured",
        hint: "an operator must fix the gateway's LETHE_MODEL_* variables",
      },
    };
  }
  const external =
    typeof record.LETHE_MODEL_BASE_URL === "string" && record.LETHE_MODEL_BASE_URL !== "";
  const fetch = external
    ? undefined
    : (input: string | URL | Request, init?: RequestInit) =>
        env.MODEL.fetch(new Request(input, init));
  return { ok: true, driver: new Driver(config.value, fetch ? { fetch } : {}) };
}

/** A driver failure as the client sees it: status, type and a fixed message per cause. */
export function upstreamError(failure: CallFailure): ProxyError {
  const hint = "retry later; the conversation's stored state is unchanged";
  if (failure.code === "MODEL_TIMEOUT") {
    return {
      status: 504,
      type: "upstream_error",
      code: "upstream_timeout",
      message: "the upstream model did not answer in time",
      hint,
    };
  }
  if (failure.status === 429) {
    return {
      status: 429,
      type: "rate_limit_error",
      code: "upstream_rate_limited",
      message: "the upstream model is rate limited",
      hint,
    };
  }
  if (failure.code === "MODEL_HTTP_ERROR" && failure.status !== undefined && failure.status < 500) {
    return {
      status: 502,
      type: "upstream_error",
      code: "upstream_refused",
      message: `the upstream model refused the request (HTTP ${failure.status})`,
      hint: "an operator should check the proxy's upstream model name and key",
    };
  }
  if (failure.code === "MODEL_UNREACHABLE") {
    return {
      status: 502,
      type: "upstream_error",
      code: "upstream_unreachable",
      message: "the upstream model cannot be reached",
      hint,
    };
  }
  if (failure.code === "STREAM_INTERRUPTED" || failure.code === "EMPTY_CHOICES") {
    return {
      status: 502,
      type: "upstream_error",
      code: "upstream_incomplete",
      message: "the upstream model's answer was incomplete",
      hint,
    };
  }
  if (failure.code === "ANSWER_TOO_LARGE") {
    return {
      status: 502,
      type: "upstream_error",
      code: "upstream_too_large",
      message: "the upstream model's answer was too large",
      hint,
    };
  }
  return {
    status: 502,
    type: "upstream_error",
    code: "upstream_failed",
    message:
      failure.status === undefined
        ? "the upstream model failed"
        : `the upstream model failed (HTTP ${failure.status})`,
    hint,
  };
}
