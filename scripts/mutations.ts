// Proves the capability scenarios (tests/e2e/scenarios) assert something: for each
// scenario, one source mutation that removes its capability, then that scenario is
// run and must FAIL. Every file is restored afterwards, whatever happens.
// Two lanes run at once by default, each in a tree of its own. A scenario file on the
// e2e project's shared cluster runs on its lane's cluster, booted once and reloaded by
// wrangler dev at each change (scripts/lib/lane-cluster.ts); one that boots its own
// cluster (it reads that cluster's state directory) boots it for each mutation.
//   npm run mutations                 every mutation
//   npm run mutations -- governance   only the families or scenarios matching a word
//   npm run mutations -- --lanes=1    one at a time (MUTATIONS_LANES=1 does the same)
import { spawn, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { fileURLToPath } from "node:url";
import { LaneCluster } from "./lib/lane-cluster.ts";

export interface Mutation {
  family: string;
  /** The scenario (an `it` name prefix) that must fail. */
  scenario: string;
  file: string;
  /** Exact text in the file; the mutation refuses to run if it is not there once. */
  find: string;
  replace: string;
  /** What the mutation takes away, for the report. */
  removes: string;
}

const S = "tests/e2e/scenarios";

/** The scenario file of each family. */
export const SCENARIO_FILE: Readonly<Record<string, string>> = {
  retrieval: `${S}/retrieval.test.ts`,
  code: `${S}/code.test.ts`,
  memory: `${S}/memory.test.ts`,
  collaboration: `${S}/collaboration.test.ts`,
  governance: `${S}/governance.test.ts`,
  firewall: "tests/e2e/firewall.test.ts",
  wiring: "tests/e2e/step-wiring.test.ts",
  "clean-room": `${S}/clean-room-bytes.test.ts`,
  outcomes: `${S}/outcomes.test.ts`,
};

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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** How many mutations run at once: each lane is a tree of its own with its own cluster. */
function laneCount(argv: readonly string[]): number {
  const flag = argv.find((a) => a.startsWith("--lanes="));
  const asked = flag === undefined ? process.env.MUTATIONS_LANES : flag.slice("--lanes=".length);
  if (asked === undefined) {
    // Two lanes on two or more cores: a scenario's cluster waits on I/O for about half
    // of its run, so two at once take ~19 s where one after the other take ~30 s.
    return Math.min(2, availableParallelism());
  }
  const lanes = Number(asked);
  if (!Number.isInteger(lanes) || lanes < 1 || lanes > 8) {
    process.stderr.write(
      `--lanes must be a whole number from 1 to 8, not ${JSON.stringify(asked)}\n`,
    );
    process.exit(2);
  }
  return lanes;
}

/**
 * A copy of the working tree (tracked and untracked files git does not ignore, as they
 * are now, uncommitted edits included) that shares `node_modules`, for a second lane.
 */
function laneTree(root: string): string {
  const tree = mkdtempSync(path.join(tmpdir(), "lethe-mutations-"));
  const listed = spawnSync("git", ["ls-files", "-z", "-co", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  if (listed.status !== 0) {
    throw new Error(`git ls-files failed in ${root}: ${listed.stderr}`);
  }
  for (const file of listed.stdout.split("\0")) {
    // A file deleted but not yet staged is still listed: it is not copied.
    if (file === "" || file === "node_modules" || !existsSync(path.join(root, file))) {
      continue;
    }
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(tree, file));
  }
  symlinkSync(path.join(root, "node_modules"), path.join(tree, "node_modules"));
  return tree;
}

interface Ran {
  status: number | null;
  output: string;
}

/** True when the family's scenario file runs on the e2e project's shared cluster. */
function onSharedCluster(root: string, m: Mutation): boolean {
  const text = readFileSync(path.join(root, SCENARIO_FILE[m.family] ?? ""), "utf8");
  return /\b(?:sharedCluster|scenarioCluster)\(/.test(text);
}

function runScenario(root: string, m: Mutation, env: Record<string, string>): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, "node_modules/vitest/vitest.mjs"),
        "run",
        // The e2e project alone: no workerd project's plugin to load at each of ~50 starts.
        "--config",
        "vitest.e2e.config.ts",
        SCENARIO_FILE[m.family] ?? "",
        "-t",
        escapeRegExp(m.scenario),
      ],
      {
        cwd: root,
        env: { ...process.env, ...env, NO_COLOR: "1" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.on("close", (status) => resolve({ status, output: stripVTControlCharacters(output) }));
  });
}

/** Files a lane has mutated and not yet restored, restored if the run is stopped. */
const pending = new Map<string, string>();

function restorePending(): void {
  for (const [file, original] of pending) {
    writeFileSync(file, original);
  }
  pending.clear();
}

/** A lane: its tree, its cluster, and the reloads its last undone mutation started. */
interface Lane {
  root: string;
  cluster: LaneCluster;
  /** Taken before the last mutation was undone: the next write settles from here. */
  undone: ReturnType<LaneCluster["mark"]> | undefined;
}

/** Vitest's own message for a test or hook past its timeout. */
const TIMED_OUT = /\b(?:Test|Hook) timed out in \d+ms/;

async function mutate(lane: Lane, m: Mutation): Promise<{ killed: boolean; row: string }> {
  const file = path.join(lane.root, m.file);
  const original = readFileSync(file, "utf8");
  const started = Date.now();
  const shared = onSharedCluster(lane.root, m);
  let ran: Ran = { status: null, output: "" };
  try {
    if (!shared) {
      // The scenario boots its own cluster: the lane's would only reload for nothing.
      await lane.cluster.stop();
    }
    const mark = lane.undone ?? lane.cluster.mark();
    pending.set(file, original);
    writeFileSync(file, original.replace(m.find, m.replace));
    const env = shared ? (await lane.cluster.settle(mark), await lane.cluster.env()) : {};
    ran = await runScenario(lane.root, m, env);
    // A scenario that never ran (a cluster that did not boot on a loaded machine), or
    // that failed only by timing out (a loaded machine, or a real hang), is run once more,
    // on a fresh cluster, before it is counted: the second run decides.
    if (!/Tests\s+1 (failed|passed)/.test(ran.output) || TIMED_OUT.test(ran.output)) {
      if (shared) {
        await lane.cluster.restart();
      }
      ran = await runScenario(lane.root, m, shared ? await lane.cluster.env() : {});
    }
    if (process.env.MUTATIONS_VERBOSE) {
      process.stdout.write(ran.output);
    }
  } finally {
    lane.undone = lane.cluster.mark();
    writeFileSync(file, original);
    pending.delete(file);
  }
  if (shared && TIMED_OUT.test(ran.output)) {
    // A mission the mutation left running must not load the next scenario's cluster.
    await lane.cluster.stop();
  }
  // Killed: the scenario ran and failed (not a cluster that never booted).
  const killed = ran.status !== 0 && /Tests\s+1 failed/.test(ran.output);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const row = `${killed ? "KILLED  " : "SURVIVED"} ${m.family.padEnd(13)} ${m.scenario.padEnd(42)} removes ${m.removes} (${m.file}, ${seconds} s)`;
  return { killed, row };
}

async function main(): Promise<void> {
  const root = path.resolve(import.meta.dirname, "..");
  const args = process.argv.slice(2);
  const words = args.filter((a) => !a.startsWith("--")).map((w) => w.toLowerCase());
  const chosen = MUTATIONS.filter(
    (m) =>
      words.length === 0 ||
      words.some((w) => m.family.includes(w) || m.scenario.toLowerCase().includes(w)),
  );
  // Every mutation must apply exactly once before any runs: a stale one is a bug here.
  for (const m of chosen) {
    const text = readFileSync(path.join(root, m.file), "utf8");
    if (text.split(m.find).length !== 2) {
      process.stderr.write(`mutation for "${m.scenario}" does not apply to ${m.file}\n`);
      process.exit(2);
    }
  }
  const lanes = Math.min(laneCount(args), Math.max(1, chosen.length));
  // Lane 0 is this checkout; every other lane mutates a copy of its own, so no scenario
  // ever runs against another lane's mutation.
  const copies: string[] = [];
  const cleanUp = () => {
    restorePending();
    for (const tree of copies) {
      rmSync(tree, { recursive: true, force: true });
    }
    // The lanes' clusters end with this process (harness/dev-server.ts's supervisor).
  };
  process.on("exit", cleanUp);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => process.exit(1));
  }
  for (let lane = 1; lane < lanes; lane += 1) {
    copies.push(laneTree(root));
  }
  const laneList = [root, ...copies].map((laneRoot): Lane => ({
    root: laneRoot,
    cluster: new LaneCluster(laneRoot),
    undone: undefined,
  }));
  // Scenarios on the shared cluster first: a lane stops its cluster once only scenarios
  // that boot their own are left.
  const ordered = [
    ...chosen.filter((m) => onSharedCluster(root, m)),
    ...chosen.filter((m) => !onSharedCluster(root, m)),
  ];
  let survived = 0;
  let next = 0;
  await Promise.all(
    laneList.map(async (lane) => {
      try {
        for (let m = ordered[next]; m !== undefined; m = ordered[next]) {
          next += 1;
          const { killed, row } = await mutate(lane, m);
          survived += killed ? 0 : 1;
          process.stdout.write(`${row}\n`);
        }
      } finally {
        await lane.cluster.stop();
      }
    }),
  );
  process.stdout.write(
    `\n${chosen.length - survived} of ${chosen.length} mutations killed by their scenario (${lanes} lane${lanes === 1 ? "" : "s"})${survived > 0 ? `; ${survived} SURVIVED` : ""}\n`,
  );
  process.exit(survived === 0 ? 0 : 1);
}

if (
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
) {
  void main();
}
