// harness/worker-vars.ts: which variables count as model settings, and the
// environment wrangler gets so that they reach every Worker (and nothing else does).
import { describe, it } from "vitest";
import { environmentForEveryWorker, modelSettings } from "../../harness/worker-vars.ts";

describe("modelSettings", () => {
  it("keeps the driver's variables and drops the rest", ({ expect }) => {
    expect(
      modelSettings({
        LETHE_ADMIN_TOKEN: "admin",
        LETHE_MODEL_BASE_URL: "https://models.example/v1",
        LETHE_MODEL_COMPRESSION: "small",
        LETHE_TEMPERATURE_ROUTER: "0",
        LETHE_MODELS: "not a driver variable",
      }),
    ).toEqual({
      LETHE_MODEL_BASE_URL: "https://models.example/v1",
      LETHE_MODEL_COMPRESSION: "small",
      LETHE_TEMPERATURE_ROUTER: "0",
    });
  });
});

describe("environmentForEveryWorker", () => {
  const base = {
    PATH: "/usr/bin",
    HOME: "/home/dev",
    WRANGLER_SEND_METRICS: "false",
    AWS_SECRET_ACCESS_KEY: "never a binding",
    LETHE_ADMIN_TOKEN: "never a binding either",
  };

  it("leaves wrangler's environment alone when no model setting is given", ({ expect }) => {
    expect(environmentForEveryWorker(base, {})).toBe(base);
  });

  it("keeps what wrangler needs, adds the settings and makes every Worker read them", ({
    expect,
  }) => {
    expect(environmentForEveryWorker(base, { LETHE_MODEL: "gpt-4o-mini" })).toEqual({
      PATH: "/usr/bin",
      HOME: "/home/dev",
      WRANGLER_SEND_METRICS: "false",
      LETHE_MODEL: "gpt-4o-mini",
      CLOUDFLARE_INCLUDE_PROCESS_ENV: "true",
    });
  });
});
