// `lethe langgraph list|delete`: a hive's LangGraph threads as the lethe/langgraph
// saver sees them (checkpoints newest first, or one thread deleted with
// everything it stored). Uses the saver itself, so it reads what graphs wrote.
import { parseArgs } from "node:util";
import { LetheSaver } from "../../shared/langgraph/saver.ts";
import { CliError, type CliContext } from "./context.ts";

const USAGE =
  "usage: lethe langgraph list <hive> [<thread>] [--limit N] [--json] | delete <hive> <thread>";

export async function langgraphCommand(args: string[], ctx: CliContext): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      limit: { type: "string", default: "20" },
      json: { type: "boolean", default: false },
    },
  });
  const [action, hive, thread] = positionals;
  const limit = Number(values.limit);
  if (hive === undefined || !Number.isSafeInteger(limit) || limit < 1) {
    throw new CliError(USAGE, "name the hive (and the thread); --limit is a positive integer");
  }
  const saver = new LetheSaver({ url: ctx.url, hive, key: ctx.requireKey() });
  if (action === "delete" && thread !== undefined) {
    await saver.deleteThread(thread);
    ctx.out(`deleted thread ${thread} of hive ${hive}`);
    return;
  }
  if (action !== "list") {
    throw new CliError(USAGE, "the actions are list and delete");
  }
  const rows = [];
  for await (const tuple of saver.list(
    { configurable: thread === undefined ? {} : { thread_id: thread } },
    { limit },
  )) {
    const c = tuple.config.configurable ?? {};
    rows.push({
      thread: String(c.thread_id),
      ns: String(c.checkpoint_ns ?? ""),
      id: tuple.checkpoint.id,
      parent: tuple.parentConfig?.configurable?.checkpoint_id ?? null,
      step: tuple.metadata?.step ?? null,
      source: tuple.metadata?.source ?? null,
      channels: Object.keys(tuple.checkpoint.channel_values).length,
      writes: tuple.pendingWrites?.length ?? 0,
    });
  }
  if (values.json) {
    ctx.out(JSON.stringify(rows, null, 2));
    return;
  }
  if (rows.length === 0) {
    ctx.out(
      `hive ${hive} has no LangGraph checkpoints${thread === undefined ? "" : ` in thread ${thread}`}`,
    );
    return;
  }
  for (const r of rows) {
    ctx.out(
      `${r.thread}  ${r.ns || "(root)"}  ${r.id}  step ${r.step ?? "-"}  ${r.source ?? "-"}  channels ${r.channels}  writes ${r.writes}`,
    );
  }
}
