// Mutations of the "wiring" family (scripts/mutations.ts): step wiring: retries, rollbacks, compaction, supersession.
// Each removes one capability; the family's scenario file must then fail.
import type { Mutation } from "../lib/mutation.ts";

export const WIRING: readonly Mutation[] = [
  {
    family: "wiring",
    scenario: "prune-for-retry",
    file: "durable-objects/session/restore-files.ts",
    find: "host.store.rollback(manifest);",
    replace: "void manifest;",
    removes: "travelling the conversation back before a retry",
  },
  {
    family: "wiring",
    scenario: "a verify-first rollback restores the files",
    file: "durable-objects/session/restore-files.ts",
    find: "const paths = since.filter((p) => !before.has(p));",
    replace: "const paths: string[] = [];",
    removes: "restoring the files a rollback covers",
  },
  {
    family: "wiring",
    scenario: "compaction",
    file: "durable-objects/session/envelope-view.ts",
    find: "? compressEnvelope(input, built, { tokenizer })",
    replace: "? null",
    removes: "compressing a section past 0.8 of its budget before the model call",
  },
  {
    family: "wiring",
    scenario: "supersession",
    file: "shared/compress/merge.ts",
    find: "const key = subjectOfKey(entry.fact.subject);",
    replace: "const key = subjectOfKey(`${entry.fact.subject} ${entry.fact.value}`);",
    removes: "merging facts by subject (a replaced value stays current beside the new one)",
  },
  {
    family: "wiring",
    scenario: "supersession",
    file: "shared/compress/merge.ts",
    find: "const newest = live.at(-1);",
    replace: "const newest = live.at(0);",
    removes: "the compressor's supersession (the oldest value of a subject stays current)",
  },
  {
    family: "wiring",
    scenario: "offers no unstage beside a lone file page",
    file: "durable-objects/session/step/route.ts",
    find: "return unpinned.length > 0 && !dropsItself;",
    replace: "return unpinned.length > 0;",
    removes: "leaving out unstage_context where strict mode drops the lone file page by itself",
  },
  {
    family: "wiring",
    scenario: "offers no unstage beside a lone file page",
    file: "shared/session/settled-turns.ts",
    find: "settled(call.function.name, next.content)",
    replace: "settled(call.function.name, next.content) && false",
    removes:
      "leaving out of the window the read/save pairs the artifacts block and L1 already show",
  },
];
