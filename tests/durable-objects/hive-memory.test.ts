// The Hive's long-term memory over its real RPC: steward runs from artifacts,
// contradictions closing facts (visible as of), changelog, drift, rollback,
// counters, and the hostile inputs of issue 21.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { MAX_APPLIED_PER_RUN } from "../../shared/memory/schema.ts";
import { makeArtifact, makeProvenance } from "../shared/hive/fixtures.ts";

const hive = () => env.Hive.getByName(`h-${crypto.randomUUID()}`);

function candidate(subject: string, object: string, extra: Record<string, unknown> = {}) {
  return {
    subject,
    predicate: "database",
    object,
    provenance: { session: "s-x", step: 1, source: "transcript:s-x#1" },
    ...extra,
  };
}

describe("Hive memory", () => {
  it("records session facts, closes a contradicted one, flags drift, and names writer and reason", async ({
    expect,
  }) => {
    const h = hive();
    await h.put({
      idempotencyKey: "a1",
      artifact: makeArtifact({
        value: 30_000,
        provenance: makeProvenance({ session: "s1", source: "note" }),
      }),
    });
    const first = await h.memory().run({
      jobId: "steward:s1",
      writer: "meta-steward",
      reason: "session s1 finished",
      trigger: "session",
      session: "s1",
    });
    expect(first).toMatchObject({ ok: true, value: { version: 1, applied: true, added: 1 } });
    const before = Date.now();
    await h.put({
      idempotencyKey: "a2",
      expectedVersion: 1,
      artifact: makeArtifact({
        value: 60_000,
        provenance: makeProvenance({ session: "s3", source: "note" }),
      }),
    });
    const third = await h.memory().run({
      jobId: "steward:s3",
      writer: "meta-steward",
      reason: "session s3 finished",
      trigger: "session",
      session: "s3",
    });
    expect(third).toMatchObject({
      ok: true,
      value: {
        version: 2,
        closed: 1,
        drift: [{ kind: "contradiction", before: "30000", after: "60000" }],
      },
    });
    const log = await h.memory().changelog();
    expect(log.ok && log.value[0]).toMatchObject({
      version: 2,
      writer: "meta-steward",
      reason: "session s3 finished",
      drift: [{ kind: "contradiction" }],
    });
    const past = await h.memory().asOf(before - 1);
    expect(past.ok && past.value.facts.map((f) => f.object)).toEqual(["30000"]);
    const now = await h.memory().search({ q: "config timeout" });
    expect(now.ok && now.value.hits.map((s) => s.fact.object)).toEqual(["60000"]);
    const history = await h.memory().history("config.TIMEOUT");
    expect(history.ok && history.value.map((f) => [f.object, f.validTo === null])).toEqual([
      ["30000", false],
      ["60000", true],
    ]);
    const counters = await h.memory().counters();
    expect(counters).toMatchObject({
      "meta_steward.run.count": 2,
      "drift.detected": 1,
      version: 2,
    });
    // The announcement artifact lets sessions see that knowledge changed.
    const announced = await h.get("memory.steward");
    expect(announced.ok && announced.value.kind).toBe("summary");
  });

  it("applies a job delivered twice, and concurrent runs of the same facts, as one version", async ({
    expect,
  }) => {
    const h = hive();
    const request = {
      jobId: "job-1",
      writer: "meta-steward",
      reason: "r",
      trigger: "manual" as const,
      candidates: [candidate("billing", "postgres")],
    };
    const [a, b, c] = await Promise.all([
      h.memory().run(request),
      h.memory().run(request),
      h.memory().run({ ...request, jobId: "job-2" }),
    ]);
    expect([a, b, c].map((r) => r.ok && [r.value.version, r.value.applied])).toEqual([
      [1, true],
      [1, true],
      [1, false],
    ]);
    expect(b.ok && b.value.replayed).toBe(true);
    const log = await h.memory().changelog();
    expect(log.ok && log.value).toHaveLength(1);
  });

  it("rejects hostile candidates with typed reasons, keeps them, and applies the rest", async ({
    expect,
  }) => {
    const h = hive();
    await h.workspace().write({
      files: [{ path: "src/config.ts", content: "export const DB = 'postgres';\n" }],
    });
    const flood = Array.from({ length: 10_000 }, (_, i) => candidate(`item ${i}`, "x"));
    const outcome = await h.memory().run({
      jobId: "hostile",
      writer: "meta-steward",
      reason: "hostile",
      trigger: "manual",
      candidates: [
        candidate("big", "y".repeat(100 * 1024)),
        candidate("сonfig", "postgres"),
        candidate("config", "mysql", {
          provenance: { session: "s", step: 1, source: "src/config.ts@v1:1-1" },
        }),
        candidate("config", "postgres", {
          provenance: { session: "s", step: 1, source: "src/config.ts@v1:1-1" },
        }),
        ...flood,
      ],
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) {
      return;
    }
    expect(outcome.value.added).toBe(MAX_APPLIED_PER_RUN);
    const codes = new Map<string, number>();
    const rejected = await runInDurableObject(h, (_instance, state) =>
      state.storage.sql
        .exec<{ code: string; n: number }>(
          "SELECT code, count(*) AS n FROM knowledge_rejected GROUP BY code ORDER BY code",
        )
        .toArray(),
    );
    for (const r of rejected) {
      codes.set(r.code, r.n);
    }
    expect(Object.fromEntries(codes)).toEqual({
      CITATION_MISMATCH: 1,
      CONFUSABLE_SUBJECT: 1,
      FLOOD_LIMIT: 10_001 - MAX_APPLIED_PER_RUN,
      OBJECT_TOO_LARGE: 1,
    });
    const big = await h.memory().rejected("hostile", 1);
    expect(big.ok && big.value[0]?.candidate.length).toBeGreaterThan(100 * 1024);
    const counters = await h.memory().counters();
    expect(counters["schema_violation.count"]).toBe(10_004 - MAX_APPLIED_PER_RUN);
  });

  it("rolls back the latest version as a new version, and refuses anything else with a typed error", async ({
    expect,
  }) => {
    const h = hive();
    const run = (jobId: string, object: string) =>
      h.memory().run({
        jobId,
        writer: "w",
        reason: "r",
        trigger: "manual",
        candidates: [candidate("billing", object)],
      });
    await run("j1", "postgres");
    await run("j2", "mysql");
    expect(await h.memory().rollback(1, "ops", "wrong")).toMatchObject({
      ok: false,
      code: "NOT_LATEST",
    });
    expect(await h.memory().rollback(9, "ops", "wrong")).toMatchObject({
      ok: false,
      code: "NOT_FOUND",
    });
    const back = await h.memory().rollback(2, "ops", "mysql was a typo");
    expect(back).toMatchObject({ ok: true, value: { version: 3, rollbackOf: 2, writer: "ops" } });
    const now = await h.memory().search({ q: "billing database" });
    expect(now.ok && now.value.hits.map((s) => s.fact.object)).toEqual(["postgres"]);
    const history = await h.memory().history("billing");
    expect(history.ok && history.value).toHaveLength(3);
    expect(await h.memory().rollback(2, "ops", "again")).toMatchObject({
      ok: false,
      code: "ALREADY_ROLLED_BACK",
    });
  });

  it("refuses a malformed run with a typed error", async ({ expect }) => {
    const bad = await hive().memory().run({
      jobId: "",
      writer: "w",
      reason: "r",
      trigger: "manual",
    });
    expect(bad).toMatchObject({ ok: false, code: "INVALID_REQUEST" });
  });
});
