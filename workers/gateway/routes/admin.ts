// Admin routes: hive API key management and a hive's relays, authorised by
// LETHE_ADMIN_TOKEN. The key is returned once, at creation; only its hash is stored.
import { desc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { Hono } from "hono";
import { z } from "zod";
import { hiveKeys } from "../../../shared/db/schema.ts";
import { AppError } from "../../../shared/base/errors.ts";
import { checkHiveName, createHiveKey, requireAdmin, revokeHiveKey } from "../request/auth.ts";
import { jsonBody } from "../request/validate.ts";
import { RelayModeSchema } from "../../../shared/hive/relays.ts";
import { unwrap } from "./results.ts";
import { closeSessionKeySockets } from "./session-socket-keys.ts";
import { closeMcpKeySessions } from "../mcp/route.ts";
import { callTarget } from "../../../shared/base/rpc-target.ts";

export const CreateKeySchema = z.strictObject({
  label: z.string().min(1).max(128).default("default"),
  /** Artifact shards (1..16), declared with the hive's first key (docs/scale.md). */
  shards: z.number().optional(),
});

export const RelayModeBodySchema = z.strictObject({ mode: RelayModeSchema });

export const admin = new Hono<{ Bindings: Env }>()
  .use("*", requireAdmin)
  .post("/hives/:hive/keys", jsonBody(CreateKeySchema), async (c) => {
    const hive = c.req.param("hive");
    checkHiveName(hive);
    const { label, shards } = c.req.valid("json");
    const declared =
      shards === undefined
        ? {}
        : { shards: unwrap(await c.env.Hive.getByName(hive).declareShards(shards)) };
    const created = await createHiveKey(c.env.DB, hive, label);
    return c.json(
      {
        ...created,
        ...declared,
        note: "store this key now: it is shown once and only its hash is kept",
      },
      201,
    );
  })
  .get("/hives/:hive/keys", async (c) => {
    const hive = c.req.param("hive");
    checkHiveName(hive);
    const keys = await drizzle(c.env.DB)
      .select({
        id: hiveKeys.id,
        label: hiveKeys.label,
        createdAt: hiveKeys.createdAt,
        revokedAt: hiveKeys.revokedAt,
      })
      .from(hiveKeys)
      .where(eq(hiveKeys.hive, hive))
      .orderBy(desc(hiveKeys.createdAt));
    return c.json({ hive, keys });
  })
  .delete("/hives/:hive/keys/:id", async (c) => {
    const hive = c.req.param("hive");
    checkHiveName(hive);
    if (!(await revokeHiveKey(c.env.DB, hive, c.req.param("id")))) {
      throw new AppError("NOT_FOUND", "no active key with that id in this hive", {
        status: 404,
        hint: "GET /v1/admin/hives/:hive/keys lists the keys",
      });
    }
    // Sockets opened with the key close now; HTTP refuses it within KEY_CACHE_TTL_MS in every isolate.
    const closedSockets = await c.env.Hive.getByName(hive).closeKeySockets(c.req.param("id"));
    const closedSessionSockets = await closeSessionKeySockets(c.env, hive, c.req.param("id"));
    const closedMcpSessions = await closeMcpKeySessions(c.env, hive, c.req.param("id"));
    return c.json({
      revoked: c.req.param("id"),
      closedSockets,
      closedSessionSockets,
      closedMcpSessions,
    });
  })
  .get("/hives/:hive/relays", async (c) => {
    const hive = c.req.param("hive");
    checkHiveName(hive);
    return c.json(await callTarget(c.env.Hive.getByName(hive).relays(), (r) => r.status()));
  })
  // auto: relays once the hive holds RELAY_AUTO_AFTER subscribers; always; never (new sockets only).
  .put("/hives/:hive/relays", jsonBody(RelayModeBodySchema), async (c) => {
    const hive = c.req.param("hive");
    checkHiveName(hive);
    const mode = c.req.valid("json").mode;
    const set = await callTarget(c.env.Hive.getByName(hive).relays(), (r) => r.setMode(mode));
    return c.json({ mode: unwrap(set) });
  })
  // Ends one relay at once, as an eviction would: its subscribers resume with since (drills, benches).
  .post("/hives/:hive/relays/:relay/abort", async (c) => {
    const hive = c.req.param("hive");
    checkHiveName(hive);
    const relay = c.req.param("relay");
    const { relays } = await callTarget(c.env.Hive.getByName(hive).relays(), (r) => r.status());
    if (!relays.includes(relay)) {
      throw new AppError("NOT_FOUND", "no relay of that name serves this hive", {
        status: 404,
        hint: "GET /v1/admin/hives/:hive/relays lists them",
      });
    }
    const outcome = await c.env.Relay.getByName(relay)
      .abort()
      .then(
        () => "ended",
        () => "ended",
      );
    return c.json({ relay, outcome });
  });
