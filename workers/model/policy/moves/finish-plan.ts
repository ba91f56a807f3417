// How the stand-in's generic plan ends: the facts it found with their values, the
// result it computed, the file it patched, and the status it judges its own plan by
// (never the answer's truth); a plan that found nothing refuses plainly.
import type { Move } from "../../../../shared/driver/move.ts";
import { refusal } from "./refusal.ts";
import { SET_TARGET } from "../page-facts.ts";
import { fillArgs } from "../tool-args.ts";
import type { DoneMove, Fact, OfferedTool, VisibleState } from "../visible-state.ts";

/** Constants the mission names in code form (UPPER_CASE), as artifact keys. */
export const NAMED_CONSTANT = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b|\b[A-Z]{3,}[0-9]*\b/g;

/** What the plan got as far as: its saves, facts, calculations and patches. */
export interface PlanSoFar {
  saved: DoneMove[];
  /** Keys of the facts at hand, in the order the mission names them. */
  keys: string[];
  available: ReadonlyMap<string, Fact>;
  /** Results of calculate calls. */
  results: string[];
  /** Patches that changed a file (not refused). */
  patched: DoneMove[];
  /** The mission's "set NAME in file" target. */
  target: ReturnType<typeof SET_TARGET.exec>;
  /** The mission asks for an operation over its facts. */
  operation: boolean;
  finish: OfferedTool | undefined;
}

/** The finish move (or a final answer without finish on offer) for the plan so far. */
export function closingMove(state: VisibleState, plan: PlanSoFar): Move {
  const { saved, keys, available, results, patched, target, finish } = plan;
  const targetName = target?.[1]?.toLowerCase();
  const targetPath = target?.[2];
  const keysDone = [
    ...new Set([...saved.map((d) => String(d.args.key ?? "")).filter(Boolean), ...keys]),
  ];
  // Each fact with its value: an answer carries the values it found, not only their names.
  const valueOf = new Map<string, unknown>([
    ...saved.map((d) => [String(d.args.key ?? ""), d.args.value] as const),
    ...[...available].map(([k, f]) => [k, f.value] as const),
  ]);
  const stated = keysDone.map((k) =>
    valueOf.get(k) === undefined ? k : `${k} = ${String(valueOf.get(k))}`,
  );
  const summary =
    [
      keysDone.length > 0 ? `facts: ${stated.join(", ")}` : "",
      results.length > 0 ? `result: ${results.join("; ")}` : "",
      patched.length > 0 && target ? `${target[1]} set in ${targetPath}` : "",
    ]
      .filter((s) => s.length > 0)
      .join("; ") || "no facts were found for the mission";
  // The status judges the policy's own plan, not the answer's truth: it cannot know that.
  // Constants the mission names in code form must be among what was found, or the
  // facts found are someone else's answer.
  const named = [...new Set(state.mission.match(NAMED_CONSTANT) ?? [])]
    .map((c) => c.toLowerCase())
    .filter((k) => k !== targetName);
  const namedFound = named.filter((k) => keysDone.includes(k));
  const planDone =
    keysDone.length > 0 &&
    namedFound.length === named.length &&
    (!plan.operation || results.length > 0) &&
    (target === null || patched.length > 0);
  const status = planDone
    ? "achieved"
    : keysDone.length > 0 && (named.length === 0 || namedFound.length > 0)
      ? "partially_achieved"
      : "not_achieved";
  if (status === "not_achieved" && keysDone.length === 0) {
    return refusal(state, "it found no NAME = number fact the mission needs in the files it read");
  }
  if (finish) {
    return {
      kind: "tool",
      tool: finish.name,
      args: fillArgs(finish, { status, summary }),
      rationale: "nothing left that the offered tools can do for the mission",
    };
  }
  return { kind: "final", answer: summary };
}
