import { describe, it } from "vitest";
import { metaLines, metaUse } from "../../../shared/governance/meta.ts";
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

  it('lists an artifact as `key = value (vN by agent) "summary"`, naming a kind other than fact', ({
    expect,
  }) => {
    const artifact = (seq: number, kind: string, summary: string) =>
      ({
        identifier: `k${seq}`,
        kind,
        value: 42,
        summary,
        tags: [],
        provenance: { session: "s", agent: "agent-a", step: 1, source: "x" },
        version: 3,
        seq,
        status: "active",
        createdAt: 0,
        updatedAt: 0,
      }) as unknown as Artifact;
    expect(
      metaLines([artifact(1, "fact", "evidence: src/a.ts:3"), artifact(2, "decision", "")], 10),
    ).toEqual([
      "k2 = 42 (decision, v3 by agent-a)",
      'k1 = 42 (v3 by agent-a) "evidence: src/a.ts:3"',
    ]);
  });
});
