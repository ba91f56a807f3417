// Proves the capability scenarios (tests/e2e/scenarios) assert something: for each
// scenario, one source mutation that removes its capability, then that scenario is
// run and must FAIL. Every file is restored afterwards, whatever happens.
// Two lanes run at once by default, each in a tree of its own. A scenario file on the
// e2e project's shared cluster runs on its lane's cluster, booted once and reloaded by
// wrangler dev at each change (scripts/lib/lane-cluster.ts); one that boots its own
// cluster (it reads that cluster's state directory) boots it for each mutation.
// This file is the catalogue; the runner is scripts/lib/mutation-runner.ts and beside it.
//   npm run mutations                 every mutation
//   npm run mutations -- governance   only the families or scenarios matching a word
//   npm run mutations -- --lanes=1    one at a time (MUTATIONS_LANES=1 does the same)
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Mutation } from "./lib/mutation.ts";
import { runMutations } from "./lib/mutation-runner.ts";

export type { Mutation } from "./lib/mutation.ts";
export { SCENARIO_FILE } from "./lib/mutation.ts";

/** The byte-level clean-room scenario: every entry point's redaction must be needed. */
const BYTES = "a secret met at every entry point";

export const MUTATIONS: readonly Mutation[] = [
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
    find: "const routedTools = routed.ok ? routed.value.tools",
    replace: "const routedTools = false ? routed.value.tools",
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
    file: "shared/mapper/graph.ts",
    find: "const aliased = call.receiver === null && aliases.has(call.callee);",
    replace: "const aliased = false;",
    removes: "resolving calls through aliased imports in the call graph",
  },
  {
    family: "code",
    scenario: "contract enforcement",
    file: "shared/agent/policies.ts",
    find: 'if (on.has("verify-contracts") && outcome.files.length > 0) {',
    replace: "if (false) {",
    removes: "the verify-contracts policy",
  },
  {
    family: "code",
    scenario: "legacy migration",
    file: "shared/agent/policies.ts",
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
  {
    family: "collaboration",
    scenario: "hive-mind sync",
    file: "durable-objects/session/step/prepare.ts",
    find: "...metaLines(artifacts, MAX_META_ARTIFACTS),",
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
  {
    family: "governance",
    scenario: "ignorance detection",
    file: "shared/agent/policies.ts",
    find: 'if (on.has("halt-on-missing-dependency") && outcome.output.includes(MISSING_DEPENDENCY_MARK)) {',
    replace: "if (false) {",
    removes: "halting on a missing dependency",
  },
  {
    family: "governance",
    scenario: "human friction",
    file: "durable-objects/session/step/verify-first.ts",
    find: 'if (item.freshness.reason === "contradicted") {',
    replace: "if (false) {",
    removes: "verify-first on poisoned artifacts",
  },
  {
    family: "governance",
    scenario: "strategy switch",
    file: "durable-objects/session/step/effects.ts",
    find: "const nextPersona = phases[phases.indexOf(state.persona) + 1];",
    replace: "const nextPersona = undefined as string | undefined;",
    removes: "handing over to the next persona",
  },
  {
    family: "governance",
    scenario: "clean room",
    file: "durable-objects/session/step/model.ts",
    find: "const healed = preset.cleanRoom ? cleanMove(move.value.move).move : move.value.move;",
    replace: "const healed = move.value.move;",
    removes: "redacting secrets out of a move's tool-call arguments",
  },
  // The clean room on bytes: removing the redaction at any one entry point must
  // let a secret into the state directory, a log or a prompt.
  {
    family: "clean-room",
    scenario: BYTES,
    file: "workers/gateway/routes/sessions.ts",
    find: 'const config = cleanConfig(c.req.valid("json"));',
    replace: 'const config = c.req.valid("json");',
    removes: "redacting a clean-room session's mission before it is stored",
  },
  {
    family: "clean-room",
    scenario: BYTES,
    file: "durable-objects/session/step/effects.ts",
    find: "? { ...op, page: { ...op.page, content: redactSecrets(op.page.content).text } }",
    replace: "? op",
    removes: "redacting a staged file's contents before they enter L1",
  },
  {
    family: "clean-room",
    scenario: BYTES,
    file: "shared/gatekeeper/clean-room.ts",
    find: "const args = redactDeepValue(move.args);",
    replace: "const args = { value: move.args, count: 0 };",
    removes: "redacting a move's tool-call arguments",
  },
  {
    family: "clean-room",
    scenario: BYTES,
    file: "shared/gatekeeper/clean-room.ts",
    find: "current = current.replace(BASE64_RUN, (run) => {",
    replace: "current = current.replace(/(?!)/g, (run) => {",
    removes: "decoding base64 runs that hide a secret",
  },
  {
    family: "clean-room",
    scenario: BYTES,
    file: "shared/gatekeeper/clean-room.ts",
    find: "if (ESCAPE.test(current)) {",
    replace: "if (false) {",
    removes: "decoding JSON escapes that spell a secret",
  },
  {
    family: "clean-room",
    scenario: BYTES,
    file: "shared/gatekeeper/clean-room.ts",
    find: "const half = splitPrefixAt(current);",
    replace: "const half = null as number | null;",
    removes: "redacting the first half of a secret split across two calls",
  },
  {
    family: "clean-room",
    scenario: BYTES,
    file: "durable-objects/session/step/exits.ts",
    find: "keep(ctx.preset.cleanRoom ? redactDeep(failure.raw).text : failure.raw)",
    replace: "keep(failure.raw)",
    removes: "redacting a model reply kept raw (an answer that is no move)",
  },
  {
    family: "clean-room",
    scenario: BYTES,
    file: "shared/gatekeeper/output.ts",
    find: "const redacted = redactSecrets(content);",
    replace: "const redacted = { text: content, redactions: [] };",
    removes: "redacting a tool's output before the model or the transcript sees it",
  },
  {
    family: "clean-room",
    scenario: BYTES,
    file: "shared/log.ts",
    find: "    return redactSecrets(value).text;\n",
    replace: "    return value;\n",
    removes: "redacting secrets out of structured log lines (a client's request id is logged)",
  },
  // The compact job's summariser answers are redacted too (workers/compressor/
  // redacted-summariser.ts), but no mutation removes it here: the cluster's compressor
  // calls its own local model (the MODEL binding), not this scenario's hostile server,
  // and the turns it summarises are already redacted, so removing it changes nothing
  // the scenario can see; tests/workers/compressor/redacted-summariser.test.ts proves it.

  // No mutation removes the artifact-value redaction (step/effects.ts, `artifact: preset.cleanRoom`):
  // every artifact value arrives in a move, and the move is cleaned first, so removing it
  // alone changes nothing a scenario can see (measured: it survived).
  {
    family: "governance",
    scenario: "auto-fix loop",
    file: "durable-objects/session/step/tool-exit-table.ts",
    find: "const autofixes = (f: ToolFacts): boolean => f.failed && !f.policyHalt && !f.vouched;",
    replace: "const autofixes = (_f: ToolFacts): boolean => false;",
    removes: "the auto-fix loop",
  },
  {
    family: "governance",
    scenario: "re-anchoring on drift",
    file: "durable-objects/session/step/admit.ts",
    find: "skills: config.skills ?? [],",
    replace: "skills: [],",
    removes: "the session's skills at admission",
  },
  {
    family: "governance",
    scenario: "step budget",
    file: "durable-objects/session/step/model.ts",
    find: "if (state.step >= config.stepBudget) {",
    replace: "if (false) {",
    removes: "the step budget's self-assessment",
  },
  {
    family: "governance",
    scenario: "failure taxonomy",
    file: "durable-objects/session/step/exits.ts",
    find: "const failure = verdict.failure;",
    replace: "const failure = undefined as typeof verdict.failure;",
    removes: "recovering from thrash and deadlock",
  },
  {
    family: "governance",
    scenario: "loop detection",
    file: "shared/gatekeeper/admit.ts",
    find: "const repeated = before.lastMove?.tool === move.tool && before.lastMove.argsKey === key;",
    replace: "const repeated = false as boolean;",
    removes: "loop detection",
  },
  {
    family: "firewall",
    scenario: "refuses hostile firewall files",
    file: "durable-objects/hive/firewall-store.ts",
    find: "if (!compiled.ok) {",
    replace: "if (false) {",
    removes: "refusing a firewall.yaml the gatekeeper cannot compile",
  },
  ...[
    "BLOCK refuses the move",
    "ASK pauses and asks on the socket",
    "ASK denied with `lethe answer --deny`",
  ].map((scenario): Mutation => ({
    family: "firewall",
    scenario,
    file: "durable-objects/session/step/admit.ts",
    find: "...(synced.firewallText === null ? {} : { firewall: synced.firewallText }),",
    replace: "...{},",
    removes: "handing the hive's firewall to admit",
  })),
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
    family: "outcomes",
    scenario: "a model that claims achieved without the value",
    file: "shared/agent/outcome-check.ts",
    find: 'const unsupported = claimed.status === "achieved" ? unsupportedClaim(claimed, evidence) : null;',
    replace: "const unsupported = null as string | null;",
    removes: "the outcome check (every achieved claim is reported as made)",
  },
  {
    family: "outcomes",
    scenario: "a rename is refused by the stand-in itself",
    file: "shared/model/moves/refusal.ts",
    find: 'finishMove(state, "not_achieved", `${STAND_IN_REFUSAL}',
    replace: 'finishMove(state, "achieved", `${STAND_IN_REFUSAL}',
    removes: "the stand-in's refusal to claim (its refusal claims achieved)",
  },
];

if (
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
) {
  void runMutations(MUTATIONS, path.resolve(import.meta.dirname, ".."), process.argv.slice(2));
}
