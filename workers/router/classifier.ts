// The router's classifier: the one model driver (shared/driver/factory.ts), role
// "router", in JSON mode at the router's temperature (0 by default), one attempt
// within ROUTER_MODEL_TIMEOUT_MS. Whichever model serves the router (an endpoint,
// Workers AI, the local stand-in) answers; any failure surfaces as a throw that
// routeStep turns into the keyword fallback.
import { modelDriver } from "../../shared/driver/factory.ts";
import type { Classifier } from "./route.ts";

/** A routing call is on every step's critical path: past this, keywords decide. */
export const ROUTER_MODEL_TIMEOUT_MS = 5_000;

export function modelClassifier(env: object): Classifier {
  // One attempt: a retry would double the step's latency; the fallback is cheap.
  const built = modelDriver(env, {
    overrides: { timeoutMs: ROUTER_MODEL_TIMEOUT_MS, maxAttempts: 1 },
  });
  return async (request) => {
    if (!built.ok) {
      throw new Error(`${built.code}: ${built.message}`);
    }
    const answer = await built.value.driver.call({
      role: "router",
      messages: request.messages,
      jsonMode: true,
    });
    if (!answer.ok) {
      throw new Error(`${answer.code}: ${answer.message}`);
    }
    return answer.value.content;
  };
}
