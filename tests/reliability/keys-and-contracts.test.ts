// Every route behind the key and the input contract, revocation on every stream,
// and the remaining garbage typed, against the shared cluster: the model routes
// need a key; the proxy and /mcp refuse lone surrogates, `__proto__` keys and
// deep bodies; a revoked key closes its MCP sessions (0 deliveries after); an
// idle MCP session outlives the runtime's idle eviction; search stays within the
// workspace's roots; `lethe follow` exits 1 with one line on a revoke.
import { spawn } from "node:child_process";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, it } from "vitest";
import { createHiveKey } from "../../cli/commands/hive.ts";
import { makeArtifact } from "../shared/hive/fixtures.ts";
import { rel } from "./client.ts";
import { probe, report } from "./helpers.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

function post(url: string, body: string, key: string | null = rel.key) {
  return probe(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...(key === null ? {} : { authorization: `Bearer ${key}` }),
    },
    body,
    timeoutMs: 30_000,
  });
}

function deep(levels: number): string {
  return `${"[".repeat(levels)}${"]".repeat(levels)}`;
}

async function mcpClient(key: string): Promise<Client> {
  const client = new Client({ name: "lethe-reliability", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${rel.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    }),
  );
  return client;
}

async function revoke(hive: string, id: string) {
  const response = await fetch(`${rel.url}/v1/admin/hives/${hive}/keys/${id}`, {
    method: "DELETE",
    headers: { authorization: `Bearer ${rel.adminToken}` },
  });
  return (await response.json()) as Record<string, number>;
}

describe("reliability: keys and contracts on every route", () => {
  it("the model routes answer only with a key", async ({ expect }) => {
    const chat = JSON.stringify({
      model: "lethe-local",
      messages: [{ role: "user", content: "hi" }],
    });
    const embed = JSON.stringify({ model: "lethe-lexical-384", input: "hi" });
    const outcomes = {
      chatAnonymous: await post(`${rel.url}/v1/model/chat/completions`, chat, null),
      embeddingsAnonymous: await post(`${rel.url}/v1/embeddings`, embed, null),
      modelEmbeddingsAnonymous: await post(`${rel.url}/v1/model/embeddings`, embed, null),
      modelsAnonymous: await probe(`${rel.url}/v1/models`),
      chatKeyed: await post(`${rel.url}/v1/model/chat/completions`, chat),
      embeddingsKeyed: await post(`${rel.url}/v1/embeddings`, embed),
    };
    report(
      "keys.model-routes",
      Object.fromEntries(Object.entries(outcomes).map(([k, o]) => [k, [o.status, o.code]])),
    );
    for (const name of [
      "chatAnonymous",
      "embeddingsAnonymous",
      "modelEmbeddingsAnonymous",
      "modelsAnonymous",
    ] as const) {
      expect([outcomes[name].status, outcomes[name].code]).toEqual([401, "UNAUTHENTICATED"]);
    }
    expect(outcomes.chatKeyed.status).toBe(200);
    expect(outcomes.embeddingsKeyed.status).toBe(200);
  });

  it("the proxy and /mcp refuse what the rest of /v1 refuses, before any work", async ({
    expect,
  }) => {
    const message = (content: string) =>
      `{"model":"lethe-local","messages":[{"role":"user","content":${content}}]}`;
    const cases: Array<[string, string, string, string]> = [
      ["proxy.surrogate", "/v1/chat/completions", message('"a\\ud800b"'), "BAD_TEXT"],
      [
        "proxy.proto",
        "/v1/chat/completions",
        `{"model":"lethe-local","messages":[{"role":"user","content":"x"}],"__proto__":{"x":1}}`,
        "FORBIDDEN_KEY",
      ],
      [
        "proxy.deep-tool-schema",
        "/v1/chat/completions",
        `{"model":"lethe-local","messages":[{"role":"user","content":"x"}],"tools":[{"type":"function","function":{"name":"t","parameters":${deep(10_000)}}}]}`,
        "JSON_TOO_DEEP",
      ],
      ["mcp.deep", "/mcp", deep(10_000), "JSON_TOO_DEEP"],
      [
        "mcp.surrogate",
        "/mcp",
        `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"a\\udc00","version":"1"}}}`,
        "BAD_TEXT",
      ],
    ];
    const seen: Record<string, unknown> = {};
    for (const [name, route, body, code] of cases) {
      const response = await fetch(`${rel.url}${route}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${rel.key}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body,
      });
      const json = (await response.json()) as {
        error?: { code?: string | number; data?: { code?: string } };
      };
      const got = route === "/mcp" ? json.error?.data?.code : json.error?.code;
      seen[name] = [response.status, got];
      expect([name, response.status, got]).toEqual([name, 400, code]);
    }
    report("contracts.proxy-mcp", seen);
  });

  it("types the remaining garbage: 1e-400, limit=-1, a 60 KB query", async ({ expect }) => {
    const tiny = await post(
      `${rel.url}/v1/hives/${rel.hive}/artifacts`,
      `{"idempotencyKey":"tiny-${crypto.randomUUID()}","artifact":${JSON.stringify(makeArtifact({ identifier: "tiny.value" })).replace(/"value":[^,]*/, '"value":1e-400')}}`,
    );
    const limit = await probe(`${rel.url}/v1/hives/${rel.hive}/workspace/manifests/head?limit=-1`, {
      headers: { authorization: `Bearer ${rel.key}` },
    });
    const longQuery = await probe(
      `${rel.url}/v1/hives/${rel.hive}/artifacts?prefix=${"q".repeat(60_000)}`,
      { headers: { authorization: `Bearer ${rel.key}` } },
    );
    report("garbage", {
      tiny: [tiny.status, tiny.code],
      limit: [limit.status, limit.code],
      longQuery: [longQuery.status, longQuery.code, longQuery.typed],
    });
    expect([tiny.status, tiny.code]).toEqual([400, "NUMBER_OUT_OF_RANGE"]);
    expect([limit.status, limit.code]).toEqual([400, "INVALID_QUERY"]);
    expect([longQuery.status, longQuery.code, longQuery.typed]).toEqual([
      414,
      "URL_TOO_LONG",
      true,
    ]);
  });

  it("a revoked key's MCP session closes and delivers nothing after the revoke", async ({
    expect,
  }) => {
    const created = await createHiveKey(rel.url, rel.adminToken, rel.hive, "mcp-revoke");
    const identifier = `mcp.revoke.${crypto.randomUUID().slice(0, 8)}`;
    const writer = await mcpClient(rel.key);
    await writer.callTool({
      name: "artifacts_put",
      arguments: {
        idempotencyKey: `${identifier}-0`,
        expectedVersion: 0,
        artifact: makeArtifact({ identifier }),
      },
    });
    const watcher = await mcpClient(created.key);
    const delivered: string[] = [];
    const first = new Promise<void>((resolve) => {
      watcher.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
        delivered.push(n.params.uri);
        resolve();
      });
    });
    const uri = `lethe://artifacts/${identifier}`;
    await watcher.subscribeResource({ uri });
    const put = (version: number) =>
      writer.callTool({
        name: "artifacts_put",
        arguments: {
          idempotencyKey: `${identifier}-${version}`,
          expectedVersion: version,
          artifact: makeArtifact({ identifier, value: { n: version } }),
        },
      });
    await put(1);
    await Promise.race([first, new Promise((r) => setTimeout(r, 10_000))]);
    const before = delivered.length;
    const answer = await revoke(rel.hive, created.id);
    const afterRevoke = delivered.length;
    for (const v of [2, 3, 4]) {
      await put(v);
    }
    await new Promise((r) => setTimeout(r, 3_000));
    const reuse = await watcher.listResources().then(
      () => "answered",
      (error: unknown) => String(error).slice(0, 80),
    );
    report("keys.revoke.mcp", {
      closedMcpSessions: answer.closedMcpSessions,
      deliveredBefore: before,
      deliveredAfterRevoke: delivered.length - afterRevoke,
      sessionAfterRevoke: reuse,
    });
    await writer.close();
    await watcher.close().catch(() => undefined);
    expect(before).toBe(1);
    expect(answer.closedMcpSessions).toBe(1);
    expect(delivered.length - afterRevoke).toBe(0);
    expect(reuse).not.toBe("answered");
  });

  it("an idle MCP session is still there after 20 s", async ({ expect }) => {
    const client = await mcpClient(rel.key);
    await client.listTools();
    await new Promise((r) => setTimeout(r, 20_000));
    const again = await client.listTools().then(
      (t) => t.tools.length,
      (error: unknown) => String(error).slice(0, 120),
    );
    report("mcp.idle", { idleSeconds: 20, answered: again });
    await client.close();
    expect(typeof again).toBe("number");
  }, 60_000);

  it("search, definitions and imports list nothing outside the workspace's roots", async ({
    expect,
  }) => {
    const hive = `roots-${crypto.randomUUID().slice(0, 8)}`;
    const key = (await createHiveKey(rel.url, rel.adminToken, hive, "roots")).key;
    const call = (method: string, route: string, body?: unknown) =>
      fetch(`${rel.url}/v1/hives/${hive}${route}`, {
        method,
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).then(async (r) => ({
        status: r.status,
        json: (await r.json()) as Record<string, unknown>,
      }));
    await call("POST", "/workspace/files", {
      files: [
        {
          path: "src/app.ts",
          content: 'import { zebra } from "../data/private";\nexport const quokka = zebra;\n',
        },
        { path: "data/private.ts", content: "export const zebra = 'zebraword secret';\n" },
        { path: "etc/passwd", content: "root:x:0:0 zebraword\n" },
      ],
    });
    const configured = await call("POST", "/workspace/configure", { roots: ["src"] });
    const search = await call("POST", "/workspace/search", { query: "zebraword", topK: 20 });
    const definitions = await call("GET", "/workspace/definitions?name=zebra");
    const imports = await call("GET", "/workspace/imports?path=src/app.ts");
    // Paths the answers name (hits, definitions, import targets); a specifier is the file's own text.
    const named = JSON.stringify([
      search.json,
      definitions.json,
      (Reflect.get(imports.json, "imports") ?? imports.json) as unknown,
    ]).replaceAll('"specifier":"../data/private"', "");
    const listed = named;
    report("workspace.roots", {
      configured: configured.status,
      search: search.status,
      leaks: ["data/private", "etc/passwd"].filter((p) => listed.includes(p)),
    });
    expect(configured.status).toBe(200);
    expect(search.status).toBe(200);
    expect(listed).not.toContain("data/private");
    expect(listed).not.toContain("etc/passwd");
  });

  it("lethe follow exits 1 with one line when its key is revoked mid-stream", async ({
    expect,
  }) => {
    const created = await createHiveKey(rel.url, rel.adminToken, rel.hive, "follow-revoke");
    const child = spawn(process.execPath, [path.join(ROOT, "cli", "bin.ts"), "follow", rel.hive], {
      env: { ...process.env, LETHE_URL: rel.url, LETHE_KEY: created.key },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString("utf8");
    });
    let stdout = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString("utf8");
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    // Mid-stream: once the follower has printed a commit made after it started, revoke.
    const identifier = `follow.revoke.${crypto.randomUUID().slice(0, 8)}`;
    const deadline = Date.now() + 40_000;
    let version = 0;
    while (!stdout.includes(identifier) && Date.now() < deadline) {
      await fetch(`${rel.url}/v1/hives/${rel.hive}/artifacts`, {
        method: "POST",
        headers: { authorization: `Bearer ${rel.key}`, "content-type": "application/json" },
        body: JSON.stringify({
          idempotencyKey: `${identifier}-${version}`,
          expectedVersion: version,
          artifact: makeArtifact({ identifier, value: { n: version } }),
        }),
      });
      version++;
      await new Promise((r) => setTimeout(r, 1_000));
    }
    const streamed = stdout.includes(identifier);
    await revoke(rel.hive, created.id);
    const code = await Promise.race([
      exited,
      new Promise<"running">((r) => setTimeout(() => r("running"), 20_000)),
    ]);
    if (code === "running") {
      child.kill("SIGKILL");
    }
    const lines = stderr.trim().split("\n").filter(Boolean);
    report("cli.follow.revoked", { streamed, code, stderr: lines });
    expect(streamed).toBe(true);
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^lethe: KEY_REVOKED/);
  }, 120_000);
});
