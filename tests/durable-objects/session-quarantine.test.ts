// Step quarantine: a step that never completed MAX_STEP_ATTEMPTS times (a crash
// or hang at every boot) halts the session with the reason at the next alarm,
// instead of running again; a step that completes clears its count.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import {
  MAX_STEP_ATTEMPTS,
  StepBudgetError,
  StepQuarantine,
  withinBudget,
} from "../../durable-objects/session/quarantine.ts";
import { SessionConfigSchema } from "../../shared/session/config.ts";

async function started() {
  const stub = env.AgentSession.getByName(`s-${crypto.randomUUID()}`);
  const hive = `qa-${crypto.randomUUID().slice(0, 8)}`;
  const created = await stub.init(SessionConfigSchema.parse({ hive, mission: "find TIMEOUT" }));
  if (!created.ok) {
    throw new Error(created.message);
  }
  const start = await stub.start();
  if (!start.ok) {
    throw new Error(start.message);
  }
  return stub;
}

describe("step quarantine", () => {
  it("halts with the reason a step that was interrupted at every boot, without running it", async ({
    expect,
  }) => {
    const stub = await started();
    // Three boots that each died inside step 0 (what a hanging step leaves behind).
    await runInDurableObject(stub, (_instance, state) => {
      const quarantine = new StepQuarantine(state.storage.sql);
      for (let i = 0; i < MAX_STEP_ATTEMPTS; i++) {
        expect(quarantine.begin(0)).toBeNull();
      }
      quarantine.failed(0, "the isolate exceeded its CPU limit");
    });
    await runDurableObjectAlarm(stub);
    const state = await stub.state();
    expect(state).toMatchObject({
      ok: true,
      value: {
        step: 0,
        status: "halted",
        outcome: {
          status: "halted",
          reason: "STEP_QUARANTINED: the isolate exceeded its CPU limit",
        },
      },
    });
    // The state starts again: another alarm is a no-op, not a re-run.
    expect(await runDurableObjectAlarm(stub)).toBe(false);
  });

  it("clears the count of a step that completes", async ({ expect }) => {
    const stub = await started();
    await runDurableObjectAlarm(stub);
    await runInDurableObject(stub, (_instance, state) => {
      const rows = state.storage.sql.exec("SELECT * FROM step_attempts").toArray();
      expect(rows).toEqual([]);
    });
  });

  it("fails a step past its wall budget with a typed error", async ({ expect }) => {
    const never = new Promise<never>(() => undefined);
    await expect(withinBudget(never, 20)).rejects.toBeInstanceOf(StepBudgetError);
    await expect(withinBudget(Promise.resolve(7), 20)).resolves.toBe(7);
  });
});
