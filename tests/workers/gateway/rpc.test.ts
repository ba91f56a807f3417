import { env } from "cloudflare:workers";
import { describe, it } from "vitest";

describe("service bindings with typed RPC", () => {
  it("calls the router, gatekeeper and compressor entrypoints", async ({ expect }) => {
    const [router, gatekeeper, compressor] = await Promise.all([
      env.ROUTER.health(),
      env.GATEKEEPER.health(),
      env.COMPRESSOR.health(),
    ]);
    expect(router).toMatchObject({ component: "router", ok: true });
    expect(gatekeeper).toMatchObject({ component: "gatekeeper", ok: true });
    expect(compressor).toMatchObject({ component: "compressor", ok: true, detail: { d1: true } });
  });
});
