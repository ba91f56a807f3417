// Long-term memory routes: /v1/hives/:hive/memory/... (search, as-of, history,
// changelog, rejected candidates, counters, a manual steward run, rollback),
// behind a hive API key; every answer comes from the Hive's memory RPC.
import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  MemoryAsOfRequestSchema,
  MemoryChangelogRequestSchema,
  MemoryHistoryRequestSchema,
  MemorySearchRequestSchema,
} from "../../../shared/memory/requests.ts";
import { errorBody } from "../../../shared/base/errors.ts";
import type { MemoryResult } from "../../../shared/memory/schema.ts";
import { keyedHive, requireHiveKey, type AuthVariables } from "../request/auth.ts";
import { unwrap } from "./results.ts";
import { jsonBody } from "../request/validate.ts";

type MemoryEnv = { Bindings: Env; Variables: AuthVariables };

function answer<T>(c: Context<MemoryEnv>, result: MemoryResult<T>): Response {
  return c.json(unwrap(result) as object, 200);
}

function invalidQuery(c: Context<MemoryEnv>, error: z.ZodError): Response {
  const issue = error.issues[0];
  return c.json(
    errorBody(
      "INVALID_QUERY",
      `${issue?.path.join(".") || "query"}: ${issue?.message ?? "invalid"}`,
      "docs/memory.md lists the query parameters",
    ),
    400,
  );
}

const SearchSchema = MemorySearchRequestSchema;
const AsOfSchema = MemoryAsOfRequestSchema;
const HistorySchema = MemoryHistoryRequestSchema;
const ChangelogSchema = MemoryChangelogRequestSchema;
const RejectedSchema = z.strictObject({
  job: z.string().min(1).max(128),
  limit: z.coerce.number().int().min(1).max(1_000).optional(),
});
const StewardBodySchema = z.strictObject({
  jobId: z.string().min(1).max(128).optional(),
  reason: z.string().min(1).max(1_000),
  session: z.string().min(1).max(128).optional(),
  candidates: z.array(z.unknown()).max(20_000).optional(),
});
const RollbackBodySchema = z.strictObject({
  version: z.number().int().min(1),
  reason: z.string().min(1).max(1_000),
});

/** The writer a changelog names for a request: the hive key that made it. */
const writer = (c: Context<MemoryEnv>) => `key:${c.get("hiveKey").keyId}`;

export const MEMORY_ROUTES = {
  "GET /v1/hives/:hive/memory/search": "facts ranked by similarity × decay ?q&at&limit",
  "GET /v1/hives/:hive/memory/as-of": "every fact valid at a time ?at (epoch ms or ISO date)",
  "GET /v1/hives/:hive/memory/history": "every fact ever recorded about ?subject&predicate",
  "GET /v1/hives/:hive/memory/changelog": "steward versions: who, when, why, drift ?limit&before",
  "GET /v1/hives/:hive/memory/rejected": "rejected candidates of a run, with reasons ?job",
  "GET /v1/hives/:hive/memory/metrics":
    "meta_steward.run.count, schema_violation.count, drift.detected",
  "POST /v1/hives/:hive/memory/steward":
    "run the meta-steward {reason, jobId?, session?, candidates?}",
  "POST /v1/hives/:hive/memory/rollback": "roll back the latest steward version {version, reason}",
} as const;

export const memory = new Hono<MemoryEnv>()
  .use("/:hive/memory/*", requireHiveKey)
  .get("/:hive/memory/search", async (c) => {
    const q = SearchSchema.safeParse(c.req.query());
    return q.success
      ? answer(c, await keyedHive(c).memory().search(q.data))
      : invalidQuery(c, q.error);
  })
  .get("/:hive/memory/as-of", async (c) => {
    const q = AsOfSchema.safeParse(c.req.query());
    return q.success
      ? answer(c, await keyedHive(c).memory().asOf(q.data.at, q.data.limit))
      : invalidQuery(c, q.error);
  })
  .get("/:hive/memory/history", async (c) => {
    const q = HistorySchema.safeParse(c.req.query());
    return q.success
      ? answer(c, await keyedHive(c).memory().history(q.data.subject, q.data.predicate))
      : invalidQuery(c, q.error);
  })
  .get("/:hive/memory/changelog", async (c) => {
    const q = ChangelogSchema.safeParse(c.req.query());
    return q.success
      ? answer(c, await keyedHive(c).memory().changelog(q.data.limit, q.data.before))
      : invalidQuery(c, q.error);
  })
  .get("/:hive/memory/rejected", async (c) => {
    const q = RejectedSchema.safeParse(c.req.query());
    return q.success
      ? answer(c, await keyedHive(c).memory().rejected(q.data.job, q.data.limit))
      : invalidQuery(c, q.error);
  })
  .get("/:hive/memory/metrics", async (c) => c.json(await keyedHive(c).memory().counters()))
  .post("/:hive/memory/steward", jsonBody(StewardBodySchema), async (c) => {
    const body = c.req.valid("json");
    return answer(
      c,
      await keyedHive(c)
        .memory()
        .run({
          jobId: body.jobId ?? `manual:${crypto.randomUUID()}`,
          writer: writer(c),
          reason: body.reason,
          trigger: "manual",
          ...(body.session === undefined ? {} : { session: body.session }),
          candidates: body.candidates ?? [],
        }),
    );
  })
  .post("/:hive/memory/rollback", jsonBody(RollbackBodySchema), async (c) => {
    const body = c.req.valid("json");
    return answer(c, await keyedHive(c).memory().rollback(body.version, writer(c), body.reason));
  });
