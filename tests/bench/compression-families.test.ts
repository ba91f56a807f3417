// bench:compression's family discovery (bench/compression-families.ts): every
// corpora/compression-*.ts exporting a FamilySpec runs under its file's suffix, and
// the perfect summariser (the ceiling) finds a planted value in the shown text.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { discoverFamilies, isFamilySpec } from "../../bench/compression-families.ts";
import { makeTranscript } from "../../corpora/compression-transcript.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";

const corpora = new URL("../../corpora/", import.meta.url).pathname;

describe("bench:compression families", () => {
  it("lists the built-in families and each corpora/compression-*.ts family once", async () => {
    const names = (await discoverFamilies(corpora)).map((f) => f.name);
    expect(names.slice(0, 7)).toEqual([
      "dev",
      "holdout",
      "fresh",
      "unseen",
      "later",
      "blind",
      "sealed",
    ]);
    expect(new Set(names).size).toBe(names.length);
  });

  it("picks up a new family file by its suffix, with no registration, and generates from it", async () => {
    const dir = tempDir("families");
    writeFileSync(
      join(dir, "compression-zeta-9.ts"),
      [
        "let n = 0;",
        "export const ZETA = {",
        "  facts: (_rnd: () => number, count: number) => Array.from({ length: count }, (_, i) => ({",
        "    subject: `harbour crane ${i} lift limit`, lookAlike: `harbour crane ${i} idle limit`,",
        "    value: () => `${++n} tonnes` })),",
        "  first: [(s: string, v: string) => `The ${s} is ${v}.`],",
        "  updates: [(s: string, v: string) => `We raised the ${s} to ${v}.`],",
        "  lookAlike: [(s: string, v: string) => `The ${s} is ${v}.`],",
        "};",
        "export const notAFamily = { facts: 3 };",
      ].join("\n"),
    );
    const found = (await discoverFamilies(dir)).find((f) => f.name === "zeta-9");
    expect(found?.file).toBe("compression-zeta-9.ts");
    expect(isFamilySpec({ facts: 3 })).toBe(false);
    const spec = found?.spec;
    expect(spec).toBeDefined();
    if (spec === undefined) {
      return;
    }
    const t = makeTranscript({ seed: 1, family: "zeta-9", spec, turns: 120 });
    expect(t.facts).toHaveLength(12);
    expect(t.statements.every((s) => s.turn > 0)).toBe(true);
  });

  it("refuses a family name with no spec instead of generating something else", () => {
    expect(() => makeTranscript({ seed: 1, family: "no-such-family" })).toThrow(
      /no phrasing family/,
    );
  });
});
