// Mutations of the "code" family (scripts/mutations.ts): code: applied patches, aliased imports in the call graph, contracts, path isolation.
// Each removes one capability; the family's scenario file must then fail.
import type { Mutation } from "../lib/mutation.ts";

export const CODE: readonly Mutation[] = [
  {
    family: "code",
    scenario: "single-file patch",
    file: "durable-objects/session/tools/edit.ts",
    find: "{ files: [{ path: args.path, content: applied.value, baseHash: base?.hash ?? null }] },",
    replace: "{ files: [] },",
    removes: "writing an applied patch",
  },
  {
    family: "code",
    scenario: "multi-file refactor",
    file: "durable-objects/hive/workspace/mapper/graph.ts",
    find: "const aliased = call.receiver === null && aliases.has(call.callee);",
    replace: "const aliased = false;",
    removes: "resolving calls through aliased imports in the call graph",
  },
  {
    family: "code",
    scenario: "contract enforcement",
    file: "shared/governance/policies.ts",
    find: 'if (on.has("verify-contracts") && outcome.files.length > 0) {',
    replace: "if (false) {",
    removes: "the verify-contracts policy",
  },
  {
    family: "code",
    scenario: "legacy migration",
    file: "shared/governance/policies.ts",
    find: "for (const banned of contract.forbids) {",
    replace: "for (const banned of [] as string[]) {",
    removes: "a contract's forbidden (legacy) names",
  },
  {
    family: "code",
    scenario: "cross-repository work",
    file: "durable-objects/session/step/admit.ts",
    find: 'roots: config.roots ?? ["."],',
    replace: 'roots: ["."],',
    removes: "path isolation to the session's roots",
  },
];
