import { describe, it } from "vitest";
import {
  embedLexical,
  identifierParts,
  LEXICAL_DIMENSIONS,
} from "../../../shared/embed/lexical.ts";

/** Cosine similarity of two L2-normalised vectors (their dot product). */
const cosine = (a: readonly number[], b: readonly number[]) =>
  a.reduce((sum, x, i) => sum + x * (b[i] ?? 0), 0);

const norm = (v: number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

describe("the lexical embedder", () => {
  it("splits camelCase, snake_case, acronyms and digits into parts", ({ expect }) => {
    expect(identifierParts("parseHTTPResponse2")).toEqual(["parse", "http", "response", "2"]);
    expect(identifierParts("max_token_count")).toEqual(["max", "token", "count"]);
    expect(identifierParts("kebab-case")).toEqual(["kebab", "case"]);
  });

  it("gives the same unit vector for the same text, of the documented width", ({ expect }) => {
    const a = embedLexical("function computeTaxRate(income) { return income * 0.2 }");
    const b = embedLexical("function computeTaxRate(income) { return income * 0.2 }");
    expect(a).toEqual(b);
    expect(a).toHaveLength(LEXICAL_DIMENSIONS);
    expect(norm(a)).toBeCloseTo(1, 10);
  });

  it("ranks a query nearer the text sharing its identifiers than an unrelated text", ({
    expect,
  }) => {
    const query = embedLexical("where is the tax rate computed");
    const relevant = embedLexical("export function computeTaxRate(income: number) { return 0.2 }");
    const unrelated = embedLexical("render the sidebar menu with icons and colours");
    expect(cosine(query, relevant)).toBeGreaterThan(cosine(query, unrelated));
  });

  it("matches an identifier's parts when the query spells them as words", ({ expect }) => {
    const query = embedLexical("user session store");
    const doc = embedLexical("class UserSessionStore {}");
    const other = embedLexical("class InvoicePrinter {}");
    expect(cosine(query, doc)).toBeGreaterThan(cosine(query, other) + 0.1);
  });

  it("returns the zero vector for text without tokens", ({ expect }) => {
    expect(norm(embedLexical("  ... !!! "))).toBe(0);
  });

  it("honours a requested width and refuses an impossible one", ({ expect }) => {
    expect(embedLexical("hello", 64)).toHaveLength(64);
    expect(() => embedLexical("hello", 0)).toThrow(RangeError);
    expect(() => embedLexical("hello", 5000)).toThrow(RangeError);
  });
});
