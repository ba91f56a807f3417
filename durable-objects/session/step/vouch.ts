// The session's side of outcome verification: gathers the evidence (the hive's
// active artifacts, the session's calculations, saves, structural listings and writes) and checks a claimed
// outcome against it (shared/governance/outcome-check.ts). Called where a mission finishes.
import {
  calculationsIn,
  checkOutcome,
  savedKeysIn,
  toolResultsIn,
  type EvidenceTurn,
} from "../../../shared/governance/outcome-check.ts";
import { modelServing } from "../../../shared/driver/serving.ts";
import type { SessionConfig } from "../../../shared/session/config.ts";
import type { MissionOutcome } from "../../../shared/governance/mission-outcome.ts";
import type { HiveStub } from "./context.ts";

/** What vouching reads: the session's environment (the serving rule) and the step's hive port. */
export interface VouchContext {
  host: { env: Env };
  config: SessionConfig;
  ports: { hive: HiveStub };
}

/** The claimed outcome, downgraded with the reason when the evidence does not carry it. */
export async function vouch(
  ctx: VouchContext,
  claimed: MissionOutcome,
  turns: readonly EvidenceTurn[],
  written: readonly string[],
): Promise<MissionOutcome> {
  const { host, config } = ctx;
  const listed = await ctx.ports.hive.list({ status: "active", limit: 500 });
  const artifacts = listed.ok
    ? listed.value.artifacts.map((a) => ({ key: a.identifier, value: a.value as unknown }))
    : [];
  const serving = modelServing(host.env);
  return checkOutcome(claimed, {
    mission: config.mission,
    artifacts,
    calculations: calculationsIn(turns),
    written: [...written],
    saved: savedKeysIn(turns),
    listings: toolResultsIn(turns, ["find_callers", "find_imports"]),
    results: toolResultsIn(turns),
    // The one serving rule: the stand-in's plan is judged as the stand-in's.
    localModel: serving.ok && serving.value.standIn,
  });
}
