// The gateway's MCP endpoint (/mcp, Streamable HTTP): authenticates the hive key,
// bounds the request, and hands it to the session's McpSession Durable Object
// (a new one for an initialize without a session id). Sessions are named
// `<hive>.<uuid>`, so a key never reaches another hive's session.
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MCP_HIVE_HEADER, mcpRegistryName } from "../../../durable-objects/mcp-session.ts";
import { HIVE_KEY_PREFIX } from "../../../shared/hive/keys.ts";
import { SOCKET_KEY_HEADER } from "../../../shared/hive/messages.ts";
import { authorizeHive, presentedKey } from "../request/auth.ts";

/** Largest MCP request body (one JSON-RPC message or a batch). */
export const MCP_MAX_BODY_BYTES = 1024 * 1024;

function rpcError(
  c: Context,
  status: 400 | 401 | 404 | 413,
  code: string,
  message: string,
  hint: string,
): Response {
  return c.json(
    { jsonrpc: "2.0", id: null, error: { code: -32600, message, data: { code, message, hint } } },
    status,
    status === 401 ? { "www-authenticate": 'Bearer realm="lethe"' } : {},
  );
}

/** The hive a key names (`lethe_<hive>_<hex>`); authorizeHive then checks the key itself. */
function hiveOfKey(key: string): string | null {
  const end = key.lastIndexOf("_");
  return key.startsWith(HIVE_KEY_PREFIX) && end > HIVE_KEY_PREFIX.length
    ? key.slice(HIVE_KEY_PREFIX.length, end)
    : null;
}

async function forward(c: Context<{ Bindings: Env }>): Promise<Response> {
  const key = presentedKey(c);
  if (key === null) {
    return rpcError(
      c,
      401,
      "UNAUTHENTICATED",
      "the MCP endpoint needs a hive API key",
      "send Authorization: Bearer <hive key>; an admin creates keys with `lethe hive create <name>`",
    );
  }
  const hive = hiveOfKey(key);
  if (hive === null) {
    return rpcError(
      c,
      401,
      "INVALID_KEY",
      "the API key is not valid (unknown or revoked)",
      "check the key you copied when it was created, or ask an admin for a new one",
    );
  }
  const auth = await authorizeHive(c, hive);
  const presented = c.req.header("mcp-session-id");
  if (presented !== undefined && !presented.startsWith(`${hive}.`)) {
    return rpcError(
      c,
      404,
      "SESSION_NOT_FOUND",
      "Session not found",
      "initialize a new session with this key",
    );
  }
  const name = presented ?? `${hive}.${crypto.randomUUID()}`;
  const headers = new Headers(c.req.raw.headers);
  headers.set(MCP_HIVE_HEADER, hive);
  // The opening key's id, so a revoke of that key closes the session (routes/admin.ts).
  headers.set(SOCKET_KEY_HEADER, auth.keyId);
  headers.delete("authorization");
  return c.env.McpSession.getByName(name).fetch(new Request(c.req.raw, { headers }));
}

/** MCP's body limit, mounted by app.ts ahead of the input contract. */
export const mcpBodyLimit = bodyLimit({
  maxSize: MCP_MAX_BODY_BYTES,
  onError: (c) =>
    rpcError(
      c,
      413,
      "PAYLOAD_TOO_LARGE",
      `the request body exceeds ${MCP_MAX_BODY_BYTES} bytes`,
      "send large content as a workspace file and refer to it by path",
    ),
});

/** Closes every MCP session of `hive` opened with `keyId` (a revoke); returns how many. */
export function closeMcpKeySessions(env: Env, hive: string, keyId: string): Promise<number> {
  return env.McpSession.getByName(mcpRegistryName(hive)).closeKey(keyId);
}

export const mcp = new Hono<{ Bindings: Env }>().all("/", forward);
