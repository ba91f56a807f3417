// `lethe firewall set <hive> <file> | show <hive> | clear <hive>`: the hive's
// firewall.yaml, which every session of the hive admits its moves through.
// Invalid files are refused with every problem and its line (docs/gatekeeper.md).
import { readFileSync } from "node:fs";
import { ErrorBodySchema } from "../../shared/errors.ts";
import { CliError, type CliContext } from "./context.ts";

const USAGE = "usage: lethe firewall set <hive> <firewall.yaml> | show <hive> | clear <hive>";

interface FirewallBody {
  firewall: {
    hash: string;
    defaultAction: string;
    ruleCount: number;
    askTimeoutMs: number;
  } | null;
  text?: string;
}

async function call(ctx: CliContext, hive: string, method: string, body?: string) {
  let response: Response;
  try {
    response = await fetch(`${ctx.url}/v1/hives/${encodeURIComponent(hive)}/firewall`, {
      method,
      headers: { authorization: `Bearer ${ctx.requireKey()}`, "content-type": "text/yaml" },
      ...(body === undefined ? {} : { body }),
    });
  } catch {
    throw new CliError(
      `cannot reach the gateway at ${ctx.url}`,
      "start the cluster with `npm start`, or pass --url <gateway>",
    );
  }
  const parsed: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = ErrorBodySchema.safeParse(parsed);
    const issues =
      parsed !== null &&
      typeof parsed === "object" &&
      "issues" in parsed &&
      Array.isArray(parsed.issues)
        ? (parsed.issues as Array<{ line?: number; path: string; message: string }>)
        : [];
    for (const issue of issues) {
      ctx.out(
        `  ${issue.line === undefined ? "" : `line ${issue.line}: `}${issue.path || "(file)"}: ${issue.message}`,
      );
    }
    throw error.success
      ? new CliError(
          `${error.data.error.code}: ${error.data.error.message}`,
          error.data.error.hint ?? "see docs/gatekeeper.md",
        )
      : new CliError(
          `HTTP ${response.status} from the firewall route`,
          "is --url a Lethe gateway?",
        );
  }
  return parsed as FirewallBody;
}

function describe(ctx: CliContext, hive: string, body: FirewallBody) {
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
      describe(ctx, hive, await call(ctx, hive, "PUT", text));
      return;
    }
    case "show": {
      const body = await call(ctx, hive, "GET");
      describe(ctx, hive, body);
      if (body.text !== undefined) {
        ctx.out(body.text);
      }
      return;
    }
    case "clear":
      describe(ctx, hive, await call(ctx, hive, "DELETE"));
      return;
    default:
      throw new CliError(USAGE, "the verbs are set, show and clear");
  }
}
