import { describe, it } from "vitest";
import { buildRouterSystemPrompt, type RouterDomain } from "../../../../shared/model/contracts.ts";
import { routeByOverlap } from "../../../../workers/model/policy/router-policy.ts";

const makeDomain = (name: string, description: string, tools: string[]): RouterDomain => ({
  name,
  description,
  tools,
});
const DOMAINS = [
  makeDomain("context", "stage and unstage files or symbols into the context", [
    "stage_context",
    "unstage_context",
  ]),
  makeDomain("artifacts", "save facts and decisions as artifacts", ["save_artifact"]),
  makeDomain("retrieval", "search the code and text index", ["search", "read_ref"]),
  makeDomain("structure", "definitions, callers and imports of symbols", [
    "definitions",
    "callers",
    "imports",
  ]),
  makeDomain("math", "exact arithmetic over artifact values", ["calculate"]),
  makeDomain("editing", "write files and apply patches", ["write_file", "apply_patch"]),
  makeDomain("human", "ask a person for a decision", ["ask_human"]),
];
const system = buildRouterSystemPrompt(DOMAINS);

describe("the router policy", () => {
  it("picks the domains whose words the intent shares, best first", ({ expect }) => {
    const answer = routeByOverlap(
      system,
      "search for the callers of parseConfig and stage the file",
    );
    expect(answer.domains.slice(0, 3)).toEqual(
      expect.arrayContaining(["retrieval", "structure", "context"]),
    );
    expect(answer.domains.length).toBeGreaterThanOrEqual(3);
    expect(answer.domains.length).toBeLessThanOrEqual(5);
    expect(answer.confidence).toBeGreaterThan(0.5);
  });

  it("keeps a narrow intent narrow", ({ expect }) => {
    const answer = routeByOverlap(system, "apply a patch");
    expect(answer.domains).toEqual(["editing"]);
  });

  it("answers plain conversation with no domain and zero confidence", ({ expect }) => {
    expect(routeByOverlap(system, "hello, how are you?")).toEqual({ domains: [], confidence: 0 });
  });

  it("reports low confidence when most of the intent matches nothing", ({ expect }) => {
    const answer = routeByOverlap(system, "bake sourdough bread with rye flour and save it");
    expect(answer.confidence).toBeLessThan(0.3);
  });

  it("is deterministic", ({ expect }) => {
    const intent = "compute the sum of two artifact values and save the result";
    expect(routeByOverlap(system, intent)).toEqual(routeByOverlap(system, intent));
  });

  it("routes a mission that says 'call' to the domain of callers", ({ expect }) => {
    expect(routeByOverlap(system, "Which files call parseConfig?").domains).toContain("structure");
  });
});
