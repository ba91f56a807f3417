// `lethe memory`: the hive's long-term knowledge from the command line: search,
// as-of, history, changelog (who, when, why, drift), rollback and the steward's
// counters, over the gateway's /v1/hives/:hive/memory routes; `search-all` searches
// every hive's knowledge (admin token, /v1/admin/memory/search over the D1 mirror).
import { parseArgs } from "node:util";
import { ErrorBodySchema } from "../../shared/errors.ts";
import type { ChangelogEntry, Fact, ScoredFact } from "../../shared/memory/schema.ts";
import { CliError, type CliContext } from "./context.ts";

export const MEMORY_USAGE =
  'memory search <hive> "<question>" [--at T] | as-of <hive> <T> | history <hive> <subject> [--predicate P] | changelog <hive> | rollback <hive> <version> --reason "..." | metrics <hive> | search-all "<question>" [--at T] [--hive H] (admin token)   (T: epoch ms or ISO date; --json)';

async function request(
  ctx: CliContext,
  path: string,
  init: RequestInit = {},
  token: () => string = ctx.requireKey,
): Promise<unknown> {
  const url = `${ctx.url}${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: {
        authorization: `Bearer ${token()}`,
        "content-type": "application/json",
      },
    });
  } catch {
    throw new CliError(
      `cannot reach the gateway at ${ctx.url}`,
      "start the cluster with `npm start`, or pass --url <gateway>",
    );
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's error page): reported below with its status.
  }
  if (!response.ok) {
    const parsed = ErrorBodySchema.safeParse(body);
    if (parsed.success) {
      const e = parsed.data.error;
      throw new CliError(`memory: ${e.code}: ${e.message}`, e.hint ?? "see docs/memory.md");
    }
    throw new CliError(`memory: HTTP ${response.status}`, "see docs/memory.md");
  }
  return body;
}

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
  if (sub === "search-all" && hive !== undefined) {
    const q = new URLSearchParams({ q: hive });
    for (const name of ["at", "limit", "hive"] as const) {
      const v = values[name];
      if (v !== undefined) {
        q.set(name, v);
      }
    }
    const body = (await request(
      ctx,
      `/v1/admin/memory/search?${q}`,
      {},
      ctx.requireAdminToken,
    )) as { hits: Array<ScoredFact & { hive: string }> };
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
  const base = `/v1/hives/${encodeURIComponent(hive)}/memory`;
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
      const q = new URLSearchParams({ q: need("the question") });
      if (values.at) {
        q.set("at", values.at);
      }
      if (values.limit) {
        q.set("limit", values.limit);
      }
      const body = (await request(ctx, `${base}/search?${q}`)) as { hits: ScoredFact[] };
      print(body, () => body.hits.map((h) => `${h.weight.toFixed(3)}  ${factLine(h.fact)}`));
      return;
    }
    case "as-of": {
      const body = (await request(
        ctx,
        `${base}/as-of?${new URLSearchParams({ at: need("a time (epoch ms or ISO date)") })}`,
      )) as { facts: Fact[] };
      print(body, () => body.facts.map(factLine));
      return;
    }
    case "history": {
      const q = new URLSearchParams({ subject: need("the subject") });
      if (values.predicate) {
        q.set("predicate", values.predicate);
      }
      const body = (await request(ctx, `${base}/history?${q}`)) as Fact[];
      print(body, () => body.map(factLine));
      return;
    }
    case "changelog": {
      const body = (await request(
        ctx,
        `${base}/changelog?${new URLSearchParams({ limit: values.limit ?? "20" })}`,
      )) as ChangelogEntry[];
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
      const body = (await request(ctx, `${base}/rollback`, {
        method: "POST",
        body: JSON.stringify({ version, reason: values.reason }),
      })) as ChangelogEntry;
      print(body, () => [entryLine(body)]);
      return;
    }
    case "metrics": {
      const body = (await request(ctx, `${base}/metrics`)) as Record<string, number>;
      print(body, () => Object.entries(body).map(([k, v]) => `${k} ${v}`));
      return;
    }
    default:
      throw new CliError(`unknown memory subcommand "${sub}"`, `usage: lethe ${MEMORY_USAGE}`);
  }
}
