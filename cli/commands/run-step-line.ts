// The line `lethe run` prints per step: what the step did (from its trace events),
// the L1 bar at that step's checkpoint and the tokens of its model call.
import { parseTraceEvent } from "../../shared/session/trace.ts";
import type { TraceRow } from "./sessions.ts";

/** Width of the L1 bar in characters. */
const BAR_WIDTH = 10;

/** `████░░░░░░` for `used` of `capacity`. */
export function l1Bar(used: number, capacity: number, width = BAR_WIDTH): string {
  const filled = capacity <= 0 ? 0 : Math.min(width, Math.round((used / capacity) * width));
  return `${"█".repeat(filled)}${"░".repeat(width - filled)}`;
}

/** What a step did, from its trace events (typed by the trace schema, shared/session/trace.ts). */
export function stepAction(events: readonly TraceRow[]): string {
  for (const row of events) {
    const e = parseTraceEvent(row);
    switch (e?.kind) {
      case "tool":
        return `${e.data.tool}${e.data.error ? " (failed)" : ""}`;
      case "final":
        return "final answer";
      case "assessment":
        return `self-assessment: ${e.data.status}`;
      case "refused":
        return `${e.data.tool} refused (${e.data.verdict})`;
      case "model_error":
        return `model error ${e.data.code}`;
      case "gatekeeper_error":
        return `gatekeeper error ${e.data.code}`;
      case "halt":
        return `halt: ${e.data.reason}`;
    }
  }
  return "step";
}

/** Prompt plus completion tokens of a step's model call, if it made one. */
export function stepTokens(events: readonly TraceRow[]): number | null {
  for (const e of events) {
    if (typeof e.data.promptTokens === "number" && typeof e.data.completionTokens === "number") {
      return e.data.promptTokens + e.data.completionTokens;
    }
  }
  return null;
}

/** One step's line: the step of the budget, what it did, the L1 bar, the tokens. */
export function formatStep(
  step: number,
  budget: number,
  action: string,
  l1: { used: number; capacity: number } | null,
  tokens: number | null,
): string {
  const bar = l1 ? `[L1 ${l1Bar(l1.used, l1.capacity)} ${l1.used}/${l1.capacity}]` : "[L1 ?]";
  // The self-assessment a spent budget forces is committed as one step past it.
  const head = step > budget ? `after ${budget}/${budget}` : `step ${step}/${budget}`;
  return `${head}  ${action.padEnd(20)}  ${bar}  ${tokens === null ? "-" : `${tokens} tokens`}`;
}
