// The hive's firewall.yaml: GET /v1/hives/:hive/firewall, PUT (the YAML text as the
// body, compiled by the gatekeeper before it is stored) and DELETE. Behind a hive key;
// every session of the hive admits its moves through the stored file (step/admit).
import { Hono, type Context } from "hono";
import { errorBody } from "../../../shared/errors.ts";
import { requireHiveKey, type AuthVariables } from "../request/auth.ts";

type FirewallEnv = { Bindings: Env; Variables: AuthVariables };

export const FIREWALL_ROUTES = {
  "GET /v1/hives/:hive/firewall": "the hive's firewall.yaml and its summary",
  "PUT /v1/hives/:hive/firewall": "replace it (body: the YAML text)",
  "DELETE /v1/hives/:hive/firewall": "remove it (moves are then admitted by grants alone)",
} as const;

const STATUS: Record<string, 400 | 413 | 500> = {
  FIREWALL_INVALID: 400,
  FIREWALL_TOO_LARGE: 413,
};

const stub = (c: Context<FirewallEnv>) => c.env.Hive.getByName(c.get("hiveKey").hive);

async function put(c: Context<FirewallEnv>, text: string | null): Promise<Response> {
  const set = await stub(c).setFirewall(text);
  if (set.ok) {
    return c.json({ firewall: set.value === null ? null : summary(set.value) });
  }
  const body = errorBody(set.code, set.message, set.hint);
  return c.json("issues" in set ? { ...body, issues: set.issues } : body, STATUS[set.code] ?? 500);
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
    const got = await stub(c).firewall();
    if (!got.ok) {
      return c.json(errorBody(got.code, got.message, got.hint), 500);
    }
    return c.json(
      got.value === null
        ? { firewall: null }
        : { firewall: summary(got.value), text: got.value.text },
    );
  })
  .put("/:hive/firewall", async (c) => put(c, await c.req.text()))
  .delete("/:hive/firewall", async (c) => put(c, null));
