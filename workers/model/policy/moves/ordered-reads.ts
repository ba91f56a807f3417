// The local stand-in's moves for missions that name their files in an order or as a
// pair: comparing two named files, reading the next named file ahead (prefetch) and
// letting a later-read file's value supersede an earlier one. Called first by
// agent-policy.ts's decideMove; generic (no file, constant or phrasing of a test).
import type { Move } from "../../../../shared/driver/move.ts";
import type { Fact, OfferedTool, VisibleState } from "../visible-state.ts";
import { pathsInText } from "../../../../shared/model/paths-in-text.ts";

/** Words that order the files a mission names: "read A, then B". */
const SEQUENCE = /\b(then|next|afterwards|after that|followed by|later)\b/i;
/** Words that ask whether two things are the same. */
const COMPARISON =
  /\b(compare|comparing|comparison|versus|vs\.?|agree|agrees|match|matches|differ|differs|consistent|same as)\b/i;
/** `saved key@N` (save_artifact's result): the version a save produced. */
const SAVED_VERSION = /^saved (\S+)@(\d+)/;
/** A `:line` or `:a-b` suffix (a page id's range, then the fact's line: read twice). */
const LINES = /:\d+(?:-\d+)?$/;
/** A line-diff region in compare's result: `@@ left a,n right b,m`. */
const REGION = /^@@ left (\d+),\d+ right (\d+),\d+/m;

/** A page id or evidence without its `:line` / `:a-b` suffixes (at most two). */
function withoutLines(evidence: string): string {
  return evidence.replace(LINES, "").replace(LINES, "");
}

/** The verdict of compare's result: the line `compare A vs B: <verdict>`, after its last `: `. */
function compareVerdict(result: string): string | undefined {
  for (const line of result.split("\n")) {
    const vs = line.startsWith("compare ") ? line.indexOf(" vs ") : -1;
    const colon = line.lastIndexOf(": ");
    if (vs >= 0 && colon > vs && colon + 2 < line.length) {
      return line.slice(colon + 2);
    }
  }
  return undefined;
}

function missionPaths(mission: string): string[] {
  return [...new Set(pathsInText(mission))];
}

function pathOf(args: Record<string, unknown>): string {
  const value = args.path ?? args.target ?? args.file;
  return typeof value === "string" ? value : "";
}

function named(tool: OfferedTool, wanted: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(wanted).filter(
      ([k]) => tool.properties.length === 0 || tool.properties.includes(k),
    ),
  );
}

/** An artifact key for a comparison of two paths: lower-case, dotted. */
function comparisonKey(left: string, right: string): string {
  const slug = (p: string) =>
    p
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
  return `comparison.${slug(left)}.${slug(right)}`;
}

/** "Compare A with B": one compare call, its verdict saved as a decision, then finish. */
function compareMove(state: VisibleState, paths: string[]): Move | null {
  const tool = (name: string) => state.offered.find((t) => t.name === name);
  const compare = tool("compare");
  const [left, right] = paths;
  if (!COMPARISON.test(state.mission) || paths.length !== 2 || !left || !right || !compare) {
    return null;
  }
  const done = state.done.filter((d) => d.tool === "compare");
  const last = done.at(-1);
  if (last === undefined) {
    return {
      kind: "tool",
      tool: compare.name,
      args: named(compare, { left, right, question: state.mission }),
      rationale: `the mission asks whether ${left} and ${right} agree: compare them side by side`,
    };
  }
  // A compare that failed (a missing file, a page refused) is left to the general policy.
  const verdict = compareVerdict(last.result);
  if (verdict === undefined) {
    return null;
  }
  const equal = verdict.startsWith("equal");
  const key = comparisonKey(left, right);
  const save = tool("save_artifact");
  const saved = state.done.some((d) => d.tool === "save_artifact" && d.args.key === key);
  if (save && !saved) {
    const region = REGION.exec(last.result);
    const evidence =
      region === null
        ? [`${left}:1`, `${right}:1`]
        : [`${left}:${region[1]}`, `${right}:${region[2]}`];
    return {
      kind: "tool",
      tool: save.name,
      args: named(save, { key, value: equal, kind: "decision", evidence }),
      rationale: `record the comparison's verdict (${verdict}) where the hive keeps decisions`,
    };
  }
  const finish = tool("finish");
  if (!finish) {
    return null;
  }
  return {
    kind: "tool",
    tool: finish.name,
    args: named(finish, {
      status: "achieved",
      summary: `${left} and ${right} ${equal ? "agree" : "do not agree"}: ${verdict}${saved ? ` (recorded as ${key})` : ""}`,
    }),
    rationale: "the comparison is done and recorded",
  };
}

/**
 * "Read A, then B": while A is worked on, B is fetched ahead (outside L1), and
 * staged (promoted, no second read) once nothing on A is left to save.
 */
function readAheadMove(state: VisibleState, paths: string[], facts: readonly Fact[]): Move | null {
  const stage = state.offered.find((t) => t.name === "stage_context");
  if (
    !SEQUENCE.test(state.mission) ||
    paths.length < 2 ||
    !stage?.properties.includes("prefetch")
  ) {
    return null;
  }
  const stages = state.done.filter((d) => d.tool === "stage_context");
  const plain = new Set(stages.filter((d) => d.args.prefetch !== true).map((d) => pathOf(d.args)));
  const ahead = new Set(stages.filter((d) => d.args.prefetch === true).map((d) => pathOf(d.args)));
  const last = state.done.at(-1);
  const current =
    last?.tool === "stage_context" && last.args.prefetch !== true ? pathOf(last.args) : "";
  const next = paths[paths.indexOf(current) + 1];
  if (current !== "" && next !== undefined && !plain.has(next) && !ahead.has(next)) {
    return {
      kind: "tool",
      tool: stage.name,
      args: { path: next, prefetch: true },
      rationale: `the mission reads ${next} after ${current}: fetch it ahead while ${current} is worked on`,
    };
  }
  const saved = new Set(
    state.done.filter((d) => d.tool === "save_artifact").map((d) => String(d.args.key ?? "")),
  );
  const known = new Set(state.known.map((k) => k.key));
  const pending = facts.some((f) => !saved.has(f.key) && !known.has(f.key));
  const waiting = paths.find((p) => ahead.has(p) && !plain.has(p));
  if (waiting !== undefined && !pending) {
    return {
      kind: "tool",
      tool: stage.name,
      args: { path: waiting },
      rationale: `nothing left to save from the current page: take ${waiting}, fetched ahead`,
    };
  }
  return null;
}

/**
 * "Read A, then B": a value B gives for a fact already saved from A is the later
 * evidence, so it is saved as a new version that supersedes the one from A.
 */
function supersedeMove(state: VisibleState, paths: string[], facts: readonly Fact[]): Move | null {
  const save = state.offered.find((t) => t.name === "save_artifact");
  if (!SEQUENCE.test(state.mission) || paths.length < 2 || !save) {
    return null;
  }
  const saves = state.done.filter((d) => d.tool === "save_artifact");
  for (const fact of facts) {
    const mine = saves.filter((d) => String(d.args.key ?? "") === fact.key);
    const latest = mine.at(-1);
    const version = latest === undefined ? undefined : SAVED_VERSION.exec(latest.result);
    if (latest === undefined || version?.[1] !== fact.key || latest.args.value === fact.value) {
      continue;
    }
    const evidence = Array.isArray(latest.args.evidence) ? String(latest.args.evidence[0]) : "";
    const earlier = paths.indexOf(withoutLines(evidence));
    const later = paths.indexOf(withoutLines(fact.evidence));
    if (earlier < 0 || later <= earlier) {
      continue;
    }
    return {
      kind: "tool",
      tool: save.name,
      args: named(save, {
        key: fact.key,
        value: fact.value,
        kind: "fact",
        evidence: [fact.evidence],
        supersedes: `${fact.key}@${version[2]}`,
      }),
      rationale: `${fact.evidence} is read after ${evidence} and gives ${fact.key} = ${fact.value}: it supersedes ${fact.key}@${version[2]}`,
    };
  }
  // Every named file read, a correction landed and nothing else to save: the answer
  // is the corrected value, with where it came from and what it replaced.
  const corrected = saves.filter(
    (d) => typeof d.args.supersedes === "string" && d.result.startsWith("saved "),
  );
  const read = new Set(
    state.done
      .filter((d) => d.tool === "stage_context" && d.args.prefetch !== true)
      .map((d) => pathOf(d.args)),
  );
  const keys = new Set(saves.map((d) => String(d.args.key ?? "")));
  const finish = state.offered.find((t) => t.name === "finish");
  if (
    !finish ||
    corrected.length === 0 ||
    !paths.every((p) => read.has(p)) ||
    facts.some((f) => !keys.has(f.key))
  ) {
    return null;
  }
  const answer = corrected
    .map((d) => {
      const cited = Array.isArray(d.args.evidence) ? String(d.args.evidence[0]) : "";
      return `${String(d.args.key)} = ${JSON.stringify(d.args.value)} (from ${cited}, superseding ${String(d.args.supersedes)})`;
    })
    .join("; ");
  return {
    kind: "tool",
    tool: finish.name,
    args: named(finish, { status: "achieved", summary: answer }),
    rationale: "the later evidence corrected the saved fact: answer with the corrected value",
  };
}

/** The first of these moves that applies, or null (the general policy decides). */
export function orderedReadMove(state: VisibleState, facts: readonly Fact[]): Move | null {
  const paths = missionPaths(state.mission);
  return (
    compareMove(state, paths) ??
    readAheadMove(state, paths, facts) ??
    supersedeMove(state, paths, facts)
  );
}
