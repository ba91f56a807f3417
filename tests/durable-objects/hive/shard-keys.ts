// Test helpers for sharded hives: identifiers that hash to a chosen shard, a hive
// declared with N shards over its home Hive's RPC, and the gateway's HTTP routes
// called with a key (tests only).
import { env } from "cloudflare:workers";
import { app } from "../../../workers/gateway/app.ts";
import { shardOf } from "../../../shared/hive/shards.ts";

export const ADMIN = "test-admin-token-0123456789";
const withAdmin = { ...env, LETHE_ADMIN_TOKEN: ADMIN } as Env;

/** One request to the gateway with `key` as the bearer token. */
export async function call(path: string, key: string, init: RequestInit = {}): Promise<Response> {
  return app.request(
    `http://lethe.test${path}`,
    { ...init, headers: { authorization: `Bearer ${key}`, "content-type": "application/json" } },
    withAdmin,
  );
}

/** `POST /v1/admin/hives/:hive/keys` with `body` for a new hive named `<prefix>-<uuid>`. */
export async function makeHive(body: object, prefix = "s") {
  const hive = `${prefix}-${crypto.randomUUID()}`;
  const response = await call(`/v1/admin/hives/${hive}/keys`, ADMIN, {
    method: "POST",
    body: JSON.stringify(body),
  });
  return { hive, response, created: (await response.json()) as { key: string; shards?: number } };
}

/** The `n`th identifier (from 0) that hashes to `shard` of `shards`. */
export function keyOn(shard: number, shards: number, prefix = "k", n = 0): string {
  return keysOn(shard, shards, n + 1, prefix)[n] ?? "";
}

/** `count` identifiers that hash to `shard` of `shards`. */
export function keysOn(shard: number, shards: number, count: number, prefix = "k"): string[] {
  const keys: string[] = [];
  for (let i = 0; keys.length < count; i++) {
    if (shardOf(`${prefix}.${i}`, shards) === shard) {
      keys.push(`${prefix}.${i}`);
    }
  }
  return keys;
}

/** A fresh hive declared with `shards` shards; its home Hive's stub. */
export async function declaredHive(shards: number, prefix = "sh") {
  const name = `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
  const home = env.Hive.getByName(name);
  const declared = await home.declareShards(shards);
  if (!declared.ok) {
    throw new Error(declared.message);
  }
  return { name, home };
}
