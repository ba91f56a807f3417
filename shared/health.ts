// The shape every component reports to the gateway's GET /health.
import { z } from "zod";

export const ComponentHealthSchema = z.object({
  component: z.string(),
  ok: z.boolean(),
  /** Milliseconds the check took, measured by the caller across the binding. */
  latencyMs: z.number().optional(),
  /** Flat scalars only: the type must survive Workers RPC serialisation. */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  error: z.string().optional(),
});
export type ComponentHealth = z.infer<typeof ComponentHealthSchema>;

export const HealthReportSchema = z.object({
  ok: z.boolean(),
  components: z.record(z.string(), ComponentHealthSchema),
});
export type HealthReport = z.infer<typeof HealthReportSchema>;
