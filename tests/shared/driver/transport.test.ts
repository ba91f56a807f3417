import { describe, it } from "vitest";
import { backoffMs, isRetryableStatus } from "../../../shared/driver/transport.ts";

describe("retry policy", () => {
  it("retries 429 and 5xx only", ({ expect }) => {
    expect([400, 401, 404, 422, 429, 500, 502, 503].map(isRetryableStatus)).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
      true,
      true,
    ]);
  });

  it("doubles the backoff per attempt with equal jitter, up to the ceiling", ({ expect }) => {
    expect([1, 2, 3, 4, 5].map((a) => backoffMs(a, 500, 4_000, () => 0))).toEqual([
      250, 500, 1000, 2000, 2000,
    ]);
    expect([1, 2, 3].map((a) => backoffMs(a, 500, 4_000, () => 1))).toEqual([500, 1000, 2000]);
  });

  it("takes the server's Retry-After when it is within the ceiling", ({ expect }) => {
    expect(backoffMs(1, 500, 4_000, () => 0, 3_000)).toBe(3_000);
    expect(backoffMs(1, 500, 4_000, () => 0, 60_000)).toBe(250);
  });
});
