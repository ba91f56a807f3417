// Stand-in rule: a page L1 refused for its size, or staged only as its digest, is
// read again smaller: the symbol the mission names (its own lines), else a slice
// of the file sized to fit what the refusal says L1 holds. Once per path; the generic plan goes on from there.
import type { Move } from "../../../../shared/driver/move.ts";
import type { VisibleState } from "../visible-state.ts";
import { movesOf, offered } from "./kit.ts";

const TOO_LARGE =
  /(?:\[L1 REFUSED\] PAGE_TOO_LARGE: page|\[DIGEST\]) \S+ has (\d+) tokens, L1 holds (\d+)/;
const LINES = /\(lines \d+-\d+ of (\d+)\)/;
/** Identifiers in code form the mission names (UPPER_CASE, snake_case, camelCase). */
const CODE_NAME =
  /\b(?:[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]|[a-z]+_[a-z0-9_]+|[a-z]+[A-Z][A-Za-z0-9]*|[A-Z]{3,}[0-9]*)\b/g;

export function refusedPageMove(state: VisibleState): Move | null {
  const stage = offered(state, "stage_context");
  const last = state.done.at(-1);
  const refusedFor = last?.tool === "stage_context" ? TOO_LARGE.exec(last.result) : null;
  const path = typeof last?.args.path === "string" ? last.args.path : undefined;
  if (!stage || !refusedFor || path === undefined) {
    return null;
  }
  const reads = movesOf(state, "stage_context").filter((d) => d.args.path === path);
  const names = [...new Set(state.mission.match(CODE_NAME) ?? [])];
  const symbolTried = new Set(reads.map((d) => d.args.symbol).filter((s) => s !== undefined));
  const symbol = names.find((n) => !symbolTried.has(n));
  if (symbol !== undefined && stage.properties.includes("symbol") && symbolTried.size === 0) {
    return {
      kind: "tool",
      tool: stage.name,
      args: { symbol, path },
      rationale: `${path} is too large for L1: read ${symbol}'s own lines`,
    };
  }
  const sliced = reads.some((d) => d.args.start_line !== undefined);
  const total = Number(LINES.exec(last?.result ?? "")?.[1] ?? 0);
  const tokens = Number(refusedFor[1]);
  const capacity = Number(refusedFor[2]);
  if (sliced || total < 2 || !stage.properties.includes("start_line")) {
    return null;
  }
  // Half of what fits, so the slice leaves room for the pages already in L1.
  const end = Math.max(1, Math.floor((total * capacity) / tokens / 2));
  return {
    kind: "tool",
    tool: stage.name,
    args: { path, start_line: 1, end_line: Math.min(end, total) },
    rationale: `${path} is too large for L1: read its first ${end} lines`,
  };
}
