// The hive's firewall.yaml: GET /v1/hives/:hive/firewall, PUT (the YAML text as the
// body, compiled by the gatekeeper before it is stored) and DELETE. Behind a hive key;
// every session of the hive admits its moves through the stored file (step/admit).
import { Hono, type Context } from "hono";
import { keyedHive, requireHiveKey, type AuthVariables } from "../request/auth.ts";
import { unwrap } from "./results.ts";

type FirewallEnv = { Bindings: Env; Variables: AuthVariables };

export const FIREWALL_ROUTES = {
  "GET /v1/hives/:hive/firewall": "the hive's firewall.yaml and its summary",
  "PUT /v1/hives/:hive/firewall": "replace it (body: the YAML text)",
  "DELETE /v1/hives/:hive/firewall": "remove it (moves are then admitted by grants alone)",
} as const;

async function put(c: Context<FirewallEnv>, text: string | null): Promise<Response> {
  const set = unwrap(await keyedHive(c).setFirewall(text));
  return c.json({ firewall: set === null ? null : summary(set) });
}

function summary(f: {
  hash: string;
  defaultAction: string;
  ruleCount: number;
  askTimeoutMs: number;
  setAt: number;
}) {
  return {
    hash: f.hash,
    defaultAction: f.defaultAction,
    ruleCount: f.ruleCount,
    askTimeoutMs: f.askTimeoutMs,
    setAt: f.setAt,
  };
}

export const firewalls = new Hono<FirewallEnv>()
  .use("/:hive/firewall", requireHiveKey)
  .get("/:hive/firewall", async (c) => {
    // Reading the stored file fails only on the hive's side: 500 whatever its code.
    const got = unwrap(await keyedHive(c).firewall(), 500);
    return c.json(got === null ? { firewall: null } : { firewall: summary(got), text: got.text });
  })
  .put("/:hive/firewall", async (c) => put(c, await c.req.text()))
  .delete("/:hive/firewall", async (c) => put(c, null));
