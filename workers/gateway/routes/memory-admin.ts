// Knowledge across hives, for the operator: GET /v1/admin/memory/search reads
// the D1 mirror (durable-objects/hive/knowledge-mirror.ts), keeps the facts valid
// at `at` that share a term with the query, and ranks them with the same
// retrieval as a hive's own search. Admin token; mounted under /v1/admin.
import { and, desc, gt, isNull, lte, or, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { Hono } from "hono";
import { z } from "zod";
import { knowledgeFacts, type KnowledgeFactRow } from "../../../shared/db/schema.ts";
import { errorBody } from "../../../shared/base/errors.ts";
import { MemoryTimeSchema } from "../../../shared/memory/requests.ts";
import { queryTerms, retrieve } from "../../../shared/memory/retrieve.ts";
import type { Fact } from "../../../shared/memory/schema.ts";
import { knowledgeConfig } from "../../../durable-objects/hive/knowledge.ts";
import { requireAdmin } from "../request/auth.ts";

/** Mirrored rows ranked per search at most: bounded cost per request. */
const MAX_MIRROR_CANDIDATES = 2_000;

const AdminSearchSchema = z.strictObject({
  q: z.string().min(1).max(1_000),
  at: MemoryTimeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
  hive: z.string().min(1).max(63).optional(),
});

export const ADMIN_MEMORY_ROUTES = {
  "GET /v1/admin/memory/search":
    "knowledge across every hive from the D1 mirror, ranked like a hive's search (admin token)",
} as const;

function toFact(row: KnowledgeFactRow): Fact {
  return {
    id: row.id,
    subject: row.subject,
    predicate: row.predicate,
    object: row.object,
    kind: row.kind as Fact["kind"],
    cardinality: row.cardinality as Fact["cardinality"],
    provenance: JSON.parse(row.provenance) as Fact["provenance"],
    validFrom: row.validFrom,
    validTo: row.validTo,
    version: row.version,
    closedBy: row.closedBy,
    closedReason: row.closedReason,
  };
}

export const memoryAdmin = new Hono<{ Bindings: Env }>().get(
  "/memory/search",
  requireAdmin,
  async (c) => {
    const parsed = AdminSearchSchema.safeParse(c.req.query());
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return c.json(
        errorBody(
          "INVALID_QUERY",
          `${issue?.path.join(".") || "query"}: ${issue?.message ?? "invalid"}`,
          "q is 1..1000 characters; at is epoch ms or an ISO date; limit 1..50; hive optional",
        ),
        400,
      );
    }
    const { q, hive } = parsed.data;
    const at = parsed.data.at ?? Date.now();
    const terms = [...queryTerms(q)].slice(0, 16);
    if (terms.length === 0) {
      return c.json({ at, hits: [] });
    }
    const text = sql`lower(${knowledgeFacts.subject} || ' ' || ${knowledgeFacts.predicate} || ' ' || ${knowledgeFacts.object})`;
    const rows = await drizzle(c.env.DB)
      .select()
      .from(knowledgeFacts)
      .where(
        and(
          lte(knowledgeFacts.validFrom, at),
          or(isNull(knowledgeFacts.validTo), gt(knowledgeFacts.validTo, at)),
          hive === undefined ? undefined : sql`${knowledgeFacts.hive} = ${hive}`,
          or(...terms.map((t) => sql`instr(${text}, ${t}) > 0`)),
        ),
      )
      .orderBy(desc(knowledgeFacts.validFrom))
      .limit(MAX_MIRROR_CANDIDATES);
    // Ids are per hive: rank each hive's rows, then merge by weight.
    const byHive = new Map<string, KnowledgeFactRow[]>();
    for (const r of rows) {
      byHive.set(r.hive, [...(byHive.get(r.hive) ?? []), r]);
    }
    const limit = parsed.data.limit ?? 10;
    const { decay } = knowledgeConfig(c.env as unknown as Record<string, unknown>);
    const hits = [...byHive].flatMap(([h, list]) =>
      retrieve(list.map(toFact), q, { at, limit, decay }).map((s) => ({ hive: h, ...s })),
    );
    hits.sort((a, b) => b.weight - a.weight || a.hive.localeCompare(b.hive));
    return c.json({
      at,
      halfLifeDays: decay.halfLifeDays,
      candidates: rows.length,
      hits: hits.slice(0, limit),
    });
  },
);
