// Admin routes: hive API key management, authorised by LETHE_ADMIN_TOKEN. The
// key is returned once, at creation; only its hash is stored.
import { desc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { Hono } from "hono";
import { z } from "zod";
import { hiveKeys } from "../../../shared/db/schema.ts";
import { AppError } from "../../../shared/errors.ts";
import { checkHiveName, createHiveKey, requireAdmin, revokeHiveKey } from "../request/auth.ts";
import { jsonBody } from "../request/validate.ts";
import { closeSessionKeySockets } from "./session-socket-keys.ts";
import { closeMcpKeySessions } from "../mcp/route.ts";

export const CreateKeySchema = z.strictObject({
  label: z.string().min(1).max(128).default("default"),
});

export const admin = new Hono<{ Bindings: Env }>()
  .use("*", requireAdmin)
  .post("/hives/:hive/keys", jsonBody(CreateKeySchema), async (c) => {
    const hive = c.req.param("hive");
    checkHiveName(hive);
    const created = await createHiveKey(c.env.DB, hive, c.req.valid("json").label);
    return c.json(
      { ...created, note: "store this key now: it is shown once and only its hash is kept" },
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
  });
