// The compression budget: a target in tokens or as a share of the input, and what
// the output weighed against it. Called by compress.ts; the schema is part of the
// compressor's RPC options.
import { z } from "zod";

export const CompressBudgetSchema = z.union([
  z.strictObject({ tokens: z.number().int().min(1).max(100_000_000) }),
  z.strictObject({ ratio: z.number().gt(0).max(1) }),
]);
export type CompressBudget = z.infer<typeof CompressBudgetSchema>;

/** The output size a budget asks for, in tokens, given the input's size. */
export function budgetTokens(budget: CompressBudget, inputTokens: number): number {
  return "tokens" in budget ? budget.tokens : Math.floor(inputTokens * budget.ratio);
}

/** The budget asked for and what the output weighs (messages counted with their overhead). */
export interface BudgetOutcome {
  target: number | null;
  inputTokens: number;
  outputTokens: number;
  met: boolean;
}

export function budgetOutcome(
  target: number | undefined,
  inputTokens: number,
  outputTokens: number,
): BudgetOutcome {
  return {
    target: target ?? null,
    inputTokens,
    outputTokens,
    met: target === undefined ? outputTokens <= inputTokens : outputTokens <= target,
  };
}
