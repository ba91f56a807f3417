// `lethe follow <hive>`: prints a hive's events as they happen, through the typed
// client's follow (shared/client/follow.ts), which resumes from the last seq.
import { parseArgs } from "node:util";
import { Lethe } from "../../shared/client/lethe.ts";
import { CliError, type CliContext } from "./context.ts";

export async function followCommand(args: string[], ctx: CliContext): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { since: { type: "string", default: "0" } },
  });
  const [hive] = positionals;
  const since = Number(values.since);
  if (hive === undefined || positionals.length !== 1 || !Number.isSafeInteger(since) || since < 0) {
    throw new CliError(
      "usage: lethe follow <hive> [--since <seq>]",
      "prints the hive's events as they happen; Ctrl-C stops",
    );
  }
  const client = new Lethe({ url: ctx.url, key: ctx.requireKey() });
  // A socket refused at the upgrade only retries; ask over HTTP first, once, to
  // report a bad key, a key of another hive or an unreachable gateway plainly.
  await checkFollowKey(client, hive);
  const follower = client.follow(hive, {
    since,
    onEvent: (e) =>
      ctx.out(
        `${e.seq} ${e.op} ${e.artifact.identifier}@${e.artifact.version} ${JSON.stringify(e.artifact.value)}`,
      ),
    onMessage: (m) => {
      if (m.type === "sys.error") {
        ctx.out(`error ${m.code}: ${m.message}`);
      }
    },
  });
  await new Promise<void>((resolve) => {
    process.once("SIGINT", () => {
      follower.close();
      resolve();
    });
  });
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
