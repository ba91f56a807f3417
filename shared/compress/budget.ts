// The compression budget: a target in tokens or as a share of the input, and the
// choice of which bullets fit it (facts that set a value first, newest first).
// Called by compress.ts; the schema is part of the compressor's RPC options.
import { z } from "zod";
import type { SummaryBullet } from "../model/contracts.ts";

export const CompressBudgetSchema = z.union([
  z.strictObject({ tokens: z.number().int().min(1).max(100_000_000) }),
  z.strictObject({ ratio: z.number().gt(0).max(1) }),
]);
export type CompressBudget = z.infer<typeof CompressBudgetSchema>;

/** The output size a budget asks for, in tokens, given the input's size. */
export function budgetTokens(budget: CompressBudget, inputTokens: number): number {
  return "tokens" in budget ? budget.tokens : Math.floor(inputTokens * budget.ratio);
}

/**
 * The bullets that fit `budget` tokens as `cost` counts each (with the refs it
 * adds), in their original order. Bullets that set a value of a subject go
 * first (a higher `keyed` rank first: a subject the conversation keeps naming
 * before one named once), then the rest; newest first within each group (later
 * in a turn is newer).
 */
export function fitBullets(
  bullets: readonly SummaryBullet[],
  budget: number,
  cost: (bullet: SummaryBullet, chosen: ReadonlySet<number>) => number,
  keyed: (bullet: SummaryBullet) => boolean | number,
): { kept: SummaryBullet[]; cut: SummaryBullet[] } {
  const ranked = bullets
    .map((bullet, index) => ({
      bullet,
      index,
      keyed: keyed(bullet),
      last: Math.max(...bullet.turns, -1),
    }))
    .sort((a, b) => Number(b.keyed) - Number(a.keyed) || b.last - a.last || b.index - a.index);
  const chosenTurns = new Set<number>();
  const keep = new Set<number>();
  let spent = 0;
  for (const entry of ranked) {
    const tokens = cost(entry.bullet, chosenTurns);
    if (spent + tokens > budget) {
      continue;
    }
    spent += tokens;
    keep.add(entry.index);
    for (const turn of entry.bullet.turns) {
      chosenTurns.add(turn);
    }
  }
  return {
    kept: bullets.filter((_, i) => keep.has(i)),
    cut: bullets.filter((_, i) => !keep.has(i)),
  };
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
