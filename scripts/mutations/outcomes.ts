// Mutations of the "outcomes" family (scripts/mutations.ts): outcome checks: an achieved claim needs its value.
// Each removes one capability; the family's scenario file must then fail.
import type { Mutation } from "../lib/mutation.ts";

export const OUTCOMES: readonly Mutation[] = [
  {
    family: "outcomes",
    scenario: "a model that claims achieved without the value",
    file: "shared/governance/outcome-check.ts",
    find: 'const unsupported = claimed.status === "achieved" ? unsupportedClaim(claimed, evidence) : null;',
    replace: "const unsupported = null as string | null;",
    removes: "the outcome check (every achieved claim is reported as made)",
  },
  {
    family: "outcomes",
    scenario: "a rename is refused by the stand-in itself",
    file: "workers/model/policy/moves/refusal.ts",
    find: 'finishMove(state, "not_achieved", `${STAND_IN_REFUSAL}',
    replace: 'finishMove(state, "achieved", `${STAND_IN_REFUSAL}',
    removes: "the stand-in's refusal to claim (its refusal claims achieved)",
  },
];
