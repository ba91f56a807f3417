// The /v1/hives/:hive/workspace routes end to end inside workerd: uploads,
// manifests, raw files, structural queries, search, refusals and auth.
import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { ErrorBodySchema } from "../../../shared/base/errors.ts";
import { createHiveKey } from "../../../workers/gateway/request/auth.ts";
import { pythonRepo } from "../../fixtures/repos/index.ts";

async function client() {
  const hive = `w-${crypto.randomUUID().slice(0, 8)}`;
  const { key } = await createHiveKey(env.DB, hive, "test");
  const raw = (method: string, path: string, body?: BodyInit, type = "application/json") =>
    SELF.fetch(`http://lethe.test/v1/hives/${hive}/workspace${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": type },
      ...(body === undefined ? {} : { body }),
    });
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await raw(method, path, body === undefined ? undefined : JSON.stringify(body));
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown> & unknown[],
    };
  };
  return { hive, key, raw, call };
}

describe("/v1/hives/:hive/workspace", () => {
  it("uploads a repository, serves manifests and files by version, and answers structural queries", async ({
    expect,
  }) => {
    const { call, raw } = await client();
    const files = Object.entries(pythonRepo()).map(([path, content]) => ({ path, content }));
    const written = await call("POST", "/files", { files, message: "upload" });
    expect(written).toMatchObject({ status: 201, body: { manifest: { version: 1, files: 6 } } });
    const put = await raw(
      "PUT",
      "/file?path=app/utils.py&expectedVersion=1",
      "def log(message):\n    return message\n",
      "text/plain",
    );
    expect(put.status).toBe(201);
    const head = await call("GET", "/manifests/head");
    expect(head).toMatchObject({ status: 200, body: { version: 2, changed: 1 } });
    const v1 = await raw("GET", "/file?path=app/utils.py&version=1");
    expect(await v1.text()).toContain("print(message)");
    expect(v1.headers.get("x-lethe-version")).toBe("1");
    const now = await raw("GET", "/file?path=app%2Futils.py");
    expect(await now.text()).toContain("return message");
    expect((await call("GET", "/manifests")).body.length).toBe(3);
    expect(await call("GET", "/definitions?name=handle")).toMatchObject({
      status: 200,
      body: [{ path: "app/service.py", def: { kind: "function", startLine: 5, endLine: 9 } }],
    });
    expect((await call("GET", "/callers?name=log")).body.length).toBe(3);
    expect(await call("GET", "/unreachable?entry=app/__main__.py")).toMatchObject({
      body: { files: ["app/legacy.py"] },
    });
    expect((await call("GET", "/missing")).body.length).toBe(2);
    expect(await call("GET", "/imports?path=app/service.py")).toMatchObject({
      body: [
        { specifier: ".models", resolution: { kind: "file", path: "app/models.py" } },
        { specifier: ".utils" },
      ],
    });
    const search = await call("GET", "/search?q=describe%20user&k=3");
    expect(search.status).toBe(200);
    expect(search.body[0]).toMatchObject({ path: "app/models.py" });
    expect(await call("GET", "/stale")).toMatchObject({ status: 200, body: [] });
  });

  it("refuses hostile paths and bad requests with typed errors", async ({ expect }) => {
    const { call, raw } = await client();
    for (const path of [
      "../etc/passwd",
      "%2e%2e%2fx",
      "．．／x",
      "/abs",
      "C:\\x",
      "a\u0000b",
      "a/b.",
    ]) {
      const response = await call("POST", "/files", { files: [{ path, content: "x" }] });
      expect(response.status, path).toBe(400);
      expect(ErrorBodySchema.parse(response.body).error.code, path).toMatch(/^PATH_/);
    }
    const traversal = await raw("PUT", "/file?path=..%2F..%2Fescape.txt", "x", "text/plain");
    expect(traversal.status).toBe(400);
    expect(await call("GET", "/file?path=missing.py")).toMatchObject({
      status: 404,
      body: { error: { code: "NOT_FOUND" } },
    });
    expect(await call("GET", "/manifests/nope")).toMatchObject({
      status: 400,
      body: { error: { code: "INVALID_QUERY" } },
    });
    expect(await call("POST", "/files", { files: [] })).toMatchObject({
      status: 400,
      body: { error: { code: "INVALID_BODY" } },
    });
    const conflict = await call("POST", "/files", {
      files: [{ path: "a.py", content: "" }],
      expectedVersion: 5,
    });
    expect(conflict).toMatchObject({ status: 409, body: { error: { code: "VERSION_CONFLICT" } } });
    const tooBig = await raw(
      "PUT",
      "/file?path=big.bin",
      new Uint8Array(2 * 1024 * 1024),
      "application/octet-stream",
    );
    expect(tooBig.status).toBe(413);
  });

  it("needs the hive's key", async ({ expect }) => {
    const { hive } = await client();
    const other = await client();
    const response = await SELF.fetch(`http://lethe.test/v1/hives/${hive}/workspace/status`, {
      headers: { authorization: `Bearer ${other.key}` },
    });
    expect(response.status).toBe(403);
    const anonymous = await SELF.fetch(`http://lethe.test/v1/hives/${hive}/workspace/status`);
    expect(anonymous.status).toBe(401);
  });
});
