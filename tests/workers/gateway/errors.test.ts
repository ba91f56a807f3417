import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createHiveKey } from "../../../workers/gateway/request/auth.ts";
import { describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../../shared/base/errors.ts";
import { MAX_JSON_BODY_BYTES } from "../../../workers/gateway/app.ts";

async function errorOf(response: Response) {
  expect(response.headers.get("content-type")).toContain("application/json");
  const text = await response.text();
  expect(text).not.toMatch(/\n\s+at /); // never a stack trace
  return ErrorBodySchema.parse(JSON.parse(text)).error;
}

const json = { "content-type": "application/json" };

describe("hostile HTTP input", () => {
  it("answers an unknown route with NOT_FOUND", async ({ expect }) => {
    const response = await SELF.fetch("http://lethe.test/no/such/route");
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toMatchObject({ code: "NOT_FOUND" });
  });

  it("answers malformed JSON with BAD_JSON and a hint", async ({ expect }) => {
    const response = await SELF.fetch("http://lethe.test/v1/sessions", {
      method: "POST",
      headers: json,
      body: '{"hive": "a", "mission": ',
    });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe("BAD_JSON");
    expect(error.hint).toBeTruthy();
  });

  it("names the field of a body that fails its schema", async ({ expect }) => {
    const response = await SELF.fetch("http://lethe.test/v1/sessions", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ hive: "Not A Hive!", mission: "x" }),
    });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe("INVALID_BODY");
    expect(error.message).toContain("hive");
  });

  it("refuses extra fields instead of ignoring them", async ({ expect }) => {
    const response = await SELF.fetch("http://lethe.test/v1/sessions", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ hive: "h", mission: "m", budgets: { l1: 1e9 } }),
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("INVALID_BODY");
  });

  it("refuses a body over the documented limit with PAYLOAD_TOO_LARGE", async ({ expect }) => {
    const response = await SELF.fetch("http://lethe.test/v1/sessions", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ hive: "h", mission: "x".repeat(MAX_JSON_BODY_BYTES + 1) }),
    });
    expect(response.status).toBe(413);
    expect((await errorOf(response)).code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("keeps serving after hostile requests", async ({ expect }) => {
    const { key } = await createHiveKey(env.DB, "demo", "test");
    const created = await SELF.fetch("http://lethe.test/v1/sessions", {
      method: "POST",
      headers: { ...json, authorization: `Bearer ${key}` },
      body: JSON.stringify({ hive: "demo", mission: "find the timeout" }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const read = await SELF.fetch(`http://lethe.test/v1/sessions/${id}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(await read.json()).toMatchObject({ id, config: { hive: "demo", mode: "strict" } });
  });

  it("answers a session that does not exist with NOT_FOUND", async ({ expect }) => {
    const { key } = await createHiveKey(env.DB, "demo", "test");
    const response = await SELF.fetch("http://lethe.test/v1/sessions/s-missing", {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("NOT_FOUND");
  });
});
