import { describe, it } from "vitest";
import { costOf, priceOf } from "../../../shared/driver/pricing.ts";

describe("the price table", () => {
  it("prices the local endpoint at zero", ({ expect }) => {
    expect(costOf("lethe-local", 1_000_000, 1_000_000)).toEqual({ usd: 0, priced: true });
  });

  it("matches a dated snapshot to its model by the longest prefix", ({ expect }) => {
    expect(priceOf("gpt-4o-mini-2024-07-18")).toEqual(priceOf("gpt-4o-mini"));
    expect(priceOf("gpt-4.1-mini-2025-04-14")).toEqual(priceOf("gpt-4.1-mini"));
  });

  it("reports an unknown model as unpriced rather than guessing", ({ expect }) => {
    expect(costOf("qwen2.5-coder:7b", 5000, 5000)).toEqual({ usd: 0, priced: false });
  });

  it("computes dollars per million tokens", ({ expect }) => {
    expect(costOf("gpt-4o", 1_000_000, 100_000).usd).toBeCloseTo(3.5, 8);
  });
});
