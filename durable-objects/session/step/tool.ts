// Stage 5 of an agent step, tool: the admitted move runs (durable-objects/session/tools/) and the
// persona's kernel policies (shared/governance/policies.ts) may replace its outcome:
// halt on a missing dependency, purge L1 on a vulnerability, refuse a contract break.
// A page larger than L1 is staged as its digest, the whole text kept by ref.
import { applyPolicies } from "../../../shared/governance/policies.ts";
import { digestOversizePages } from "../../../shared/context/oversize.ts";
import type { ToolMove } from "../../../shared/driver/move.ts";
import type { ToolOutcome } from "../../../shared/tools/tool-ports.ts";
import { runTool } from "../tools/index.ts";
import type { LoopReads } from "./tool-reads.ts";
import type { Admitted, Ran, StepContext } from "./context.ts";

export async function tool(
  ctx: StepContext,
  move: ToolMove,
  admitted: Admitted,
  reads: LoopReads,
): Promise<Ran> {
  ctx.meter.begin("tool");
  const { state } = ctx;
  let outcome: ToolOutcome = await runTool(move.tool, admitted.args, reads);
  const contracts = (ctx.hive.artifacts ?? (await reads.contracts())).filter(
    (a) => a.kind === "contract",
  );
  const forced = applyPolicies({
    policies: ctx.preset.policies,
    tool: move.tool,
    outcome,
    contracts,
    unpinnedPages: state.pager.pages.filter((p) => !p.pinned).map((p) => p.id),
  });
  if (forced) {
    outcome = forced.outcome;
  }
  const digested = digestOversizePages(outcome.pagerOps, state.pager.capacity, ctx.tokenizer);
  if (digested.notes.length > 0) {
    outcome = {
      ...outcome,
      pagerOps: digested.ops,
      output: [outcome.output, ...digested.notes].join("\n"),
    };
  }
  return {
    outcome,
    kept: digested.kept.map((k) => ({ ...k, kind: "oversize_page" })),
    policy: forced ? forced.policy : null,
    policyHalt: forced?.outcome.halt !== undefined,
  };
}
