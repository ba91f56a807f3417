import { describe, it } from "vitest";
import { metaUse } from "../../../shared/governance/meta.ts";

describe("metaUse", () => {
  it("counts the meta items a move names, by artifact identifier or fact subject", ({ expect }) => {
    const meta = [
      'timeout = 30 (fact, v1, by agent-a) — summary: "TIMEOUT in src/config.ts"',
      "retries = 4 (fact, v2, by agent-b)",
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
});
