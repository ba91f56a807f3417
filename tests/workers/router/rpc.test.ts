// The router Worker through the gateway's service binding (typed RPC). Its
// classifier calls the local model endpoint over the router's MODEL binding.
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";

describe("router RPC", () => {
  it("routes a step to domains with tool definitions, by the model or its keyword fallback", async ({
    expect,
  }) => {
    const result = await env.ROUTER.route({
      intent: "calculate the sum of the two totals and save it as an artifact",
    });
    expect(result).toMatchObject({ ok: true });
    if ("value" in result) {
      expect(["model", "keywords"]).toContain(result.value.method);
      // The MODEL binding reached the local endpoint: whatever it answered, it answered.
      expect(result.value.fallback?.code).not.toBe("MODEL_ERROR");
      expect(result.value.domains).toEqual(expect.arrayContaining(["math", "control"]));
      const names = result.value.tools.map((t) => t.function.name);
      expect(names).toEqual(expect.arrayContaining(["calculate", "finish", "ask_human"]));
      expect(result.value.tools[0]?.function.parameters).toMatchObject({ type: "object" });
    }
  });

  it("gives plain conversation no tools", async ({ expect }) => {
    expect(await env.ROUTER.route({ intent: "Thanks, have a nice day!" })).toMatchObject({
      ok: true,
      value: { method: "conversation", tools: [] },
    });
  });

  it("answers a malformed request with BAD_REQUEST", async ({ expect }) => {
    // Deliberately wrong input, as a buggy caller would send it.
    const result = await env.ROUTER.route({ intent: 42 } as unknown as { intent: string });
    expect(result).toMatchObject({ ok: false, code: "BAD_REQUEST" });
  });
});
