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

/** Which model serves one role: its name, its source, and whether it is the local stand-in. */
export const RoleModelSchema = z.object({
  model: z.string().nullable(),
  source: z.enum(["endpoint", "workers-ai", "stand-in", "none"]),
  standIn: z.boolean(),
  error: z.string().optional(),
});
export type RoleModel = z.infer<typeof RoleModelSchema>;

export const HealthReportSchema = z.object({
  ok: z.boolean(),
  components: z.record(z.string(), ComponentHealthSchema),
  /** The model of each role, as the Worker that calls it reports (router, compressor, gateway). */
  models: z
    .object({ router: RoleModelSchema, compression: RoleModelSchema, agent: RoleModelSchema })
    .optional(),
});
export type HealthReport = z.infer<typeof HealthReportSchema>;
