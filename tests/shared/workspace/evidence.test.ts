import fc from "fast-check";
import { describe, it } from "vitest";
import { MAX_CHECKED_STRING, valueInText } from "../../../shared/workspace/evidence.ts";

describe("valueInText", () => {
  it("finds a number as code writes it, separators included, and not inside another number", ({
    expect,
  }) => {
    expect(valueInText(30, "export const TIMEOUT = 30;")).toBe(true);
    expect(valueInText(30000, "const MS = 30_000;")).toBe(true);
    expect(valueInText(3, "export const TIMEOUT = 30;")).toBe(false);
    expect(valueInText(30, "const X = 130;")).toBe(false);
    expect(valueInText(0.5, "rate = 0.5")).toBe(true);
    expect(valueInText(5, "rate = 0.5")).toBe(false);
    expect(valueInText("30", "TIMEOUT = 30")).toBe(true);
  });

  it("finds short strings verbatim and does not judge prose, objects or booleans", ({ expect }) => {
    expect(valueInText("eu-west-1", 'region: "eu-west-1"')).toBe(true);
    expect(valueInText("us-east-1", 'region: "eu-west-1"')).toBe(false);
    expect(valueInText("x".repeat(MAX_CHECKED_STRING + 1), "x")).toBeNull();
    expect(valueInText({ a: 1 }, "a = 1")).toBeNull();
    expect(valueInText(true, "enabled = true")).toBeNull();
    expect(valueInText(Number.NaN, "NaN")).toBeNull();
  });

  it("always finds an integer in the line that assigns it", ({ expect }) => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (n) => {
        expect(valueInText(n, `export const VALUE = ${n};`)).toBe(true);
      }),
    );
  });
});
