// A session's id carries its hive (`s-<hive>_<uuid>`), so the gateway, the MCP
// tools and the proxy check a key against a session without asking the session.
// Ids minted before this form (`s-<uuid>`, proxy ids) carry none and are looked up.
import { HIVE_NAME_PATTERN } from "../hive/name.ts";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const HIVE_SESSION_ID = new RegExp(`^s-(${HIVE_NAME_PATTERN.source.slice(1, -1)})_(${UUID})$`);

/** A fresh session id in `hive`: the only way the gateway and the MCP tools mint one. */
export function newSessionId(hive: string): string {
  return `s-${hive}_${crypto.randomUUID()}`;
}

/** The hive an id names, or null for an id without one (looked up instead). */
export function hiveOfSessionId(id: string): string | null {
  return HIVE_SESSION_ID.exec(id)?.[1] ?? null;
}
