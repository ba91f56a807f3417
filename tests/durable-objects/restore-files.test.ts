// Rollback with files, against a real Hive workspace: a file the session wrote both
// before and after the checkpoint goes back to its checkpoint bytes; files written
// only before it, and files the session never wrote, are left alone.
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { rollbackWithFiles } from "../../durable-objects/session/restore-files.ts";
import type { CheckpointManifest } from "../../shared/session/checkpoint.ts";

describe("rollbackWithFiles", () => {
  it("restores a file written before and after the checkpoint, and nothing else", async ({
    expect,
  }) => {
    const hive = env.Hive.getByName(`restore-${crypto.randomUUID()}`);
    await hive.workspace().write({
      files: [
        { path: "a.ts", content: "export const A = 1;\n" },
        { path: "keep.ts", content: "export const K = 1;\n" },
        { path: "other.ts", content: "export const O = 1;\n" },
      ],
    });
    const head = await hive.workspace().manifest("head", undefined, 1);
    const checkpointVersion = head.ok ? head.value.id : null;
    await hive.workspace().write({
      files: [
        { path: "a.ts", content: "export const A = 2;\n" },
        { path: "b.ts", content: "export const B = 2;\n" },
        { path: "other.ts", content: "export const O = 2;\n" },
      ],
    });
    let rolledBack = false;
    const manifest = {
      id: "cp",
      workspaceManifest: checkpointVersion,
    } as unknown as CheckpointManifest;
    const host = {
      store: {
        state: () => ({ written: ["a.ts", "b.ts", "keep.ts"] }),
        stateOf: () => ({ written: ["a.ts", "keep.ts"] }),
        rollback: () => {
          rolledBack = true;
        },
      },
    };
    const result = await rollbackWithFiles(host, hive, manifest, "test rollback");
    expect(result).toMatchObject({ ok: true, value: { restored: 2 } });
    expect(rolledBack).toBe(true);
    const a = await hive.workspace().read("a.ts");
    expect(a.ok && a.value.text).toBe("export const A = 1;\n");
    expect((await hive.workspace().read("b.ts")).ok).toBe(false);
    const keep = await hive.workspace().read("keep.ts");
    expect(keep.ok && keep.value.text).toBe("export const K = 1;\n");
    // Not this session's file: another writer's change stays.
    const other = await hive.workspace().read("other.ts");
    expect(other.ok && other.value.text).toBe("export const O = 2;\n");
  });
});
