import { describe, it } from "vitest";
import {
  DEFAULT_BASE_URL,
  DEFAULT_TEMPERATURES,
  driverConfigFromEnv,
} from "../../../shared/driver/config.ts";

describe("driver configuration from the environment", () => {
  it("defaults to the local endpoint with the per-role temperatures", ({ expect }) => {
    const config = driverConfigFromEnv({});
    expect(config).toMatchObject({
      ok: true,
      value: {
        baseURL: DEFAULT_BASE_URL,
        roles: {
          router: { model: "lethe-local", temperature: 0 },
          compression: { model: "lethe-local", temperature: 0.1 },
          agent: { model: "lethe-local", temperature: 0.4 },
        },
      },
    });
    expect(DEFAULT_TEMPERATURES).toEqual({ router: 0, compression: 0.1, agent: 0.4 });
  });

  it("points at another endpoint and per-role models without code changes", ({ expect }) => {
    const config = driverConfigFromEnv({
      LETHE_MODEL_BASE_URL: "http://localhost:11434/v1",
      LETHE_MODEL_API_KEY: "ollama",
      LETHE_MODEL: "qwen2.5-coder:7b",
      LETHE_MODEL_ROUTER: "qwen2.5:0.5b",
      LETHE_TEMPERATURE_AGENT: "0.7",
      LETHE_MODEL_TIMEOUT_MS: "120000",
    });
    expect(config).toMatchObject({
      ok: true,
      value: {
        baseURL: "http://localhost:11434/v1",
        apiKey: "ollama",
        timeoutMs: 120_000,
        roles: {
          router: { model: "qwen2.5:0.5b", temperature: 0 },
          compression: { model: "qwen2.5-coder:7b" },
          agent: { model: "qwen2.5-coder:7b", temperature: 0.7 },
        },
      },
    });
  });

  it("names the variable of a bad value", ({ expect }) => {
    expect(driverConfigFromEnv({ LETHE_TEMPERATURE_ROUTER: "hot" })).toMatchObject({
      ok: false,
      code: "INVALID_DRIVER_CONFIG",
      message: expect.stringContaining("LETHE_TEMPERATURE_ROUTER"),
    });
    expect(driverConfigFromEnv({ LETHE_MODEL_BASE_URL: "ftp://x" })).toMatchObject({
      ok: false,
      message: expect.stringContaining("LETHE_MODEL_BASE_URL"),
    });
    expect(driverConfigFromEnv({ LETHE_MODEL_MAX_ATTEMPTS: "0" })).toMatchObject({
      ok: false,
      message: expect.stringContaining("LETHE_MODEL_MAX_ATTEMPTS"),
    });
  });

  it("refuses a key an HTTP header cannot carry, naming the character, with a hint", ({
    expect,
  }) => {
    // The docs' placeholder with a typographic ellipsis, pasted unchanged.
    const config = driverConfigFromEnv({
      LETHE_MODEL_BASE_URL: "https://api.openai.com/v1",
      LETHE_MODEL_API_KEY: "sk-\u2026",
    });
    expect(config).toMatchObject({
      ok: false,
      code: "INVALID_DRIVER_CONFIG",
      message:
        'LETHE_MODEL_API_KEY: holds "\u2026" (U+2026) at character 4, which an HTTP Authorization header cannot carry',
      hint: expect.stringContaining("the whole key your provider gave you"),
    });
    expect(driverConfigFromEnv({ LETHE_MODEL_API_KEY: "sk-ab cd" })).toMatchObject({
      ok: false,
      message: expect.stringContaining('" " (U+0020) at character 6'),
    });
    expect(driverConfigFromEnv({ LETHE_MODEL_API_KEY: "sk-..." })).toMatchObject({ ok: true });
  });
});
