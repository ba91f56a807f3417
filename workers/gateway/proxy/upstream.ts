// The proxy's upstream model: the Driver the one factory builds from the gateway's
// environment (an endpoint, Workers AI, or the stand-in where it is allowed), and
// its failures as OpenAI-style errors that never quote the upstream's body or key.
// Used by proxy/route.ts.
import type { Driver } from "../../../shared/driver/driver.ts";
import { modelDriver } from "../../../shared/driver/factory.ts";
import type { CallFailure } from "../../../shared/driver/types.ts";
import type { ProxyError } from "./request.ts";

export function upstreamDriver(
  env: Env,
): { ok: true; driver: Driver } | { ok: false; error: ProxyError } {
  const built = modelDriver(env);
  if (!built.ok) {
    return {
      ok: false,
      error: {
        status: 500,
        type: "server_error",
        code:
          built.code === "MODEL_NOT_CONFIGURED"
            ? "upstream_not_configured"
            : "upstream_misconfigured",
        message:
          built.code === "MODEL_NOT_CONFIGURED"
            ? "the proxy has no upstream model in production"
            : "the proxy's upstream model is misconfigured",
        hint:
          built.code === "MODEL_NOT_CONFIGURED"
            ? "an operator must bind Workers AI (AI) or set LETHE_MODEL_BASE_URL on the gateway"
            : "an operator must fix the gateway's LETHE_MODEL_* variables",
      },
    };
  }
  return { ok: true, driver: built.value.driver };
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
