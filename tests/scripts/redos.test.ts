// The ReDoS step of `npm run check` (scripts/redos.ts): the known list matches a
// finding by folder, file or site; the static verdict where recheck cannot decide.
import { describe, it } from "vitest";
import { listedUnder, staticVerdict } from "../../scripts/redos.ts";
import type { RegexSite } from "../../scripts/lib/regex-sites.ts";

describe("listedUnder", () => {
  const site = (file: string, code: string): RegexSite => ({
    file,
    line: 1,
    kind: "dynamic",
    code,
    why: "",
  });
  it("matches a folder, a file or one site's code", ({ expect }) => {
    const known = {
      "shared/compress/": "a",
      "shared/x.ts": "b",
      "shared/y.ts: new RegExp(p)": "c",
    };
    expect(listedUnder(known, site("shared/compress/facts.ts", "/a/"))).toBe("shared/compress/");
    expect(listedUnder(known, site("shared/x.ts", "/a/"))).toBe("shared/x.ts");
    expect(listedUnder(known, site("shared/y.ts", "new RegExp(p)"))).toBe(
      "shared/y.ts: new RegExp(p)",
    );
    expect(listedUnder(known, site("shared/y.ts", "new RegExp(q)"))).toBeNull();
  });
});

describe("staticVerdict", () => {
  it("finds the rescans recheck's automaton cannot model, the same way every time", ({
    expect,
  }) => {
    const rescan = staticVerdict(String.raw`\s+(?!\S)|\s+$`, "g");
    expect(rescan).toMatch(/^super-linear backtracking \(scslre: Move/);
    expect(staticVerdict(String.raw`\s+(?!\S)|\s+$`, "g")).toBe(rescan);
    expect(staticVerdict(String.raw`^(?=[a-z])[a-z0-9]{1,40}$`, "")).toBe("safe");
    expect(staticVerdict("(", "")).toMatch(/^undecided/);
  });
});
