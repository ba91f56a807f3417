// The model a production deploy gives each role, decided by the runtime's serving
// rule on the Workers as they will be deployed.
import { describe, it } from "vitest";
import { WORKERS_AI_DEFAULTS } from "../../../../shared/driver/workers-ai-models.ts";
import { describeModelPlan, modelPlan } from "../../../../scripts/lib/deploy/model-plan.ts";

const flags = { withoutWorkersAi: false, allowStandIn: false };

describe("modelPlan", () => {
  it("serves every role with Workers AI by default, LETHE_MODEL_<ROLE> overriding a role", ({
    expect,
  }) => {
    const planned = modelPlan(
      { LETHE_MODEL_AGENT: "@cf/meta/llama-4-scout-17b-16e-instruct" },
      flags,
    );
    expect(planned).toMatchObject({
      ok: true,
      plan: {
        workersAi: true,
        vars: {},
        serving: {
          source: "workers-ai",
          standIn: false,
          models: { ...WORKERS_AI_DEFAULTS, agent: "@cf/meta/llama-4-scout-17b-16e-instruct" },
        },
      },
    });
    expect(planned.ok && describeModelPlan(planned.plan)[0]).toBe(
      "models served by Workers AI (the AI binding)",
    );
  });

  it("serves an endpoint when LETHE_MODEL_BASE_URL is set, with or without Workers AI", ({
    expect,
  }) => {
    const env = { LETHE_MODEL_BASE_URL: "https://models.example/v1", LETHE_MODEL: "gpt-4o-mini" };
    for (const withoutWorkersAi of [false, true]) {
      expect(modelPlan(env, { ...flags, withoutWorkersAi })).toMatchObject({
        ok: true,
        plan: { serving: { source: "endpoint", models: { router: "gpt-4o-mini" } } },
      });
    }
  });

  it("refuses the stand-in, and lets it answer only when allowed (a demo)", ({ expect }) => {
    const refused = modelPlan(
      { LETHE_MODEL_STAND_IN: "allow" },
      { withoutWorkersAi: true, allowStandIn: false },
    );
    expect(refused).toMatchObject({ ok: false });
    expect(!refused.ok && refused.hint).toContain("--allow-stand-in");
    expect(modelPlan({}, { withoutWorkersAi: true, allowStandIn: true })).toMatchObject({
      ok: true,
      plan: {
        workersAi: false,
        vars: { LETHE_MODEL_STAND_IN: "allow" },
        serving: { source: "stand-in", standIn: true },
      },
    });
  });
});
