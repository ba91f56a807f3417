// The local model's agent step: a generic, deterministic policy over Lethe's tools
// and what the request shows (mission, offered tools, earlier moves and their
// results). It knows the protocol, never a mission's answer or file layout. The
// agent-loop engineer (issue 9) extends it as the envelope's sections settle.
import { healMove } from "../driver/heal.ts";
import type { Move } from "../driver/move.ts";
import { messageText, type ChatMessage, type ChatRequest } from "./openai-schemas.ts";
import { contentStems } from "./words.ts";

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

/** What the policy can see in a request. */
export interface VisibleState {
  mission: string;
  offered: OfferedTool[];
  done: DoneMove[];
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

const MISSION_LINE = /^\s*(?:\[(?:MISSION|TASK ANCHOR|TASK)\]|(?:Mission|Task|Goal)\s*:)\s*(.+)$/im;
const PATH = /(?<![\w/.-])(?:\.{1,2}\/)?(?:[\w-]+\/)*[\w-]+\.[A-Za-z][A-Za-z0-9]{0,5}(?![\w/(])/g;
const FACT = /\b([A-Za-z_][A-Za-z0-9_]*)["']?\s*[:=]\s*(-?\d+(?:\.\d+)?)(?![\w.])/g;
const OPERATIONS: readonly [RegExp, string][] = [
  [/\b(sum|total|add|plus|combined|together)\b/i, " + "],
  [/\b(difference|subtract|minus)\b/i, " - "],
  [/\b(product|multiply|times)\b/i, " * "],
  [/\b(ratio|divide|quotient)\b/i, " / "],
];

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
        result: result ? messageText(result) : "",
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
          result: next && next.role !== "assistant" ? messageText(next) : "",
        });
      }
    }
  });
  return done;
}

export function readState(request: ChatRequest): VisibleState {
  const texts = request.messages
    .filter((m) => m.role === "system" || m.role === "developer" || m.role === "user")
    .map(messageText);
  const anchored = texts.map((t) => MISSION_LINE.exec(t)?.[1]).find((m) => m !== undefined);
  const firstUser = request.messages.find((m) => m.role === "user");
  const mission = (anchored ?? (firstUser ? messageText(firstUser) : "")).trim();
  return { mission, offered: offeredTools(request), done: doneMoves(request.messages) };
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

function pathsIn(text: string): string[] {
  return [...new Set(text.match(PATH) ?? [])].filter((p) => !/^\d/.test(p));
}

function argValues(move: DoneMove): string[] {
  return Object.values(move.args).map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
}

/** Numeric facts on a staged page: those the mission names first, a few at most. */
export function factsOn(page: string, source: string, mission: string): Fact[] {
  const wanted = new Set(contentStems(mission));
  const all = [...page.matchAll(FACT)].map((m) => ({
    name: m[1] ?? "",
    fact: {
      key: (m[1] ?? "").toLowerCase(),
      value: Number(m[2]),
      evidence: `${source}:${page.slice(0, m.index).split("\n").length}`,
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

/** The next lawful move for what the request shows. */
export function decideMove(state: VisibleState): Move {
  const tool = (name: string) => state.offered.find((t) => t.name === name);
  const did = (name: string) => state.done.filter((d) => d.tool === name);
  const stage = tool("stage_context");
  const save = tool("save_artifact");
  const staged = did("stage_context");
  const stagedPaths = new Set(staged.flatMap(argValues));
  const saved = did("save_artifact");
  const savedText = saved.flatMap(argValues);

  const facts = staged.flatMap((s) => factsOn(s.result, argValues(s)[0] ?? "", state.mission));
  const pending = facts.find((f) => !savedText.includes(f.key));
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
  const searched = did("search");
  const candidates = [
    ...pathsIn(state.mission),
    ...searched.flatMap((s) => pathsIn(s.result)),
  ].filter((p) => !stagedPaths.has(p));
  const next = candidates[0];
  if (stage && next !== undefined && stagedPaths.size < MAX_STAGED_PATHS) {
    return {
      kind: "tool",
      tool: stage.name,
      args: fillArgs(stage, { path: next }),
      rationale: `read ${next}, which the mission or a search result names`,
    };
  }
  const search = tool("search");
  // Search when the mission names no file, or its files held no fact.
  const needSearch = pathsIn(state.mission).length === 0 || facts.length === 0;
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
  const operation = OPERATIONS.find(([re]) => re.test(state.mission))?.[1];
  const keys = facts.map((f) => f.key).filter((k) => savedText.includes(k));
  const calculated = did("calculate");
  if (calculate && operation && keys.length >= 2 && calculated.length === 0) {
    const names = keys.map(variableFor);
    return {
      kind: "tool",
      tool: calculate.name,
      args: fillArgs(calculate, {
        expression: names.join(operation),
        values: Object.fromEntries(names.map((n, i) => [n, keys[i]])),
      }),
      rationale: "compute exactly from the saved artifacts",
    };
  }
  const results = calculated.map((c) => c.result.trim()).filter((r) => r.length > 0);
  const summary =
    [
      keys.length > 0 ? `saved ${keys.join(", ")}` : "",
      results.length > 0 ? `result: ${results.join("; ")}` : "",
    ]
      .filter((s) => s.length > 0)
      .join("; ") || "no facts were found for the mission";
  // The status judges the policy's own plan, not the answer's truth: it cannot know that.
  const planDone = keys.length > 0 && (operation === undefined || results.length > 0);
  const status = planDone ? "achieved" : keys.length > 0 ? "partially_achieved" : "not_achieved";
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

export function agentMove(request: ChatRequest): Move {
  return decideMove(readState(request));
}
