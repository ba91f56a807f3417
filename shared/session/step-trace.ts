// The `step` trace entry every committed step writes (durable-objects/session/step/commit-step.ts):
// what was committed, the envelope the model received, and, for agent-loop steps, each
// stage's timing and the step's load counts (durable-objects/session/step/meter.ts).
import { z } from "zod";

export const StageTimingSchema = z.object({
  /** prepare, route, model, admit, tool, effects, gate, checkpoint: in that order. */
  name: z.string(),
  /** Epoch milliseconds when the stage began. */
  startedAt: z.number(),
  /** Its duration in milliseconds. */
  ms: z.number(),
});
export type StageTiming = z.infer<typeof StageTimingSchema>;

export const StepCountsSchema = z.object({
  tokenizerLoads: z.number().int(),
  historyReads: z.number().int(),
  envelopeBuilds: z.number().int(),
});
export type StepCounts = z.infer<typeof StepCountsSchema>;

export const StepTraceDataSchema = z.object({
  turns: z.number().int(),
  ops: z.number().int(),
  envelopeTokens: z.number().int(),
  needsCompression: z.array(z.string()),
  stages: z.array(StageTimingSchema).optional(),
  counts: StepCountsSchema.optional(),
  /** Prompt tokens of each envelope section the model received. */
  sections: z.record(z.string(), z.number().int()).optional(),
  /** Meta items offered to the model, and those its move named (the meta hit rate). */
  meta: z.object({ offered: z.number().int(), used: z.number().int() }).optional(),
});
export type StepTraceData = z.infer<typeof StepTraceDataSchema>;
