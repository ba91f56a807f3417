// The local model's agent step: a generic, deterministic policy over Lethe's tools
// and what the request shows (mission, offered tools, earlier moves and their
// results). It knows the protocol, never a mission's answer or file layout. The
// agent-loop engineer (issue 9) extends it as the envelope's sections settle.
import type { Move } from "../../../../shared/driver/move.ts";
import type { ChatRequest } from "../../../../shared/model/openai-schemas.ts";
import { operationIn } from "../../../../shared/model/arithmetic-words.ts";
import { ruleMove } from "./index.ts";
import { contentStems } from "../words.ts";
import { pathsInText } from "../../../../shared/model/paths-in-text.ts";
import { orderedReadMove } from "./ordered-reads.ts";
import { refusal } from "./refusal.ts";
import { closingMove, NAMED_CONSTANT } from "./finish-plan.ts";
import { assignmentPatch, factsOn, SET_TARGET } from "../page-facts.ts";
import { fillArgs } from "../tool-args.ts";
import { readState, type DoneMove, type Fact, type VisibleState } from "../visible-state.ts";

/** Files staged in one mission before the policy stops exploring and finishes. */
export const MAX_STAGED_PATHS = 8;
/** Words of the mission sent as a search query. */
const QUERY_WORDS = 8;
/** An import statement (ES modules, CommonJS, Python) at the start of a line. */
const IMPORT_LINE =
  /^[ \t]*(?:import[ \t]|from[ \t]+[\w.]+[ \t]+import[ \t])|\brequire\([ \t]*["']/m;

/** A hit line of a tool's result: `path:line` (or `path:a-b`) at the start of a line. */
const LISTED = /^[ \t]*((?:[\w-]+\/)*[\w-]+\.[A-Za-z][A-Za-z0-9]{0,5}):\d/gm;

/** Paths a workspace tool listed (its hit lines), never words echoed from the query. */
function pathsListed(result: string): string[] {
  return [...new Set([...result.matchAll(LISTED)].map((m) => m[1] ?? ""))].filter(Boolean);
}

function pathsIn(text: string): string[] {
  return [...new Set(pathsInText(text))];
}

function argValues(move: DoneMove): string[] {
  return Object.values(move.args).map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
}

/** An identifier for an artifact key inside a calculate expression. */
function variableFor(key: string): string {
  const name = key.replace(/[^A-Za-z0-9_]/g, "_");
  return /^[A-Za-z_]/.test(name) ? name : `v_${name}`;
}

/** The result of a calculate call: the last number after the last "=". */
const RESULT = /=\s*(-?\d+(?:\.\d+)?)\s*$/;

/** A recovery lesson says staging `path` failed (the failed move itself was pruned). */
function failedBefore(state: VisibleState, path: string): boolean {
  return (state.lessons ?? []).some(
    (l) => l.text.includes("failed: stage_context") && l.text.includes(path),
  );
}

/**
 * The next lawful move for what the request shows; a move that already failed at
 * this point (an auto-fix lesson names its tool and every path it names) is not made
 * again: the stand-in says plainly that it cannot go on, so the loop never halts on it.
 */
export function decideMove(state: VisibleState): Move {
  const move = planMove(state);
  if (move.kind !== "tool" || move.tool === "finish") {
    return move;
  }
  const paths = Object.values(move.args).flatMap((v) =>
    typeof v === "string" ? pathsInText(v) : [],
  );
  const failed = (state.lessons ?? []).find(
    (l) =>
      l.movesBefore === state.done.length &&
      l.text.includes(`failed: ${move.tool}:`) &&
      paths.every((p) => l.text.includes(p)),
  );
  if (failed === undefined) {
    return move;
  }
  const line = failed.text.split("\n").find((l) => l.includes("failed:")) ?? "";
  return refusal(state, `its only next move failed already (${line.trim()})`);
}

function planMove(state: VisibleState): Move {
  // Missions of a recognised shape (workers/model/policy/moves/) have their own plan.
  const ruled = ruleMove(state);
  if (ruled !== null) {
    return ruled;
  }
  const tool = (name: string) => state.offered.find((t) => t.name === name);
  const did = (name: string) => state.done.filter((d) => d.tool === name);
  const stage = tool("stage_context");
  const save = tool("save_artifact");
  const staged = did("stage_context");
  const stagedPaths = new Set(staged.flatMap(argValues));
  const saved = did("save_artifact");
  const savedText = saved.flatMap(argValues);
  const known = new Map(state.known.map((k) => [k.key, k]));

  // Facts in L1 (the envelope's pages) and, for callers that echo content, in results.
  const facts = [
    ...state.pages
      .filter((p) => p.kind === "file" || p.kind === "symbol")
      .flatMap((p) => factsOn(p.content, p.id, state.mission)),
    ...staged.flatMap((s) => factsOn(s.result, argValues(s)[0] ?? "", state.mission)),
  ];
  const ordered = orderedReadMove(state, facts);
  if (ordered !== null) {
    return ordered;
  }
  const target = SET_TARGET.exec(state.mission);
  const targetName = target?.[1]?.toLowerCase();
  const targetPath = target?.[2];
  const pending = facts.find(
    (f) => f.key !== targetName && !savedText.includes(f.key) && !known.has(f.key),
  );
  if (save && pending) {
    return {
      kind: "tool",
      tool: save.name,
      args: fillArgs(save, {
        key: pending.key,
        value: pending.value,
        kind: "fact",
        evidence: [pending.evidence],
      }),
      rationale: `record ${pending.key} from ${pending.evidence} before it leaves the context`,
    };
  }
  // A staged file that imports something: its imports are checked before anything
  // is concluded from it, so a missing module is asked about instead of guessed.
  const imports = tool("find_imports");
  const checked = new Set(did("find_imports").flatMap(argValues));
  const importing = [
    ...state.pages
      .filter((p) => p.kind === "file" && IMPORT_LINE.test(p.content))
      .map((p) => p.id.replace(/:\d+-\d+$/, "")),
    ...staged.filter((s) => IMPORT_LINE.test(s.result)).map((s) => argValues(s)[0] ?? ""),
  ].find((p) => stagedPaths.has(p) && !checked.has(p));
  if (imports && importing !== undefined) {
    return {
      kind: "tool",
      tool: imports.name,
      args: fillArgs(imports, { path: importing }),
      rationale: `check what ${importing} imports before relying on it`,
    };
  }
  const searched = did("search");
  const candidates = [
    ...pathsIn(state.mission),
    ...searched.flatMap((s) => pathsListed(s.result)),
  ].filter((p) => !stagedPaths.has(p) && p !== targetPath && !failedBefore(state, p));
  const next = candidates[0];
  if (stage && next !== undefined && stagedPaths.size < MAX_STAGED_PATHS) {
    return {
      kind: "tool",
      tool: stage.name,
      args: fillArgs(stage, { path: next }),
      rationale: `read ${next}, which the mission or a search result names`,
    };
  }
  // A constant the mission names is still unsaved and L1 holds no file (a page
  // leaves L1 once a fact is saved from it): read a staged file once more.
  const savedKeys = new Set(saved.map((d) => String(d.args.key ?? "").toLowerCase()));
  const unsaved = [...new Set(state.mission.match(NAMED_CONSTANT) ?? [])]
    .map((c) => c.toLowerCase())
    .filter((k) => k !== targetName && !savedKeys.has(k) && !known.has(k));
  const again = [...stagedPaths].find(
    (p) => p !== targetPath && staged.filter((s) => argValues(s)[0] === p).length < 2,
  );
  const fileInL1 = state.pages.some((p) => p.kind === "file");
  if (stage && unsaved.length > 0 && !fileInL1 && again !== undefined && savedKeys.size > 0) {
    return {
      kind: "tool",
      tool: stage.name,
      args: fillArgs(stage, { path: again }),
      rationale: `read ${again} again: ${unsaved.join(", ")} is not saved yet`,
    };
  }
  const search = tool("search");
  const wanted = new Set(contentStems(state.mission));
  const relevant = (key: string) => contentStems(key).some((w) => wanted.has(w));
  const available = new Map<string, Fact>();
  // The session's own saves count even when their page has left L1 and the meta
  // section does not show them (yet): the save's arguments carry the value.
  const savedFacts: Fact[] = saved.flatMap((d) => {
    const key = String(d.args.key ?? "");
    const value = d.args.value;
    return typeof value === "number" && key.length > 0
      ? [{ key, value, evidence: `artifact:${key}` }]
      : [];
  });
  for (const f of [
    ...facts.filter((f) => savedText.includes(f.key)),
    ...savedFacts,
    ...state.known,
  ]) {
    if (f.key !== targetName && relevant(f.key)) {
      available.set(f.key, f);
    }
  }
  // Search when the mission names no file, or nothing it needs is known yet.
  const needSearch =
    pathsIn(state.mission).length === 0 || (facts.length === 0 && available.size === 0);
  if (search && searched.length === 0 && needSearch && state.mission.length > 0) {
    const query = contentStems(state.mission).slice(0, QUERY_WORDS).join(" ");
    return {
      kind: "tool",
      tool: search.name,
      args: fillArgs(search, { query }),
      rationale: "find candidates for the mission",
    };
  }
  const calculate = tool("calculate");
  const operation = operationIn(state.mission);
  // Operands in the order the mission names them ("how many more A than B" is A - B).
  const lowerMission = state.mission.toLowerCase();
  const firstMention = new Map(
    [...available.keys()].map((key) => {
      const at = contentStems(key)
        .map((w) => lowerMission.indexOf(w))
        .filter((n) => n >= 0);
      return [key, at.length > 0 ? Math.min(...at) : Number.MAX_SAFE_INTEGER];
    }),
  );
  const keys = [...available.keys()].sort(
    (a, b) => (firstMention.get(a) ?? 0) - (firstMention.get(b) ?? 0) || a.localeCompare(b),
  );
  const calculated = did("calculate");
  // One fact and a place to write it ("save it and set X in f to it"): calculate
  // copies it exactly, so the written value comes out of a tool, not out of the model.
  const copy = !operation && target !== null && keys.length === 1;
  if (calculate && ((operation && keys.length >= 2) || copy) && calculated.length === 0) {
    const names = keys.map(variableFor);
    return {
      kind: "tool",
      tool: calculate.name,
      args: fillArgs(calculate, {
        expression: operation ? operation.expression(names) : names.join(" + "),
        values: Object.fromEntries(names.map((n, i) => [n, keys[i]])),
      }),
      rationale: "compute exactly from the saved artifacts",
    };
  }
  const results = calculated.map((c) => c.result.trim()).filter((r) => r.length > 0);
  // Without calculate on offer, a copied fact is the artifact's own (code-verified) value.
  const copied = copy && !calculate ? available.get(keys[0] ?? "")?.value : undefined;
  const value =
    results.map((r) => RESULT.exec(r.split("\n")[0] ?? "")?.[1]).find((v) => v !== undefined) ??
    (copied === undefined ? undefined : String(copied));

  // A computed value that the mission says to write into a file: stage it, then patch it.
  const patch = tool("apply_patch");
  // A refused patch (a firewall BLOCK, or an ASK still waiting) changed nothing either.
  const patched = did("apply_patch").filter(
    (d) => !/^\[(TOOL ERROR|GATEKEEPER REFUSAL|SYSTEM NOTICE)\]/.test(d.result),
  );
  if (
    target &&
    targetPath &&
    value !== undefined &&
    patch &&
    patched.length === 0 &&
    did("apply_patch").length < 2
  ) {
    const page = state.pages.find(
      (p) => p.kind === "file" && p.id.replace(/:\d+-\d+$/, "") === targetPath,
    );
    if (!page && stage) {
      return {
        kind: "tool",
        tool: stage.name,
        args: fillArgs(stage, { path: targetPath }),
        rationale: `read ${targetPath} to set ${target[1]} there`,
      };
    }
    const diff = page ? assignmentPatch(page, target[1] ?? "", value) : null;
    if (diff !== null) {
      return {
        kind: "tool",
        tool: patch.name,
        args: { path: targetPath, patch: diff },
        rationale: `set ${target[1]} to ${value} in ${targetPath}`,
      };
    }
  }

  return closingMove(state, {
    saved,
    keys,
    available,
    results,
    patched,
    target,
    operation: operation !== undefined,
    finish: tool("finish"),
  });
}

/**
 * The answer to the step budget's self-assessment: the status and summary the
 * policy would finish with now (its plan judged as far as it got), as JSON.
 */
export function selfAssessment(request: ChatRequest): string {
  const state = readState(request);
  const finishOnly = { name: "finish", properties: ["status", "summary"] };
  const move = decideMove({ ...state, offered: [finishOnly] });
  const args = move.kind === "tool" ? move.args : { status: "not_achieved", summary: move.answer };
  return JSON.stringify({
    status: args.status,
    summary: args.summary,
    next: "continue with a larger step budget, or with a real model (LETHE_MODEL_BASE_URL)",
  });
}

export function agentMove(request: ChatRequest): Move {
  return decideMove(readState(request));
}
