// Small helpers the stand-in's mission rules (workers/model/policy/moves/*.ts) share: the
// offered tool by name, earlier moves of a tool, L1 file pages by path, and the
// finish move. Generic over any workspace; used only by the rules beside it.
import type { Move } from "../../../../shared/driver/move.ts";
import { fillArgs } from "../tool-args.ts";
import type { DoneMove, OfferedTool, VisiblePage, VisibleState } from "../visible-state.ts";

/** A workspace path as users write it (a dotted extension); `..` segments allowed, so roots can refuse them. */
export const PATH_SOURCE = String.raw`(?:(?:\.{1,2}|[\w-]+)\/)*[\w-]+\.[A-Za-z][A-Za-z0-9]{0,5}`;

/** A tool result that did not do what was asked: a tool error, a gate's refusal or a policy halt. */
const REFUSED = /^\[(TOOL ERROR|GATEKEEPER REFUSAL|SYSTEM NOTICE|POLICY HALT)\]|\[L1 REFUSED\]/m;

export function offered(state: VisibleState, name: string): OfferedTool | undefined {
  return state.offered.find((t) => t.name === name);
}

export function movesOf(state: VisibleState, name: string): DoneMove[] {
  return state.done.filter((d) => d.tool === name);
}

export function refused(result: string): boolean {
  return REFUSED.test(result);
}

/** The first line that says why a move did nothing (for a finish summary). */
export function refusalLine(result: string): string {
  return (
    result
      .split("\n")
      .find((l) => REFUSED.test(l))
      ?.trim() ??
    result.split("\n")[0] ??
    ""
  );
}

/** A file page's workspace path: its id without a line range or a past version. */
export function pagePath(page: VisiblePage): string {
  return page.id.replace(/:\d+-\d+$/, "").replace(/@v\d+$/, "");
}

/** The first line of a file page within its file (a slice `path:a-b` starts at a). */
export function pageFirstLine(page: VisiblePage): number {
  const range = /:(\d+)-\d+$/.exec(page.id);
  return range ? Number(range[1]) : 1;
}

/** The workspace version a file page was read at (from its source ref `file:path@N:a-b`). */
export function pageVersion(page: VisiblePage): number | undefined {
  const m = /@(\d+):\d+-\d+$/.exec(page.sourceRef);
  return m ? Number(m[1]) : undefined;
}

/** The current (not past) file pages of a path in L1. */
export function currentPages(state: VisibleState, path: string): VisiblePage[] {
  return state.pages.filter(
    (p) => p.kind === "file" && !/@v\d+(?::\d+-\d+)?$/.test(p.id) && pagePath(p) === path,
  );
}

/** Paths the workspace tools listed (hit lines `path:line`), never words of a query. */
export function listedPaths(result: string): string[] {
  const hit = new RegExp(String.raw`^[ \t]*(${PATH_SOURCE}):(\d+)(?:-(\d+))?`, "gm");
  return [...new Set([...result.matchAll(hit)].map((m) => m[1] ?? ""))].filter(Boolean);
}

/** Hit lines `path:a[-b]` of a workspace tool's result, in order. */
export function listedSites(result: string): { path: string; start: number; end: number }[] {
  const hit = new RegExp(String.raw`^[ \t]*(${PATH_SOURCE}):(\d+)(?:-(\d+))?`, "gm");
  return [...result.matchAll(hit)].map((m) => ({
    path: m[1] ?? "",
    start: Number(m[2]),
    end: Number(m[3] ?? m[2]),
  }));
}

/** A tool move with arguments named the way the offered schema names them. */
export function toolMove(
  tool: OfferedTool,
  values: Parameters<typeof fillArgs>[1],
  rationale: string,
): Move {
  return { kind: "tool", tool: tool.name, args: fillArgs(tool, values), rationale };
}

/** The finish move (or a final answer when finish is not offered). */
export function finishMove(
  state: VisibleState,
  status: "achieved" | "partially_achieved" | "not_achieved",
  summary: string,
): Move {
  const finish = offered(state, "finish");
  return finish
    ? toolMove(finish, { status, summary }, "nothing left that the offered tools can do")
    : { kind: "final", answer: summary };
}

/** A one-line unified diff hunk replacing line `n` of `path`. */
export function lineHunk(path: string, n: number, before: string, after: string): string {
  return `--- a/${path}\n+++ b/${path}\n@@ -${n},1 +${n},1 @@\n-${before}\n+${after}\n`;
}

/** `NAME = number` (or `NAME: number`) on a line: a numeric fact and its 1-based line in the page. */
const NUMERIC = /\b([A-Za-z_][A-Za-z0-9_]*)["']?\s*[:=]\s*(-?\d+(?:\.\d+)?)(?![\w.])/g;

export interface PageFact {
  name: string;
  value: number;
  /** `page-id-path:line`, the line in its file (a slice's offset applied). */
  evidence: string;
}

/** Every numeric fact a file page shows, with evidence in the page's own terms. */
export function pageFacts(page: VisiblePage): PageFact[] {
  const first = pageFirstLine(page);
  const source = page.id.replace(/:\d+-\d+$/, "");
  return [...page.content.matchAll(NUMERIC)].map((m) => ({
    name: m[1] ?? "",
    value: Number(m[2]),
    evidence: `${source}:${first + page.content.slice(0, m.index).split("\n").length - 1}`,
  }));
}

/** Keys already saved by this session's moves. */
export function savedKeys(state: VisibleState): Set<string> {
  return new Set(movesOf(state, "save_artifact").map((d) => String(d.args.key ?? "")));
}
