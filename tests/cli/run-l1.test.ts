// The CLI's per-step L1 figures (cli/commands/run.ts): each line reads its own
// step's checkpoint, never the session's current figures.
import { describe, expect, it } from "vitest";
import { l1AsOf } from "../../cli/commands/run.ts";
import type { SessionApi } from "../../cli/commands/sessions.ts";

const pagesAt: Record<number, number[]> = { 1: [], 2: [40, 31], 3: [], 4: [48] };

const api = {
  key: "k",
  call: async (_method: string, path: string) => {
    const step = Number(path.split("/").at(-1));
    const pages = pagesAt[step];
    if (pages === undefined) {
      throw new Error("no checkpoint");
    }
    return { state: { pager: { capacity: 512, pages: pages.map((tokens) => ({ tokens })) } } };
  },
} as unknown as SessionApi;

describe("l1AsOf", () => {
  it("gives each step its own figures", async () => {
    const figures = await Promise.all([1, 2, 3, 4].map((s) => l1AsOf(api, "s", s)));
    expect(figures.map((f) => f?.used)).toEqual([0, 71, 0, 48]);
    expect(figures.every((f) => f?.capacity === 512)).toBe(true);
  });

  it("says nothing rather than another step's figures when a step has no checkpoint", async () => {
    expect(await l1AsOf(api, "s", 9)).toBeNull();
  });
});
