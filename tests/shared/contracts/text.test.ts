// The input contract's text checks: names, JSON depth and dangerous keys, in
// linear time on hostile sizes; and the path normaliser refusing lone surrogates.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  hasLoneSurrogate,
  jsonDepthExceeds,
  jsonProblem,
  nameProblem,
  topLevelStrings,
} from "../../../shared/contracts/text.ts";
import { normalizeWorkspacePath } from "../../../shared/gatekeeper/paths.ts";

describe("nameProblem", () => {
  it("finds lone surrogates, non-characters and NUL, and passes real characters", () => {
    expect(nameProblem("src/\ud800.ts")).toBe("lone-surrogate");
    expect(nameProblem("a\udc00")).toBe("lone-surrogate");
    expect(nameProblem("a\ufdd0")).toBe("noncharacter");
    expect(nameProblem("a\uffff")).toBe("noncharacter");
    expect(nameProblem("a\u{1fffe}")).toBe("noncharacter");
    expect(nameProblem("a\0b")).toBe("nul");
    expect(nameProblem("héllo/日本/😀.ts")).toBeUndefined();
  });

  it("agrees with TextEncoder round trips on arbitrary strings", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (s) => {
        const roundTrips = new TextDecoder().decode(new TextEncoder().encode(s)) === s;
        expect(hasLoneSurrogate(s)).toBe(!roundTrips);
        expect(roundTrips || nameProblem(s) !== undefined).toBe(true);
      }),
      { seed: 17, numRuns: 1_000 },
    );
  });
});

describe("JSON checks", () => {
  it("measures depth without parsing, ignoring brackets inside strings", () => {
    expect(jsonDepthExceeds(`${"[".repeat(65)}${"]".repeat(65)}`)).toBe(true);
    expect(jsonDepthExceeds(`${"[".repeat(64)}${"]".repeat(64)}`)).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ a: "[[[[".repeat(100) }))).toBe(false);
    const started = performance.now();
    expect(jsonDepthExceeds("[".repeat(1_000_000))).toBe(true);
    expect(jsonDepthExceeds(`"${"\\\\[".repeat(300_000)}"`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("refuses dangerous keys and lone surrogates rather than dropping them", () => {
    expect(jsonProblem(JSON.parse('{"a":{"__proto__":{"x":1}}}'))).toMatchObject({
      kind: "dangerous-key",
      where: "a.__proto__",
    });
    expect(jsonProblem({ list: [{ constructor: 1 }] })?.kind).toBe("dangerous-key");
    expect(jsonProblem(JSON.parse('{"k":"\\ud800"}'))?.kind).toBe("lone-surrogate");
    expect(jsonProblem(JSON.parse('{"\\u0000":1}'))?.kind).toBe("bad-key");
    expect(jsonProblem({ ok: ["fine", 1, null, { nested: "😀" }] })).toBeUndefined();
  });

  it("reads a too-deep frame's top-level id and type without parsing it", () => {
    const frame = `{"type":"hive.commit","commit":{"id":"inner","x":${"[".repeat(5_000)}${"]".repeat(5_000)}},"id":"c-9"}`;
    expect(topLevelStrings(frame, ["type", "id"])).toEqual({ type: "hive.commit", id: "c-9" });
  });
});

describe("workspace paths", () => {
  it("refuses lone surrogates and non-characters with a hint, before storage sees them", () => {
    for (const raw of ["src/\ud800.ts", "src/a\udfff", "src/%ED%A0%80.ts", "src/\ufffe.ts"]) {
      expect(normalizeWorkspacePath(raw, ["."])).toMatchObject({
        ok: false,
        code: "PATH_BAD_ENCODING",
        hint: expect.stringContaining("src/app.ts"),
      });
    }
    expect(normalizeWorkspacePath("src/😀.ts", ["."])).toEqual({ ok: true, value: "src/😀.ts" });
  });
});
