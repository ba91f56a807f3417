// Paths in a mission or a result (shared/model/paths-in-text.ts): the same paths the
// lookbehind pattern found, in one pass.
import { describe, it } from "vitest";
import { pathsInText } from "../../../shared/model/paths-in-text.ts";

describe("pathsInText", () => {
  it("finds paths at the start of a run, not inside words, calls or versions", ({ expect }) => {
    expect(pathsInText("Read src/a.ts, then ../lib/b.py. Compare x.ts(")).toEqual([
      "src/a.ts",
      "../lib/b.py",
    ]);
    expect(pathsInText("v1.2 and 3.ts and file.tsx1 and a.b.c")).toEqual(["file.tsx1", "a.b"]);
  });

  it("agrees with the lookbehind pattern it replaced", ({ expect }) => {
    const old = /(?<![\w/.-])(?:(?:\.{1,2}|[\w-]+)\/)*[\w-]+\.[A-Za-z][A-Za-z0-9]{0,5}(?![\w/(])/g;
    const alphabet = "ab1./-( _";
    for (let n = 0; n < 5_000; n++) {
      let text = "";
      for (let i = 0; i < 12; i++) {
        text += alphabet[(n * 7 + i * 13 + ((n >> i) & 7)) % alphabet.length];
      }
      const expected = (text.match(old) ?? []).filter((p) => !/^\d/.test(p));
      expect([text, pathsInText(text)]).toEqual([text, expected]);
    }
  });

  it("stays linear on a long run of path characters", ({ expect }) => {
    const started = performance.now();
    pathsInText(`${"a/".repeat(200_000)}x`);
    pathsInText("-(".repeat(100_000));
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
