// Mutations of the "collaboration" family (scripts/mutations.ts): collaboration: hive sync, compare-and-swap, the speculative layer, deterministic tool results.
// Each removes one capability; the family's scenario file must then fail.
import type { Mutation } from "../lib/mutation.ts";

export const COLLABORATION: readonly Mutation[] = [
  {
    family: "collaboration",
    scenario: "hive-mind sync",
    file: "durable-objects/session/step/prepare.ts",
    find: "...metaLines(artifacts, MAX_META_ARTIFACTS, session),",
    replace: "...state.meta.filter(() => false),",
    removes: "syncing the hive's artifacts into the prompt",
  },
  {
    family: "collaboration",
    scenario: "self-correction",
    file: "durable-objects/session/tools/save-artifact.ts",
    find: "if (existing.version !== target.version) {",
    replace: "if (false) {",
    removes: "compare-and-swap on a superseded version",
  },
  {
    family: "collaboration",
    scenario: "failure isolation",
    file: "durable-objects/session/step/effects.ts",
    find: "config.speculative && outcome.files.length > 0 && !failed",
    replace: "false && outcome.files.length > 0 && !failed",
    removes: "the speculative hypothesis layer",
  },
  {
    family: "collaboration",
    scenario: "determinism",
    file: "durable-objects/session/tools/context-tools.ts",
    find: '    : outcome(`staged ${page.id} (${what})`, { pagerOps: [{ type: "stage", page }] });',
    replace:
      '    : outcome(`staged ${page.id} (${what}) #${Math.random()}`, { pagerOps: [{ type: "stage", page }] });',
    removes: "deterministic tool results",
  },
];
