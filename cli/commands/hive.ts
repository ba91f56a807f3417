// CLI commands for hives: `hive create <name>` (admin: a new API key, printed
// once) and `artifacts <hive>` (the active artifacts); `lethe run` mints its key here.
import { parseArgs } from "node:util";
import { Lethe, type CreatedKey, type ListQuery } from "../../packages/client/lethe.ts";
import { cliCall } from "./client.ts";
import { ArtifactPageSchema, type ArtifactPage } from "../../shared/hive/reads.ts";
import { CliError, type CliContext } from "./context.ts";

export type { CreatedKey };

/** POST /v1/admin/hives/:hive/keys: a new key for `hive` (created on first use). */
export async function createHiveKey(
  baseUrl: string,
  adminToken: string,
  hive: string,
  label = "cli",
  shards?: number,
): Promise<CreatedKey> {
  return cliCall("creating a key", "docs/hive.md", () =>
    new Lethe({ url: baseUrl, adminToken }).createHiveKey(hive, label, shards),
  );
}

/** Every active artifact of a hive, following the listing's cursor. */
export async function listArtifacts(
  baseUrl: string,
  key: string,
  hive: string,
  filters: { kind?: string; tag?: string; prefix?: string } = {},
): Promise<ArtifactPage["artifacts"]> {
  const all: ArtifactPage["artifacts"] = [];
  let after: string | null = null;
  do {
    const query = { limit: 500, ...filters, ...(after ? { after } : {}) };
    const body = await cliCall("listing artifacts", "docs/hive.md", () =>
      new Lethe({ url: baseUrl, key }).listArtifacts(hive, query as ListQuery),
    );
    const page = ArtifactPageSchema.parse(body);
    all.push(...page.artifacts);
    after = page.next;
  } while (after !== null);
  return all;
}

export async function hiveCommand(args: string[], ctx: CliContext): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { label: { type: "string", default: "cli" }, shards: { type: "string" } },
  });
  const [sub, name] = positionals;
  if (sub !== "create" || name === undefined || positionals.length !== 2) {
    throw new CliError(
      "usage: lethe hive create <name> [--label <label>] [--shards <1..16>]",
      "hive names are lowercase letters, digits and dashes",
    );
  }
  const shards = values.shards === undefined ? undefined : Number(values.shards);
  const created = await createHiveKey(ctx.url, ctx.requireAdminToken(), name, values.label, shards);
  const sharded = created.shards === undefined ? "" : ` with ${created.shards} shard(s)`;
  ctx.out(
    `created key ${created.id} for hive ${created.hive}${sharded} (shown once, store it now):`,
  );
  ctx.out(created.key);
}

export async function artifactsCommand(args: string[], ctx: CliContext): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      kind: { type: "string" },
      tag: { type: "string" },
      prefix: { type: "string" },
      json: { type: "boolean", default: false },
    },
  });
  const [hive] = positionals;
  if (hive === undefined || positionals.length !== 1) {
    throw new CliError(
      "usage: lethe artifacts <hive> [--kind k] [--tag t] [--prefix p] [--json]",
      "pass the hive's name",
    );
  }
  const filters = Object.fromEntries(
    Object.entries({ kind: values.kind, tag: values.tag, prefix: values.prefix }).filter(
      (e): e is [string, string] => e[1] !== undefined,
    ),
  );
  const artifacts = await listArtifacts(ctx.url, ctx.requireKey(), hive, filters);
  if (values.json) {
    ctx.out(JSON.stringify(artifacts, null, 2));
    return;
  }
  if (artifacts.length === 0) {
    ctx.out(`hive ${hive} has no active artifacts`);
    return;
  }
  for (const a of artifacts) {
    const value = JSON.stringify(a.value);
    ctx.out(
      `${a.identifier}@${a.version} [${a.kind}] ${value.length > 80 ? `${value.slice(0, 77)}...` : value}${a.summary ? ` — ${a.summary}` : ""}`,
    );
  }
}
