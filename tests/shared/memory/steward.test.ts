// Validation, planning and retrieval of knowledge: contradictions close facts,
// as-of reads, look-alike subjects, citations, floods and abstention.
import { describe, it } from "vitest";
import { MS_PER_DAY } from "../../../shared/memory/decay.ts";
import { planRun } from "../../../shared/memory/plan.ts";
import { memoryTerms, queryTerms, retrieve, validAt } from "../../../shared/memory/retrieve.ts";
import { MAX_APPLIED_PER_RUN, type CandidateIn, type Fact } from "../../../shared/memory/schema.ts";
import { validateCandidates } from "../../../shared/memory/validate.ts";

const T0 = Date.UTC(2026, 0, 5);

function candidate(overrides: Partial<CandidateIn> = {}): CandidateIn {
  return {
    subject: "billing service",
    predicate: "database",
    object: "postgres",
    at: T0,
    provenance: { session: "s1", step: 1, source: "artifact:billing.db@v1" },
    ...overrides,
  };
}

function fact(overrides: Partial<Fact> = {}): Fact {
  return {
    id: 1,
    subject: "billing service",
    predicate: "database",
    object: "postgres",
    kind: "fact",
    cardinality: "one",
    provenance: { session: "s1", step: 1, source: "artifact:billing.db@v1" },
    validFrom: T0,
    validTo: null,
    version: 1,
    closedBy: null,
    closedReason: null,
    ...overrides,
  };
}

const ctx = { subjects: new Map<string, string>(), cited: new Map(), runAt: T0 };

describe("validateCandidates", () => {
  it("rejects a 100 KB object, keeping the reason", ({ expect }) => {
    const out = validateCandidates([candidate({ object: "x".repeat(100 * 1024) })], ctx);
    expect(out.accepted).toHaveLength(0);
    expect(out.rejected[0]).toMatchObject({ index: 0, code: "OBJECT_TOO_LARGE" });
  });

  it("rejects mixed-script and look-alike subjects", ({ expect }) => {
    const subjects = new Map([["cop", "cop"]]);
    const out = validateCandidates(
      [candidate({ subject: "сonfig" }), candidate({ subject: "сор" })],
      { ...ctx, subjects },
    );
    expect(out.rejected.map((r) => r.code)).toEqual(["CONFUSABLE_SUBJECT", "LOOKALIKE_SUBJECT"]);
  });

  it("rejects a candidate whose cited lines do not say its object", ({ expect }) => {
    const source = "src/config.ts@v2:3-3";
    const cited = new Map([[source, "export const TIMEOUT = 30_000;"]]);
    const out = validateCandidates(
      [
        candidate({
          subject: "TIMEOUT",
          predicate: "is",
          object: "60000",
          provenance: { session: "s", step: 1, source },
        }),
        candidate({
          subject: "TIMEOUT",
          predicate: "is",
          object: "30000",
          provenance: { session: "s", step: 1, source },
        }),
      ],
      { ...ctx, cited },
    );
    expect(out.rejected).toMatchObject([{ index: 0, code: "CITATION_MISMATCH" }]);
    expect(out.accepted.map((a) => a.index)).toEqual([1]);
  });

  it("applies at most MAX_APPLIED_PER_RUN of a 10,000-candidate flood and keeps the rest as rejected", ({
    expect,
  }) => {
    const flood = Array.from({ length: 10_000 }, (_, i) => candidate({ subject: `item ${i}` }));
    const out = validateCandidates(flood, ctx);
    expect(out.accepted).toHaveLength(MAX_APPLIED_PER_RUN);
    expect(out.rejected).toHaveLength(10_000 - MAX_APPLIED_PER_RUN);
    expect(new Set(out.rejected.map((r) => r.code))).toEqual(new Set(["FLOOD_LIMIT"]));
  });

  it("rejects a malformed candidate by schema, not the whole run", ({ expect }) => {
    const out = validateCandidates([{ subject: 1 }, candidate()], ctx);
    expect(out.rejected[0]).toMatchObject({ index: 0, code: "SCHEMA" });
    expect(out.accepted).toHaveLength(1);
  });
});

describe("planRun", () => {
  it("closes a contradicted fact at the new fact's time and flags the contradiction", ({
    expect,
  }) => {
    const later = T0 + 7 * MS_PER_DAY;
    const parsed = validateCandidates([candidate({ object: "mysql", at: later })], ctx);
    const plan = planRun(
      [fact()],
      parsed.accepted.map((a) => a.candidate),
      later,
    );
    expect(plan.close).toMatchObject([{ fact: { id: 1 }, validTo: later }]);
    expect(plan.add).toMatchObject([{ object: "mysql", validFrom: later, validTo: null }]);
    expect(plan.drift).toMatchObject([
      { kind: "contradiction", before: "postgres", after: "mysql" },
    ]);
  });

  it("confirms a fact stated again without a change", ({ expect }) => {
    const parsed = validateCandidates([candidate()], ctx);
    const plan = planRun(
      [fact()],
      parsed.accepted.map((a) => a.candidate),
      T0,
    );
    expect(plan).toEqual({ add: [], close: [], drift: [] });
  });

  it("accumulates many-valued facts", ({ expect }) => {
    const parsed = validateCandidates(
      [candidate({ predicate: "uses library", object: "zod", cardinality: "many" })],
      ctx,
    );
    const active = [fact({ predicate: "uses library", object: "hono", cardinality: "many" })];
    const plan = planRun(
      active,
      parsed.accepted.map((a) => a.candidate),
      T0 + 1,
    );
    expect(plan.close).toEqual([]);
    expect(plan.add).toHaveLength(1);
  });

  it("flags a delta past the configured share", ({ expect }) => {
    const active = Array.from({ length: 10 }, (_, i) => fact({ id: i + 1, subject: `s${i}` }));
    const parsed = validateCandidates(
      Array.from({ length: 3 }, (_, i) =>
        candidate({ subject: `s${i}`, object: "mysql", at: T0 + 1 }),
      ),
      ctx,
    );
    const plan = planRun(
      active,
      parsed.accepted.map((a) => a.candidate),
      T0 + 1,
      0.2,
    );
    expect(plan.drift.filter((d) => d.kind === "delta")).toHaveLength(1);
  });
});

describe("retrieve", () => {
  const facts = [
    fact({ id: 1, validTo: T0 + 7 * MS_PER_DAY }),
    fact({ id: 2, object: "mysql", validFrom: T0 + 7 * MS_PER_DAY }),
  ];
  const decay = { halfLifeDays: 30 };

  it("answers as of a date with the fact valid then", ({ expect }) => {
    const before = retrieve(facts, "Which database does the billing service use?", {
      at: T0 + MS_PER_DAY,
      limit: 5,
      decay,
    });
    expect(before.map((s) => s.fact.object)).toEqual(["postgres"]);
    const after = retrieve(facts, "Which database does the billing service use?", {
      at: T0 + 30 * MS_PER_DAY,
      limit: 5,
      decay,
    });
    expect(after.map((s) => s.fact.object)).toEqual(["mysql"]);
    expect(validAt(facts[0] as Fact, T0 + 30 * MS_PER_DAY)).toBe(false);
  });

  it("meets a plural question and a singular fact at one settled stem", ({ expect }) => {
    // The L3 stemmer strips one suffix per call: "trainings" → "training", "training" → "train".
    expect(memoryTerms("trainings")).toEqual(memoryTerms("training"));
    const trained = [
      fact({
        id: 3,
        subject: "emeka obi",
        predicate: "completed training",
        object: "sql tuning",
        cardinality: "many",
      }),
    ];
    const hits = retrieve(trained, "List the trainings emeka obi has done.", {
      at: T0 + MS_PER_DAY,
      limit: 5,
      decay,
    });
    expect(hits.map((s) => s.fact.object)).toEqual(["sql tuning"]);
  });

  it("drops question words after stemming too", ({ expect }) => {
    expect([...queryTerms("What is the latest value of the cache ttl?")].sort()).toEqual(
      ["cach", "ttl"].sort(),
    );
  });

  it("retrieves nothing for what was never said", ({ expect }) => {
    expect(
      retrieve(facts, "Who is the on-call engineer for payroll?", {
        at: T0 + MS_PER_DAY,
        limit: 5,
        decay,
      }),
    ).toEqual([]);
  });

  it("weighs by similarity × decay", ({ expect }) => {
    const [hit] = retrieve(facts, "billing service database", {
      at: T0 + 37 * MS_PER_DAY,
      limit: 1,
      decay,
    });
    expect(hit?.weight).toBeCloseTo((hit?.similarity ?? 0) * Math.exp((-Math.LN2 / 30) * 30), 12);
  });
});
