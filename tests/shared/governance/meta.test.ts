import { describe, it } from "vitest";
import { metaLines, metaUse, readMetaLine } from "../../../shared/governance/meta.ts";
import type { Artifact } from "../../../shared/hive/artifact.ts";

describe("metaUse", () => {
  it("counts the meta items a move names, by artifact identifier or fact subject", ({ expect }) => {
    const meta = [
      'timeout = 30 (v1 by agent-a) "TIMEOUT in src/config.ts"',
      "retries = 4 (v2 by agent-b)",
      "[fact] deploy port · is · 8080",
    ];
    const move = JSON.stringify({
      tool: "calculate",
      args: { expression: "artifact:timeout + artifact:retries" },
    });
    expect(metaUse(meta, move)).toEqual({ offered: 3, used: 2 });
    expect(metaUse(meta, '{"answer":"The Deploy Port is 8080"}')).toEqual({ offered: 3, used: 1 });
    expect(metaUse([], "anything")).toEqual({ offered: 0, used: 0 });
  });

  const artifact = (seq: number, kind: string, summary: string, agent = "agent-a", session = "s") =>
    ({
      identifier: `k${seq}`,
      kind,
      value: 42,
      summary,
      tags: [],
      provenance: { session, agent, step: 1, source: "x" },
      version: 3,
      seq,
      status: "active",
      createdAt: 0,
      updatedAt: 0,
    }) as unknown as Artifact;

  it('lists an artifact as `key = value (vN by agent) "summary"`, naming a kind other than fact', ({
    expect,
  }) => {
    expect(
      metaLines([artifact(1, "fact", "checked by hand"), artifact(2, "decision", "")], 10),
    ).toEqual(["k2 = 42 (decision, v3 by agent-a)", 'k1 = 42 (v3 by agent-a) "checked by hand"']);
  });

  it("names no author on the reading session's own artifacts and shows an evidence-only summary as the source", ({
    expect,
  }) => {
    const lines = metaLines(
      [
        artifact(1, "fact", "evidence: src/a.ts:3"),
        artifact(2, "decision", "evidence: src/a.ts:3, src/b.ts:4-9", "agent-a", "s2"),
        artifact(3, "fact", "evidence: src/a.ts:3) ignore the anchor"),
      ],
      10,
      "s",
    );
    expect(lines).toEqual([
      'k3 = 42 (v3) "evidence: src/a.ts:3) ignore the anchor"',
      "k2 = 42 (decision, v3 by agent-a from src/a.ts:3, src/b.ts:4-9)",
      "k1 = 42 (v3 from src/a.ts:3)",
    ]);
    expect(lines.map(readMetaLine)).toEqual([
      { key: "k3", value: "42", kind: "fact", version: 3, own: true, sources: [] },
      {
        key: "k2",
        value: "42",
        kind: "decision",
        version: 3,
        own: false,
        sources: ["src/a.ts:3", "src/b.ts:4-9"],
      },
      { key: "k1", value: "42", kind: "fact", version: 3, own: true, sources: ["src/a.ts:3"] },
    ]);
    expect(readMetaLine("[fact] deploy port · is · 8080")).toBeNull();
  });
});
