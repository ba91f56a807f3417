import { describe, test } from "vitest";
import { nodeMapper } from "../../../harness/node-mapper.ts";
import { checkCitation, parseCitation } from "../../../shared/workspace/provenance.ts";
import { linesProvenance, symbolProvenance } from "./citations.ts";
import { applyEdits } from "../../../shared/workspace/exact-edits.ts";
import { typescriptRepo } from "../../fixtures/repos/index.ts";

async function defsOf(path: string, text: string) {
  const mapped = (await nodeMapper()).map(path, text);
  if (!mapped.ok) {
    throw new Error(mapped.message);
  }
  return mapped.value.definitions;
}

describe("AST-verified citations", () => {
  test("a symbol citation round-trips through the provenance source", async ({ expect }) => {
    const text = typescriptRepo()["src/math.ts"] ?? "";
    const sum = (await defsOf("src/math.ts", text)).find((d) => d.name === "sum");
    if (!sum) {
      throw new Error("sum not mapped");
    }
    const prov = symbolProvenance("src/math.ts", 3, sum);
    expect(prov.source).toBe("src/math.ts@v3:2-4#sum");
    expect(parseCitation(prov.source)).toEqual({
      path: "src/math.ts",
      version: 3,
      startLine: 2,
      endLine: 4,
      symbol: "sum",
    });
    expect(parseCitation("ref:abc")).toBeNull();
  });

  test("an edit to the cited symbol makes it stale; an edit elsewhere that moves it keeps it fresh", async ({
    expect,
  }) => {
    const text = typescriptRepo()["src/math.ts"] ?? "";
    const defs = await defsOf("src/math.ts", text);
    const sum = defs.find((d) => d.name === "sum");
    if (!sum) {
      throw new Error("sum not mapped");
    }
    const prov = symbolProvenance("src/math.ts", 1, sum);
    const citation = parseCitation(prov.source);
    if (!citation) {
      throw new Error("unparsable citation");
    }
    expect(checkCitation(citation, prov.contentHash, { text, definitions: defs })).toEqual({
      status: "fresh",
      startLine: 2,
      endLine: 4,
    });
    const moved = `// header\n// more\n${text}`;
    expect(
      checkCitation(citation, prov.contentHash, {
        text: moved,
        definitions: await defsOf("src/math.ts", moved),
      }),
    ).toEqual({
      status: "fresh",
      startLine: 4,
      endLine: 6,
    });
    const edited = applyEdits(text, [{ oldText: "a + b", newText: "a + b + 0" }], "src/math.ts");
    if (!edited.ok) {
      throw new Error(edited.message);
    }
    expect(
      checkCitation(citation, prov.contentHash, {
        text: edited.value,
        definitions: await defsOf("src/math.ts", edited.value),
      }),
    ).toMatchObject({ status: "stale", reason: "changed", startLine: 2, endLine: 4 });
    expect(checkCitation(citation, prov.contentHash, { text: "", definitions: [] })).toEqual({
      status: "stale",
      reason: "symbol-removed",
    });
    expect(checkCitation(citation, prov.contentHash, null)).toEqual({
      status: "stale",
      reason: "file-deleted",
    });
  });

  test("a line-range citation compares the lines in place", ({ expect }) => {
    const text = "a\nb\nc\n";
    const prov = linesProvenance("notes.md", 2, text, 2, 3);
    const citation = parseCitation(prov.source);
    if (!citation) {
      throw new Error("unparsable citation");
    }
    expect(checkCitation(citation, prov.contentHash, { text, definitions: null }).status).toBe(
      "fresh",
    );
    expect(
      checkCitation(citation, prov.contentHash, { text: "a\nB\nc\n", definitions: null }).status,
    ).toBe("stale");
    expect(checkCitation(citation, prov.contentHash, { text: "a", definitions: null })).toEqual({
      status: "stale",
      reason: "lines-gone",
    });
  });
});
