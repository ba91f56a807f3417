// Gateway authentication: hive API keys (stored as SHA-256 in D1, shown once)
// for hive routes and sockets, and the admin token for key management. Exported
// for every route that serves a hive's data (hives, sockets, sessions).
import { and, eq, isNull } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { Context, MiddlewareHandler } from "hono";
import { hiveKeys } from "../../../shared/db/schema.ts";
import { AppError } from "../../../shared/base/errors.ts";
import { sha256Hex } from "../../../shared/base/hash.ts";
import { generateHiveKey, hashKey, HIVE_KEY_PREFIX } from "../../../shared/hive/keys.ts";
import { HIVE_NAME_PATTERN } from "../../../shared/hive/name.ts";

/**
 * A verified key is remembered this long per isolate, so a busy client does not
 * cost a D1 read per request; a revoked key stops working within this time.
 */
export const KEY_CACHE_TTL_MS = 30_000;
/** Keys remembered per isolate: far more than the hives one gateway serves at once. */
const KEY_CACHE_MAX = 1_000;
/** Admin tokens shorter than this are treated as not configured. */
export const MIN_ADMIN_TOKEN_CHARS = 16;

export interface HiveKeyAuth {
  keyId: string;
  hive: string;
}
export type AuthVariables = { hiveKey: HiveKeyAuth };
type AuthEnv = { Bindings: Env; Variables: AuthVariables };

/** The Hive the request's key belongs to: the one way a hive route reaches its Durable Object. */
export function keyedHive(c: Context<AuthEnv>): ReturnType<Env["Hive"]["getByName"]> {
  return c.env.Hive.getByName(c.get("hiveKey").hive);
}

const cache = new Map<string, HiveKeyAuth & { expires: number }>();

export interface CreatedHiveKey {
  id: string;
  hive: string;
  key: string;
  label: string;
  createdAt: number;
}

/** Stores the hash of a fresh key and returns the key itself (the only time it exists). */
export async function createHiveKey(
  db: D1Database,
  hive: string,
  label: string,
): Promise<CreatedHiveKey> {
  const key = generateHiveKey(hive);
  const created = { id: `k-${crypto.randomUUID()}`, hive, key, label, createdAt: Date.now() };
  await drizzle(db)
    .insert(hiveKeys)
    .values({ id: created.id, hive, hash: hashKey(key), label, createdAt: created.createdAt });
  return created;
}

export async function revokeHiveKey(db: D1Database, hive: string, id: string): Promise<boolean> {
  const rows = await drizzle(db)
    .update(hiveKeys)
    .set({ revokedAt: Date.now() })
    .where(and(eq(hiveKeys.id, id), eq(hiveKeys.hive, hive), isNull(hiveKeys.revokedAt)))
    .returning({ hash: hiveKeys.hash });
  for (const row of rows) {
    cache.delete(row.hash);
  }
  return rows.length > 0;
}

async function lookup(db: D1Database, key: string): Promise<HiveKeyAuth | null> {
  const hash = hashKey(key);
  const now = Date.now();
  const hit = cache.get(hash);
  if (hit && hit.expires > now) {
    return { keyId: hit.keyId, hive: hit.hive };
  }
  const [row] = await drizzle(db)
    .select({ id: hiveKeys.id, hive: hiveKeys.hive })
    .from(hiveKeys)
    .where(and(eq(hiveKeys.hash, hash), isNull(hiveKeys.revokedAt)))
    .limit(1);
  if (!row) {
    cache.delete(hash);
    return null;
  }
  if (cache.size >= KEY_CACHE_MAX) {
    cache.clear();
  }
  cache.set(hash, { keyId: row.id, hive: row.hive, expires: now + KEY_CACHE_TTL_MS });
  return { keyId: row.id, hive: row.hive };
}

function bearer(c: Context): string | null {
  const header = c.req.header("authorization");
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

function isUpgrade(c: Context): boolean {
  return c.req.header("upgrade")?.toLowerCase() === "websocket";
}

/** The key of a request: the bearer token, or `?key=` on a WebSocket upgrade (browsers cannot set headers). */
export function presentedKey(c: Context): string | null {
  return bearer(c) ?? (isUpgrade(c) ? (c.req.query("key") ?? null) : null);
}

export function checkHiveName(hive: string): void {
  if (!HIVE_NAME_PATTERN.test(hive)) {
    throw new AppError("INVALID_HIVE", `"${hive.slice(0, 80)}" is not a hive name`, {
      status: 400,
      hint: "hive names are lowercase letters, digits and dashes, up to 63 characters",
    });
  }
}

/** Verifies the request's key (any hive); throws 401 AppErrors. */
export async function authenticate<E extends { Bindings: Env }>(
  c: Context<E>,
): Promise<HiveKeyAuth> {
  const key = presentedKey(c);
  if (key === null) {
    throw new AppError("UNAUTHENTICATED", "this route needs a hive API key", {
      status: 401,
      hint: "send Authorization: Bearer <key> (WebSockets may use ?key=); an admin creates keys with `npx lethe hive create <name>`",
    });
  }
  const found = key.startsWith(HIVE_KEY_PREFIX) ? await lookup(c.env.DB, key) : null;
  if (found === null) {
    throw new AppError("INVALID_KEY", "the API key is not valid (unknown or revoked)", {
      status: 401,
      hint: "check the key you copied when it was created, or ask an admin for a new one",
    });
  }
  return found;
}

/** Verifies the request's key and that it belongs to `hive`; throws 401/403 AppErrors. */
export async function authorizeHive<E extends { Bindings: Env }>(
  c: Context<E>,
  hive: string,
): Promise<HiveKeyAuth> {
  checkHiveName(hive);
  const found = await authenticate(c);
  if (found.hive !== hive) {
    throw new AppError("FORBIDDEN_HIVE", `this key belongs to another hive, not ${hive}`, {
      status: 403,
      hint: "use a key created for this hive",
    });
  }
  return found;
}

/** Hono middleware for routes with a `:hive` (or `:name`) parameter. */
export const requireHiveKey: MiddlewareHandler<AuthEnv> = async (c, next) => {
  const hive = c.req.param("hive") ?? c.req.param("name") ?? "";
  c.set("hiveKey", await authorizeHive(c, hive));
  await next();
};

/** The configured admin token, or null when admin calls must be refused. */
export function adminToken(env: Env): string | null {
  const token: unknown = Reflect.get(env, "LETHE_ADMIN_TOKEN");
  return typeof token === "string" && token.length >= MIN_ADMIN_TOKEN_CHARS ? token : null;
}

function sameSecret(a: string, b: string): boolean {
  // Compare digests so the time taken does not depend on where the strings differ.
  const x = sha256Hex(a);
  const y = sha256Hex(b);
  let diff = 0;
  for (let i = 0; i < x.length; i++) {
    diff |= x.charCodeAt(i) ^ y.charCodeAt(i);
  }
  return diff === 0;
}

/** Admin routes: `Authorization: Bearer <LETHE_ADMIN_TOKEN>`; refused when none is configured. */
export const requireAdmin: MiddlewareHandler<{ Bindings: Env }> = async (c, next) => {
  const expected = adminToken(c.env);
  if (expected === null) {
    throw new AppError("ADMIN_DISABLED", "no admin token is configured on this gateway", {
      status: 503,
      hint: `set LETHE_ADMIN_TOKEN (at least ${MIN_ADMIN_TOKEN_CHARS} characters): \`wrangler secret put LETHE_ADMIN_TOKEN\`, or --var LETHE_ADMIN_TOKEN:<token> locally (npm start does this)`,
    });
  }
  const token = bearer(c);
  if (token === null || !sameSecret(token, expected)) {
    throw new AppError("UNAUTHENTICATED", "admin routes need the admin token", {
      status: 401,
      hint: "send Authorization: Bearer <LETHE_ADMIN_TOKEN>",
    });
  }
  await next();
};
