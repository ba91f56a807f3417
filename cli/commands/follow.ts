// `lethe follow <hive>`: prints a hive's events as they happen, through the typed
// client's follow (packages/client/follow.ts), which resumes from the last seq (on
// a sharded hive, from the last seq of each shard; its lines read `shard:seq`).
import { parseArgs } from "node:util";
import {
  FollowSinceError,
  parseShardSeqs,
  type FollowSince,
} from "../../packages/client/follow-position.ts";
import { Lethe } from "../../packages/client/lethe.ts";
import { CliError, type CliContext } from "./context.ts";

export async function followCommand(args: string[], ctx: CliContext): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { since: { type: "string", default: "0" } },
  });
  const [hive] = positionals;
  // A seq, or on a sharded hive a seq per shard ("0:12,1:7"); the client checks it.
  const since: FollowSince = /^\d+$/.test(values.since) ? Number(values.since) : values.since;
  if (hive === undefined || positionals.length !== 1) {
    throw new CliError(
      "usage: lethe follow <hive> [--since <seq> | --since <shard>:<seq>,…]",
      "prints the hive's events as they happen; Ctrl-C stops",
    );
  }
  if (typeof since === "string" && parseShardSeqs(since) === null) {
    const refused = new FollowSinceError(since);
    throw new CliError(`${refused.code}: ${refused.message}`, refused.hint);
  }
  const client = new Lethe({ url: ctx.url, key: ctx.requireKey() });
  // A socket refused at the upgrade only retries; ask over HTTP first, once, to
  // report a bad key, a key of another hive or an unreachable gateway plainly.
  await checkFollowKey(client, hive);
  // The follow ends for good, as a failure: the key was revoked, or the hive refused the since.
  let stop: (error: CliError) => void = () => undefined;
  const stopped = new Promise<CliError>((resolve) => {
    stop = resolve;
  });
  const follower = client.follow(hive, {
    since,
    onRevoked: (reason) =>
      stop(
        new CliError(
          `KEY_REVOKED: ${reason.replace(/^KEY_REVOKED:\s*/, "")}`,
          "ask an admin for a new key (`lethe hive create <name>`) and follow again",
        ),
      ),
    onEvent: (e) =>
      ctx.out(
        `${e.shard === undefined ? "" : `${e.shard}:`}${e.seq} ${e.op} ${e.artifact.identifier}@${e.artifact.version} ${JSON.stringify(e.artifact.value)}`,
      ),
    onMessage: (m) => {
      if (m.type === "sys.error" && m.code === "INVALID_SINCE") {
        // The follower stops: a plain --since above 0 on a sharded hive.
        stop(
          new CliError(
            `INVALID_SINCE: ${m.message}`,
            "on a sharded hive pass --since <shard>:<seq>,… (each shard's last seq), or 0",
          ),
        );
      } else if (m.type === "sys.error") {
        ctx.out(`error ${m.code}: ${m.message}`);
      }
    },
  });
  // Ctrl-C ends the follow; a revoked key or a refused since ends it as a failure
  // (one line, status 1). The timer keeps the process alive while only the socket's
  // promise is pending.
  const keepAlive = setInterval(() => undefined, 60_000);
  try {
    await new Promise<void>((resolve, reject) => {
      process.once("SIGINT", () => {
        follower.close();
        resolve();
      });
      void stopped.then(reject);
    });
  } finally {
    clearInterval(keepAlive);
  }
}

/** One HTTP read of the hive with the key: throws a CliError naming what is wrong. */
async function checkFollowKey(client: Lethe, hive: string): Promise<void> {
  try {
    await client.events(hive, 0, 1);
  } catch (error) {
    if (error instanceof CliError) {
      throw error;
    }
    const e = error as { code?: string; message?: string; hint?: string };
    throw new CliError(
      `${e.code ?? "UNREACHABLE"}: ${e.message ?? String(error)}`,
      e.hint ?? "check LETHE_KEY, the hive name and --url (start the cluster with `npm run dev`)",
    );
  }
}
