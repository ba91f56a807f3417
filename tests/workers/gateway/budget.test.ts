// The per-request wall budget (workers/gateway/budget.ts) through the real
// gateway app and Hive Durable Object: a request that runs past its budget is
// answered 504 REQUEST_BUDGET_EXCEEDED instead of holding its client.
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { MAX_BATCH_WRITES } from "../../../shared/hive/writes.ts";
import { app } from "../../../workers/gateway/app.ts";
import { createHiveKey } from "../../../workers/gateway/request/auth.ts";
import {
  MODEL_REQUEST_BUDGET_MS,
  REQUEST_BUDGET_MS,
  STEP_REQUEST_BUDGET_MS,
  budgetFor,
} from "../../../workers/gateway/budget.ts";
import { makeCommit, makePut } from "../../shared/hive/fixtures.ts";

describe("per-request wall budget", () => {
  it("gives each route its budget; the var lowers the default, never below a model route's", ({
    expect,
  }) => {
    expect(budgetFor("GET", "/v1/hives/h/snapshot", {})).toBe(REQUEST_BUDGET_MS);
    expect(budgetFor("POST", "/v1/chat/completions", {})).toBe(MODEL_REQUEST_BUDGET_MS);
    expect(budgetFor("POST", "/v1/sessions/s-1/steps", {})).toBe(STEP_REQUEST_BUDGET_MS);
    expect(budgetFor("GET", "/v1/hives/h/snapshot", { LETHE_REQUEST_BUDGET_MS: "250" })).toBe(250);
    // A malformed var keeps the default rather than disabling the budget.
    expect(budgetFor("GET", "/", { LETHE_REQUEST_BUDGET_MS: "0" })).toBe(REQUEST_BUDGET_MS);
    expect(budgetFor("GET", "/", { LETHE_REQUEST_BUDGET_MS: "soon" })).toBe(REQUEST_BUDGET_MS);
  });

  it("answers a batch commit that outlives its budget with a typed 504, and the retry lands once", async ({
    expect,
  }) => {
    const hive = `b-${crypto.randomUUID().slice(0, 8)}`;
    const { key } = await createHiveKey(env.DB, hive, "budget");
    const writes = Array.from({ length: MAX_BATCH_WRITES }, (_, i) =>
      makePut({ identifier: `budget.n${i}`, value: "x".repeat(2_000) }),
    );
    const body = JSON.stringify(makeCommit(writes, "budget-batch"));
    const init = {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body,
    };
    // A full batch of 2 KB writes through auth, the edge contract and the Hive's
    // transaction takes longer than 1 ms: the budget answers first.
    const started = Date.now();
    const slow = await app.request(`/v1/hives/${hive}/commit`, init, {
      ...env,
      LETHE_REQUEST_BUDGET_MS: "1",
    });
    const waited = Date.now() - started;
    const error = (
      (await slow.json()) as { error: { code: string; message: string; hint: string } }
    ).error;
    expect(slow.status).toBe(504);
    expect(slow.headers.get("retry-after")).toBe("1");
    expect(error.code).toBe("REQUEST_BUDGET_EXCEEDED");
    expect(error.hint).toContain("idempotencyKey");
    expect(waited).toBeLessThan(5_000);

    // The same commit under the default budget: applied exactly once.
    const retried = await app.request(`/v1/hives/${hive}/commit`, init, env);
    expect(retried.status).toBe(200);
    const listed = await app.request(
      `/v1/hives/${hive}/artifacts?prefix=budget.&limit=500`,
      { headers: { authorization: `Bearer ${key}` } },
      env,
    );
    const page = (await listed.json()) as {
      artifacts: Array<{ identifier: string; version: number }>;
    };
    expect(page.artifacts.length).toBe(MAX_BATCH_WRITES);
    expect(page.artifacts.every((a) => a.version === 1)).toBe(true);
  });

  it("leaves a request that finishes in time untouched", async ({ expect }) => {
    const index = await app.request("/", {}, { ...env, LETHE_REQUEST_BUDGET_MS: "1" });
    expect(index.status).toBe(200);
  });
});
