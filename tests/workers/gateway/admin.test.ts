// Admin key management and hive key authentication at the gateway.
import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../../shared/base/errors.ts";
import { app } from "../../../workers/gateway/app.ts";
import { hashKey } from "../../../shared/hive/keys.ts";
import { openSocket } from "../../durable-objects/helpers.ts";

const ADMIN = "test-admin-token-0123456789";
const withAdmin = { ...env, LETHE_ADMIN_TOKEN: ADMIN } as Env;

async function errorOf(response: Response) {
  const text = await response.text();
  expect(text).not.toMatch(/\n\s+at /);
  return ErrorBodySchema.parse(JSON.parse(text)).error;
}

function adminRequest(
  path: string,
  init: RequestInit = {},
  token = ADMIN,
  bindings: Env = withAdmin,
) {
  return app.request(
    `http://lethe.test${path}`,
    {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        ...init.headers,
      },
    },
    bindings,
  );
}

async function createKey(hive: string) {
  const response = await adminRequest(`/v1/admin/hives/${hive}/keys`, {
    method: "POST",
    body: "{}",
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; key: string; hive: string };
}

describe("admin routes", () => {
  it("refuses admin calls when no admin token is configured", async ({ expect }) => {
    const response = await SELF.fetch("http://lethe.test/v1/admin/hives/h/keys", {
      method: "POST",
      headers: { authorization: "Bearer anything-at-all-long-enough" },
    });
    expect(response.status).toBe(503);
    expect((await errorOf(response)).code).toBe("ADMIN_DISABLED");
  });

  it("refuses a wrong or missing admin token", async ({ expect }) => {
    const wrong = await adminRequest(
      "/v1/admin/hives/h/keys",
      { method: "POST", body: "{}" },
      "not-the-token-at-all",
    );
    expect(wrong.status).toBe(401);
    expect((await errorOf(wrong)).code).toBe("UNAUTHENTICATED");
    const missing = await app.request(
      "http://lethe.test/v1/admin/hives/h/keys",
      { method: "POST" },
      withAdmin,
    );
    expect(missing.status).toBe(401);
  });

  it("creates a key shown once, stores only its hash, lists and revokes it", async ({ expect }) => {
    const hive = `h-${crypto.randomUUID().slice(0, 8)}`;
    const created = await createKey(hive);
    expect(created.key).toMatch(new RegExp(`^lethe_${hive}_[0-9a-f]{40}$`));
    const stored = await env.DB.prepare("SELECT * FROM hive_keys WHERE id = ?")
      .bind(created.id)
      .first();
    expect(stored).toMatchObject({ hive, hash: hashKey(created.key) });
    expect(JSON.stringify(stored)).not.toContain(created.key);
    const listed = await (await adminRequest(`/v1/admin/hives/${hive}/keys`)).json();
    expect(JSON.stringify(listed)).not.toContain(created.key);
    expect(listed).toMatchObject({ hive, keys: [{ id: created.id, revokedAt: null }] });
    const ok = await SELF.fetch(`http://lethe.test/v1/hives/${hive}/snapshot`, {
      headers: { authorization: `Bearer ${created.key}` },
    });
    expect(ok.status).toBe(200);
    const revoked = await adminRequest(`/v1/admin/hives/${hive}/keys/${created.id}`, {
      method: "DELETE",
    });
    expect(revoked.status).toBe(200);
    const after = await app.request(
      `http://lethe.test/v1/hives/${hive}/snapshot`,
      { headers: { authorization: `Bearer ${created.key}` } },
      withAdmin,
    );
    expect(after.status).toBe(401);
    expect((await errorOf(after)).code).toBe("INVALID_KEY");
  });

  it("refuses an invalid hive name", async ({ expect }) => {
    const response = await adminRequest("/v1/admin/hives/Not_A_Hive/keys", {
      method: "POST",
      body: "{}",
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("INVALID_HIVE");
  });
});

describe("hive key authentication", () => {
  it("answers a missing key with 401 UNAUTHENTICATED and a wrong key with 401 INVALID_KEY", async ({
    expect,
  }) => {
    const missing = await SELF.fetch("http://lethe.test/v1/hives/some-hive/artifacts");
    expect(missing.status).toBe(401);
    expect(await errorOf(missing)).toMatchObject({
      code: "UNAUTHENTICATED",
      hint: expect.any(String),
    });
    const wrong = await SELF.fetch("http://lethe.test/v1/hives/some-hive/artifacts", {
      headers: { authorization: "Bearer lethe_some-hive_0000000000000000000000000000000000000000" },
    });
    expect(wrong.status).toBe(401);
    expect((await errorOf(wrong)).code).toBe("INVALID_KEY");
  });

  it("keeps hives apart: a key of hive A can neither read nor write hive B", async ({ expect }) => {
    const a = await createKey(`a-${crypto.randomUUID().slice(0, 8)}`);
    const b = `b-${crypto.randomUUID().slice(0, 8)}`;
    const headers = { authorization: `Bearer ${a.key}`, "content-type": "application/json" };
    const read = await SELF.fetch(`http://lethe.test/v1/hives/${b}/artifacts`, { headers });
    expect(read.status).toBe(403);
    expect((await errorOf(read)).code).toBe("FORBIDDEN_HIVE");
    const write = await SELF.fetch(`http://lethe.test/v1/hives/${b}/artifacts`, {
      method: "POST",
      headers,
      body: JSON.stringify({ idempotencyKey: "x", artifact: {} }),
    });
    expect(write.status).toBe(403);
    const socket = await SELF.fetch(`http://lethe.test/parties/hive/${b}?key=${a.key}`, {
      headers: { Upgrade: "websocket" },
    });
    expect(socket.status).toBe(403);
    expect(socket.webSocket).toBeNull();
    expect((await errorOf(socket)).code).toBe("FORBIDDEN_HIVE");
    expect(await env.Hive.getByName(b).health()).toMatchObject({ detail: { head: 0 } });
  });

  it("needs a key for the hive WebSocket and accepts ?key= only on upgrades", async ({
    expect,
  }) => {
    const hive = `w-${crypto.randomUUID().slice(0, 8)}`;
    const { key } = await createKey(hive);
    const none = await SELF.fetch(`http://lethe.test/parties/hive/${hive}`, {
      headers: { Upgrade: "websocket" },
    });
    expect(none.status).toBe(401);
    const socket = await openSocket(`/parties/hive/${hive}?key=${key}`);
    expect(await socket.next()).toMatchObject({ type: "sys.welcome", name: hive });
    socket.close();
    const httpWithQueryKey = await SELF.fetch(
      `http://lethe.test/v1/hives/${hive}/snapshot?key=${key}`,
    );
    expect(httpWithQueryKey.status).toBe(401);
  });
});
