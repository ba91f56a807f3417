// The /v1/hives routes end to end inside workerd: writes, reads, the log, errors.
import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { ErrorBodySchema } from "../../../shared/base/errors.ts";
import { MAX_IDENTIFIER_CHARS } from "../../../shared/hive/artifact.ts";
import { createHiveKey } from "../../../workers/gateway/request/auth.ts";
import { makeArtifact, makePut, makeProvenance } from "../../shared/hive/fixtures.ts";

async function client() {
  const hive = `r-${crypto.randomUUID().slice(0, 8)}`;
  const { key } = await createHiveKey(env.DB, hive, "test");
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await SELF.fetch(`http://lethe.test/v1/hives/${hive}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { hive, call };
}

describe("/v1/hives/:hive", () => {
  it("puts, gets, lists, and reads the log and as-of views", async ({ expect }) => {
    const { call } = await client();
    const put = await call("POST", "/artifacts", { idempotencyKey: "1", artifact: makeArtifact() });
    expect(put).toMatchObject({ status: 200, body: { seq: 1, replayed: false } });
    const update = await call("POST", "/artifacts", {
      idempotencyKey: "2",
      expectedVersion: 1,
      artifact: makeArtifact({ value: { ms: 60_000 } }),
    });
    expect(update).toMatchObject({ status: 200, body: { seq: 2 } });
    expect(await call("GET", "/artifacts/config.TIMEOUT")).toMatchObject({
      status: 200,
      body: { version: 2, value: { ms: 60_000 } },
    });
    expect(await call("GET", "/artifacts/config.TIMEOUT?version=1")).toMatchObject({
      body: { status: "superseded" },
    });
    expect(await call("GET", "/artifacts?tag=config")).toMatchObject({
      body: { seq: 2, artifacts: [{ version: 2 }] },
    });
    const events = await call("GET", "/events?since=0");
    expect(events).toMatchObject({ status: 200, body: { head: 2, more: false } });
    expect((events.body.events as Array<{ seq: number }>).map((e) => e.seq)).toEqual([1, 2]);
    expect(await call("GET", "/as-of?seq=1")).toMatchObject({
      body: { seq: 1, artifacts: [{ value: { ms: 30_000 } }] },
    });
    expect(await call("GET", "/snapshot")).toMatchObject({
      body: { seq: 2, artifacts: [{ version: 2 }] },
    });
  });

  it("commits batches, supersedes and retracts", async ({ expect }) => {
    const { call } = await client();
    const batch = await call("POST", "/commit", {
      idempotencyKey: "b",
      writes: [makePut({ identifier: "x" }), makePut({ identifier: "y" })],
    });
    expect(batch).toMatchObject({ status: 200, body: { seq: 2 } });
    const superseded = await call("POST", "/supersede", {
      idempotencyKey: "s",
      target: "x",
      expectedVersion: 1,
      replacement: makeArtifact({ identifier: "z" }),
      reason: "renamed",
    });
    expect(superseded).toMatchObject({ status: 200, body: { seq: 4 } });
    const retracted = await call("POST", "/retract", {
      idempotencyKey: "r",
      identifier: "y",
      expectedVersion: 1,
      reason: "wrong",
      provenance: makeProvenance(),
    });
    expect(retracted).toMatchObject({ status: 200, body: { seq: 5 } });
    const list = await call("GET", "/artifacts");
    expect((list.body.artifacts as Array<{ identifier: string }>).map((a) => a.identifier)).toEqual(
      ["z"],
    );
  });

  it("answers a stale version with 409 and the current version", async ({ expect }) => {
    const { call } = await client();
    await call("POST", "/artifacts", { idempotencyKey: "1", artifact: makeArtifact() });
    const stale = await call("POST", "/artifacts", {
      idempotencyKey: "2",
      artifact: makeArtifact({ value: 2 }),
    });
    expect(stale.status).toBe(409);
    expect(ErrorBodySchema.parse(stale.body).error.code).toBe("VERSION_CONFLICT");
    expect(stale.body.conflict).toMatchObject({ currentVersion: 1, current: { version: 1 } });
  });

  it("answers a reused idempotency key with another body with 422", async ({ expect }) => {
    const { call } = await client();
    await call("POST", "/artifacts", { idempotencyKey: "k", artifact: makeArtifact() });
    const replay = await call("POST", "/artifacts", {
      idempotencyKey: "k",
      artifact: makeArtifact(),
    });
    expect(replay).toMatchObject({ status: 200, body: { replayed: true, seq: 1 } });
    const other = await call("POST", "/artifacts", {
      idempotencyKey: "k",
      artifact: makeArtifact({ value: 9 }),
    });
    expect(other.status).toBe(422);
    expect(ErrorBodySchema.parse(other.body).error.code).toBe("IDEMPOTENCY_MISMATCH");
  });

  it("refuses oversized identifiers and bad queries with typed 400s", async ({ expect }) => {
    const { call } = await client();
    const long = await call("POST", "/artifacts", {
      idempotencyKey: "1",
      artifact: makeArtifact({ identifier: "i".repeat(MAX_IDENTIFIER_CHARS + 1) }),
    });
    expect(long.status).toBe(400);
    expect(ErrorBodySchema.parse(long.body).error).toMatchObject({
      code: "INVALID_BODY",
      message: expect.stringContaining("identifier"),
    });
    const query = await call("GET", "/as-of");
    expect(query.status).toBe(400);
    expect(ErrorBodySchema.parse(query.body).error.code).toBe("INVALID_QUERY");
    const missing = await call("GET", "/artifacts/nothing.here");
    expect(missing.status).toBe(404);
    expect(ErrorBodySchema.parse(missing.body).error.code).toBe("NOT_FOUND");
  });
});
