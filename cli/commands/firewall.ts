// `lethe firewall set <hive> <file> | show <hive> | clear <hive>`: the hive's
// firewall.yaml, which every session of the hive admits its moves through.
// Invalid files are refused with every problem and its line (docs/gatekeeper.md).
import { readFileSync } from "node:fs";
import { LetheError, type FirewallAnswer, type Lethe } from "../../packages/client/lethe.ts";
import { cliCall, clientFor } from "./client.ts";
import { CliError, type CliContext } from "./context.ts";

const USAGE = "usage: lethe firewall set <hive> <firewall.yaml> | show <hive> | clear <hive>";

/** Prints the line-numbered problems a refused firewall.yaml came back with. */
async function withIssues<T>(ctx: CliContext, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const body: unknown = error instanceof LetheError ? error.body : null;
    const issues =
      typeof body === "object" && body !== null && "issues" in body && Array.isArray(body.issues)
        ? (body.issues as Array<{ line?: number; path: string; message: string }>)
        : [];
    for (const issue of issues) {
      ctx.out(
        `  ${issue.line === undefined ? "" : `line ${issue.line}: `}${issue.path || "(file)"}: ${issue.message}`,
      );
    }
    throw error;
  }
}

function call(ctx: CliContext, run: (client: Lethe) => Promise<FirewallAnswer>) {
  const client = clientFor(ctx);
  return cliCall("firewall", "docs/gatekeeper.md", () => withIssues(ctx, () => run(client)));
}

function describe(ctx: CliContext, hive: string, body: FirewallAnswer) {
  const f = body.firewall;
  ctx.out(
    f === null
      ? `hive ${hive} has no firewall: moves are admitted by the persona's grants alone`
      : `hive ${hive} firewall ${f.hash.slice(0, 12)}: ${f.ruleCount} rules, default ${f.defaultAction}, ASK expires after ${f.askTimeoutMs / 1_000}s`,
  );
}

export async function firewallCommand(args: string[], ctx: CliContext): Promise<void> {
  const [verb, hive, file] = args;
  if (hive === undefined) {
    throw new CliError(USAGE, "name the hive");
  }
  switch (verb) {
    case "set": {
      if (file === undefined) {
        throw new CliError(USAGE, "give the path of the firewall.yaml to load");
      }
      let text: string;
      try {
        text = readFileSync(file, "utf8");
      } catch {
        throw new CliError(`cannot read ${file}`, "give the path of an existing firewall.yaml");
      }
      describe(ctx, hive, await call(ctx, (c) => c.setFirewall(hive, text)));
      return;
    }
    case "show": {
      const body = await call(ctx, (c) => c.firewall(hive));
      describe(ctx, hive, body);
      if (body.text !== undefined) {
        ctx.out(body.text);
      }
      return;
    }
    case "clear":
      describe(ctx, hive, await call(ctx, (c) => c.clearFirewall(hive)));
      return;
    default:
      throw new CliError(USAGE, "the verbs are set, show and clear");
  }
}
