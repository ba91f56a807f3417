// Admission: the pure function that decides every move before its tool runs.
// AgentSession (through the gatekeeper Worker) passes the session's state in and
// persists the state that comes back. Order: error streaks, loops, thrash and
// deadlock, catalogue, permissions, the active skill, arguments, paths, the firewall.
import { contentKey } from "../base/hash.ts";
import {
  findTool,
  TOOL_CATALOGUE,
  toolPermissionId,
  type JsonObject,
  type ToolSpec,
} from "../tools/catalogue.ts";
import { jsonProblem, validateArguments } from "./arguments.ts";
import type { Firewall } from "./firewall.ts";
import { evaluateFirewall } from "./firewall-eval.ts";
import { clearFailures, detectFailure, moveTarget, rememberMove } from "./failures.ts";
import { normalizeWorkspacePath } from "./paths.ts";
import {
  findGrant,
  parseGrant,
  splitPermissionId,
  grantMatches,
  type PermissionSet,
} from "./permissions.ts";
import { quoteProtocol, type Skill } from "./skills.ts";
import {
  argsKey,
  freshStall,
  MAX_CONSECUTIVE_ERRORS,
  type GatekeeperState,
  type RecentMove,
  type Stall,
} from "./state.ts";
import { refusal, type Verdict } from "./verdict.ts";

/** Tools that stay available during an error streak and outside any skill: the
 * model can always ask the person or stop. */
export const ESCAPE_TOOLS: ReadonlySet<string> = new Set(["ask_human", "finish"]);

export interface Move {
  tool: string;
  args: unknown;
}

export interface AdmitContext {
  state: GatekeeperState;
  /** The persona's grants: nothing outside them is admitted (deny by default). */
  persona: PermissionSet;
  /** Known skills; those named in state.activeSkills restrict and re-anchor. */
  skills?: readonly Skill[];
  /** The hive's compiled firewall.yaml, if it has one. */
  firewall?: Firewall;
  /** Directories path arguments must stay under ("." for the whole workspace). */
  roots: readonly string[];
  deniedPatterns?: readonly RegExp[];
  catalogue?: readonly ToolSpec[];
  /** Epoch ms, for ASK expiry: passed in so admission stays pure. */
  now: number;
}

export interface Admission {
  verdict: Verdict;
  state: GatekeeperState;
}

export function admit(move: Move, context: AdmitContext): Admission {
  const before = context.state;
  // Arguments that are not plain JSON cannot be hashed safely; schema validation refuses them below.
  const problem = jsonProblem(move.args);
  const key = problem === undefined ? argsKey(move.args) : `invalid:${problem}`;
  const repeated = before.lastMove?.tool === move.tool && before.lastMove.argsKey === key;
  const target = moveTarget(move.args);
  // Every move enters the ring, refused ones too: alternating a good move with a
  // refused one never builds an error streak, but it is a cycle all the same.
  const recentMoves = rememberMove(before.recentMoves, {
    tool: move.tool,
    argsKey: key,
    ...(target === undefined ? {} : { target }),
  });
  // States persisted before the failure taxonomy have no stall: one starts here.
  const stall = before.stall ?? freshStall(before.moves);
  const next: GatekeeperState = {
    ...before,
    moves: before.moves + 1,
    lastMove: { tool: move.tool, argsKey: key },
    recentMoves,
    stall,
  };
  const verdict = decide(move, context, { repeated, seq: next.moves, recent: recentMoves, stall });
  if (verdict.failure) {
    return { verdict, state: clearFailures(bumpErrors(next)) };
  }
  if (verdict.verdict === "deny") {
    return { verdict, state: bumpErrors(next) };
  }
  if (verdict.verdict === "allow") {
    // Only admitted moves lengthen a stall; recordToolResult ends it on progress.
    return { verdict, state: { ...next, stall: { ...stall, admitted: stall.admitted + 1 } } };
  }
  return { verdict, state: next };
}

function bumpErrors(state: GatekeeperState): GatekeeperState {
  return { ...state, consecutiveErrors: state.consecutiveErrors + 1 };
}

/** What admit() knows about the move's place in the session's history. */
interface History {
  /** The same tool and arguments as the previous move. */
  repeated: boolean;
  /** This move's number (state.moves once admitted). */
  seq: number;
  /** The ring of recent moves, this one last. */
  recent: readonly RecentMove[];
  /** The stall run this move belongs to, before counting it. */
  stall: Stall;
}

function decide(move: Move, context: AdmitContext, history: History): Verdict {
  const { state } = context;
  const { repeated, seq } = history;
  const escape = ESCAPE_TOOLS.has(move.tool);
  if (state.consecutiveErrors >= MAX_CONSECUTIVE_ERRORS && !escape) {
    return escalation(
      "errors",
      "max-consecutive-errors",
      `${state.consecutiveErrors} errors in a row: the session stops retrying on its own`,
    );
  }
  if (repeated) {
    return escalation(
      "loop",
      "same-move-twice",
      `${move.tool} was called twice in a row with the same arguments`,
    );
  }
  // Asking the person or finishing is how a session leaves a cycle or a stall.
  const failure = escape ? undefined : detectFailure(history.recent, history.stall, seq);
  if (failure) {
    return failure;
  }
  const catalogue = context.catalogue ?? TOOL_CATALOGUE;
  const tool = findTool(move.tool, catalogue);
  if (!tool) {
    return refusal(
      { source: "catalogue", id: "unknown-tool" },
      `there is no tool named ${JSON.stringify(move.tool.slice(0, 100))}`,
      `use one of: ${catalogue.map((t) => t.name).join(", ")}`,
    );
  }
  const id = toolPermissionId(tool);
  const target = splitPermissionId(id);
  const grant = findGrant(context.persona.grants, target);
  if (!grant) {
    return refusal(
      { source: "permission", id: `persona:${context.persona.name}` },
      `the persona ${context.persona.name} has no permission for ${id} (deny by default)`,
      `use a tool the persona may use (${context.persona.grants.join(", ") || "none granted"}), or ask_human to grant ${id}`,
    );
  }
  const drift = checkSkill(tool, target, context);
  if (drift) {
    return drift;
  }
  const validated = validateArguments(tool, move.args);
  if (!validated.ok) {
    return {
      verdict: "deny",
      rule: { source: "schema", id: tool.name },
      reason: validated.message,
      hint: validated.hint ?? "",
      message: `${validated.message}\n${validated.hint ?? ""}`,
    };
  }
  // The schemas accept JSON only (objects, strings, numbers...), so the parsed value is JSON.
  const args = validated.value as JsonObject;
  for (const field of tool.pathFields) {
    const raw = args[field];
    if (typeof raw === "string") {
      const path = normalizeWorkspacePath(raw, context.roots, {
        deniedPatterns: context.deniedPatterns,
      });
      if (!path.ok) {
        return refusal(
          { source: "path", id: path.code },
          `${field}: ${path.message}`,
          path.hint ?? "use a workspace path",
        );
      }
      args[field] = path.value;
    }
  }
  if (!context.firewall) {
    return {
      verdict: "allow",
      rule: { source: "permission", id: grant.source },
      reason: `${id} is granted to ${context.persona.name} by ${grant.source}`,
      hint: "",
      args,
    };
  }
  const decision = evaluateFirewall(context.firewall, target, args);
  const rule = { source: "firewall" as const, id: decision.id, line: decision.line };
  if (decision.action === "BLOCK") {
    return refusal(rule, decision.reason, decision.hint);
  }
  if (decision.action === "ASK") {
    const decisionId = contentKey(
      `${context.firewall.hash}|${seq}|${tool.name}|${argsKey(args)}|${context.now}`,
    );
    return {
      verdict: "ask",
      rule,
      reason: decision.reason,
      hint: decision.hint,
      message: `[SYSTEM NOTICE] ${decision.reason}: waiting for a person to approve\n[HINT] ${decision.hint}`,
      args,
      pending: {
        decisionId,
        tool: tool.name,
        args,
        rule,
        expiresAt: context.now + context.firewall.askTimeoutMs,
      },
    };
  }
  return { verdict: "allow", rule, reason: decision.reason, hint: "", args };
}

function escalation(source: "errors" | "loop", id: string, what: string): Verdict {
  return {
    ...refusal(
      { source, id },
      `${what}. Stop and ask the user how to proceed`,
      "call ask_human with what you tried and what blocks you, or finish with status not_achieved",
      "[SYSTEM NOTICE]",
    ),
    escalate: true,
  };
}

function checkSkill(
  tool: ToolSpec,
  target: { service: string; method: string },
  context: AdmitContext,
): Verdict | undefined {
  if (ESCAPE_TOOLS.has(tool.name) || context.state.activeSkills.length === 0) {
    return undefined;
  }
  const known = new Map((context.skills ?? []).map((s) => [s.name, s]));
  const active = context.state.activeSkills.flatMap((name) => known.get(name) ?? []);
  if (active.length === 0) {
    return undefined;
  }
  const allows = (skill: Skill) =>
    skill.allowedTools.some((text) => {
      const grant = parseGrant(text);
      return grant !== undefined && grantMatches(grant, target);
    });
  if (active.some(allows)) {
    return undefined;
  }
  const current = active.at(-1) ?? active[0];
  if (!current) {
    return undefined;
  }
  return refusal(
    { source: "skill", id: current.name },
    `${tool.name} is outside the protocol of the skill you are following (${current.name}); re-read it:\n${quoteProtocol(current)}`,
    `follow the protocol above; its tools are ${current.allowedTools.join(", ") || "none"}`,
  );
}
