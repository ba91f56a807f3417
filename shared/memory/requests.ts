// Requests to read long-term memory, shared by the gateway's memory routes and the
// MCP server's memory tools: one schema per read, one reading of times.
import { z } from "zod";

/** Epoch milliseconds, or an ISO 8601 date ("2026-03-01", "2026-03-01T12:00Z"). */
export function parseMemoryTime(text: string | number): number | null {
  const raw = String(text);
  const at = /^\d{1,16}$/.test(raw) ? Number(raw) : Date.parse(raw);
  return Number.isSafeInteger(at) && at >= 0 ? at : null;
}

/** A time in a request: epoch milliseconds (number or digits) or an ISO 8601 date. */
export const MemoryTimeSchema = z
  .union([z.number().int().min(0), z.string().min(1).max(40)])
  .transform((value, ctx) => {
    const at = parseMemoryTime(value);
    if (at === null) {
      ctx.addIssue({ code: "custom", message: "epoch milliseconds or an ISO 8601 date" });
      return z.NEVER;
    }
    return at;
  });

export const MemorySearchRequestSchema = z.strictObject({
  q: z.string().min(1).max(1_000),
  at: MemoryTimeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});
export const MemoryAsOfRequestSchema = z.strictObject({
  at: MemoryTimeSchema,
  limit: z.coerce.number().int().min(1).max(5_000).optional(),
});
export const MemoryHistoryRequestSchema = z.strictObject({
  subject: z.string().min(1).max(200),
  predicate: z.string().min(1).max(100).optional(),
});
export const MemoryChangelogRequestSchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).optional(),
  before: z.coerce.number().int().min(1).optional(),
});
