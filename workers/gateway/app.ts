// The gateway's HTTP API (hono). WebSocket upgrades are routed to the Durable
// Objects by partyserver; everything else is JSON with typed errors.
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { errorBody } from "../../shared/base/errors.ts";
import { notFound, onError } from "./errors.ts";
import { gatherHealth } from "./health.ts";
import { requireHiveKey } from "./request/auth.ts";
import { inputContract } from "./contracts.ts";
import { admin } from "./routes/admin.ts";
import { COMPRESS_ROUTES, compress } from "./routes/compress.ts";
import { FIREWALL_ROUTES, firewalls } from "./routes/firewall.ts";
import { hiveSocket, hives } from "./routes/hives.ts";
import { model, modelRoot } from "./routes/model.ts";
import { proxy, proxyBodyLimit } from "./proxy/route.ts";
import { MEMORY_ROUTES, memory } from "./routes/memory.ts";
import { ADMIN_MEMORY_ROUTES, memoryAdmin } from "./routes/memory-admin.ts";
import { WORKSPACE_ROUTES, workspace } from "./routes/workspace.ts";
import { sessionSockets, sessions } from "./routes/sessions.ts";
import { adminObserve, hiveObserve, sessionObserve } from "./routes/observe.ts";
import { requestLog } from "./request-log.ts";
import { requestBudget } from "./budget.ts";
import { LANGGRAPH_ROUTES, langgraph } from "./routes/langgraph.ts";
import { mcp, mcpBodyLimit } from "./mcp/route.ts";

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
  "GET /v1/hives/:hive/as-of": "what the hive knew ?seq | ?at (sharded: seq=0:12,1:7)",
  "GET /v1/hives/:hive/snapshot": "active artifacts and the seq they reflect",
  "POST /v1/hives/:hive/mirror/reconcile":
    "read the D1 mirror back, re-send missing events: {sent, confirmed, resent} (sharded: shards[])",
  ...WORKSPACE_ROUTES,
  ...COMPRESS_ROUTES,
  "GET /v1/hives/:hive/sessions": "the hive's sessions, newest first ?limit&before",
  "GET /v1/hives/:hive/metrics": "the hive's metrics, Prometheus text (?format=json for JSON)",
  "GET /v1/admin/metrics": "every hive's metrics, Prometheus text (admin token)",
  "GET /v1/sessions/:id/metrics": "a session's figures, recounted from its trace",
  "GET /v1/sessions/:id/steps": "the current branch's steps with L1 occupancy ?limit",
  "GET /v1/sessions/:id/spans": "a session's trace as OpenTelemetry JSON spans",
  "GET /dashboard/": "the dashboard (sign in with a hive key)",
  "POST /v1/chat/completions":
    "the context-managing proxy: OpenAI Chat Completions with a hive key; x-lethe-session",
  "POST /v1/model/chat/completions":
    "the local model stand-in (hive key); also /v1/model/embeddings, /v1/embeddings, /v1/models",
  ...LANGGRAPH_ROUTES,
  "POST|GET|DELETE /mcp":
    "MCP server (Streamable HTTP, hive key): artifacts, workspace, sessions; artifacts as resources",
  ...FIREWALL_ROUTES,
  ...MEMORY_ROUTES,
  ...ADMIN_MEMORY_ROUTES,
} as const;

const jsonBodyLimit = bodyLimit({
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
});

/** The body limit of a /v1 route: the proxy takes whole histories (32 MB), every other route 1 MB. */
const apiBodyLimit: MiddlewareHandler<{ Bindings: Env }> = (c, next) =>
  new URL(c.req.url).pathname === "/v1/chat/completions"
    ? proxyBodyLimit(c, next)
    : jsonBodyLimit(c, next);

export const app = new Hono<{ Bindings: Env }>()
  .use("*", requestLog)
  .use("*", requestBudget)
  // Every body is bounded before the input contract reads it, the proxy's and MCP's included.
  .use("/v1/*", apiBodyLimit)
  .use("/v1/*", inputContract)
  .use("/parties/*", inputContract)
  .use("/mcp", mcpBodyLimit, inputContract)
  .use("/mcp/*", mcpBodyLimit, inputContract)
  .route("/v1", proxy)
  .get("/", (c) => c.json({ name: "lethe", routes: ROUTES }))
  .get("/health", async (c) => {
    const report = await gatherHealth(c.env);
    return c.json(report, report.ok ? 200 : 503);
  })
  .route("/v1/sessions", sessionObserve)
  .route("/v1/sessions", sessions)
  .route("/v1/admin", adminObserve)
  .route("/v1/admin", admin)
  .route("/v1/admin", memoryAdmin)
  .route("/v1/hives", hiveObserve)
  .route("/v1/hives", workspace)
  .route("/v1/hives", compress)
  .route("/v1/hives", langgraph)
  .route("/mcp", mcp)
  .route("/v1/hives", hives)
  .route("/v1/hives", firewalls)
  .route("/v1/hives", memory)
  .all("/parties/hive/:name", requireHiveKey, hiveSocket)
  .route("/parties/agent-session", sessionSockets)
  .route("/v1/model", model)
  .route("/v1", modelRoot)
  // No other socket path: every party is reached only through its authenticated route.
  .notFound(notFound)
  .onError(onError);
