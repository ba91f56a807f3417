// The account resources a first deploy creates and a later one finds: the D1
// database, the job queues and the Vectorize index (with its dimensions checked).
// Steps of scripts/lib/deploy/plan.ts.
import { DeployError, must, type DeployContext } from "./context.ts";

export const D1_NAME = "lethe";
export const QUEUES = ["lethe-jobs", "lethe-jobs-dlq"] as const;
export const VECTORIZE_INDEX = "lethe-l3";
/** Matches the Workers AI embedder (@cf/baai/bge-small-en-v1.5, 384 dimensions). */
export const VECTORIZE_DIMENSIONS = 384;

function parseJson(text: string): unknown {
  const start = text.search(/[[{]/);
  try {
    return JSON.parse(start >= 0 ? text.slice(start) : text);
  } catch {
    return undefined;
  }
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

export function ensureD1(ctx: DeployContext): void {
  const given = ctx.env.LETHE_D1_DATABASE_ID;
  if (given !== undefined && given !== "") {
    const info = ctx.wrangler(["d1", "info", given, "--json"]);
    if (info.status !== 0) {
      throw new DeployError(
        `the D1 database ${given} (LETHE_D1_DATABASE_ID) does not exist in this account`,
        "unset LETHE_D1_DATABASE_ID to create or reuse `lethe`, or give an id that `wrangler d1 list` shows",
      );
    }
    ctx.d1Id = given;
    ctx.log(`D1: using ${given}`);
    return;
  }
  const list = parseJson(
    must(ctx, ["d1", "list", "--json"], "listing D1 databases", "run `npx wrangler login` first"),
  );
  const found = Array.isArray(list)
    ? list.find((d: { name?: unknown }) => d.name === D1_NAME)
    : undefined;
  if (found && typeof found.uuid === "string") {
    ctx.d1Id = found.uuid;
    ctx.log(`D1: ${D1_NAME} exists (${found.uuid})`);
    return;
  }
  const created = must(
    ctx,
    ["d1", "create", D1_NAME],
    `creating D1 ${D1_NAME}`,
    "check the account's D1 quota",
  );
  const id = UUID.exec(created)?.[0];
  if (id === undefined) {
    throw new DeployError(
      "wrangler created the D1 database but printed no id",
      "run `npx wrangler d1 list` and set LETHE_D1_DATABASE_ID",
    );
  }
  ctx.d1Id = id;
  ctx.log(`D1: created ${D1_NAME} (${id})`);
}

export function ensureQueue(ctx: DeployContext, name: string): void {
  if (ctx.wrangler(["queues", "info", name]).status === 0) {
    ctx.log(`queue ${name}: exists`);
    return;
  }
  must(
    ctx,
    ["queues", "create", name],
    `creating queue ${name}`,
    "check the account has Queues enabled (Workers Paid)",
  );
  ctx.log(`queue ${name}: created`);
}

export function ensureVectorize(ctx: DeployContext): void {
  const list = parseJson(
    must(
      ctx,
      ["vectorize", "list", "--json"],
      "listing Vectorize indexes",
      "run `npx wrangler login` first",
    ),
  );
  const found = Array.isArray(list)
    ? list.find((v: { name?: unknown }) => v.name === VECTORIZE_INDEX)
    : undefined;
  if (found) {
    const dims = (found as { config?: { dimensions?: unknown } }).config?.dimensions;
    if (dims !== undefined && dims !== VECTORIZE_DIMENSIONS) {
      throw new DeployError(
        `the Vectorize index ${VECTORIZE_INDEX} has ${String(dims)} dimensions; Lethe embeds with ${VECTORIZE_DIMENSIONS}`,
        `delete it (\`npx wrangler vectorize delete ${VECTORIZE_INDEX}\`) and deploy again`,
      );
    }
    ctx.log(`Vectorize ${VECTORIZE_INDEX}: exists`);
    return;
  }
  must(
    ctx,
    [
      "vectorize",
      "create",
      VECTORIZE_INDEX,
      `--dimensions=${VECTORIZE_DIMENSIONS}`,
      "--metric=cosine",
    ],
    `creating Vectorize ${VECTORIZE_INDEX}`,
    "check the account has Vectorize enabled",
  );
  ctx.log(`Vectorize ${VECTORIZE_INDEX}: created`);
}
