// Stage 2 of an agent step, route: the router picks the domains the mission and the
// last result need; the protocol's own tools are always offered; the persona's
// grants filter the rest, and tools that cannot act in this state are left out.
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
 * prompt tokens on every call): unstage with nothing unpinned in L1, read_ref (a
 * slice of a large payload) when the last result names no reference.
 */
function usefulNow(tool: string, state: SessionState, lastTurn: string): boolean {
  switch (tool) {
    case "unstage_context":
      return state.pager.pages.some((p) => !p.pinned);
    case "read_ref":
      // A ref the model can name is in the last result; stage_context {ref} is always there.
      return lastTurn.includes("ref:");
    default:
      return true;
  }
}

export async function route(ctx: StepContext): Promise<Routed> {
  ctx.meter.begin("route");
  const { config, state } = ctx;
  const lastTurn = ctx.history.at(-1)?.content ?? "";
  const intent = `${config.mission}\n${lastTurn}`.slice(0, 2_000);
  // The loop always offers the protocol's own domains, so the router chooses among the rest.
  const routed = await ctx.ports.router.route({
    intent,
    domains: DOMAINS.map((d) => d.name).filter((d) => !ALWAYS_OFFERED_DOMAINS.has(d)),
    // The router's log lines carry the step's ids (shared/log.ts).
    context: {
      hive: config.hive.slice(0, 128),
      session: ctx.host.name.slice(0, 128),
      step: ctx.step,
    },
  });
  // The context and artifact tools are Lethe's protocol itself: always offered.
  const routedTools = routed.ok ? routed.value.tools : TOOL_CATALOGUE.map(toolDefinition);
  const protocolTools = TOOL_CATALOGUE.filter(
    (t) =>
      ALWAYS_OFFERED_DOMAINS.has(t.domain) && !routedTools.some((d) => d.function.name === t.name),
  ).map(toolDefinition);
  const tools = allowedTools(ctx.preset, [...protocolTools, ...routedTools]).filter((d) =>
    usefulNow(d.function.name, state, lastTurn),
  );
  return { tools, method: routed.ok ? routed.value.method : "unavailable" };
}
