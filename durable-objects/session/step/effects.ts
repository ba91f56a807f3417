// Stage 6 of an agent step, effects: artifact writes to the hive (idempotent per
// step), file writes to the workspace (or a speculative session's overlay), GC of
// pages no entry point reaches, and a finish's claim checked against the evidence.
import { redactSecrets, redactValue } from "../../../shared/base/redact.ts";
import type { PagerOp } from "../../../shared/context/page.ts";
import {
  collectGarbage,
  GC_POLICY,
  unreachableFiles,
  type Collected,
} from "../../../shared/session/gc.ts";
import { speculate } from "./speculation.ts";
import type { LoopReads } from "./tool-reads.ts";
import { vouch } from "./vouch.ts";
import type { Effects, Ran, StepContext } from "./context.ts";

export async function effects(ctx: StepContext, ran: Ran, reads: LoopReads): Promise<Effects> {
  ctx.meter.begin("effects");
  const { config, state, preset } = ctx;
  const { outcome } = ran;
  let workspaceManifest = ctx.workspaceManifest;
  let written = state.written;
  let output = outcome.output;
  // Clean room: what enters L1 (and so every checkpoint) is redacted first.
  let ops: PagerOp[] = preset.cleanRoom
    ? outcome.pagerOps.map((op) =>
        op.type === "stage" || op.type === "prefetch"
          ? { ...op, page: { ...op.page, content: redactSecrets(op.page.content).text } }
          : op,
      )
    : outcome.pagerOps;
  let failed = outcome.error;
  if (outcome.artifacts.length > 0) {
    const saved = await ctx.ports.hive.commit({
      idempotencyKey: `${ctx.host.name}:${ctx.step}`,
      // Clean room: a secret never reaches the hive, even inside an artifact's value.
      writes: outcome.artifacts.map((w) => ({
        op: "put" as const,
        expectedVersion: w.expectedVersion,
        artifact: preset.cleanRoom
          ? { ...w.artifact, value: redactValue(w.artifact.value).value as typeof w.artifact.value }
          : w.artifact,
      })),
    });
    if (!saved.ok) {
      failed = true;
      ops = ops.filter((op) => op.type !== "artifact_saved");
      output = `[TOOL ERROR] ${saved.code}: ${saved.message}${saved.hint ? `\n[HINT] ${saved.hint}` : ""}`;
    }
  }
  // A speculative session's writes go to its overlay, not the workspace (speculation.ts).
  const overlay =
    config.speculative && outcome.files.length > 0 && !failed
      ? speculate(state, outcome.files)
      : null;
  const gcBefore =
    outcome.files.length > 0 && !failed && overlay === null && preset.policies.includes(GC_POLICY)
      ? await unreachableFiles(ctx.ports.hive.workspace())
      : null;
  let collected: Collected | null = null;
  if (outcome.files.length > 0 && !failed && overlay === null) {
    const wrote = await reads.writeFiles(outcome.files);
    if (!wrote.ok) {
      failed = true;
      output = `[TOOL ERROR] ${wrote.code}: ${wrote.message}${wrote.hint ? `\n[HINT] ${wrote.hint}` : ""}`;
    } else {
      workspaceManifest = wrote.value.id;
      written = [...new Set([...written, ...outcome.files.map((f) => f.path)])].sort();
      const gcAfter = gcBefore === null ? null : await unreachableFiles(ctx.ports.hive.workspace());
      collected =
        gcBefore === null || gcAfter === null
          ? null
          : collectGarbage(gcBefore, gcAfter, state.pager.pages);
      if (collected !== null) {
        ops = [...ops, ...collected.ops];
        output = `${output}\n${collected.note}`;
      }
    }
  }
  // Strategy switch: a phase's finish hands the mission to the next persona.
  const phases = config.strategy ?? [];
  const nextPersona = phases[phases.indexOf(state.persona) + 1];
  const handoff = outcome.finish && nextPersona !== undefined ? nextPersona : null;
  // Outcome verification: the claim is checked against the evidence before it is reported.
  // A speculative session's writes are its overlay's paths.
  const vouched =
    outcome.finish && handoff === null
      ? await vouch(ctx, { ...outcome.finish }, ctx.history, [
          ...written,
          ...(overlay ?? state.overlay ?? []).map((f) => f.path),
        ])
      : null;
  return { output, ops, failed, overlay, collected, workspaceManifest, written, vouched, handoff };
}
