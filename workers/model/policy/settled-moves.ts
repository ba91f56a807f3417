// The moves the prompt shows as done though their turns are not in it: the envelope
// leaves out read/save pairs whose outcome the artifacts block and L1 already show
// (shared/session/settled-turns.ts). A real model reads its progress from the prompt
// as a whole, and so does the stand-in: each of the session's own listed artifacts (a
// line that names no author) stands for a save at the listed version, and each file
// such a line cites as its source for a stage of that file (of that version, for a
// past version's page `path@vN`). Read by visible-state.ts.
import { readMetaLine } from "../../../shared/governance/meta.ts";
import type { DoneMove } from "./visible-state.ts";

/** A cited location's line range (`:12`, `:1-40`). */
const LINES = /:\d+(?:-\d+)?$/;
/** A past version's page (`path@v<N>`, shared/tools/tool-ports.ts filePage): staged with `version`. */
const PAST = /^(.+)@v(\d+)$/;

/** The stage a cited location stands for: `{path}`, or `{path, version}` for a past version's page. */
function stageArgs(source: string): { path: string; version?: number } {
  const page = source.replace(LINES, "");
  const past = PAST.exec(page);
  return past === null ? { path: page } : { path: past[1] ?? "", version: Number(past[2]) };
}

/** One key per staged page: its path and, for a past version, the version. */
const stageKey = (args: Record<string, unknown>) =>
  `${String(args.path ?? "")}@${args.version === undefined ? "" : String(args.version)}`;

function parsed(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    // A value cut in the listing (`…`) is kept as listed.
    return value;
  }
}

/**
 * Stages and saves the artifacts block shows as this agent's own and `done` does
 * not hold, oldest first (the block lists newest first): they came before every
 * move still in the window.
 */
export function settledMoves(metaLines: readonly string[], done: readonly DoneMove[]): DoneMove[] {
  const saved = new Set(
    done.filter((d) => d.tool === "save_artifact").map((d) => String(d.args.key ?? "")),
  );
  const staged = new Set(
    done
      .filter((d) => d.tool === "stage_context" && d.args.prefetch !== true)
      .map((d) => stageKey(d.args)),
  );
  const moves: DoneMove[] = [];
  for (const line of [...metaLines].reverse()) {
    const artifact = readMetaLine(line);
    if (artifact === null || !artifact.own) {
      continue;
    }
    for (const args of artifact.sources.map(stageArgs)) {
      if (!staged.has(stageKey(args))) {
        staged.add(stageKey(args));
        moves.push({ tool: "stage_context", args, result: "" });
      }
    }
    if (!saved.has(artifact.key)) {
      saved.add(artifact.key);
      moves.push({
        tool: "save_artifact",
        args: {
          key: artifact.key,
          value: parsed(artifact.value),
          kind: artifact.kind,
          evidence: artifact.sources,
        },
        result: `saved ${artifact.key}@${artifact.version}`,
      });
    }
  }
  return moves;
}
