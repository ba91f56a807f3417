// Stand-in rule: "set NAME in path/to/file to 5" with the value in the mission.
// Reads the file (or, when L1 refuses the whole file for its size, the symbol's
// own lines), patches the line that assigns NAME, and reports a refusal plainly.
import type { Move } from "../../../../shared/driver/move.ts";
import { assignmentPatch } from "../page-facts.ts";
import type { VisibleState } from "../visible-state.ts";
import {
  PATH_SOURCE,
  currentPages,
  finishMove,
  movesOf,
  offered,
  refusalLine,
  refused,
  toolMove,
} from "./kit.ts";

/** A move held for a person's decision: not done, not refused either. */
const WAITING = /^\[SYSTEM NOTICE\].*\bwaiting for a person\b/m;

const SET_LITERAL = new RegExp(
  String.raw`\b(?:set|change|update)\s+([A-Za-z_][A-Za-z0-9_]*)\s+in\s+(${PATH_SOURCE})\s+to\s+(-?\d+(?:\.\d+)?)(?!\w|\.\d)`,
  "i",
);

export function setLiteralMove(state: VisibleState): Move | null {
  const m = SET_LITERAL.exec(state.mission);
  if (!m) {
    return null;
  }
  const [, name = "", path = "", value = ""] = m;
  const patches = movesOf(state, "apply_patch");
  const last = patches.at(-1);
  // A patch waiting for a person (a firewall ASK): once approved, it is made again.
  const answer =
    last !== undefined && WAITING.test(last.result)
      ? (state.human ?? []).find((h) => h.movesBefore > state.done.lastIndexOf(last))
      : undefined;
  const approved = answer !== undefined && /^\s*\[HUMAN\] approved\b/.test(answer.text);
  if (last !== undefined && answer !== undefined && !approved) {
    const said = answer.text.trim().split("\n")[0] ?? "";
    return finishMove(state, "not_achieved", `${name} was not set in ${path}: ${said}`);
  }
  if (last !== undefined && !approved) {
    return refused(last.result)
      ? finishMove(
          state,
          "not_achieved",
          `${name} was not set in ${path}: ${refusalLine(last.result)}`,
        )
      : finishMove(state, "achieved", `${name} set to ${value} in ${path}`);
  }
  const stage = offered(state, "stage_context");
  const reads = movesOf(state, "stage_context").filter(
    (d) => d.args.path === path || d.args.target === path,
  );
  // A patch that failed and was travelled back from: the file may have changed
  // under the page L1 still holds, so it is read again before the next attempt.
  const lesson = (state.lessons ?? []).filter((l) => /failed: apply_patch\b/.test(l.text)).at(-1);
  const readSince =
    lesson === undefined || reads.some((d) => state.done.indexOf(d) >= lesson.movesBefore);
  if (stage && !readSince) {
    return toolMove(stage, { path }, `read ${path} again: the last patch failed against it`);
  }
  const patch = offered(state, "apply_patch");
  for (const page of currentPages(state, path)) {
    const diff = assignmentPatch(page, name, value);
    if (diff !== null && patch) {
      return {
        kind: "tool",
        tool: patch.name,
        args: { path, patch: diff },
        rationale: `set ${name} to ${value} in ${path}`,
      };
    }
  }
  const tooLarge = reads.some((d) => /\[L1 REFUSED\]|^\[DIGEST\]/m.test(d.result));
  const symbolTried = reads.some((d) => d.args.symbol === name);
  if (stage && reads.length === 0) {
    return toolMove(stage, { path }, `read ${path} to set ${name} there`);
  }
  if (stage && tooLarge && !symbolTried && stage.properties.includes("symbol")) {
    // The whole file does not fit in L1: the assignment's own lines do.
    return {
      kind: "tool",
      tool: stage.name,
      args: { symbol: name, path },
      rationale: `${path} is too large for L1: read ${name}'s own lines instead`,
    };
  }
  if (stage && !tooLarge && reads.length < 2 && currentPages(state, path).length === 0) {
    return toolMove(stage, { path }, `read ${path} again: it left L1`);
  }
  const why =
    currentPages(state, path).length > 0
      ? `${name} is not assigned a number in ${path}`
      : `${path} could not be read into L1${reads.at(-1) ? `: ${refusalLine(reads.at(-1)?.result ?? "")}` : ""}`;
  return finishMove(state, "not_achieved", `${name} was not set: ${why}`);
}
