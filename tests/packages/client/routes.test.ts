// The typed client's route groups against a fake fetch: workspace, memory,
// compress, refs and the firewall's YAML body, with the gateway's error body kept.
import { describe, it } from "vitest";
import { Lethe, LetheError } from "../../../packages/client/lethe.ts";

function recorder(status = 200, body: unknown = {}) {
  const calls: { url: string; method: string; type: string | null; body: string | null }[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({
      url: String(input),
      method: init?.method ?? "GET",
      type: new Headers(init?.headers).get("content-type"),
      body: typeof init?.body === "string" ? init.body : null,
    });
    return new Response(JSON.stringify(body), { status });
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

describe("Lethe client route groups", () => {
  it("reaches the workspace and memory routes of the hive, encoded", async ({ expect }) => {
    const fake = recorder();
    const lethe = new Lethe({ url: "http://gw", key: "k", adminToken: "t", fetch: fake.fetch });
    const ws = lethe.workspace("h/1");
    await ws.writeFiles({ files: [{ path: "a.ts", content: "x" }], message: "m" });
    await ws.search({ query: "parse dates", topK: 3 });
    await ws.callers("a&b");
    await ws.missing();
    const memory = lethe.memory("h");
    await memory.search({ q: "who owns billing", at: "2026-03-01" });
    await memory.history({ subject: "billing" });
    await memory.rollback(3, "bad import");
    await lethe.searchAllMemory({ q: "x", hive: undefined, limit: 2 });
    expect(fake.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "POST http://gw/v1/hives/h%2F1/workspace/files",
      "POST http://gw/v1/hives/h%2F1/workspace/search",
      "GET http://gw/v1/hives/h%2F1/workspace/callers?name=a%26b",
      "GET http://gw/v1/hives/h%2F1/workspace/missing",
      "GET http://gw/v1/hives/h/memory/search?q=who+owns+billing&at=2026-03-01",
      "GET http://gw/v1/hives/h/memory/history?subject=billing",
      "POST http://gw/v1/hives/h/memory/rollback",
      "GET http://gw/v1/admin/memory/search?q=x&limit=2",
    ]);
    expect(JSON.parse(fake.calls[6]?.body ?? "")).toEqual({ version: 3, reason: "bad import" });
  });

  it("sends a firewall.yaml as text and keeps the refusal's line-numbered issues", async ({
    expect,
  }) => {
    const refusal = {
      error: { code: "INVALID_FIREWALL", message: "2 problems", hint: "fix the lines" },
      issues: [{ line: 3, path: "rules.0.action", message: "unknown action" }],
    };
    const fake = recorder(400, refusal);
    const lethe = new Lethe({ url: "http://gw", key: "k", fetch: fake.fetch });
    const error = await lethe.setFirewall("h", "rules:\n  - action: MAYBE\n").catch((e) => e);
    expect(error).toBeInstanceOf(LetheError);
    expect(error).toMatchObject({ code: "INVALID_FIREWALL", status: 400, body: refusal });
    expect(fake.calls[0]).toMatchObject({
      method: "PUT",
      url: "http://gw/v1/hives/h/firewall",
      type: "text/yaml",
      body: "rules:\n  - action: MAYBE\n",
    });
  });

  it("compresses through the hive and reads a ref back", async ({ expect }) => {
    const fake = recorder();
    const lethe = new Lethe({ url: "http://gw", key: "k", fetch: fake.fetch });
    await lethe.compress("h", {
      messages: [{ role: "user", content: "hi" }],
      budget: { ratio: 0.25 },
    });
    await lethe.ref("h", "ref:abc");
    expect(fake.calls.map((c) => `${c.method} ${c.url} ${c.type}`)).toEqual([
      "POST http://gw/v1/hives/h/compress application/json",
      "GET http://gw/v1/hives/h/refs/ref%3Aabc null",
    ]);
  });
});
