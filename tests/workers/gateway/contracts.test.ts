// The gateway's input contract and the socket/key defects of issue 17, through
// the real gateway and Durable Objects: each case failed before the fix.
import { SELF, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { CLOSE_KEY_REVOKED } from "../../../shared/hive/messages.ts";
import { app } from "../../../workers/gateway/app.ts";
import { createHiveKey } from "../../../workers/gateway/request/auth.ts";
import { openSocket } from "../../durable-objects/helpers.ts";
import { makeArtifact, makeCommit, makePut } from "../../shared/hive/fixtures.ts";

const ADMIN = "test-admin-token-0123456789";

async function client() {
  const hive = `c-${crypto.randomUUID().slice(0, 8)}`;
  const { key, id } = await createHiveKey(env.DB, hive, "test");
  const raw = (method: string, path: string, body?: string) =>
    SELF.fetch(`http://lethe.test/v1/hives/${hive}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body }),
    });
  const call = async (method: string, path: string, body?: string) => {
    const response = await raw(method, path, body);
    const text = await response.text();
    return { status: response.status, text, body: JSON.parse(text) as Record<string, unknown> };
  };
  return { hive, key, id, call };
}

const deep = (levels: number) => `${"[".repeat(levels)}1${"]".repeat(levels)}`;
const code = (r: { body: Record<string, unknown> }) =>
  (r.body.error as { code?: string } | undefined)?.code;

describe("input contracts at the edge", () => {
  it("refuses 10,000-level JSON on artifact and workspace routes with a typed 400", async ({
    expect,
  }) => {
    const { call } = await client();
    const artifact = JSON.stringify({ idempotencyKey: "d", artifact: makeArtifact() }).replace(
      '{"ms":30000}',
      deep(10_000),
    );
    const cases = await Promise.all([
      call("POST", "/artifacts", artifact),
      call("POST", "/commit", `{"idempotencyKey":"x","writes":${deep(10_000)}}`),
      call("POST", "/workspace/files", `{"files":${deep(10_000)}}`),
      call("PATCH", "/workspace/file", `{"path":"a.ts","edits":${deep(10_000)}}`),
      call("POST", "/workspace/search", `{"query":${deep(10_000)}}`),
    ]);
    for (const c of cases) {
      expect(c.status).toBe(400);
      expect(code(c)).toBe("JSON_TOO_DEEP");
      expect(c.text).not.toMatch(/\n\s+at /);
    }
  });

  it("answers malformed percent-encoding, lone surrogates and dangerous keys with typed 4xx", async ({
    expect,
  }) => {
    const { call } = await client();
    const put = (artifact: Record<string, unknown>) =>
      call("POST", "/artifacts", JSON.stringify({ idempotencyKey: crypto.randomUUID(), artifact }));
    const cases = await Promise.all([
      call("GET", "/artifacts/a%E0%A4%A"),
      call("GET", "/artifacts/%ZZ"),
      call("GET", "/workspace/file?path=%ED%A0%80.ts"),
      call("PUT", "/workspace/file?path=src%2F%ED%A0%80.ts", "x"),
      call("POST", "/workspace/files", '{"files":[{"path":"src/\\ud800.ts","content":"x"}]}'),
      call("GET", "/workspace/symbols?path=a%00b"),
      put({ ...makeArtifact(), identifier: "a/../b" }),
      put({ ...makeArtifact(), identifier: "a//b" }),
      call(
        "POST",
        "/artifacts",
        `{"idempotencyKey":"p","artifact":${JSON.stringify(makeArtifact()).replace('{"ms":30000}', '{"__proto__":{"x":1}}')}}`,
      ),
      call("POST", "/commit", '{"idempotencyKey":"k","writes":[],"constructor":1}'),
      call("GET", "/artifacts?prefix=%EF%BF%BF"),
    ]);
    expect(cases.map((c) => `${c.status} ${code(c)}`)).toEqual([
      "400 BAD_ENCODING",
      "400 BAD_ENCODING",
      "400 BAD_ENCODING",
      "400 BAD_ENCODING",
      "400 BAD_TEXT",
      "400 BAD_TEXT",
      "400 INVALID_BODY",
      "400 INVALID_BODY",
      "400 FORBIDDEN_KEY",
      "400 FORBIDDEN_KEY",
      "400 BAD_TEXT",
    ]);
    for (const c of cases) {
      expect((c.body.error as { hint?: string }).hint).toBeTruthy();
    }
  });

  it("refuses a session ref with a malformed escape with a typed 4xx, not 500", async ({
    expect,
  }) => {
    const { hive, key } = await client();
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    const created = await SELF.fetch("http://lethe.test/v1/sessions", {
      method: "POST",
      headers,
      body: JSON.stringify({ hive, mission: "m" }),
    });
    const { id } = (await created.json()) as { id: string };
    for (const ref of ["%25", "%E0%A4%A", "ref%3A%ZZ"]) {
      const r = await SELF.fetch(`http://lethe.test/v1/sessions/${id}/refs/${ref}`, { headers });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
  });
});

describe("index queue", () => {
  it("drains an entry whose path storage reads back changed (lone surrogate) instead of looping", async ({
    expect,
  }) => {
    const stub = env.Hive.getByName(`q-${crypto.randomUUID()}`);
    expect((await stub.workspace().status()).ok).toBe(true);
    await runInDurableObject(stub, (_instance, state) => {
      state.storage.sql.exec(
        "INSERT INTO ws_index_queue (path, hash, version) VALUES (?, NULL, 1)",
        "src/\ud800.ts",
      );
    });
    const indexed = await stub.workspace().index();
    expect(indexed).toMatchObject({ ok: true, value: { indexed: 1 } });
    await runInDurableObject(stub, (_instance, state) => {
      const n = state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM ws_index_queue");
      expect(n.one().n).toBe(0);
    });
  });
});

describe("hive sockets", () => {
  it("answers an invalid or too-deep hive.commit with hive.rejected carrying its id", async ({
    expect,
  }) => {
    const { hive, key } = await client();
    const socket = await openSocket(`/parties/hive/${hive}?key=${key}`);
    expect((await socket.next()).type).toBe("sys.welcome");
    socket.send(JSON.stringify({ type: "hive.commit", id: "c-1", commit: { writes: "no" } }));
    expect(await socket.next()).toMatchObject({ type: "hive.rejected", id: "c-1" });
    socket.send(`{"type":"hive.commit","id":"c-2","commit":${deep(10_000)}}`);
    expect(await socket.next()).toMatchObject({
      type: "hive.rejected",
      id: "c-2",
      code: "FRAME_TOO_DEEP",
    });
    socket.send(`{"type":"hive.subscribe","since":"x","nonce":"n-1"}`);
    expect(await socket.next()).toMatchObject({ type: "sys.error", id: "n-1" });
    socket.send(
      JSON.stringify({ type: "hive.commit", id: "c-3", commit: makeCommit([makePut()]) }),
    );
    expect(await socket.next()).toMatchObject({ type: "hive.committed", id: "c-3" });
    socket.close();
  });

  it("marks a resubscribe on the same socket with a boundary", async ({ expect }) => {
    const { hive, key } = await client();
    const socket = await openSocket(`/parties/hive/${hive}?key=${key}`);
    expect((await socket.next()).type).toBe("sys.welcome");
    socket.send(JSON.stringify({ type: "hive.subscribe", since: 0 }));
    expect(await socket.next()).toEqual({ type: "hive.subscribed", since: 0, head: 0 });
    expect(await socket.next()).toEqual({ type: "hive.synced", seq: 0 });
    socket.send(JSON.stringify({ type: "hive.subscribe", since: 0 }));
    expect(await socket.next()).toEqual({ type: "hive.subscribed", since: 0, head: 0 });
    socket.close();
  });

  it("closes a revoked key's open sockets at the revoke", async ({ expect }) => {
    const { hive, key, id } = await client();
    const socket = await openSocket(`/parties/hive/${hive}?key=${key}`);
    expect((await socket.next()).type).toBe("sys.welcome");
    const closed = new Promise<number>((resolve) =>
      socket.socket.addEventListener("close", (e) => resolve(e.code)),
    );
    const revoked = await app.request(
      `http://lethe.test/v1/admin/hives/${hive}/keys/${id}`,
      { method: "DELETE", headers: { authorization: `Bearer ${ADMIN}` } },
      { ...env, LETHE_ADMIN_TOKEN: ADMIN } as Env,
    );
    expect(await revoked.json()).toEqual({
      revoked: id,
      closedSockets: 1,
      closedSessionSockets: 0,
      closedMcpSessions: 0,
    });
    expect(await closed).toBe(CLOSE_KEY_REVOKED);
  });
});
