// The one serving rule: an endpoint beats Workers AI, Workers AI beats the
// stand-in, the stand-in never answers in production unless allowed, and each
// role's model comes from LETHE_MODEL_<ROLE>, LETHE_MODEL, then the source's default.
import { describe, it } from "vitest";
import { modelServing, roleServing } from "../../../shared/driver/serving.ts";
import { WORKERS_AI_DEFAULTS } from "../../../shared/driver/workers-ai-models.ts";

const MODEL = { fetch: async () => new Response() };
const AI = { run: async () => ({ response: "" }) };

describe("modelServing", () => {
  it("prefers an endpoint, then Workers AI, then the stand-in", ({ expect }) => {
    expect(modelServing({ MODEL, AI, LETHE_MODEL_BASE_URL: "https://x.example/v1" })).toMatchObject(
      {
        ok: true,
        value: { source: "endpoint", standIn: false },
      },
    );
    expect(modelServing({ MODEL, AI })).toMatchObject({
      ok: true,
      value: { source: "workers-ai", standIn: false, models: WORKERS_AI_DEFAULTS },
    });
    expect(modelServing({ MODEL })).toMatchObject({
      ok: true,
      value: { source: "stand-in", standIn: true, models: { agent: "lethe-local" } },
    });
  });

  it("counts a blank LETHE_MODEL_BASE_URL as unset", ({ expect }) => {
    expect(modelServing({ MODEL, LETHE_MODEL_BASE_URL: "  " })).toMatchObject({
      value: { source: "stand-in" },
    });
  });

  it("names each role's model: LETHE_MODEL_<ROLE>, then LETHE_MODEL, then the default", ({
    expect,
  }) => {
    const serving = modelServing({ AI, LETHE_MODEL: "@cf/a", LETHE_MODEL_ROUTER: "@cf/r" });
    expect(serving.ok && serving.value.models).toEqual({
      router: "@cf/r",
      compression: "@cf/a",
      agent: "@cf/a",
    });
  });

  it("refuses the stand-in in production, with a hint, unless LETHE_MODEL_STAND_IN=allow", ({
    expect,
  }) => {
    const refused = modelServing({ MODEL, LETHE_ENV: "production" });
    expect(refused).toMatchObject({ ok: false, code: "MODEL_NOT_CONFIGURED" });
    expect(!refused.ok && refused.hint).toContain("LETHE_MODEL_STAND_IN=allow");
    expect(
      modelServing({ MODEL, LETHE_ENV: "production", LETHE_MODEL_STAND_IN: "allow" }),
    ).toMatchObject({ ok: true, value: { source: "stand-in" } });
    expect(modelServing({})).toMatchObject({ ok: false, code: "MODEL_NOT_CONFIGURED" });
  });

  it("reports a role as flat health fields", ({ expect }) => {
    expect(roleServing(modelServing({ MODEL }), "router")).toEqual({
      model: "lethe-local",
      modelSource: "stand-in",
      standIn: true,
    });
    expect(roleServing(modelServing({ LETHE_ENV: "production" }), "agent")).toMatchObject({
      model: "none",
      modelSource: "none",
    });
  });
});
