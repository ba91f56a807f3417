// The step budget's self-assessment: at the budget the model gets no tools and
// must say whether the goal was achieved, partially achieved or not, with what
// stays and what comes next. A malformed answer is still an assessment.
import { jsonrepair } from "jsonrepair";
import { z } from "zod";
import { ASSESSMENT_MARKER } from "../model/contracts.ts";
import type { MissionOutcome } from "./mission-outcome.ts";

export function assessmentPrompt(budget: number): string {
  return [
    `${ASSESSMENT_MARKER} You have used all ${budget} steps. No more tools.`,
    "Assess the mission now. Answer with JSON only:",
    '{"status": "achieved" | "partially_achieved" | "not_achieved", "summary": "what was done and the answer", "next": "what remains, for whoever continues"}',
  ].join("\n");
}

const AssessmentSchema = z.object({
  status: z.enum(["achieved", "partially_achieved", "not_achieved"]),
  summary: z.string().min(1).max(8_000),
  next: z.string().max(4_000).optional(),
});

export function parseAssessment(raw: string): MissionOutcome {
  const start = raw.indexOf("{");
  const end = raw.lastIndexOf("}");
  if (start >= 0 && end > start) {
    try {
      const parsed = AssessmentSchema.safeParse(JSON.parse(jsonrepair(raw.slice(start, end + 1))));
      if (parsed.success) {
        return parsed.data.next === undefined
          ? { status: parsed.data.status, summary: parsed.data.summary }
          : { status: parsed.data.status, summary: parsed.data.summary, next: parsed.data.next };
      }
    } catch {
      // Not repairable JSON: fall through to the honest default below.
    }
  }
  return {
    status: "not_achieved",
    summary: "the step budget ran out and the model gave no usable self-assessment",
    next: raw.trim().slice(0, 500) || "resume the mission with a larger budget or a clearer goal",
  };
}
