// Temporal decay of knowledge, in explicit units: weight = similarity ×
// exp(−rate × elapsed), with the rate derived from a half-life in days, so a
// fact loses half its weight per half-life and never "within the hour" by a
// unit mix-up. Used by retrieve.ts (the Hive's search and the meta section).

export const MS_PER_DAY = 86_400_000;

/**
 * Default half-life: 30 days. A fact a month old ranks at half the weight of
 * an equally similar fresh one; validity, not decay, decides what is current.
 */
export const DEFAULT_HALF_LIFE_DAYS = 30;

export interface DecayConfig {
  halfLifeDays: number;
}

/** The decay rate per day for a half-life in days: ln 2 / halfLifeDays. */
export function ratePerDay(config: DecayConfig): number {
  return Math.LN2 / config.halfLifeDays;
}

/** exp(−rate × elapsedDays); elapsed is clamped at 0 (a fact from the future does not grow). */
export function decayFactor(elapsedMs: number, config: DecayConfig): number {
  const elapsedDays = Math.max(0, elapsedMs) / MS_PER_DAY;
  return Math.exp(-ratePerDay(config) * elapsedDays);
}

/** weight = similarity × exp(−rate × elapsed). */
export function relevance(similarity: number, elapsedMs: number, config: DecayConfig): number {
  return similarity * decayFactor(elapsedMs, config);
}
