// Who a proxy call is for: the hive its API key names (verified against D1) and the
// session it continues or starts (x-lethe-session). Used by route.ts and inspect.ts.
import type { Context } from "hono";
import { isAppError } from "../../../shared/base/errors.ts";
import { SESSION_ID_PATTERN } from "../../../shared/session/config.ts";
import { hiveOfSessionId } from "../../../shared/contracts/session-id.ts";
import { HIVE_KEY_PREFIX } from "../../../shared/hive/keys.ts";
import { authorizeHive, presentedKey } from "../request/auth.ts";
import { ProxyFailure, rpcFailure, type Bindings } from "./failure.ts";
import { SESSION_HEADER, invalidRequest } from "./request.ts";

/** The hive a key names (`lethe_<hive>_<random>`), verified against D1 by authorizeHive. */
export async function keyHive(c: Context<Bindings>): Promise<string> {
  const key = presentedKey(c);
  if (key === null) {
    throw new ProxyFailure({
      status: 401,
      type: "authentication_error",
      code: "missing_api_key",
      message: "the proxy needs a hive API key",
      hint: "pass the hive key as the OpenAI client's apiKey (Authorization: Bearer <key>)",
    });
  }
  const rest = key.startsWith(HIVE_KEY_PREFIX) ? key.slice(HIVE_KEY_PREFIX.length) : "";
  const hive = rest.slice(0, Math.max(0, rest.lastIndexOf("_")));
  try {
    await authorizeHive(c, hive.length > 0 ? hive : "invalid-key");
  } catch (error) {
    if (isAppError(error)) {
      throw new ProxyFailure({
        status: 401,
        type: "authentication_error",
        code: "invalid_api_key",
        message: "the API key is not valid (unknown or revoked)",
        hint: "use a hive key an admin created with `lethe hive create <name>`",
      });
    }
    throw error;
  }
  return hive;
}

export function sessionId(c: Context, hive: string): string {
  const given = c.req.header(SESSION_HEADER);
  if (given === undefined || given === "") {
    return `px-${crypto.randomUUID()}`;
  }
  if (!SESSION_ID_PATTERN.test(given)) {
    throw new ProxyFailure(
      invalidRequest(
        "invalid_session",
        `${SESSION_HEADER} must be letters, digits, '-' and '_' (up to 128)`,
        "omit the header to start a conversation; reuse the id the proxy returned",
      ),
    );
  }
  // An id naming a hive is that hive's alone: the session routes trust the name.
  const named = hiveOfSessionId(given);
  if (named !== null && named !== hive) {
    throw rpcFailure({ code: "FORBIDDEN_HIVE", message: "another hive's session id" });
  }
  return given;
}
