// Edge trims by index (shared/base/text-edges.ts): what the regex forms did, in linear time.
import { describe, it } from "vitest";
import { trimEndRun, trimRun } from "../../../shared/base/text-edges.ts";

describe("trimRun and trimEndRun", () => {
  it("strip a run of one character at the edges, and stay linear on a long run", ({ expect }) => {
    expect(trimEndRun("http://x///", "/")).toBe("http://x");
    expect(trimRun("--my-hive--", "-")).toBe("my-hive");
    expect(trimRun("----", "-")).toBe("");
    expect(trimEndRun("abc", "=")).toBe("abc");
    const started = performance.now();
    trimRun(`x${"-".repeat(1_000_000)}x`, "-");
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
