// Mutations of the "governance" family (scripts/mutations.ts): governance: policies, verify-first, personas, the clean room on moves, auto-fix, skills, budgets, loops.
// Each removes one capability; the family's scenario file must then fail.
import type { Mutation } from "../lib/mutation.ts";

export const GOVERNANCE: readonly Mutation[] = [
  {
    family: "governance",
    scenario: "ignorance detection",
    file: "shared/governance/policies.ts",
    find: 'if (on.has("halt-on-missing-dependency") && outcome.output.includes(MISSING_DEPENDENCY_MARK)) {',
    replace: "if (false) {",
    removes: "halting on a missing dependency",
  },
  {
    family: "governance",
    scenario: "human friction",
    file: "durable-objects/session/step/verify-first.ts",
    find: 'if (item.freshness.reason === "contradicted") {',
    replace: "if (false) {",
    removes: "verify-first on poisoned artifacts",
  },
  {
    family: "governance",
    scenario: "strategy switch",
    file: "durable-objects/session/step/effects.ts",
    find: "const nextPersona = phases[phases.indexOf(state.persona) + 1];",
    replace: "const nextPersona = undefined as string | undefined;",
    removes: "handing over to the next persona",
  },
  {
    family: "governance",
    scenario: "clean room",
    file: "durable-objects/session/step/model.ts",
    find: "const healed = preset.cleanRoom ? cleanMove(move.value.move).move : move.value.move;",
    replace: "const healed = move.value.move;",
    removes: "redacting secrets out of a move's tool-call arguments",
  },
  {
    family: "governance",
    scenario: "auto-fix loop",
    file: "durable-objects/session/step/tool-exit-table.ts",
    find: "const autofixes = (f: ToolFacts): boolean => f.failed && !f.policyHalt && !f.vouched;",
    replace: "const autofixes = (_f: ToolFacts): boolean => false;",
    removes: "the auto-fix loop",
  },
  {
    family: "governance",
    scenario: "re-anchoring on drift",
    file: "durable-objects/session/step/admit.ts",
    find: "skills: config.skills ?? [],",
    replace: "skills: [],",
    removes: "the session's skills at admission",
  },
  {
    family: "governance",
    scenario: "step budget",
    file: "durable-objects/session/step/model.ts",
    find: "if (state.step >= config.stepBudget) {",
    replace: "if (false) {",
    removes: "the step budget's self-assessment",
  },
  {
    family: "governance",
    scenario: "failure taxonomy",
    file: "durable-objects/session/step/exits.ts",
    find: "const failure = verdict.failure;",
    replace: "const failure = undefined as typeof verdict.failure;",
    removes: "recovering from thrash and deadlock",
  },
  {
    family: "governance",
    scenario: "loop detection",
    file: "shared/gatekeeper/admit.ts",
    find: "const repeated = before.lastMove?.tool === move.tool && before.lastMove.argsKey === key;",
    replace: "const repeated = false as boolean;",
    removes: "loop detection",
  },
];
