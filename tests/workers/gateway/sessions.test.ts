import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, it } from "vitest";
import { createHiveKey } from "../../../workers/gateway/request/auth.ts";

const BASE = "http://lethe.test/v1/sessions";
let key = "";
let otherKey = "";

beforeAll(async () => {
  key = (await createHiveKey(env.DB, "demo", "test")).key;
  otherKey = (await createHiveKey(env.DB, "other", "test")).key;
});

async function call(method: string, path: string, body?: unknown, as: string | null = key) {
  const response = await SELF.fetch(`${BASE}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      ...(as === null ? {} : { authorization: `Bearer ${as}` }),
    },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const page = (id: string, content: string) => ({
  type: "stage",
  page: { id, kind: "file", sourceRef: `file:${id}`, content },
});
const text = (seed: string) =>
  Array.from({ length: 30 }, (_, i) => `${seed}: export const v${i} = ${i};`).join("\n");

describe("session routes", () => {
  it("drive a session through steps, checkpoints, rollback, fork and references", async ({
    expect,
  }) => {
    const created = await call("POST", "", { hive: "demo", mission: "m", l1Tokens: 800 });
    expect(created.status).toBe(201);
    const id = String(created.body.id);

    const s1 = await call("POST", `/${id}/steps`, {
      turns: [{ role: "user", content: "read a" }],
      ops: [page("a.ts", text("a"))],
    });
    expect(s1).toMatchObject({ status: 201, body: { step: 1 } });
    const labelled = await call("POST", `/${id}/checkpoints`, { label: "after-a" });
    expect(labelled).toMatchObject({ status: 201, body: { label: "after-a", step: 1 } });
    const s2 = await call("POST", `/${id}/steps`, { ops: [page("b.ts", text("b"))] });
    const events = s2.body.events as Array<{ id: string; ref?: string }>;
    const ref = events.find((e) => e.ref)?.ref ?? "";

    const resolved = await call("GET", `/${id}/refs/${encodeURIComponent(ref)}`);
    expect(resolved).toMatchObject({ status: 200, body: { content: text("a") } });

    const listed = await call("GET", `/${id}/checkpoints?limit=10`);
    const checkpoints = listed.body.checkpoints as Array<{ id: string; step: number }>;
    expect(checkpoints.map((c) => c.step)).toEqual([2, 1, 1, 0]);

    const diff = await call(
      "GET",
      `/${id}/diff?from=${checkpoints[2]?.id ?? ""}&to=${checkpoints[0]?.id ?? ""}`,
    );
    expect(diff).toMatchObject({ status: 200, body: { steps: 1 } });

    const back = await call("POST", `/${id}/rollback`, { checkpoint: "after-a" });
    expect(back).toMatchObject({ status: 200, body: { step: 1, label: "after-a" } });
    const state = await call("GET", `/${id}/state`);
    expect((state.body.pager as { pages: Array<{ id: string }> }).pages.map((p) => p.id)).toEqual([
      "a.ts",
    ]);

    const forked = await call("POST", `/${id}/fork`, { checkpoint: "after-a" });
    expect(forked.status).toBe(201);
    const child = String(forked.body.id);
    const childTranscript = await call("GET", `/${child}/transcript`);
    expect(childTranscript.body).toMatchObject({ turns: [{ content: "read a" }], next: null });

    const asOf = await call("GET", `/${id}/as-of/1`);
    expect(asOf).toMatchObject({ status: 200, body: { state: { step: 1 } } });
    const trace = await call("GET", `/${id}/trace`);
    expect((trace.body.events as unknown[]).length).toBeGreaterThan(0);
    const view = await call("GET", `/${id}`);
    expect(view.body).toMatchObject({ id, view: { step: 1, l1: { capacity: 800 } } });
  });

  it("pages through the transcript with a cursor", async ({ expect }) => {
    const { body } = await call("POST", "", { hive: "demo", mission: "m" });
    const id = String(body.id);
    for (let i = 0; i < 5; i++) {
      await call("POST", `/${id}/steps`, { turns: [{ role: "user", content: `turn ${i}` }] });
    }
    const first = await call("GET", `/${id}/transcript?limit=2`);
    expect(first.body).toMatchObject({
      turns: [{ content: "turn 0" }, { content: "turn 1" }],
      next: 2,
    });
    const rest = await call("GET", `/${id}/transcript?after=2&limit=10`);
    expect((rest.body.turns as Array<{ content: string }>).map((t) => t.content)).toEqual([
      "turn 2",
      "turn 3",
      "turn 4",
    ]);
    expect(rest.body.next).toBeNull();
  });

  it("refuses hostile requests with typed errors", async ({ expect }) => {
    const { body } = await call("POST", "", { hive: "demo", mission: "m" });
    const id = String(body.id);
    const cases = await Promise.all([
      call("GET", "/s-does-not-exist"),
      call("GET", "/bad id!"),
      call("POST", `/${id}/rollback`, { checkpoint: "cp-missing" }),
      call("GET", `/${id}/refs/${encodeURIComponent("ref:00000000000000000000000000000000")}`),
      call("GET", `/${id}/refs/not-a-ref`),
      call("GET", `/${id}/diff?from=a`),
      call("GET", `/${id}/transcript?limit=-4`),
      call("GET", `/${id}/as-of/abc`),
      call("POST", `/${id}/steps`, { ops: [{ type: "unstage", id: "nothing" }] }),
      call("POST", `/${id}/steps`, { turns: [{ role: "wizard", content: "x" }] }),
      call("POST", `/${id}/steps`, { turns: [], budgets: { l1: 1e9 } }),
      call("POST", `/${id}/steps`, "{bad json"),
      call("POST", `/${id}/fork`, { checkpoint: "nope" }),
      call("POST", `/${id}/steps`, {
        turns: [{ role: "user", content: "x".repeat(2 * 1024 * 1024) }],
      }),
    ]);
    expect(cases.map((c) => `${c.status} ${(c.body.error as { code: string }).code}`)).toEqual([
      "404 NOT_FOUND",
      "400 INVALID_ID",
      "404 CHECKPOINT_NOT_FOUND",
      "404 REF_NOT_FOUND",
      "400 INVALID_REF",
      "400 INVALID_QUERY",
      "400 INVALID_QUERY",
      "400 INVALID_QUERY",
      "422 PAGER_REFUSED",
      "400 INVALID_BODY",
      "400 INVALID_BODY",
      "400 BAD_JSON",
      "404 CHECKPOINT_NOT_FOUND",
      "413 PAYLOAD_TOO_LARGE",
    ]);
    for (const c of cases) {
      expect((c.body.error as { hint?: string }).hint).toBeTruthy();
    }
    const view = await call("GET", `/${id}`);
    expect(view.body).toMatchObject({ view: { step: 0, transcriptLength: 0 } });
  });

  it("needs a key of the session's hive for every route and socket", async ({ expect }) => {
    const { body } = await call("POST", "", { hive: "demo", mission: "m" });
    const id = String(body.id);
    const refused = await Promise.all([
      call("GET", `/${id}`, undefined, null),
      call("GET", `/${id}`, undefined, "lethe_demo_wrong"),
      call("GET", `/${id}`, undefined, otherKey),
      call("GET", `/${id}/transcript`, undefined, otherKey),
      call("POST", `/${id}/steps`, { turns: [] }, otherKey),
      call("POST", "", { hive: "demo", mission: "m" }, otherKey),
      call("POST", "", { hive: "demo", mission: "m" }, null),
      // A missing session answers exactly as an existing one does, key by key.
      call("GET", "/s-missing", undefined, null),
      call("GET", "/s-missing", undefined, "lethe_demo_wrong"),
      call("GET", "/s-missing", undefined, otherKey),
    ]);
    expect(refused.map((r) => `${r.status} ${(r.body.error as { code: string }).code}`)).toEqual([
      "401 UNAUTHENTICATED",
      "401 INVALID_KEY",
      "404 NOT_FOUND",
      "404 NOT_FOUND",
      "404 NOT_FOUND",
      "403 FORBIDDEN_HIVE",
      "401 UNAUTHENTICATED",
      "401 UNAUTHENTICATED",
      "401 INVALID_KEY",
      "404 NOT_FOUND",
    ]);
    expect(refused[2]?.body).toEqual(refused[9]?.body);
    const socket = (query: string) =>
      SELF.fetch(`http://lethe.test/parties/agent-session/${id}${query}`, {
        headers: { Upgrade: "websocket" },
      });
    expect((await socket("")).status).toBe(401);
    expect((await socket(`?key=${otherKey}`)).status).toBe(404);
    const open = await socket(`?key=${key}`);
    expect(open.status).toBe(101);
    open.webSocket?.accept();
    open.webSocket?.close();
    expect((await SELF.fetch(`http://lethe.test/parties/agent-session/${id}/x`)).status).toBe(404);
  });
});
