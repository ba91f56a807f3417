// The /v1/hives/:hive/memory routes inside workerd: a manual steward run, search,
// as-of by ISO date, history, changelog naming the key, rollback, metrics, and
// typed errors for bad input.
import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { ErrorBodySchema } from "../../../shared/base/errors.ts";
import { createHiveKey } from "../../../workers/gateway/request/auth.ts";

async function client() {
  const hive = `m-${crypto.randomUUID().slice(0, 8)}`;
  const { id, key } = await createHiveKey(env.DB, hive, "test");
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await SELF.fetch(`http://lethe.test/v1/hives/${hive}/memory${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  return { id, call };
}

const fact = (object: string, at: number) => ({
  subject: "billing service",
  predicate: "database",
  object,
  at,
  provenance: { session: "s-1", step: 2, source: "transcript:s-1#2" },
});

describe("/v1/hives/:hive/memory", () => {
  it("runs the steward, answers search and as-of, and rolls back", async ({ expect }) => {
    const { id, call } = await client();
    const jan = Date.UTC(2026, 0, 10);
    const mar = Date.UTC(2026, 2, 10);
    expect(
      await call("POST", "/steward", { reason: "import", candidates: [fact("postgres", jan)] }),
    ).toMatchObject({ status: 200, body: { version: 1, added: 1 } });
    expect(
      await call("POST", "/steward", { reason: "migration", candidates: [fact("mysql", mar)] }),
    ).toMatchObject({ status: 200, body: { version: 2, closed: 1 } });
    const feb = await call("GET", "/as-of?at=2026-02-01");
    expect(feb).toMatchObject({ status: 200, body: { facts: [{ object: "postgres" }] } });
    const now = await call(
      "GET",
      `/search?q=${encodeURIComponent("Which database does the billing service use?")}`,
    );
    expect(now).toMatchObject({ status: 200, body: { hits: [{ fact: { object: "mysql" } }] } });
    const history = await call("GET", "/history?subject=billing%20service");
    expect((history.body as unknown[]).length).toBe(2);
    const log = await call("GET", "/changelog");
    expect(log.body).toMatchObject([
      { version: 2, writer: `key:${id}`, reason: "migration", drift: [{ kind: "contradiction" }] },
      { version: 1 },
    ]);
    expect(await call("POST", "/rollback", { version: 1, reason: "x" })).toMatchObject({
      status: 409,
      body: { error: { code: "NOT_LATEST" } },
    });
    expect(await call("POST", "/rollback", { version: 2, reason: "bad import" })).toMatchObject({
      status: 200,
      body: { version: 3, rollbackOf: 2 },
    });
    expect(await call("GET", "/metrics")).toMatchObject({
      status: 200,
      body: { "meta_steward.run.count": 2, "drift.detected": 1, "schema_violation.count": 0 },
    });
  });

  it("answers bad input with typed errors", async ({ expect }) => {
    const { call } = await client();
    for (const [method, path, body] of [
      ["GET", "/search", undefined],
      ["GET", "/as-of?at=yesterday-ish", undefined],
      ["GET", "/history", undefined],
      ["POST", "/rollback", { version: "one" }],
      ["POST", "/steward", { candidates: [] }],
    ] as const) {
      const answer = await call(method, path, body);
      expect(answer.status).toBe(400);
      expect(ErrorBodySchema.safeParse(answer.body).success).toBe(true);
    }
  });
});
