// Sharded artifacts: what the gateway and the Hive agree on. A hive declared with
// N shards places each artifact key on shard hash(key) % N; shard 0 is the hive's
// own object, shard i > 0 is the Hive object named `<hive>~shard<i>`. Each shard
// is the single writer of its keys with its own ordered log (docs/scale.md).
import type { CommitRequest } from "./writes.ts";

/** Shards a hive may be declared with: 1 (the default, unsharded) up to this many. */
export const MAX_SHARDS = 16;

/** The refusals of sharding: a bad count, a count already fixed, a batch over two shards. */
export type ShardErrorCode = "INVALID_SHARDS" | "SHARDS_FIXED" | "BATCH_SPANS_SHARDS";

export type ShardRefusal = { ok: false; code: ShardErrorCode; message: string; hint: string };

/** The Durable Object name of shard `index` of `hive` (hive names cannot contain `~`). */
export function shardName(hive: string, index: number): string {
  return index === 0 ? hive : `${hive}~shard${index}`;
}

/** True for the name of a shard object other than shard 0. */
export function isShardName(name: string): boolean {
  return name.includes("~shard");
}

/** A shard count out of 1..MAX_SHARDS, refused with its hint; null when valid. */
export function invalidShards(shards: unknown): ShardRefusal | null {
  if (Number.isSafeInteger(shards) && (shards as number) >= 1 && (shards as number) <= MAX_SHARDS) {
    return null;
  }
  return {
    ok: false,
    code: "INVALID_SHARDS",
    message: `shards=${String(shards).slice(0, 32)} is not a shard count`,
    hint: `declare 1 to ${MAX_SHARDS} shards when the hive is made (1, the default, is unsharded)`,
  };
}

/** The shard of an artifact key: FNV-1a over its UTF-16 code units, modulo the shard count. */
export function shardOf(identifier: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < identifier.length; i++) {
    hash ^= identifier.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % Math.max(1, shards);
}

/** Every artifact key a commit's writes touch (a supersede touches two). */
export function commitKeys(request: Pick<CommitRequest, "writes">): string[] {
  return request.writes.flatMap((w) =>
    w.op === "put"
      ? [w.artifact.identifier]
      : w.op === "retract"
        ? [w.identifier]
        : [w.target, w.replacement.identifier],
  );
}

/** The one shard a commit's keys hash to, or BATCH_SPANS_SHARDS when they hash to several. */
export function commitShard(
  keys: readonly string[],
  shards: number,
): { ok: true; value: number } | ShardRefusal {
  const first = shardOf(keys[0] ?? "", shards);
  const other = keys.find((key) => shardOf(key, shards) !== first);
  if (other === undefined) {
    return { ok: true, value: first };
  }
  return {
    ok: false,
    code: "BATCH_SPANS_SHARDS",
    message: `"${keys[0]?.slice(0, 80)}" is on shard ${first} and "${other.slice(0, 80)}" on shard ${shardOf(other, shards)}`,
    hint: "compare-and-swap and batches are atomic within one shard: the keys of one batch must hash to one shard (or make the hive with 1 shard)",
  };
}

/**
 * A sharded resume point, `since=0:12,1:7` (shard:seq, shards left out start at 0),
 * as one seq per shard; null when the text is not of that form or names a shard past N.
 */
export function parseShardSince(text: string, shards: number): number[] | null {
  const since = Array.from({ length: shards }, () => 0);
  if (text === "" || text === "0") {
    return since;
  }
  for (const part of text.split(",")) {
    const match = /^(\d{1,2}):(\d{1,15})$/.exec(part);
    const shard = Number(match?.[1]);
    if (match === null || shard >= shards) {
      return null;
    }
    since[shard] = Number(match[2]);
  }
  return since;
}

/** The resume point after a page: `0:12,1:7`. */
export function formatShardSince(since: readonly number[]): string {
  return since.map((seq, shard) => `${shard}:${seq}`).join(",");
}
