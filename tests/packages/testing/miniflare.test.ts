// lethe/testing with Miniflare's programmatic API: Lethe's Workers start inside
// the caller's own Miniflare beside the caller's Worker, which reaches the
// gateway over a service binding; disposal stops everything.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLetheMiniflare, type LetheInMiniflare } from "../../../packages/testing/miniflare.ts";

const USER_WORKER = `
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    return env.LETHE.fetch("http://lethe" + url.pathname + url.search, request);
  },
};`;

describe("startLetheMiniflare", () => {
  let lethe: LetheInMiniflare;
  beforeAll(async () => {
    lethe = await startLetheMiniflare({
      workers: [
        {
          name: "user-app",
          modules: true,
          script: USER_WORKER,
          compatibilityDate: "2026-10-23",
          serviceBindings: { LETHE: "lethe-gateway" },
        },
      ],
    });
  }, 180_000);
  afterAll(async () => lethe?.dispose());

  it("answers the user's Worker through its service binding, with a minted hive key", async () => {
    const key = await lethe.hiveKey("testing");
    const created = await lethe.mf.dispatchFetch("http://app.local/v1/sessions", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ hive: "testing", mission: "remember the port" }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const step = await lethe.mf.dispatchFetch(`http://app.local/v1/sessions/${id}/steps`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ turns: [{ role: "user", content: "the port is 8787" }] }),
    });
    expect(step.status).toBe(201);
    const transcript = await lethe.gateway(`/v1/sessions/${id}/transcript`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(JSON.stringify(await transcript.json())).toContain("the port is 8787");
  });

  it("refuses another hive's key with a typed error", async () => {
    const other = await lethe.hiveKey("other");
    const response = await lethe.mf.dispatchFetch("http://app.local/v1/sessions", {
      method: "POST",
      headers: { authorization: `Bearer ${other}`, "content-type": "application/json" },
      body: JSON.stringify({ hive: "testing", mission: "x" }),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBeTruthy();
  });
});
