// Knowledge across hives inside workerd: steward runs in two hives are mirrored
// to D1 (confirm-then-advance), GET /v1/admin/memory/search ranks both hives'
// facts, a contradiction and a rollback show in the mirror, as-of reads the old
// value; a hive key, no token and bad queries get typed errors.
import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { ErrorBodySchema } from "../../../shared/base/errors.ts";
import { app } from "../../../workers/gateway/app.ts";
import { createHiveKey } from "../../../workers/gateway/request/auth.ts";

const ADMIN = "test-admin-token-0123456789";
const withAdmin = { ...env, LETHE_ADMIN_TOKEN: ADMIN } as Env;

function admin(path: string, token = ADMIN) {
  return app.request(
    `http://lethe.test${path}`,
    { headers: { authorization: `Bearer ${token}` } },
    withAdmin,
  );
}

async function hiveClient(prefix: string) {
  const hive = `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
  const { key } = await createHiveKey(env.DB, hive, "test");
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await SELF.fetch(`http://lethe.test/v1/hives/${hive}/memory${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  return { hive, key, call };
}

const fact = (subject: string, predicate: string, object: string, at: number) => ({
  subject,
  predicate,
  object,
  at,
  provenance: { session: "s-1", step: 1, source: "transcript:s-1#1" },
});

interface Hit {
  hive: string;
  fact: { subject: string; object: string; validTo: number | null; closedBy: number | null };
}

describe("the D1 mirror of knowledge and the admin search across hives", () => {
  it("mirrors each applied version, ranks facts of every hive, follows contradictions and rollbacks", async ({
    expect,
  }) => {
    const a = await hiveClient("kma");
    const b = await hiveClient("kmb");
    const jan = Date.UTC(2026, 0, 10);
    const mar = Date.UTC(2026, 2, 10);
    const billing = fact("kestrel billing", "database", "postgres", jan);
    expect(
      await a.call("POST", "/steward", { reason: "import", candidates: [billing] }),
    ).toMatchObject({ status: 200, body: { version: 1, added: 1 } });
    expect(
      await b.call("POST", "/steward", {
        reason: "import",
        candidates: [fact("kestrel search", "database", "sqlite", jan)],
      }),
    ).toMatchObject({ status: 200, body: { version: 1 } });
    // The run wrote D1 and confirmed it: the Hive's mirror is at its version.
    const status = await env.Hive.getByName(a.hive).memory().mirror();
    expect(status).toMatchObject({ version: 1, confirmed: 1, written: 0 });
    const stored = await env.DB.prepare(
      "SELECT object, version FROM knowledge_facts WHERE hive = ?",
    )
      .bind(a.hive)
      .all<{ object: string; version: number }>();
    expect(stored.results).toEqual([{ object: "postgres", version: 1 }]);

    const both = await admin(
      `/v1/admin/memory/search?q=${encodeURIComponent("kestrel billing search database")}`,
    );
    expect(both.status).toBe(200);
    const found = ((await both.json()) as { hits: Hit[] }).hits.filter((h) =>
      [a.hive, b.hive].includes(h.hive),
    );
    expect(found.map((h) => [h.hive, h.fact.object]).sort()).toEqual(
      [
        [a.hive, "postgres"],
        [b.hive, "sqlite"],
      ].sort(),
    );

    // A contradiction closes the old fact in the Hive and in the mirror; as-of still reads it.
    expect(
      await a.call("POST", "/steward", {
        reason: "migration",
        candidates: [fact("kestrel billing", "database", "mysql", mar)],
      }),
    ).toMatchObject({ status: 200, body: { version: 2, closed: 1 } });
    const q = encodeURIComponent("Which database does kestrel billing run on?");
    const now = (await (await admin(`/v1/admin/memory/search?q=${q}&hive=${a.hive}`)).json()) as {
      hits: Hit[];
    };
    expect(now.hits.map((h) => h.fact.object)).toEqual(["mysql"]);
    const feb = (await (
      await admin(`/v1/admin/memory/search?q=${q}&hive=${a.hive}&at=2026-02-01`)
    ).json()) as { hits: Hit[] };
    expect(feb.hits.map((h) => h.fact.object)).toEqual(["postgres"]);
    expect(feb.hits[0]?.fact.closedBy).toBe(2);

    // A rollback is a new version: the mirror follows it.
    expect(await a.call("POST", "/rollback", { version: 2, reason: "bad import" })).toMatchObject({
      status: 200,
      body: { version: 3 },
    });
    const back = (await (await admin(`/v1/admin/memory/search?q=${q}&hive=${a.hive}`)).json()) as {
      hits: Hit[];
    };
    expect(back.hits.map((h) => h.fact.object)).toEqual(["postgres"]);
    expect(await env.Hive.getByName(a.hive).memory().mirror()).toMatchObject({
      version: 3,
      confirmed: 3,
    });
    // Every applied version is announced to the hive's sessions (the summary artifact's own CAS).
    const announced = await SELF.fetch(
      `http://lethe.test/v1/hives/${a.hive}/artifacts/memory.steward`,
      { headers: { authorization: `Bearer ${a.key}` } },
    );
    expect(await announced.json()).toMatchObject({ version: 3, value: { version: 3 } });
  });

  it("writes only what a new version changed, and refuses hive keys, no token and bad queries", async ({
    expect,
  }) => {
    const a = await hiveClient("kmc");
    expect(
      await a.call("POST", "/steward", {
        reason: "import",
        candidates: [fact("lumen ledger", "owner", "ravi", Date.UTC(2026, 0, 3))],
      }),
    ).toMatchObject({ status: 200, body: { version: 1 } });
    // Confirmed versions are not written again; the next version writes the rows it added or closed.
    await env.DB.prepare("DELETE FROM knowledge_facts WHERE hive = ?").bind(a.hive).run();
    expect(await env.Hive.getByName(a.hive).memory().mirror()).toMatchObject({
      confirmed: 1,
      written: 0,
    });
    expect(
      await a.call("POST", "/steward", {
        reason: "handover",
        candidates: [fact("lumen ledger", "owner", "sofia", Date.UTC(2026, 1, 3))],
      }),
    ).toMatchObject({ status: 200, body: { version: 2 } });
    const rows = await env.DB.prepare(
      "SELECT object, closed_by FROM knowledge_facts WHERE hive = ? ORDER BY id",
    )
      .bind(a.hive)
      .all<{ object: string; closed_by: number | null }>();
    expect(rows.results).toEqual([
      { object: "ravi", closed_by: 2 },
      { object: "sofia", closed_by: null },
    ]);

    const asHive = await admin(`/v1/admin/memory/search?q=owner`, a.key);
    expect(asHive.status).toBe(401);
    expect(ErrorBodySchema.parse(await asHive.json()).error.code).toBeTypeOf("string");
    const none = await app.request("http://lethe.test/v1/admin/memory/search?q=x", {}, withAdmin);
    expect(none.status).toBe(401);
    for (const bad of ["", "?q=", `?q=${"x".repeat(1_001)}`, "?q=a&at=yesterday", "?q=a&limit=0"]) {
      const r = await admin(`/v1/admin/memory/search${bad}`);
      expect(r.status).toBe(400);
      const text = await r.text();
      expect(text).not.toMatch(/\n\s+at /);
      expect(ErrorBodySchema.parse(JSON.parse(text)).error.code).toBe("INVALID_QUERY");
    }
  });
});
