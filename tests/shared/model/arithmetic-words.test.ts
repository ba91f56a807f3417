import { describe, it } from "vitest";
import { operationIn } from "../../../shared/model/arithmetic-words.ts";

const expr = (mission: string) => operationIn(mission)?.expression(["a", "b"]);

describe("arithmetic in the words people use", () => {
  it("reads sums, differences, products, ratios and averages", ({ expect }) => {
    expect(expr("What do A and B add up to altogether?")).toBe("a + b");
    expect(expr("How many more seats does A allow than B?")).toBe("a - b");
    expect(expr("How much is left after B is taken from A?")).toBe("a - b");
    expect(expr("Multiply A by B.")).toBe("a * b");
    expect(expr("How many times larger is A than B?")).toBe("a / b");
    expect(expr("What is the ratio of A to B?")).toBe("a / b");
    expect(expr("What is the average of A and B?")).toBe("(a + b) / 2");
    expect(operationIn("Find A in x.ts and save it.")).toBeUndefined();
  });
});
