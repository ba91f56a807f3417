// `lethe memory`: the hive's long-term knowledge from the command line: search,
// as-of, history, changelog (who, when, why, drift), rollback and the steward's
// counters, over the gateway's /v1/hives/:hive/memory routes; `search-all` searches
// every hive's knowledge (admin token, /v1/admin/memory/search over the D1 mirror).
import { parseArgs } from "node:util";
import type { ChangelogEntry, Fact } from "../../shared/memory/schema.ts";
import { cliCall, clientFor } from "./client.ts";
import { CliError, type CliContext } from "./context.ts";

export const MEMORY_USAGE =
  'memory search <hive> "<question>" [--at T] | as-of <hive> <T> | history <hive> <subject> [--predicate P] | changelog <hive> | rollback <hive> <version> --reason "..." | metrics <hive> | search-all "<question>" [--at T] [--hive H] (admin token)   (T: epoch ms or ISO date; --json)';

function day(at: number | null): string {
  return at === null ? "now" : new Date(at).toISOString().slice(0, 16).replace("T", " ");
}

function factLine(f: Fact): string {
  return `${f.subject} · ${f.predicate} · ${f.object}  [${day(f.validFrom)} → ${day(f.validTo)}] v${f.version} (session ${f.provenance.session} step ${f.provenance.step}; ${f.provenance.source})${f.closedReason ? ` closed: ${f.closedReason}` : ""}`;
}

function entryLine(e: ChangelogEntry): string {
  const drift =
    e.drift.length === 0 ? "" : `\n    drift: ${e.drift.map((d) => d.message).join("; ")}`;
  const back = e.rollbackOf === null ? "" : ` (rollback of v${e.rollbackOf})`;
  return `v${e.version} ${day(e.at)} by ${e.writer} [${e.trigger}, ${e.status}]${back}: +${e.added} −${e.closed}, ${e.rejected} rejected — ${e.reason}${drift}`;
}

export async function memoryCommand(args: string[], ctx: CliContext): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      at: { type: "string" },
      predicate: { type: "string" },
      reason: { type: "string" },
      limit: { type: "string" },
      json: { type: "boolean", default: false },
      hive: { type: "string" },
    },
  });
  const [sub, hive, arg] = positionals;
  const memory = <T>(run: () => Promise<T>) => cliCall("memory", "docs/memory.md", run);
  if (sub === "search-all" && hive !== undefined) {
    const admin = clientFor(ctx, "admin");
    const body = await memory(() =>
      admin.searchAllMemory({
        q: hive,
        at: values.at,
        limit: values.limit === undefined ? undefined : Number(values.limit),
        hive: values.hive,
      }),
    );
    if (values.json) {
      ctx.out(JSON.stringify(body, null, 2));
      return;
    }
    const lines = body.hits.map((h) => `${h.weight.toFixed(3)}  [${h.hive}] ${factLine(h.fact)}`);
    ctx.out(lines.length === 0 ? "(nothing)" : lines.join("\n"));
    return;
  }
  if (sub === undefined || hive === undefined) {
    throw new CliError(`usage: lethe ${MEMORY_USAGE}`, "name a subcommand and the hive");
  }
  const routes = () => clientFor(ctx).memory(hive);
  const print = (body: unknown, lines: () => string[]) => {
    if (values.json) {
      ctx.out(JSON.stringify(body, null, 2));
      return;
    }
    const out = lines();
    ctx.out(out.length === 0 ? "(nothing)" : out.join("\n"));
  };
  const need = (what: string) => {
    if (arg === undefined) {
      throw new CliError(`usage: lethe ${MEMORY_USAGE}`, `pass ${what}`);
    }
    return arg;
  };
  switch (sub) {
    case "search": {
      const question = need("the question");
      const body = await memory(() =>
        routes().search({
          q: question,
          at: values.at || undefined,
          limit: values.limit || undefined,
        }),
      );
      print(body, () => body.hits.map((h) => `${h.weight.toFixed(3)}  ${factLine(h.fact)}`));
      return;
    }
    case "as-of": {
      const at = need("a time (epoch ms or ISO date)");
      const body = await memory(() => routes().asOf({ at }));
      print(body, () => body.facts.map(factLine));
      return;
    }
    case "history": {
      const subject = need("the subject");
      const body = await memory(() =>
        routes().history({ subject, predicate: values.predicate || undefined }),
      );
      print(body, () => body.map(factLine));
      return;
    }
    case "changelog": {
      const body = await memory(() => routes().changelog({ limit: values.limit ?? "20" }));
      print(body, () => body.map(entryLine));
      return;
    }
    case "rollback": {
      const version = Number(need("the version to roll back"));
      if (!Number.isSafeInteger(version) || version < 1 || !values.reason) {
        throw new CliError(
          'usage: lethe memory rollback <hive> <version> --reason "..."',
          "the changelog lists versions; a rollback names its reason",
        );
      }
      const reason = values.reason;
      const body = await memory(() => routes().rollback(version, reason));
      print(body, () => [entryLine(body)]);
      return;
    }
    case "metrics": {
      const body = await memory(() => routes().metrics());
      print(body, () => Object.entries(body).map(([k, v]) => `${k} ${v}`));
      return;
    }
    default:
      throw new CliError(`unknown memory subcommand "${sub}"`, `usage: lethe ${MEMORY_USAGE}`);
  }
}
