import { SELF } from "cloudflare:test";
import { describe, it } from "vitest";
import journal from "../../../migrations/meta/_journal.json" with { type: "json" };
import { HealthReportSchema } from "../../../shared/health.ts";

describe("GET /health", () => {
  it("reports every component ok, gathered across the real bindings", async ({ expect }) => {
    const response = await SELF.fetch("http://lethe.test/health");
    expect(response.status).toBe(200);
    const report = HealthReportSchema.parse(await response.json());
    expect(Object.keys(report.components).sort()).toEqual(
      ["AgentSession", "Hive", "compressor", "d1", "gatekeeper", "model", "queue", "router"].sort(),
    );
    for (const component of Object.values(report.components)) {
      expect(component, component.component).toMatchObject({ ok: true });
    }
    expect(report.ok).toBe(true);
  });

  it("proves the queue round trip through the compressor's consumer", async ({ expect }) => {
    const report = HealthReportSchema.parse(
      await (await SELF.fetch("http://lethe.test/health")).json(),
    );
    const queue = report.components.queue;
    expect(queue?.detail).toMatchObject({ consumer: "compressor" });
    expect(typeof queue?.detail?.jobId).toBe("string");
  });

  it("says which model serves each role, as the Worker that calls it reports", async ({
    expect,
  }) => {
    const report = HealthReportSchema.parse(
      await (await SELF.fetch("http://lethe.test/health")).json(),
    );
    const standIn = { model: "lethe-local", source: "stand-in", standIn: true };
    expect(report.models).toEqual({ router: standIn, compression: standIn, agent: standIn });
    expect(report.components.router?.detail).toMatchObject({ modelSource: "stand-in" });
  });

  it("sees the D1 migrations applied", async ({ expect }) => {
    const report = HealthReportSchema.parse(
      await (await SELF.fetch("http://lethe.test/health")).json(),
    );
    expect(report.components.d1?.detail).toMatchObject({
      migrationsApplied: journal.entries.length,
      migrationsExpected: journal.entries.length,
    });
  });
});
