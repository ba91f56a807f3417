// `npm run bench:horizon`: a seeded 200-move mission over 20 fact files whose
// values change mid-mission, run in one process by three agents on the same
// stand-in model (bench/horizon/model-server.ts): Lethe (a real AgentSession on a
// cluster booted here, strict mode), a full-history ReAct loop, a sliding window
// and a summarising agent (the same model compacts its history). Prints prompt tokens and end-of-mission recall; exits 1 if Lethe misses
// a target (tokens of every Lethe call, router and compressor included, <= 1/10 of full history;
// 100% recall of current values).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createHiveKey, newAdminToken } from "../harness/admin.ts";
import { loadTokenizer } from "../shared/context/tokens.ts";
import { api, type Api } from "../scripts/lib/api.ts";
import { freePort, startCluster, type Cluster } from "../harness/dev-server.ts";
import { runBaseline } from "./horizon/baselines.ts";
import { factName, factPath } from "./horizon/files.ts";
import { callLabel, committedCalls, transcript, runLethe, writeFiles } from "./horizon/lethe.ts";
import {
  FACT_COUNT,
  generateMission,
  isProfileName,
  missionText,
  type Change,
} from "./horizon/mission.ts";
import { startModelServer, STAND_IN_MODEL, type AgentUsage } from "./horizon/model-server.ts";
import { parseRecall } from "./horizon/rules.ts";

const CLUSTER_PORT = await freePort();
const MODEL_PORT = await freePort();
const SEED = Number(process.env.HORIZON_SEED ?? 20_261_122);
const HIVE = "horizon";
/**
 * Messages the sliding window keeps besides the mission: 16 is its last four
 * read/record rounds (four file texts), which puts its mean prompt next to
 * Lethe's (both printed below); 8 would halve it.
 */
const WINDOW_MESSAGES = 16;
/** Issue 10's targets. */
const TOKEN_RATIO_TARGET = 1 / 10;
const RECALL_TARGET = 1;
/** Lethe's mission must end well inside the bench's ~3 minutes. */
const LETHE_DEADLINE_MS = 240_000;

const PROFILE = process.env.HORIZON_PROFILE ?? "default";
if (!isProfileName(PROFILE)) {
  throw new Error(`HORIZON_PROFILE must be default or churn, not ${PROFILE}`);
}
const mission = generateMission(SEED, PROFILE);
const tokenizer = await loadTokenizer(STAND_IN_MODEL);
const tags = {
  lethe: "lethe",
  full: "full-history",
  window: "sliding-window",
  summary: "summarising",
} as const;
/** The summarising agent compacts at this many history messages, keeping the last few. */
const COMPACT = { at: 48, keep: 4 };
const baselineFiles = new Map<string, Map<string, string>>([
  [tags.full, new Map(Object.entries(mission.files))],
  [tags.window, new Map(Object.entries(mission.files))],
  [tags.summary, new Map(Object.entries(mission.files))],
]);
const changesAt = new Map<number, Change[]>();
for (const change of mission.changes) {
  changesAt.set(change.at, [...(changesAt.get(change.at) ?? []), change]);
}
let lethe: Api | null = null;

const model = await startModelServer({
  port: MODEL_PORT,
  mission,
  tokenizer,
  // A change lands before the agent's move at its position, in that agent's own files.
  async beforeMove(tag, index) {
    for (const change of changesAt.get(index) ?? []) {
      const file = factPath(change.fact);
      if (tag === tags.lethe) {
        if (lethe === null) {
          throw new Error("Lethe asked for a move before its hive was ready");
        }
        await writeFiles(
          lethe,
          HIVE,
          { [file]: change.content },
          `${factName(change.fact)} changes`,
        );
      } else {
        baselineFiles.get(tag)?.set(file, change.content);
      }
    }
  },
});

const out = (line = "") => process.stdout.write(`${line}\n`);
const persistTo = mkdtempSync(path.join(tmpdir(), "lethe-bench-horizon-"));
const admin = newAdminToken();
let cluster: Cluster | null = null;
let exitCode = 0;
try {
  const started = performance.now();
  out(
    `long-horizon benchmark, seed ${SEED} (HORIZON_SEED), profile ${PROFILE} (HORIZON_PROFILE=default|churn)`,
  );
  out(`starting the cluster on port ${CLUSTER_PORT}, the stand-in model on ${MODEL_PORT}...`);
  const booting = startCluster({
    port: CLUSTER_PORT,
    persistTo,
    vars: { LETHE_ADMIN_TOKEN: admin, LETHE_MODEL_BASE_URL: model.url },
  });
  // The baselines need no cluster: they run while it boots.
  const maxSteps = mission.moves.length + 5;
  const baselines = Promise.all([
    runBaseline({
      baseURL: model.url,
      mission: missionText(tags.full),
      files: baselineFiles.get(tags.full) ?? new Map(),
      maxSteps,
    }),
    runBaseline({
      baseURL: model.url,
      mission: missionText(tags.window),
      files: baselineFiles.get(tags.window) ?? new Map(),
      window: WINDOW_MESSAGES,
      maxSteps,
    }),
    runBaseline({
      baseURL: model.url,
      mission: missionText(tags.summary),
      files: baselineFiles.get(tags.summary) ?? new Map(),
      compact: COMPACT,
      maxSteps,
    }),
  ]);
  // Settle both before anything throws, so a failed boot never leaves a loop running.
  const [booted, ran] = await Promise.allSettled([booting, baselines]);
  if (booted.status === "rejected") {
    throw booted.reason;
  }
  cluster = booted.value;
  if (ran.status === "rejected") {
    throw ran.reason;
  }
  const [full, window, summarising] = ran.value;

  const { key } = await createHiveKey(cluster.url, admin, HIVE, "bench");
  lethe = api(cluster.url, key);
  await writeFiles(lethe, HIVE, mission.files, "horizon mission: initial fact files");
  const letheMission = missionText(tags.lethe);
  const run = await runLethe(lethe, {
    hive: HIVE,
    mission: letheMission,
    stepBudget: mission.moves.length + 10,
    deadlineMs: LETHE_DEADLINE_MS,
  });
  const turns = await transcript(lethe, run.id);
  // The session's own figures, recounted from its trace: compactions and model calls.
  const figures = (await lethe.call("GET", `/v1/sessions/${run.id}/metrics`)) as {
    metrics?: {
      modelCalls?: number;
      compactions?: { count: number; tokensBefore: number; tokensAfter: number };
      router?: Record<string, number>;
    };
  };
  // The router's and the compressor's calls reach the model server like the agent's.
  const service = Object.values(model.serviceCalls());
  const own = {
    calls: service.reduce((n, s) => n + s.calls, 0),
    tokens: service.reduce((n, s) => n + s.promptTokens, 0),
  };
  // Every answer the stand-in gave Lethe should be a committed step; a step the loop
  // re-ran (a failure before its commit) asks again and shifts the schedule by one.
  const committed = committedCalls(turns);
  const lost: string[] = [];
  let next = 0;
  for (const answer of model.answers(tags.lethe)) {
    if (answer.tool !== null && committed[next] === callLabel(answer.tool, answer.args)) {
      next++;
    } else {
      lost.push(String(answer.index));
    }
  }

  const recall = (answer: string) => {
    const stated = parseRecall(answer);
    let right = 0;
    for (let f = 1; f <= FACT_COUNT; f++) {
      right += stated.get(f) === mission.truth[f] ? 1 : 0;
    }
    return right;
  };
  const letheRecall = recall(run.summary);
  const fullRecall = recall(full.answer);
  const windowRecall = recall(window.answer);
  const summaryRecall = recall(summarising.answer);
  const usage = {
    lethe: model.usage(tags.lethe),
    full: model.usage(tags.full),
    window: model.usage(tags.window),
    summary: model.usage(tags.summary),
  };
  // Recall by fact category: changed mid-mission, read only early, the rest.
  const changedFacts = new Set(mission.changes.map((c) => c.fact));
  const earlyFacts = new Set(mission.early);
  const category = (f: number) =>
    changedFacts.has(f) ? "changed" : earlyFacts.has(f) ? "early only" : "other";
  const byCategory = (answer: string) => {
    const stated = parseRecall(answer);
    const totals: Record<string, { right: number; of: number }> = {};
    for (let f = 1; f <= FACT_COUNT; f++) {
      const t = (totals[category(f)] ??= { right: 0, of: 0 });
      t.of++;
      t.right += stated.get(f) === mission.truth[f] ? 1 : 0;
    }
    return Object.entries(totals)
      .map(([name, t]) => `${name} ${t.right}/${t.of}`)
      .join(", ");
  };

  const changed = new Set(mission.changes.map((c) => c.fact));
  out(
    `mission: ${FACT_COUNT} fact files (${mission.moves.length - 1} moves: read/stage a file, save/record its FACT; then the final answer)`,
  );
  out(
    `  ${mission.changes.length} value changes across ${changed.size} facts; facts read only early: ${mission.early.map(factName).join(", ")}`,
  );
  out(
    "  model: in-process OpenAI-compatible stand-in, same seeded schedule for every agent; every value it writes is read from the prompt it was sent",
  );
  out(
    `  counted: prompt tokens of every request at the stand-in (${tokenizer.encoding}): all messages with OpenAI's per-message overhead, plus the tool definitions as JSON`,
  );
  out(
    `  Lethe: session ${run.id}, ${run.status} after ${run.steps} steps in ${(run.elapsedMs / 1000).toFixed(1)} s; trace ${Object.entries(
      run.events,
    )
      .map(([k, n]) => `${k} ${n}`)
      .join(", ")}; failed tools ${run.toolErrors}`,
  );
  out(
    lost.length === 0
      ? "  every answer the stand-in gave Lethe became a committed step"
      : `  answers the stand-in gave Lethe that no committed step carries (a re-run step): moves ${lost.join(", ")}`,
  );
  const repeated = model.answers(tags.lethe).filter((a) => a.repeated);
  if (repeated.length > 0) {
    out(
      `  requests that repeated Lethe's previous prompt exactly (a retried call or a re-run step): moves ${repeated.map((a) => a.index).join(", ")}`,
    );
  }
  if (run.refusals.length > 0) {
    out(`  refused by the gatekeeper: ${run.refusals.join("; ")}`);
  }
  out(
    `  tools offered to Lethe (requests offering each): ${Object.entries(usage.lethe.offered)
      .map(([name, n]) => `${name} ${n}`)
      .join(", ")}`,
  );
  out(
    `  baselines: full history ${full.steps} tool steps (${full.historyMessages} messages at the end), sliding window ${window.steps} tool steps, K = ${WINDOW_MESSAGES} messages`,
  );
  out();
  const row = (name: string, u: AgentUsage, right: number) =>
    out(
      `${name.padEnd(30)} ${String(u.requests).padStart(8)} ${String(u.promptTokens).padStart(14)} ${String(Math.round(u.promptTokens / Math.max(1, u.requests))).padStart(12)} ${String(u.largestPrompt).padStart(9)} ${String(u.toolTokens).padStart(10)} ${`${right}/${FACT_COUNT}`.padStart(8)}`,
    );
  out(
    `${"agent".padEnd(30)} ${"requests".padStart(8)} ${"prompt tokens".padStart(14)} ${"mean/request".padStart(12)} ${"largest".padStart(9)} ${"tool defs".padStart(10)} ${"recall".padStart(8)}`,
  );
  row("Lethe (strict, monitor)", usage.lethe, letheRecall);
  row("full-history ReAct", usage.full, fullRecall);
  row(`sliding window (K=${WINDOW_MESSAGES})`, usage.window, windowRecall);
  row(`summarising (compact@${COMPACT.at}, keep ${COMPACT.keep})`, usage.summary, summaryRecall);
  out(
    `  summarising agent: ${summarising.compactions} compactions by the same stand-in, their prompts counted in its requests (${usage.summary.compactions} seen by the stand-in)`,
  );
  out("  recall by fact category (right/facts):");
  out(`    Lethe: ${byCategory(run.summary)}`);
  out(`    full history: ${byCategory(full.answer)}`);
  out(`    sliding window: ${byCategory(window.answer)}`);
  out(`    summarising: ${byCategory(summarising.answer)}`);
  const parts = (u: AgentUsage) =>
    Object.entries(u.parts)
      .sort((a, b) => b[1] - a[1])
      .map(([part, n]) => `${part} ${((100 * n) / Math.max(1, u.promptTokens)).toFixed(0)}%`)
      .join(", ");
  out(`  Lethe's tokens by part: ${parts(usage.lethe)}`);
  out(`  full history's tokens by part: ${parts(usage.full)}`);
  out(
    `Lethe's own calls (router and compressor, measured at the model server): ${own.calls} calls, ${own.tokens} prompt tokens (${JSON.stringify(model.serviceCalls())}); untagged requests the stand-in refused: ${model.untagged()}`,
  );
  const compactions = figures.metrics?.compactions;
  out(
    compactions === undefined
      ? "Lethe's compactions: not exposed by GET /v1/sessions/:id/metrics"
      : `Lethe's compactions (GET /v1/sessions/:id/metrics): ${compactions.count} ran, ${compactions.tokensBefore - compactions.tokensAfter} prompt tokens saved (${compactions.tokensBefore} → ${compactions.tokensAfter}); session model calls ${figures.metrics?.modelCalls ?? "?"}; router ${JSON.stringify(figures.metrics?.router ?? {})}`,
  );
  out();
  out(
    `ratio Lethe (steps + router + compressor) / summarising agent prompt tokens: ${((usage.lethe.promptTokens + own.tokens) / Math.max(1, usage.summary.promptTokens)).toFixed(4)} (reported, no target)`,
  );
  const ratio = usage.lethe.promptTokens / Math.max(1, usage.full.promptTokens);
  // The target is judged on every model call Lethe makes: its steps, its router's and its compressor's.
  const withOwn = (usage.lethe.promptTokens + own.tokens) / Math.max(1, usage.full.promptTokens);
  const tokensOk = withOwn <= TOKEN_RATIO_TARGET;
  const recallOk = letheRecall / FACT_COUNT >= RECALL_TARGET;
  out(
    `ratio Lethe (steps + router + compressor calls) / full-history prompt tokens: ${withOwn.toFixed(4)} (1/${(1 / withOwn).toFixed(1)}); steps alone ${ratio.toFixed(4)} (1/${(1 / ratio).toFixed(1)})`,
  );
  out(`  target <= 1/10, router and compressor calls included: ${tokensOk ? "PASS" : "MISS"}`);
  out(
    `Lethe recall of current values: ${letheRecall}/${FACT_COUNT} (${((100 * letheRecall) / FACT_COUNT).toFixed(0)}%)`,
  );
  out(`  target 100%: ${recallOk ? "PASS" : "MISS"}`);
  out(
    `sliding-window recall (reported, no target): ${windowRecall}/${FACT_COUNT} (${((100 * windowRecall) / FACT_COUNT).toFixed(0)}%); full-history recall ${fullRecall}/${FACT_COUNT}; summarising recall ${summaryRecall}/${FACT_COUNT}`,
  );
  out(`wall time ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (!tokensOk || !recallOk) {
    out(
      `MISSED: ${[!tokensOk ? "token ratio" : "", !recallOk ? "recall" : ""].filter(Boolean).join(", ")}`,
    );
    exitCode = 1;
  }
} catch (error) {
  process.stderr.write(
    `bench:horizon failed: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  if (cluster !== null) {
    process.stderr.write(`cluster output (tail):\n${cluster.output().slice(-3000)}\n`);
  }
  exitCode = 1;
} finally {
  await cluster?.stop();
  await model.close();
  rmSync(persistTo, { recursive: true, force: true });
}
process.exit(exitCode);
