// Mutations of the "retrieval" family (scripts/mutations.ts): retrieval: strict amnesia, rules saved as artifacts, cited facts, past versions, routing, the L1 budget.
// Each removes one capability; the family's scenario file must then fail.
import type { Mutation } from "../lib/mutation.ts";

export const RETRIEVAL: readonly Mutation[] = [
  {
    family: "retrieval",
    scenario: "cross-file retrieval under strict amnesia",
    file: "durable-objects/session/genesis.ts",
    find: "pager: emptyPagerState(config.l1Tokens, config.mode),",
    replace: 'pager: emptyPagerState(config.l1Tokens, "elastic"),',
    removes: "strict amnesia (every session's L1 becomes elastic)",
  },
  {
    family: "retrieval",
    scenario: "dynamic logic discovery",
    file: "durable-objects/session/tools/calculate.ts",
    find: "if (args.expression.trim().startsWith(RULE_PREFIX)) {",
    replace: "if (false) {",
    removes: "applying a rule saved as an artifact",
  },
  {
    family: "retrieval",
    scenario: "misleading names",
    file: "durable-objects/session/tools/save-artifact.ts",
    find: 'if (citation !== null && args.kind === "fact" && valueInText(value, citation.lines) === false) {',
    replace: "if (false) {",
    removes: "checking a fact against the line it cites",
  },
  {
    family: "retrieval",
    scenario: "state snapshotting",
    file: "durable-objects/session/tools/context-tools.ts",
    find: "    args.version,\n  );",
    replace: "    undefined,\n  );",
    removes: "reading a past workspace version",
  },
  {
    family: "retrieval",
    scenario: "cognitive load",
    file: "durable-objects/session/step/route.ts",
    find: "const routedTools = classified.tools;",
    replace: "const routedTools = TOOL_CATALOGUE.map(toolDefinition);",
    removes: "routing (every tool offered at every step)",
  },
  {
    family: "retrieval",
    scenario: "extreme efficiency",
    file: "durable-objects/session/genesis.ts",
    find: "pager: emptyPagerState(config.l1Tokens, config.mode),",
    replace: "pager: emptyPagerState(2048, config.mode),",
    removes: "the configured L1 budget",
  },
];
