// Every Worker's wrangler config sets a CPU limit per invocation, read the way
// `wrangler deploy` reads it (workerd does not enforce it locally, so the
// deployed configuration is what can be checked here).
import path from "node:path";
import { unstable_readConfig } from "wrangler";
import { describe, it } from "vitest";
import { ROOT, WORKERS } from "../../harness/cluster.ts";

/** Cloudflare's ceiling for `limits.cpu_ms` (5 minutes). */
const PLATFORM_MAX_CPU_MS = 300_000;

describe("CPU limits in the wrangler configs", () => {
  for (const worker of WORKERS) {
    it(`${worker.name} sets limits.cpu_ms within the platform's range`, ({ expect }) => {
      const config = path.join(ROOT, worker.config);
      const read = unstable_readConfig({ config }, { hideWarnings: true });
      const cpu = read.limits?.cpu_ms ?? 0;
      expect(cpu).toBeGreaterThan(0);
      expect(cpu).toBeLessThanOrEqual(PLATFORM_MAX_CPU_MS);
    });
  }
});
