import { describe, it } from "vitest";
import { keywordDomains } from "../../../workers/router/keywords.ts";
import { DOMAINS } from "../../../shared/tools/catalogue.ts";

const ALL = new Set(DOMAINS.map((d) => d.name));

describe("keywordDomains", () => {
  it("ranks domains by how many of their keywords occur", ({ expect }) => {
    expect(
      keywordDomains("calculate the sum of both totals and save it as an artifact", 5, ALL),
    ).toEqual(["math", "artifacts"]);
  });

  it("matches at the start of words only", ({ expect }) => {
    expect(keywordDomains("prefix suffix", 5, ALL)).toEqual([]);
    expect(keywordDomains("fixing things", 5, ALL)).toEqual(["edit"]);
  });

  it("returns at most the requested number, only of known domains", ({ expect }) => {
    const intent = "search, open, save, calculate, fix, compare, find callers, then finish";
    expect(keywordDomains(intent, 3, ALL)).toHaveLength(3);
    expect(keywordDomains(intent, 5, new Set(["edit"]))).toEqual(["edit"]);
  });
});
