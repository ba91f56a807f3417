import { env } from "cloudflare:workers";
import { describe, it } from "vitest";

const hive = () => env.Hive.getByName(`h-${crypto.randomUUID()}`);

describe("the Hive's session registry", () => {
  it("lists sessions newest first in pages that cover every session once", async ({ expect }) => {
    const h = hive();
    for (let i = 0; i < 23; i++) {
      await h.registerSession({ id: `s-${i}`, mission: `mission ${i}`, createdAt: 1_000 + i });
    }
    const seen: string[] = [];
    let before: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await h.sessions(10, before);
      seen.push(...page.sessions.map((s) => s.id));
      if (page.next === null) {
        break;
      }
      before = page.next;
    }
    expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => `s-${22 - i}`));
  });

  it("keeps a preview of long missions and records forks", async ({ expect }) => {
    const h = hive();
    await h.registerSession({ id: "s-a", mission: "x".repeat(5_000), createdAt: 1, forkOf: "s-0" });
    const [entry] = (await h.sessions(5)).sessions;
    expect(entry?.mission.length).toBe(500);
    expect(entry?.forkOf).toBe("s-0");
  });

  it("refuses an entry that is not one", async ({ expect }) => {
    expect(await hive().registerSession({ id: "", mission: "m", createdAt: -1 })).toMatchObject({
      ok: false,
      code: "INVALID_REQUEST",
    });
  });
});
