import { describe, it } from "vitest";
import { emptyPagerState } from "../../../../shared/context/page.ts";
import { applyPagerOps } from "../../../../shared/context/pager.ts";
import { sha256Hex } from "../../../../shared/base/hash.ts";
import {
  ARTIFACT_KINDS,
  ArtifactInputSchema,
  MAX_VALUE_BYTES,
} from "../../../../shared/hive/artifact.ts";
import { SaveArtifactArgsSchema } from "../../../../shared/tools/schemas.ts";
import { errorCodeOf, runTool } from "../../../../durable-objects/session/tools/index.ts";
import {
  HISTORICAL_TAG,
  UNSOURCED_TAG,
} from "../../../../durable-objects/session/tools/save-artifact.ts";
import { makeReads, type L1Page } from "./fake-reads.ts";

const filePage = (overrides: Partial<L1Page> = {}): L1Page => ({
  id: "src/a.ts",
  kind: "file",
  sourceRef: "file:src/a.ts@v1:1-4",
  content: "export const a = 30;\n",
  ...overrides,
});

describe("save_artifact", () => {
  it("accepts exactly the Hive's artifact kinds", ({ expect }) => {
    for (const kind of ARTIFACT_KINDS) {
      expect(SaveArtifactArgsSchema.safeParse({ key: "k", value: 1, kind }).success).toBe(true);
    }
    expect(SaveArtifactArgsSchema.safeParse({ key: "k", value: 1, kind: "finding" }).success).toBe(
      false,
    );
    expect(SaveArtifactArgsSchema.safeParse({ key: "k".repeat(129), value: 1 }).success).toBe(
      false,
    );
  });

  it("creates a new key with version 0 expected, provenance from the step and the file in L1, then purges L1", async ({
    expect,
  }) => {
    const page = filePage();
    const reads = makeReads({ l1: [page], session: "s9", agent: "finder", step: 7 });
    const result = await runTool("save_artifact", { key: "totals.file_a", value: 30 }, reads);
    expect(result.error).toBe(false);
    expect(result.output).toBe("saved totals.file_a@1");
    expect(result.artifacts).toEqual([
      {
        expectedVersion: 0,
        artifact: {
          identifier: "totals.file_a",
          kind: "fact",
          value: 30,
          summary: "",
          provenance: {
            session: "s9",
            agent: "finder",
            step: 7,
            source: page.sourceRef,
            contentHash: sha256Hex(page.content),
          },
          tags: [],
        },
      },
    ]);
    expect(ArtifactInputSchema.safeParse(result.artifacts[0]?.artifact).success).toBe(true);
    expect(result.pagerOps).toEqual([{ type: "artifact_saved" }]);
    const l1 = applyPagerOps(
      emptyPagerState(1_000, "strict"),
      [{ type: "stage", page: { ...page, kind: "file" } }, ...result.pagerOps],
      { step: 2, count: (t) => t.length },
    );
    expect(l1.ok && l1.value.state.pages).toEqual([]);
  });

  it("takes the source from the first evidence and hashes the L1 page it names", async ({
    expect,
  }) => {
    const page = filePage({ id: "src/a.ts:1-4" });
    const reads = makeReads({ l1: [page] });
    const result = await runTool(
      "save_artifact",
      { key: "a", value: "30", kind: "decision", evidence: ["src/a.ts:1", "src/b.ts:2"] },
      reads,
    );
    expect(result.artifacts[0]?.artifact.provenance).toMatchObject({
      source: "src/a.ts:1",
      contentHash: sha256Hex(page.content),
    });
    expect(result.artifacts[0]?.artifact.summary).toBe("evidence: src/a.ts:1, src/b.ts:2");
    expect(result.artifacts[0]?.artifact.kind).toBe("decision");
  });

  it("refuses a fact its cited line does not show, and accepts the one it does", async ({
    expect,
  }) => {
    const reads = makeReads({ l1: [filePage({ sourceRef: "file:src/a.ts@1:1-4" })] });
    const wrong = await runTool(
      "save_artifact",
      { key: "a", value: 999, evidence: ["src/a.ts:1"] },
      reads,
    );
    expect(wrong.error).toBe(true);
    expect(errorCodeOf(wrong)).toBe("EVIDENCE_MISMATCH");
    expect(wrong.artifacts).toEqual([]);
    const right = await runTool(
      "save_artifact",
      { key: "a", value: 30, evidence: ["src/a.ts:1"] },
      reads,
    );
    expect(right.error).toBe(false);
    expect(right.artifacts[0]?.artifact.provenance.source).toBe("src/a.ts@v1:1-1");
    // An inference is not a quote: a decision may say what no single line says.
    const decision = await runTool(
      "save_artifact",
      { key: "b", value: 999, kind: "decision", evidence: ["src/a.ts:1"] },
      reads,
    );
    expect(decision.error).toBe(false);
  });

  it("cites a past version's page as that version", async ({ expect }) => {
    const page = filePage({ id: "src/a.ts@v1", sourceRef: "file:src/a.ts@1:1-4" });
    const result = await runTool(
      "save_artifact",
      { key: "a.before", value: 30, evidence: ["src/a.ts@v1:1"] },
      makeReads({ l1: [page] }),
    );
    expect(result.artifacts[0]?.artifact.provenance.source).toBe("src/a.ts@v1:1-1");
    expect(result.artifacts[0]?.artifact.tags).toEqual([HISTORICAL_TAG]);
  });

  it("tags a save with no evidence and no file in L1 as unsourced", async ({ expect }) => {
    const result = await runTool(
      "save_artifact",
      { key: "guess", value: true },
      makeReads({ step: 4, session: "s1" }),
    );
    expect(result.output).toBe(`saved guess@1 [no evidence: tagged ${UNSOURCED_TAG}]`);
    expect(result.artifacts[0]?.artifact).toMatchObject({
      tags: [UNSOURCED_TAG],
      provenance: { source: "session:s1/step:4" },
    });
    expect(result.artifacts[0]?.artifact.provenance).not.toHaveProperty("contentHash");
  });

  it("updates an existing key with compare-and-swap on the version read now", async ({
    expect,
  }) => {
    const reads = makeReads({
      artifacts: { "config.port": { value: 8080, version: 2 } },
      l1: [filePage()],
    });
    const result = await runTool("save_artifact", { key: "config.port", value: 9090 }, reads);
    expect(result.output).toBe("saved config.port@3 (replaces @2: 8080 -> 9090)");
    expect(result.artifacts[0]?.expectedVersion).toBe(2);
  });

  it("checks supersedes against the current version", async ({ expect }) => {
    const reads = makeReads({ artifacts: { "config.port": { value: 8080, version: 2 } } });
    const ok = await runTool(
      "save_artifact",
      { key: "config.port", value: 1, supersedes: "config.port@2" },
      reads,
    );
    expect(ok.artifacts[0]?.expectedVersion).toBe(2);
    const stale = await runTool(
      "save_artifact",
      { key: "config.port", value: 1, supersedes: "config.port@1" },
      reads,
    );
    expect(errorCodeOf(stale)).toBe("STALE_VERSION");
    expect(stale.output).toContain("config.port@2 is");
    expect(stale.artifacts).toEqual([]);
    const other = await runTool(
      "save_artifact",
      { key: "config.port", value: 1, supersedes: "other@2" },
      reads,
    );
    expect(errorCodeOf(other)).toBe("INVALID_ARGUMENTS");
    const none = await runTool("save_artifact", { key: "fresh", value: 1, supersedes: "3" }, reads);
    expect(errorCodeOf(none)).toBe("NOTHING_TO_SUPERSEDE");
  });

  it("writes nothing when the value and kind are unchanged, but still lets strict mode purge", async ({
    expect,
  }) => {
    const reads = makeReads({ artifacts: { plan: { value: { a: 1, b: [2] }, version: 4 } } });
    const result = await runTool("save_artifact", { key: "plan", value: { b: [2], a: 1 } }, reads);
    expect(result.output).toBe("unchanged plan@4 (same value)");
    expect(result.artifacts).toEqual([]);
    expect(result.pagerOps).toEqual([{ type: "artifact_saved" }]);
  });

  it("refuses values over the Hive's size limit and values that are not plain JSON", async ({
    expect,
  }) => {
    const big = await runTool(
      "save_artifact",
      { key: "big", value: "x".repeat(MAX_VALUE_BYTES + 1) },
      makeReads(),
    );
    expect(errorCodeOf(big)).toBe("VALUE_TOO_LARGE");
    const odd = await runTool(
      "save_artifact",
      { key: "odd", value: { when: new Date(0) } },
      makeReads(),
    );
    expect(errorCodeOf(odd)).toBe("INVALID_VALUE");
  });

  it("passes on a failing artifact read instead of guessing the version", async ({ expect }) => {
    const result = await runTool(
      "save_artifact",
      { key: "a", value: 1 },
      makeReads({ failing: { method: "artifact", code: "UNAVAILABLE" } }),
    );
    expect(errorCodeOf(result)).toBe("UNAVAILABLE");
    expect(result.pagerOps).toEqual([]);
  });
});
