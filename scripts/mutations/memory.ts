// Mutations of the "memory" family (scripts/mutations.ts): memory: the L1 pager's collection, eviction, prefetch, comparison pages, elastic mode, the task anchor.
// Each removes one capability; the family's scenario file must then fail.
import type { Mutation } from "../lib/mutation.ts";

export const MEMORY: readonly Mutation[] = [
  {
    family: "memory",
    scenario: "structural garbage collection",
    file: "durable-objects/session/step/effects.ts",
    find: "ops = [...ops, ...collected.ops];",
    replace: "ops = [...ops];",
    removes: "dropping unreachable files from L1",
  },
  {
    family: "memory",
    scenario: "LRU stress",
    file: "shared/context/pager-draft.ts",
    find: "return sa !== sb ? sa < sb : a.lastAccessStep < b.lastAccessStep;",
    replace: "return sa !== sb ? sa > sb : a.lastAccessStep > b.lastAccessStep;",
    removes: "least-recently-used eviction (the most recent page goes instead)",
  },
  {
    family: "memory",
    scenario: "prefetch",
    file: "durable-objects/session/tools/context-tools.ts",
    find: "const ahead = args.prefetch === true ? undefined : promotable(args, reads);",
    replace: "const ahead = undefined as ReturnType<typeof promotable>;",
    removes: "promotion of a prefetched page",
  },
  {
    family: "memory",
    scenario: "comparator",
    file: "durable-objects/session/tools/compare.ts",
    find: '    {\n      type: "compare_close",\n      outcome: { ok: true, result: { id, kind: "summary", sourceRef: id, content: text } },\n    },\n',
    replace: "",
    removes: "collapsing a comparison into one result page",
  },
  {
    family: "memory",
    scenario: "elastic context",
    file: "durable-objects/session/genesis.ts",
    find: "pager: emptyPagerState(config.l1Tokens, config.mode),",
    replace: 'pager: emptyPagerState(config.l1Tokens, "strict"),',
    removes: "elastic mode",
  },
  {
    family: "memory",
    scenario: "marathon",
    file: "shared/context/envelope.ts",
    find: '    { role: "system", content: renderAnchor(input.anchor, input.checkpoint) },\n  ];',
    replace:
      '    ...(input.summary !== undefined || input.history.length > 24\n      ? []\n      : [{ role: "system" as const, content: renderAnchor(input.anchor, input.checkpoint) }]),\n  ];',
    // A long run either compacts (a summary then stands for the early turns) or, when the
    // background compaction has not landed yet, carries more than 24 turns: both lose the anchor.
    removes: "the task anchor in long runs (once a summary replaces early turns, or past 24 turns)",
  },
];
