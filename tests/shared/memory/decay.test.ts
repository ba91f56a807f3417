// Decay in explicit units against weight = similarity × exp(−rate × elapsed).
import { describe, it } from "vitest";
import { decayFactor, MS_PER_DAY, ratePerDay, relevance } from "../../../shared/memory/decay.ts";

const HOUR_MS = 3_600_000;

describe("decay", () => {
  it("derives the rate per day from the half-life in days", ({ expect }) => {
    expect(ratePerDay({ halfLifeDays: 30 })).toBeCloseTo(Math.LN2 / 30, 12);
    expect(ratePerDay({ halfLifeDays: 1 })).toBeCloseTo(0.693147, 6);
  });

  it.for([
    { elapsed: "0 ms", ms: 0, days: 0 },
    { elapsed: "1 hour", ms: HOUR_MS, days: 1 / 24 },
    { elapsed: "1 day", ms: MS_PER_DAY, days: 1 },
    { elapsed: "7 days", ms: 7 * MS_PER_DAY, days: 7 },
    { elapsed: "30 days", ms: 30 * MS_PER_DAY, days: 30 },
    { elapsed: "365 days", ms: 365 * MS_PER_DAY, days: 365 },
  ])("matches similarity × exp(−rate × elapsed) after $elapsed", ({ ms, days }, { expect }) => {
    const config = { halfLifeDays: 30 };
    const rate = Math.LN2 / 30;
    const similarity = 0.8;
    expect(relevance(similarity, ms, config)).toBeCloseTo(similarity * Math.exp(-rate * days), 12);
  });

  it("halves the weight per half-life, and does not forget within the hour", ({ expect }) => {
    const config = { halfLifeDays: 30 };
    expect(decayFactor(30 * MS_PER_DAY, config)).toBeCloseTo(0.5, 12);
    expect(decayFactor(60 * MS_PER_DAY, config)).toBeCloseTo(0.25, 12);
    expect(decayFactor(HOUR_MS, config)).toBeGreaterThan(0.999);
  });

  it("never grows for a fact dated in the future", ({ expect }) => {
    expect(decayFactor(-MS_PER_DAY, { halfLifeDays: 30 })).toBe(1);
  });
});
