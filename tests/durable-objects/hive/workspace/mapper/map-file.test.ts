import { describe, test } from "vitest";
import { nodeMapper } from "../../../../../harness/node-mapper.ts";
import { languageOf } from "../../../../../shared/workspace/symbols.ts";

async function map(path: string, source: string) {
  const result = (await nodeMapper()).map(path, source);
  if (!result.ok) {
    throw new Error(result.message);
  }
  return result.value;
}

describe("the file mapper", () => {
  test("knows languages by extension and refuses the rest with a hint", async ({ expect }) => {
    expect(
      [
        "a.ts",
        "a.d.ts",
        "a.tsx",
        "a.mjs",
        "a.cjs",
        "a.jsx",
        "a.py",
        "a.md",
        "Makefile",
        "dir.ts/x",
      ].map(languageOf),
    ).toEqual([
      "typescript",
      "typescript",
      "tsx",
      "javascript",
      "javascript",
      "javascript",
      "python",
      null,
      null,
      null,
    ]);
    const refused = (await nodeMapper()).map("notes.md", "# hi");
    expect(refused).toMatchObject({ ok: false, code: "MAP_UNSUPPORTED_LANGUAGE" });
  });

  test("maps TSX components, interfaces, types, arrow functions and default exports", async ({
    expect,
  }) => {
    const source = [
      'import React from "react";',
      "export interface Props { name: string }",
      "export type Size = 'sm' | 'lg';",
      "/** Greets someone. */",
      "export const Hello = ({ name }: Props) => <div>{format(name)}</div>;",
      "function format(n: string) { return n.toUpperCase(); }",
      "export default Hello;",
      "",
    ].join("\n");
    const m = await map("ui/hello.tsx", source);
    expect(m.definitions.map((d) => [d.name, d.kind, d.exported])).toEqual([
      ["Props", "interface", true],
      ["Size", "type", true],
      ["Hello", "function", true],
      ["format", "function", false],
    ]);
    expect(m.definitions[2]?.doc).toBe("Greets someone.");
    expect(m.exports.map((e) => [e.name, e.local])).toEqual([
      ["Props", "Props"],
      ["Size", "Size"],
      ["Hello", "Hello"],
      ["default", "Hello"],
    ]);
    expect(m.calls).toContainEqual({ callee: "format", receiver: null, line: 5, caller: "Hello" });
    expect(m.report.partial).toBe(false);
  });

  test("survives hostile sources: deep nesting, one huge line, garbage, empty files", async ({
    expect,
  }) => {
    const deep = `const x = ${"(".repeat(20_000)}1${")".repeat(20_000)};\nexport function after() {}\n`;
    const deepMap = await map("deep.ts", deep);
    expect(deepMap.definitions.map((d) => d.name)).toContain("after");
    const line = await map("line.js", `export const big = "${"a".repeat(500_000)}";`);
    expect(line.definitions[0]?.signature.length).toBeLessThanOrEqual(240);
    const garbage = await map(
      "garbage.py",
      "def (((:\n\x01\x02 class ]]]\n    def ok(self): pass\n",
    );
    expect(garbage.report.partial).toBe(true);
    expect(garbage.report.errorLines.length).toBeGreaterThan(0);
    const empty = await map("empty.ts", "");
    expect(empty).toMatchObject({
      definitions: [],
      imports: [],
      calls: [],
      report: { partial: false },
    });
  });

  test("keeps mapping a file whose grammar flags newer syntax, and reports where", async ({
    expect,
  }) => {
    const source = [
      "export function before(): number { return 1; }",
      "const broken = (a: number => { return a; };",
      "export class After { run() { return before(); } }",
      "",
    ].join("\n");
    const m = await map("partial.ts", source);
    expect(m.report).toMatchObject({ partial: true });
    expect(m.report.errorLines).toContain(2);
    expect(m.definitions.map((d) => d.qualifiedName)).toEqual(
      expect.arrayContaining(["before", "After", "After.run"]),
    );
  });
});
