// Test helpers for sharded hives: identifiers that hash to a chosen shard, and a
// hive declared with N shards over its home Hive's RPC (tests only).
import { env } from "cloudflare:workers";
import { shardOf } from "../../../shared/hive/shards.ts";

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
