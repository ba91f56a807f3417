// The gateway's HTTP API (hono). WebSocket upgrades are routed to the Durable
// Objects by partyserver; everything else is JSON with typed errors.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { errorBody } from "../../shared/errors.ts";
import { notFound, onError } from "./errors.ts";
import { gatherHealth } from "./health.ts";
import { requireHiveKey } from "./auth.ts";
import { admin } from "./routes/admin.ts";
import { hiveSocket, hives } from "./routes/hives.ts";
import { MEMORY_ROUTES, memory } from "./routes/memory.ts";
import { model } from "./routes/model.ts";
import { WORKSPACE_ROUTES, workspace } from "./routes/workspace.ts";
import { sessionSockets, sessions } from "./routes/sessions.ts";

/** Largest JSON body the API accepts; workspace uploads have their own limit. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

export const ROUTES = {
  "GET /": "this index",
  "GET /health": "each component's status, checked across its binding",
  "POST /v1/sessions": "create a session: {hive, mission, mode?, model?, persona?, stepBudget?}",
  "GET /v1/sessions/:id": "a session's configuration",
  "WS /parties/agent-session/:id": "watch a session (protocol: shared/protocol.ts)",
  "WS /parties/hive/:name": "follow a hive (protocol: shared/protocol.ts); hive key, ?since=<seq>",
  "POST /v1/admin/hives/:hive/keys": "create a hive API key (admin token); shown once",
  "GET /v1/admin/hives/:hive/keys": "list a hive's keys (admin token)",
  "DELETE /v1/admin/hives/:hive/keys/:id": "revoke a hive key (admin token)",
  "POST /v1/hives/:hive/commit": "atomic batch of writes {idempotencyKey, writes}",
  "POST /v1/hives/:hive/artifacts": "put {idempotencyKey, expectedVersion?, artifact}",
  "POST /v1/hives/:hive/retract":
    "retract {idempotencyKey, identifier, expectedVersion, reason, provenance}",
  "POST /v1/hives/:hive/supersede":
    "supersede {idempotencyKey, target, expectedVersion, replacement, reason}",
  "GET /v1/hives/:hive/artifacts": "list ?kind&tag&prefix&status&limit&after",
  "GET /v1/hives/:hive/artifacts/:identifier": "one artifact ?version",
  "GET /v1/hives/:hive/events": "changes ?since&limit",
  "GET /v1/hives/:hive/as-of": "what the hive knew ?seq | ?at",
  "GET /v1/hives/:hive/snapshot": "active artifacts and the seq they reflect",
  ...WORKSPACE_ROUTES,
  ...MEMORY_ROUTES,
} as const;

export const app = new Hono<{ Bindings: Env }>()
  .use(
    "/v1/*",
    bodyLimit({
      maxSize: MAX_JSON_BODY_BYTES,
      onError: (c) =>
        c.json(
          errorBody(
            "PAYLOAD_TOO_LARGE",
            `the request body exceeds ${MAX_JSON_BODY_BYTES} bytes`,
            "send large content as a workspace file and refer to it by path",
          ),
          413,
        ),
    }),
  )
  .get("/", (c) => c.json({ name: "lethe", routes: ROUTES }))
  .get("/health", async (c) => {
    const report = await gatherHealth(c.env);
    return c.json(report, report.ok ? 200 : 503);
  })
  .route("/v1/sessions", sessions)
  .route("/v1/admin", admin)
  .route("/v1/hives", workspace)
  .route("/v1/hives", hives)
  .route("/v1/hives", memory)
  .all("/parties/hive/:name", requireHiveKey, hiveSocket)
  .route("/parties/agent-session", sessionSockets)
  .route("/v1", model)
  // No other socket path: every party is reached only through its authenticated route.
  .notFound(notFound)
  .onError(onError);
