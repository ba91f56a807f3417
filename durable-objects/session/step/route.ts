// Stage 2 of an agent step, route: the router picks the domains the mission and the
// last result need; the protocol's own tools are always offered; the persona's
// grants filter the rest, and tools that cannot act in this state are left out.
// The router's classification is remembered across the steps of one request (same
// mission, persona and user turn, no failure since) for ROUTE_REFRESH_STEPS steps.
import type { Preset } from "../../../shared/governance/presets.ts";
import { findGrant } from "../../../shared/gatekeeper/permissions.ts";
import type { SessionState } from "../../../shared/session/step.ts";
import {
  DOMAINS,
  TOOL_CATALOGUE,
  toolDefinition,
  type ToolDefinition,
} from "../../../shared/tools/catalogue.ts";
import type { StepContext } from "./context.ts";

/**
 * Domains offered at every step whatever the router says: the protocol (stage,
 * extract into artifacts, forget: LETHE_PROTOCOL tells every model to) and the way out.
 */
const ALWAYS_OFFERED_DOMAINS: ReadonlySet<string> = new Set(["context", "artifacts", "control"]);

/**
 * Steps a remembered classification serves before the router is asked again. The
 * mission and the user's last message decide the domains; a tool result rarely
 * moves them, so one call in 8 steps (issue 41's updates workload: the router's
 * call every step was 13% of a session's tokens) keeps a drifting task in reach.
 */
export const ROUTE_REFRESH_STEPS = 8;

/** A result that went wrong: the next step may need other tools, so the router is asked. */
const FAILED_RESULT =
  /^\[(TOOL ERROR|GATEKEEPER REFUSAL|SYSTEM NOTICE|POLICY HALT|OUTPUT REFUSED)\]|\[L1 REFUSED\]/m;

interface RouteMemo {
  /** Persona, mission and the last user turn the classification was made for. */
  key: string;
  step: number;
  tools: ToolDefinition[];
  method: string;
}

/** One memo per Durable Object instance (its state object): lost on eviction, re-asked then. */
const memos = new WeakMap<object, RouteMemo>();

/** The tools offered to the model, and how the router chose (its method, or `unavailable`). */
export interface Routed {
  tools: ToolDefinition[];
  method: string;
}

function allowedTools(preset: Preset, routed: readonly ToolDefinition[]): ToolDefinition[] {
  return routed.filter((d) => {
    const spec = TOOL_CATALOGUE.find((t) => t.name === d.function.name);
    return (
      spec !== undefined &&
      findGrant(preset.grants, { service: spec.domain, method: spec.name }) !== undefined
    );
  });
}

/**
 * Tools that cannot do anything in this state are not offered (their schemas cost
 * prompt tokens on every call): unstage with nothing unpinned in L1, or in strict
 * mode with one unpinned file page alone (the pager drops it by itself: staging
 * another file replaces it, a save purges it); read_ref (a slice of a large
 * payload) when the last result names no reference.
 */
function usefulNow(tool: string, state: SessionState, lastTurn: string): boolean {
  switch (tool) {
    case "unstage_context": {
      const unpinned = state.pager.pages.filter((p) => !p.pinned);
      const dropsItself =
        state.pager.mode === "strict" && unpinned.length === 1 && unpinned[0]?.kind === "file";
      return unpinned.length > 0 && !dropsItself;
    }
    case "read_ref":
      // A ref the model can name is in the last result; stage_context {ref} is always there.
      return lastTurn.includes("ref:");
    default:
      return true;
  }
}

/** The router's tools for this step: remembered when nothing that decides them changed. */
async function classify(
  ctx: StepContext,
  lastTurn: string,
): Promise<Omit<RouteMemo, "key" | "step">> {
  const { config, state } = ctx;
  const last = ctx.history.at(-1);
  const key = [
    state.persona,
    config.mission,
    ctx.history.findLast((t) => t.role === "user")?.content ?? "",
  ].join("\n");
  const memo = memos.get(ctx.host.ctx);
  if (
    memo !== undefined &&
    memo.key === key &&
    ctx.step > memo.step &&
    ctx.step - memo.step < ROUTE_REFRESH_STEPS &&
    last?.role === "tool" &&
    !FAILED_RESULT.test(lastTurn)
  ) {
    return memo;
  }
  const intent = `${config.mission}\n${lastTurn}`.slice(0, 2_000);
  // The loop always offers the protocol's own domains, so the router chooses among the rest.
  const routed = await ctx.ports.router.route({
    intent,
    domains: DOMAINS.map((d) => d.name).filter((d) => !ALWAYS_OFFERED_DOMAINS.has(d)),
    // The router's log lines carry the step's ids (shared/base/log.ts).
    context: {
      hive: config.hive.slice(0, 128),
      session: ctx.host.name.slice(0, 128),
      step: ctx.step,
    },
  });
  if (!routed.ok) {
    memos.delete(ctx.host.ctx);
    return { tools: TOOL_CATALOGUE.map(toolDefinition), method: "unavailable" };
  }
  const fresh = { key, step: ctx.step, tools: routed.value.tools, method: routed.value.method };
  memos.set(ctx.host.ctx, fresh);
  return fresh;
}

export async function route(ctx: StepContext): Promise<Routed> {
  ctx.meter.begin("route");
  const { state } = ctx;
  const lastTurn = ctx.history.at(-1)?.content ?? "";
  const classified = await classify(ctx, lastTurn);
  // The context and artifact tools are Lethe's protocol itself: always offered.
  const routedTools = classified.tools;
  const protocolTools = TOOL_CATALOGUE.filter(
    (t) =>
      ALWAYS_OFFERED_DOMAINS.has(t.domain) && !routedTools.some((d) => d.function.name === t.name),
  ).map(toolDefinition);
  const tools = allowedTools(ctx.preset, [...protocolTools, ...routedTools]).filter((d) =>
    usefulNow(d.function.name, state, lastTurn),
  );
  return { tools, method: classified.method };
}
