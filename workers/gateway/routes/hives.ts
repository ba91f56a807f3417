// Hive routes: /v1/hives/:hive/... (reads, compare-and-swap writes, the event
// log) and the hive WebSocket, each behind a hive API key. Every answer comes
// from the Hive Durable Object's typed RPC.
import { Hono, type Context } from "hono";
import { routePartykitRequest } from "partyserver";
import { z } from "zod";
import { errorBody } from "../../../shared/base/errors.ts";
import {
  AsOfQuerySchema,
  ListQuerySchema,
  ShardedAsOfQuerySchema,
} from "../../../shared/hive/reads.ts";
import {
  CommitRequestSchema,
  PutRequestSchema,
  RetractRequestSchema,
  SupersedeRequestSchema,
  type HiveResult,
} from "../../../shared/hive/writes.ts";
import { SOCKET_KEY_HEADER } from "../../../shared/hive/messages.ts";
import {
  RELAY_HIVE_HEADER,
  RELAY_NAME_HEADER,
  RELAY_SUBSCRIBER_HEADER,
} from "../../../shared/hive/relays.ts";
import {
  commitKeys,
  commitShard,
  parseShardSince,
  shardName,
} from "../../../shared/hive/shards.ts";
import { keyedHive, requireHiveKey, type AuthVariables } from "../request/auth.ts";
import { refusal, unwrap } from "./results.ts";
import { jsonBody } from "../request/validate.ts";
import { callTarget } from "../../../shared/base/rpc-target.ts";

type HiveEnv = { Bindings: Env; Variables: AuthVariables };

/** A Hive Result as JSON: the value, or the typed refusal (with the conflict, if any). */
function answer<T>(c: Context<HiveEnv>, result: HiveResult<T>, status: 200 | 201 = 200): Response {
  return c.json(unwrap(result) as object, status);
}

function invalidQuery(c: Context<HiveEnv>, error: z.ZodError): Response {
  const issue = error.issues[0];
  return c.json(
    errorBody(
      "INVALID_QUERY",
      `${issue?.path.join(".") || "query"}: ${issue?.message ?? "invalid"}`,
      "docs/hive.md lists the query parameters",
    ),
    400,
  );
}

const ChangesQuerySchema = z.strictObject({
  since: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1_000).optional(),
});
/** Each hive's shard count, read once per isolate: it is fixed once anyone has read it. */
const shardCounts = new Map<string, number>();

async function shardCount(c: Context<HiveEnv>): Promise<number> {
  const { hive } = c.get("hiveKey");
  let shards = shardCounts.get(hive);
  if (shards === undefined) {
    shards = await keyedHive(c).shards();
    shardCounts.set(hive, shards);
  }
  return shards;
}

/** The Hive object that writes and reads `keys`: the hive's own, or the shard they hash to. */
async function keysHive(
  c: Context<HiveEnv>,
  keys: string[],
): Promise<ReturnType<typeof keyedHive>> {
  const shards = await shardCount(c);
  if (shards === 1) {
    return keyedHive(c);
  }
  return c.env.Hive.getByName(shardName(c.get("hiveKey").hive, unwrap(commitShard(keys, shards))));
}

const VersionQuerySchema = z.strictObject({ version: z.coerce.number().int().min(1).optional() });

export const hives = new Hono<HiveEnv>()
  .use("/:hive/*", requireHiveKey)
  .post("/:hive/commit", jsonBody(CommitRequestSchema), async (c) => {
    const body = c.req.valid("json");
    return answer(c, await (await keysHive(c, commitKeys(body))).commit(body));
  })
  .post("/:hive/artifacts", jsonBody(PutRequestSchema), async (c) => {
    const body = c.req.valid("json");
    return answer(c, await (await keysHive(c, [body.artifact.identifier])).put(body));
  })
  .post("/:hive/retract", jsonBody(RetractRequestSchema), async (c) => {
    const body = c.req.valid("json");
    return answer(c, await (await keysHive(c, [body.identifier])).retract(body));
  })
  .post("/:hive/supersede", jsonBody(SupersedeRequestSchema), async (c) => {
    const body = c.req.valid("json");
    const keys = [body.target, body.replacement.identifier];
    return answer(c, await (await keysHive(c, keys)).supersede(body));
  })
  .get("/:hive/artifacts", async (c) => {
    const query = ListQuerySchema.safeParse(c.req.query());
    return query.success
      ? answer(c, await keyedHive(c).list(query.data))
      : invalidQuery(c, query.error);
  })
  .get("/:hive/artifacts/:identifier{.+}", async (c) => {
    const query = VersionQuerySchema.safeParse(c.req.query());
    if (!query.success) {
      return invalidQuery(c, query.error);
    }
    const identifier = c.req.param("identifier");
    return answer(c, await (await keysHive(c, [identifier])).get(identifier, query.data.version));
  })
  .get("/:hive/events", async (c) => {
    const shards = await shardCount(c);
    if (shards > 1) {
      return shardedEvents(c, shards);
    }
    const query = ChangesQuerySchema.safeParse(c.req.query());
    if (!query.success) {
      return invalidQuery(c, query.error);
    }
    return answer(c, await keyedHive(c).changesSince(query.data.since, query.data.limit));
  })
  .get("/:hive/as-of", async (c) => {
    const shards = await shardCount(c);
    if (shards > 1) {
      return shardedAsOf(c, shards);
    }
    const query = AsOfQuerySchema.safeParse(c.req.query());
    return query.success
      ? answer(c, await keyedHive(c).asOf(query.data))
      : invalidQuery(c, query.error);
  })
  .get("/:hive/snapshot", async (c) => answer(c, await keyedHive(c).snapshot()))
  .post("/:hive/mirror/reconcile", async (c) => answer(c, await keyedHive(c).reconcileMirror()));

/** GET /events of a sharded hive: `since=0:12,1:7` (a seq per shard), events with (shard, seq). */
async function shardedEvents(c: Context<HiveEnv>, shards: number): Promise<Response> {
  const since = parseShardSince(c.req.query("since") ?? "", shards);
  const limit = Number(c.req.query("limit") ?? 1_000);
  if (since === null || !Number.isSafeInteger(limit) || limit < 1) {
    throw refusal(
      400,
      "INVALID_QUERY",
      `since=${(c.req.query("since") ?? "").slice(0, 64)} is not a seq per shard`,
      `this hive has ${shards} shards: send since=<shard>:<seq>,… (0 to ${shards - 1}; the page's next), and limit ≥ 1`,
    );
  }
  return answer(c, await keyedHive(c).changesSinceShards(since, limit));
}

/** GET /as-of of a sharded hive: `seq=0:12,1:7` (a seq per shard, as `since` of /events) or `at`. */
async function shardedAsOf(c: Context<HiveEnv>, shards: number): Promise<Response> {
  const { seq, ...rest } = c.req.query();
  const seqs = seq === undefined ? undefined : parseShardSince(seq, shards);
  if (seqs === null) {
    throw refusal(
      400,
      "INVALID_QUERY",
      `seq=${(seq ?? "").slice(0, 64)} is not a seq per shard`,
      `this hive has ${shards} shards: send seq=<shard>:<seq>,… (0 to ${shards - 1}; shards left out are read at 0), or at=<epoch ms>`,
    );
  }
  const query = ShardedAsOfQuerySchema.safeParse(seqs === undefined ? rest : { ...rest, seqs });
  return query.success
    ? answer(c, await keyedHive(c).asOf(query.data))
    : invalidQuery(c, query.error);
}

/**
 * WS /parties/hive/:name, after requireHiveKey: the key is stripped from the URL
 * (the socket's URL is kept in its attachment) and only the key's own hive is reachable.
 */
export async function hiveSocket(c: Context<HiveEnv>): Promise<Response> {
  const { hive, keyId } = c.get("hiveKey");
  const url = new URL(c.req.url);
  url.searchParams.delete("key");
  // The Hive remembers which key opened the socket, so revoking the key closes it.
  const headers = new Headers(c.req.raw.headers);
  headers.set(SOCKET_KEY_HEADER, keyId);
  const relayed = await placeOnRelay(c, url, headers);
  if (relayed !== null) {
    return relayed;
  }
  const forwarded = new Request(url, { method: c.req.method, headers });
  const routed = await routePartykitRequest(forwarded, c.env, {
    onBeforeConnect: (_request, lobby) =>
      lobby.className === "Hive" && lobby.name === hive
        ? undefined
        : c.json(
            errorBody(
              "FORBIDDEN_HIVE",
              "this key cannot open that socket",
              "use a key of this hive",
            ),
            403,
          ),
    onBeforeRequest: () =>
      c.json(
        errorBody(
          "WEBSOCKET_ONLY",
          "this path only accepts WebSocket upgrades",
          "use /v1/hives/:hive/... over HTTP",
        ),
        400,
      ),
  });
  return (
    routed ??
    c.json(errorBody("NOT_FOUND", "no such socket", "connect to /parties/hive/<hive>"), 404)
  );
}

/**
 * An upgrade to the key's own hive goes to the relay the Hive places it on
 * (hash of the subscriber id over the hive's relays), or null: the Hive holds it.
 * partysocket's `_pk` is the subscriber id, so a reconnect lands on the same relay.
 */
async function placeOnRelay(
  c: Context<HiveEnv>,
  url: URL,
  headers: Headers,
): Promise<Response | null> {
  const { hive } = c.get("hiveKey");
  const upgrade = c.req.header("Upgrade")?.toLowerCase() === "websocket";
  if (!upgrade || url.pathname !== `/parties/hive/${encodeURIComponent(hive)}`) {
    return null;
  }
  const subscriber = url.searchParams.get("_pk") ?? crypto.randomUUID();
  const relay = await callTarget(c.env.Hive.getByName(hive).relays(), (r) =>
    r.placement(subscriber),
  );
  if (relay === null) {
    return null;
  }
  headers.set(RELAY_HIVE_HEADER, hive);
  headers.set(RELAY_NAME_HEADER, relay);
  headers.set(RELAY_SUBSCRIBER_HEADER, subscriber);
  return c.env.Relay.getByName(relay).fetch(new Request(url, { method: c.req.method, headers }));
}
