// The local model's agent step: a generic, deterministic policy over Lethe's tools
// and what the request shows (mission, offered tools, earlier moves and their
// results). It knows the protocol, never a mission's answer or file layout. The
// agent-loop engineer (issue 9) extends it as the envelope's sections settle.
import { healMove } from "../driver/heal.ts";
import type { Move } from "../driver/move.ts";
import { messageText, type ChatMessage, type ChatRequest } from "./openai-schemas.ts";
import { operationIn } from "./moves/arithmetic-words.ts";
import { ruleMove } from "./moves/index.ts";
import { contentStems } from "./words.ts";
import { pathsInText } from "./paths-in-text.ts";
import { readFenced } from "../context/untrusted.ts";
import { escapeRegExp } from "../regexp.ts";
import { orderedReadMove } from "./moves/ordered-reads.ts";
import { refusal } from "./moves/refusal.ts";

/** Files staged in one mission before the policy stops exploring and finishes. */
export const MAX_STAGED_PATHS = 8;
/** Facts saved from one staged page: the ones the mission names, else the first few. */
export const MAX_FACTS_PER_PAGE = 3;
/** Words of the mission sent as a search query. */
const QUERY_WORDS = 8;

export interface OfferedTool {
  name: string;
  properties: string[];
}

export interface DoneMove {
  tool: string;
  args: Record<string, unknown>;
  result: string;
}

export interface Fact {
  /** The artifact key: the constant's name, lower-cased (artifact keys are lower-case). */
  key: string;
  value: number;
  /** `path:line` where the value was read. */
  evidence: string;
}

/** A page of L1 as the envelope renders it: `[L1 <kind> <id> | <sourceRef>]` then the content. */
export interface VisiblePage {
  kind: string;
  id: string;
  sourceRef: string;
  content: string;
}

/** What the policy can see in a request. */
export interface VisibleState {
  mission: string;
  offered: OfferedTool[];
  done: DoneMove[];
  /** L1's pages (the envelope's dynamic section). */
  pages: VisiblePage[];
  /** Numeric artifacts the hive already holds (the meta section): other agents' findings too. */
  known: Fact[];
  /** Recovery lessons on the branch (`[AUTO-FIX RECOVERY]`), each with how many moves came before it. */
  lessons?: Lesson[];
  /** A person's answers on the branch (`[HUMAN] ...`: an approval, a denial, a reply), placed the same way. */
  human?: Lesson[];
}

export interface Lesson {
  text: string;
  movesBefore: number;
}

/** Argument roles, and the property names a tool's schema may give them (shared/tools/schemas.ts first). */
const ARG_NAMES = {
  query: ["query", "q", "text", "pattern", "search"],
  path: ["path", "target", "file", "source", "id"],
  page: ["page", "path", "target", "id"],
  key: ["key", "name", "title", "id"],
  value: ["value", "content", "body", "fact", "data"],
  kind: ["kind", "type"],
  evidence: ["evidence", "source", "provenance", "from"],
  expression: ["expression", "expr", "formula"],
  values: ["values", "bindings", "variables"],
  status: ["status", "assessment", "outcome"],
  summary: ["summary", "answer", "result", "message", "text"],
} as const;
type ArgRole = keyof typeof ARG_NAMES;

/** `[TASK ANCHOR]` then the mission on the same or the next line; `[ \t]` (not `\s`) keeps it linear on line breaks. */
const MISSION_LINE =
  /^[ \t]*(?:\[(?:MISSION|TASK ANCHOR|TASK)\]|(?:Mission|Task|Goal)[ \t]*:)[ \t]*(?:\r?\n[ \t]*)?(\S.*)$/im;
const FACT = /\b([A-Za-z_][A-Za-z0-9_]*)["']?\s*[:=]\s*(-?\d+(?:\.\d+)?)(?![\w.])/g;
/** An import statement (ES modules, CommonJS, Python) at the start of a line. */
const IMPORT_LINE =
  /^[ \t]*(?:import[ \t]|from[ \t]+[\w.]+[ \t]+import[ \t])|\brequire\([ \t]*["']/m;
function offeredTools(request: ChatRequest): OfferedTool[] {
  return (request.tools ?? []).map((t) => {
    const props = t.function.parameters?.properties;
    const properties =
      props !== null && typeof props === "object" && !Array.isArray(props)
        ? Object.keys(props)
        : [];
    return { name: t.function.name, properties };
  });
}

function parseArgs(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    // Unparseable arguments of an earlier call: remember the call without them.
    return {};
  }
}

/** Earlier moves: native tool calls with their tool results, or JSON moves in assistant text. */
function doneMoves(messages: readonly ChatMessage[]): DoneMove[] {
  const done: DoneMove[] = [];
  messages.forEach((message, i) => {
    if (message.role !== "assistant") {
      return;
    }
    for (const call of message.tool_calls ?? []) {
      const result = messages.find((m) => m.role === "tool" && m.tool_call_id === call.id);
      done.push({
        tool: call.function.name,
        args: parseArgs(call.function.arguments),
        result: result ? unfenced(messageText(result)) : "",
      });
    }
    if ((message.tool_calls ?? []).length === 0) {
      const healed = healMove(messageText(message));
      const next = messages[i + 1];
      if (healed.ok && healed.value.move.kind === "tool") {
        const { tool, args } = healed.value.move;
        done.push({
          tool,
          args,
          result: next && next.role !== "assistant" ? unfenced(messageText(next)) : "",
        });
      }
    }
  });
  return done;
}

/** A fenced text's content (a tool result the envelope fenced), or the text itself. */
function unfenced(text: string): string {
  return readFenced(text)?.text ?? text;
}

/** A data message of the envelope (user role, fenced): its header and content; null for any other message. */
function dataOf(message: ChatMessage): { header: string; text: string } | null {
  return message.role === "user" ? readFenced(messageText(message)) : null;
}

const PAGE_HEAD = /^\[L1 (\w+) (\S+) \| ([^\]\n]*)\]$/;
const ARTIFACT_LINE = /^([a-z0-9][a-z0-9_.:/-]*) = (-?\d+(?:\.\d+)?) \(/;

function visiblePages(messages: readonly ChatMessage[]): VisiblePage[] {
  const pages: VisiblePage[] = [];
  for (const message of messages) {
    const data = dataOf(message);
    const head = data === null ? null : PAGE_HEAD.exec(data.header);
    if (data !== null && head !== null) {
      pages.push({
        kind: head[1] ?? "",
        id: head[2] ?? "",
        sourceRef: head[3] ?? "",
        content: data.text,
      });
    }
  }
  return pages;
}

function knownArtifacts(messages: readonly ChatMessage[]): Fact[] {
  const known: Fact[] = [];
  for (const message of messages) {
    const data = dataOf(message);
    if (data === null || !data.header.startsWith("[RELEVANT ARTIFACTS]")) {
      continue;
    }
    for (const line of data.text.split("\n")) {
      const m = ARTIFACT_LINE.exec(line);
      if (m) {
        known.push({ key: m[1] ?? "", value: Number(m[2]), evidence: `artifact:${m[1] ?? ""}` });
      }
    }
  }
  return known;
}

/** The auto-fix loop's lesson: a failed move was pruned, and this says what it was. */
const LESSON_TAG = "[AUTO-FIX RECOVERY]";
/** A person's answer relayed by the loop (an ASK approved or denied, a question answered). */
const HUMAN_TAG = "[HUMAN]";

/** User turns that start with `tag`, each with the number of moves before it. */
function taggedTurns(messages: readonly ChatMessage[], tag: string): Lesson[] {
  const lessons: Lesson[] = [];
  messages.forEach((message, i) => {
    const text = message.role === "user" && dataOf(message) === null ? messageText(message) : "";
    if (text.trimStart().startsWith(tag)) {
      lessons.push({ text, movesBefore: doneMoves(messages.slice(0, i)).length });
    }
  });
  return lessons;
}

export function readState(request: ChatRequest): VisibleState {
  // Data messages (files, results, other agents' text) never name the mission.
  const instructions = request.messages.filter(
    (m) =>
      (m.role === "system" || m.role === "developer" || m.role === "user") && dataOf(m) === null,
  );
  const texts = instructions.map(messageText);
  const anchored = texts.map((t) => MISSION_LINE.exec(t)?.[1]).find((m) => m !== undefined);
  const firstUser = instructions.find((m) => m.role === "user");
  const mission = (anchored ?? (firstUser ? messageText(firstUser) : "")).trim();
  return {
    mission,
    offered: offeredTools(request),
    done: doneMoves(request.messages),
    pages: visiblePages(request.messages),
    known: knownArtifacts(request.messages),
    lessons: taggedTurns(request.messages, LESSON_TAG),
    human: taggedTurns(request.messages, HUMAN_TAG),
  };
}

function argFor(tool: OfferedTool, role: ArgRole, taken: ReadonlySet<string>): string | undefined {
  if (tool.properties.length === 0) {
    return role;
  }
  return ARG_NAMES[role].find((n) => tool.properties.includes(n) && !taken.has(n));
}

/** Arguments named the way the offered tool's schema names them. */
export function fillArgs(
  tool: OfferedTool,
  values: Partial<Record<ArgRole, unknown>>,
): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [role, value] of Object.entries(values) as [ArgRole, unknown][]) {
    const name = argFor(tool, role, new Set(Object.keys(args)));
    if (name !== undefined && value !== undefined) {
      args[name] = value;
    }
  }
  return args;
}

/** A hit line of a tool's result: `path:line` (or `path:a-b`) at the start of a line. */
const LISTED = /^[ \t]*((?:[\w-]+\/)*[\w-]+\.[A-Za-z][A-Za-z0-9]{0,5}):\d/gm;

/** Paths a workspace tool listed (its hit lines), never words echoed from the query. */
function pathsListed(result: string): string[] {
  return [...new Set([...result.matchAll(LISTED)].map((m) => m[1] ?? ""))].filter(Boolean);
}

/** Constants the mission names in code form (UPPER_CASE), as artifact keys. */
const NAMED_CONSTANT = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b|\b[A-Z]{3,}[0-9]*\b/g;

function pathsIn(text: string): string[] {
  return [...new Set(pathsInText(text))];
}

function argValues(move: DoneMove): string[] {
  return Object.values(move.args).map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
}

/** Numeric facts on a staged page: those the mission names first, a few at most. */
export function factsOn(page: string, source: string, mission: string): Fact[] {
  const wanted = new Set(contentStems(mission));
  // A slice `path:a-b` (a symbol's lines) cites lines of its file: line 1 of the page is line a.
  const range = /:(\d+)-\d+$/.exec(source);
  const file = range ? source.slice(0, range.index) : source;
  const first = range ? Number(range[1]) : 1;
  const all = [...page.matchAll(FACT)].map((m) => ({
    name: m[1] ?? "",
    fact: {
      key: (m[1] ?? "").toLowerCase(),
      value: Number(m[2]),
      evidence: `${file}:${first - 1 + page.slice(0, m.index).split("\n").length}`,
    },
  }));
  const named = all.filter((f) => contentStems(f.name).some((s) => wanted.has(s)));
  const unique = new Map((named.length > 0 ? named : all).map((f) => [f.fact.key, f.fact]));
  return [...unique.values()].slice(0, MAX_FACTS_PER_PAGE);
}

/** An identifier for an artifact key inside a calculate expression. */
function variableFor(key: string): string {
  const name = key.replace(/[^A-Za-z0-9_]/g, "_");
  return /^[A-Za-z_]/.test(name) ? name : `v_${name}`;
}

/** "set NAME in path/to/file.ts to ..." : where a computed result goes. */
export const SET_TARGET =
  /\bset\s+([A-Za-z_][A-Za-z0-9_]*)\s+in\s+((?:[\w-]+\/)*[\w-]+\.[A-Za-z][A-Za-z0-9]{0,5})\b/i;
/** The result of a calculate call: the last number after the last "=". */
const RESULT = /=\s*(-?\d+(?:\.\d+)?)\s*$/;

/** A one-hunk unified diff that sets `name = value` on the line that assigns it. */
export function assignmentPatch(page: VisiblePage, name: string, value: string): string | null {
  const lines = page.content.split("\n");
  const pattern = new RegExp(`\\b${escapeRegExp(name)}\\b(\\s*[:=]\\s*)(-?\\d+(?:\\.\\d+)?)`);
  const index = lines.findIndex((l) => pattern.test(l));
  const line = lines[index];
  if (line === undefined) {
    return null;
  }
  const updated = line.replace(pattern, (_m, sep: string) => `${name}${sep}${value}`);
  if (updated === line) {
    return null;
  }
  const path = page.id.replace(/:\d+-\d+$/, "");
  // A slice `path:a-b` (a symbol's lines) starts at line a of its file.
  const n = index + Number(/:(\d+)-\d+$/.exec(page.id)?.[1] ?? 1);
  return `--- a/${path}\n+++ b/${path}\n@@ -${n},1 +${n},1 @@\n-${line}\n+${updated}\n`;
}

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
  // Missions of a recognised shape (shared/model/moves/) have their own plan.
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
    (operation === undefined || results.length > 0) &&
    (target === null || patched.length > 0);
  const status = planDone
    ? "achieved"
    : keysDone.length > 0 && (named.length === 0 || namedFound.length > 0)
      ? "partially_achieved"
      : "not_achieved";
  if (status === "not_achieved" && keysDone.length === 0) {
    return refusal(state, "it found no NAME = number fact the mission needs in the files it read");
  }
  const finish = tool("finish");
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
