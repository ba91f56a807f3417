import { describe, it } from "vitest";
import { collectGarbage, unreachableFiles } from "../../../shared/session/gc.ts";

const page = (id: string, kind = "file", pinned = false) => ({ id, kind, pinned });

describe("structural garbage collection", () => {
  it("drops the L1 pages of files a change made unreachable, and names them", ({ expect }) => {
    const collected = collectGarbage(
      new Set(["tools/old.ts"]),
      new Set(["tools/old.ts", "src/legacy.ts"]),
      [page("src/legacy.ts"), page("src/legacy.ts:2-4"), page("src/app.ts"), page("tools/old.ts")],
    );
    expect(collected?.unreachable).toEqual(["src/legacy.ts"]);
    expect(collected?.ops).toEqual([
      { type: "unstage", id: "src/legacy.ts" },
      { type: "unstage", id: "src/legacy.ts:2-4" },
    ]);
    expect(collected?.note).toContain("[GC] no entry point reaches src/legacy.ts any more");
  });

  it("keeps pinned pages and non-file pages, and does nothing when nothing fell out", ({
    expect,
  }) => {
    const collected = collectGarbage(new Set(), new Set(["src/legacy.ts"]), [
      page("src/legacy.ts", "file", true),
      page("src/legacy.ts", "artifact"),
    ]);
    expect(collected?.ops).toEqual([]);
    expect(collected?.note).not.toContain("dropped from L1");
    expect(collectGarbage(new Set(["a.ts"]), new Set(["a.ts"]), [page("a.ts")])).toBeNull();
  });

  it("reads the hive's unreachable files, or gives up quietly when the graph is unavailable", async ({
    expect,
  }) => {
    const hive = (ok: boolean) => ({
      unreachable: async () =>
        ok ? { ok: true as const, value: { files: ["b.ts", "a.ts"] } } : { ok: false as const },
    });
    expect([...((await unreachableFiles(hive(true))) ?? [])]).toEqual(["b.ts", "a.ts"]);
    expect(await unreachableFiles(hive(false))).toBeNull();
  });
});
