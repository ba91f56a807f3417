// Stage 4 of an agent step, admit: the gatekeeper checks the move against the
// hive's firewall, the persona's grants, the session's roots and skills and its
// failure taxonomy; an ASK a person already approved runs once.
import type { ToolMove } from "../../../shared/driver/move.ts";
import type { Admitted, MoveTrace, StepContext, Staged } from "./context.ts";
import { gatewayErrorExit, refusedExit } from "./exits.ts";

export async function admit(
  ctx: StepContext,
  move: ToolMove,
  base: MoveTrace,
): Promise<Staged<Admitted>> {
  ctx.meter.begin("admit");
  const { config, state, preset } = ctx;
  const synced = ctx.hive;
  const admission = await ctx.ports.gatekeeper.admit({
    move: { tool: move.tool, args: move.args },
    state: state.gatekeeper,
    persona: { name: preset.name, grants: preset.grants },
    roots: config.roots ?? ["."],
    skills: config.skills ?? [],
    ...(synced.firewallText === null ? {} : { firewall: synced.firewallText }),
    now: Date.now(),
  });
  if (!admission.ok) {
    return { ok: false, exit: gatewayErrorExit(ctx, move, admission, base) };
  }
  const { verdict: raw, state: gatekeeper } = admission.value;
  const approvedNow =
    raw.verdict === "ask" &&
    state.approved !== null &&
    state.approved.tool === move.tool &&
    state.approved.args === JSON.stringify(raw.pending?.args ?? move.args);
  // A person approved exactly this move: the ASK is answered, the move runs once.
  const verdict = approvedNow
    ? { ...raw, verdict: "allow" as const, args: raw.pending?.args ?? raw.args }
    : raw;
  if (verdict.verdict !== "allow") {
    return { ok: false, exit: refusedExit(ctx, move, verdict, gatekeeper, base) };
  }
  return { ok: true, value: { args: verdict.args ?? move.args, gatekeeper, approvedNow } };
}
