// Kernel policies: conditions on a step's outcome that force a move, whatever the
// model wanted. Pure: the loop calls `applyPolicies` after a tool ran and before
// the step is committed. Named in presets (shared/governance/presets.ts).
import { z } from "zod";
import type { Artifact } from "../hive/artifact.ts";
import type { FileWrite, ToolOutcome } from "../tools/tool-ports.ts";

/** The marker the structural tools print for an import that resolves to nothing. */
export const MISSING_DEPENDENCY_MARK = "[MISSING DEPENDENCY]";
/** Artifacts with this tag (or identifiers under `vulnerability.`) trigger the purge. */
export const VULNERABILITY_TAG = "vulnerability";

/**
 * The value of a `contract` artifact the verify-contracts policy enforces:
 * files under `path` must contain every `requires` string and none of `forbids`.
 */
export const ContractValueSchema = z.object({
  path: z.string().min(1),
  requires: z.array(z.string().min(1)).default([]),
  forbids: z.array(z.string().min(1)).default([]),
});
export type ContractValue = z.output<typeof ContractValueSchema>;

export interface PolicyInput {
  policies: readonly string[];
  tool: string;
  outcome: ToolOutcome;
  /** Active contract artifacts of the hive (for verify-contracts). */
  contracts: readonly Artifact[];
  /** Unpinned page ids now in L1 (for the purge). */
  unpinnedPages: readonly string[];
}

export interface PolicyAction {
  policy: string;
  /** Replaces the tool's outcome (the original effects are dropped). */
  outcome: ToolOutcome;
}

function violations(write: FileWrite, contracts: readonly Artifact[]): string[] {
  const found: string[] = [];
  for (const artifact of contracts) {
    const parsed = ContractValueSchema.safeParse(artifact.value);
    if (!parsed.success) {
      continue;
    }
    const contract = parsed.data;
    if (
      write.path !== contract.path &&
      !write.path.startsWith(`${contract.path.replace(/\/$/, "")}/`)
    ) {
      continue;
    }
    for (const needed of contract.requires) {
      if (!write.content.includes(needed)) {
        found.push(
          `${artifact.identifier}@${artifact.version}: ${write.path} must contain ${JSON.stringify(needed)}`,
        );
      }
    }
    for (const banned of contract.forbids) {
      if (write.content.includes(banned)) {
        found.push(
          `${artifact.identifier}@${artifact.version}: ${write.path} must not contain ${JSON.stringify(banned)}`,
        );
      }
    }
  }
  return found;
}

/** Returns the first policy that fires, or null when the outcome stands. */
export function applyPolicies(input: PolicyInput): PolicyAction | null {
  const { outcome } = input;
  const on = new Set(input.policies);
  if (on.has("verify-contracts") && outcome.files.length > 0) {
    const broken = outcome.files.flatMap((w) => violations(w, input.contracts));
    if (broken.length > 0) {
      const reason = `the change violates ${broken.length === 1 ? "a contract" : "contracts"}: ${broken.join("; ")}`;
      return {
        policy: "verify-contracts",
        outcome: {
          output: `[POLICY HALT] ${reason}\n[HINT] the file was not written; the contract artifact is law.`,
          error: true,
          pagerOps: [],
          artifacts: [],
          files: [],
          halt: { reason },
        },
      };
    }
  }
  if (on.has("halt-on-missing-dependency") && outcome.output.includes(MISSING_DEPENDENCY_MARK)) {
    const line = outcome.output.split("\n").find((l) => l.includes(MISSING_DEPENDENCY_MARK)) ?? "";
    const question = `A dependency is missing (${line.replace(MISSING_DEPENDENCY_MARK, "").trim()}). Where is it, or how should I proceed without it?`;
    return {
      policy: "halt-on-missing-dependency",
      outcome: {
        ...outcome,
        ask: { question },
        halt: { reason: `missing dependency: ${line.trim()}` },
      },
    };
  }
  if (on.has("purge-on-vulnerability")) {
    const flagged = outcome.artifacts.some(
      (w) =>
        (w.artifact.tags ?? []).includes(VULNERABILITY_TAG) ||
        w.artifact.identifier.startsWith(`${VULNERABILITY_TAG}.`),
    );
    if (flagged && input.unpinnedPages.length > 0) {
      return {
        policy: "purge-on-vulnerability",
        outcome: {
          ...outcome,
          output: `${outcome.output}\n[POLICY] a vulnerability was recorded: L1 purged of raw context.`,
          pagerOps: [
            ...outcome.pagerOps,
            ...input.unpinnedPages.map((id) => ({ type: "unstage" as const, id })),
          ],
        },
      };
    }
  }
  return null;
}
