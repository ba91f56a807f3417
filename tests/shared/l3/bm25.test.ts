import { describe, test } from "vitest";
import { bm25Terms, Bm25Index, stem } from "../../../shared/l3/bm25.ts";

describe("BM25 over code and prose", () => {
  test("identifiers split into parts and inflections meet at one stem", ({ expect }) => {
    expect(bm25Terms("parseConfigFile")).toEqual(["parseconfigfil", "pars", "config", "file"]);
    expect(["reconcile", "reconciles", "reconciling"].map(stem)).toEqual([
      "reconcil",
      "reconcil",
      "reconcil",
    ]);
    expect(["batch", "batches", "policy", "policies", "id", "status"].map(stem)).toEqual([
      "batch",
      "batch",
      "policy",
      "policy",
      "id",
      "status",
    ]);
  });

  test("ranks the document with the rarer matching terms first, and forgets removed documents", ({
    expect,
  }) => {
    const index = new Bm25Index();
    index.add("a", "function parseConfig reads the config file");
    index.add("b", "function renderPage draws the page");
    index.add("c", "config config config defaults");
    expect(index.search("parse config", 3).map((h) => h.id)).toEqual(["a", "c"]);
    index.remove("a");
    expect(index.search("parse config", 3).map((h) => h.id)).toEqual(["c"]);
    expect(index.size).toBe(2);
    index.add("c", "render");
    expect(index.search("config", 3)).toEqual([]);
  });
});
