// The typed client against a fake fetch: routes, credentials, typed one-line errors.
import { describe, it } from "vitest";
import { LetheAgentsError, letheCall } from "../../../packages/agents/lethe-api.ts";
import { Lethe, LetheError } from "../../../packages/client/lethe.ts";
import { LetheSaver, LetheSaverError } from "../../../shared/langgraph/saver.ts";

function fakeFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    return new Response(typeof body === "string" ? body : JSON.stringify(body), { status });
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

describe("Lethe client", () => {
  it("sends the key and the typed body to the gateway's route", async ({ expect }) => {
    const fake = fakeFetch(200, { seq: 1 });
    const lethe = new Lethe({ url: "http://gw/", key: "lethe_h_1", fetch: fake.fetch });
    await lethe.putArtifact("h", {
      idempotencyKey: "k1",
      artifact: { identifier: "a", kind: "fact", value: 1, provenance: { agent: "x" } } as never,
    });
    expect(fake.calls[0]?.url).toBe("http://gw/v1/hives/h/artifacts");
    expect(new Headers(fake.calls[0]?.init?.headers).get("authorization")).toBe("Bearer lethe_h_1");
    await lethe.listArtifacts("h", { kind: "fact", limit: 5 });
    expect(fake.calls[1]?.url).toBe("http://gw/v1/hives/h/artifacts?kind=fact&limit=5");
    expect(lethe.openAIOptions("s1")).toEqual({
      baseURL: "http://gw/v1",
      apiKey: "lethe_h_1",
      defaultHeaders: { "x-lethe-session": "s1" },
    });
  });

  it("throws typed errors: the gateway's code, a missing credential, an unreachable gateway", async ({
    expect,
  }) => {
    const refused = new Lethe({
      url: "http://gw",
      key: "k",
      fetch: fakeFetch(409, {
        error: { code: "CONFLICT", message: "version moved", hint: "re-read" },
      }).fetch,
    });
    await expect(refused.snapshot("h")).rejects.toMatchObject({
      code: "CONFLICT",
      message: "version moved",
      hint: "re-read",
      status: 409,
    });
    await expect(new Lethe({ url: "http://gw" }).snapshot("h")).rejects.toMatchObject({
      code: "NO_KEY",
    });
    const down = new Lethe({ url: "http://127.0.0.1:1", key: "k" });
    const error = await down.snapshot("h").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LetheError);
    expect(error).toMatchObject({ code: "UNREACHABLE" });
    const html = new Lethe({
      url: "http://gw",
      key: "k",
      fetch: fakeFetch(502, "<html>bad gateway</html>").fetch,
    });
    await expect(html.snapshot("h")).rejects.toMatchObject({ code: "HTTP_502" });
  });

  it("is the one client core: lethe/agents and lethe/langgraph throw the same LetheError", async ({
    expect,
  }) => {
    expect(LetheAgentsError).toBe(LetheError);
    expect(LetheSaverError).toBe(LetheError);
    const refusal = {
      error: { code: "FORBIDDEN_HIVE", message: "wrong hive", hint: "use its key" },
    };
    const agents = await letheCall(
      { binding: { fetch: fakeFetch(403, refusal).fetch }, hive: "h", key: "k" },
      "GET",
      "/v1/hives/h/artifacts",
    ).catch((error: unknown) => error);
    const saver = await new LetheSaver({
      url: "http://gw",
      hive: "h",
      key: "k",
      fetch: fakeFetch(403, refusal).fetch,
    })
      .getTuple({ configurable: { thread_id: "t" } })
      .catch((error: unknown) => error);
    const client = await new Lethe({
      url: "http://gw",
      key: "k",
      fetch: fakeFetch(403, refusal).fetch,
    })
      .health()
      .catch((error: unknown) => error);
    for (const error of [agents, saver, client]) {
      expect(error).toBeInstanceOf(LetheError);
      expect(error).toMatchObject({
        code: "FORBIDDEN_HIVE",
        message: "wrong hive",
        hint: "use its key",
        status: 403,
      });
    }
    const unreachable = await letheCall(
      {
        binding: { fetch: () => Promise.reject(new TypeError("fetch failed")) },
        hive: "h",
        key: "k",
      },
      "GET",
      "/v1/hives/h/artifacts",
    ).catch((error: unknown) => error);
    expect(unreachable).toMatchObject({
      code: "UNREACHABLE",
      hint: "check the service binding to lethe-gateway in your wrangler config",
    });
  });
});
