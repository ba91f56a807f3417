// Per step of the agent loop, in workerd on the local model: the tokenizer is loaded,
// the history read and the envelope built at most once, and every stage's timing is
// on the step's trace entry in the order the step runs them.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { SessionConfigSchema } from "../../shared/session/config.ts";
import { StepTraceDataSchema } from "../../shared/session/step-trace.ts";

const STAGE_ORDER = ["prepare", "route", "model", "admit", "tool", "effects", "gate", "checkpoint"];

describe("one agent step", () => {
  it("loads the tokenizer, reads the history and builds the envelope at most once", async ({
    expect,
  }) => {
    const hive = `counts-${crypto.randomUUID().slice(0, 8)}`;
    const written = await env.Hive.getByName(hive)
      .workspace()
      .write({
        files: [
          { path: "src/config.ts", content: "// Network settings.\nexport const TIMEOUT = 30;\n" },
          { path: "src/limits.ts", content: "export const MAX_WAIT = 0;\n" },
        ],
        message: "fixture",
      });
    expect(written.ok).toBe(true);
    const stub = env.AgentSession.getByName(`s-${crypto.randomUUID()}`);
    const created = await stub.init(
      SessionConfigSchema.parse({
        hive,
        mission: "Find TIMEOUT in src/config.ts, save it and set MAX_WAIT in src/limits.ts to it.",
      }),
    );
    expect(created.ok).toBe(true);
    expect((await stub.start()).ok).toBe(true);
    for (let i = 0; i < 30; i++) {
      const view = await stub.view();
      if (!view.ok || view.value.status !== "running") {
        break;
      }
      await runDurableObjectAlarm(stub);
    }
    const state = await stub.state();
    expect(state.ok && state.value.status).toBe("finished");
    const steps = (await stub.traceEvents(0, 500)).filter(
      (e) => e.kind === "step" && e.data.counts !== undefined,
    );
    expect(steps.length).toBeGreaterThanOrEqual(4);
    for (const entry of steps) {
      const data = StepTraceDataSchema.parse(entry.data);
      const counts = data.counts ?? { tokenizerLoads: 9, historyReads: 9, envelopeBuilds: 9 };
      expect(counts.tokenizerLoads).toBeLessThanOrEqual(1);
      expect(counts.historyReads).toBeLessThanOrEqual(1);
      expect(counts.envelopeBuilds).toBeLessThanOrEqual(1);
      const stages = data.stages ?? [];
      const names = stages.map((s) => s.name);
      expect(names).toEqual(STAGE_ORDER.filter((n) => names.includes(n)));
      expect(names.slice(0, 3)).toEqual(["prepare", "route", "model"]);
      for (let i = 1; i < stages.length; i++) {
        expect(stages[i]?.startedAt ?? 0).toBeGreaterThanOrEqual(stages[i - 1]?.startedAt ?? 0);
      }
    }
    // A tool step runs every stage.
    expect(steps.some((e) => (e.data.stages as unknown[]).length === STAGE_ORDER.length)).toBe(
      true,
    );
  });
});
