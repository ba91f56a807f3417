// `npm run bench:horizon`: three seeded workloads (bench/horizon/workloads.ts: logs of
// ~50k tokens, frequent updates beside look-alike keys, long chatter), each run in one
// process by Lethe (a real AgentSession on a cluster booted here, strict mode) and
// by seven baselines on the same stand-in model and policy (bench/horizon/rules.ts):
// full history cut to a 128k window, last-K (4, 8, 16), a notes block with a window
// (8, 16), and a summarising agent using Lethe's own compressor. Every call is
// counted: agent steps, ref reads, router, compressor and summariser calls.
// Per workload and agent: in-prompt recall (the current value of each fact in the
// prompt of the final answer), stale-as-current, correct answers, tokens; and one
// judged row: Lethe ≥ 95% correct and in-prompt recall, with no more tokens than the
// cheapest baseline that reaches the same recall. Exits 1 on a MISSED row.
// Knobs: HORIZON_CALLS (scheduled calls per workload, default 61), HORIZON_SEED
// (workload i gets seed + i), HORIZON_WORKLOADS=logs,updates,chatter.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createHiveKey, newAdminToken } from "../harness/admin.ts";
import { loadTokenizer } from "../shared/context/tokens.ts";
import { api, type Api } from "../scripts/lib/api.ts";
import { freePort, startCluster, type Cluster } from "../harness/dev-server.ts";
import {
  armName,
  MODEL_WINDOW,
  runBaseline,
  type Arm,
  type BaselineResult,
} from "./horizon/baselines.ts";
import { factName } from "./horizon/files.ts";
import { transcript, runLethe, writeFiles, type LetheRun } from "./horizon/lethe.ts";
import { startModelServer, STAND_IN_MODEL, type AgentUsage } from "./horizon/model-server.ts";
import { parseRecall } from "./horizon/rules.ts";
import {
  generateWorkload,
  isWorkloadName,
  missionText,
  WORKLOADS,
  type Workload,
} from "./horizon/workloads.ts";

const CLUSTER_PORT = await freePort();
const MODEL_PORT = await freePort();
const SEED = Number(process.env.HORIZON_SEED ?? 20_261_205);
const CALLS = Number(process.env.HORIZON_CALLS ?? 61);
const ASKED = (process.env.HORIZON_WORKLOADS ?? WORKLOADS.join(",")).split(",");
/** Issue 41's targets. */
const CORRECT_TARGET = 0.95;
const RECALL_TARGET = 0.95;
/** A Lethe session must end well inside the bench's minutes. */
const LETHE_DEADLINE_MS = 600_000;

const ARMS: Arm[] = [
  { kind: "full" },
  { kind: "last", k: 4 },
  { kind: "last", k: 8 },
  { kind: "last", k: 16 },
  { kind: "notes", k: 8 },
  { kind: "notes", k: 16 },
  // Folds when the raw history passes 16k tokens, keeping the last step raw.
  { kind: "summary", atTokens: 16_000, keep: 2 },
];

const unknown = ASKED.filter((w) => !isWorkloadName(w));
if (unknown.length > 0 || !Number.isInteger(CALLS) || CALLS < 9) {
  process.stderr.write(
    `HORIZON_WORKLOADS must name ${WORKLOADS.join(", ")} (got ${unknown.join(", ")}); HORIZON_CALLS an integer ≥ 9\n`,
  );
  process.exit(2);
}
const workloads = new Map<string, Workload>(
  WORKLOADS.filter((w) => ASKED.includes(w)).map((name) => [
    name,
    generateWorkload(name, SEED + WORKLOADS.indexOf(name), CALLS),
  ]),
);
const tokenizer = await loadTokenizer(STAND_IN_MODEL);
const tagOf = (workload: string, agent: string) => `${workload}:${agent}`;

/** Each baseline's own files; Lethe's live in its hive. */
const baselineFiles = new Map<string, Map<string, string>>();
const applied = new Map<string, Set<number>>();
const lethe = new Map<string, Api>();
let letheRunning = "none";

const model = await startModelServer({
  port: MODEL_PORT,
  workloads,
  tokenizer,
  serviceOwner: () => letheRunning,
  // A change lands before the agent's move at its position, in that agent's own files.
  async beforeMove(tag, index) {
    const [name = "", agent = ""] = tag.split(":");
    const workload = workloads.get(name);
    const done = applied.get(tag) ?? new Set<number>();
    applied.set(tag, done);
    for (const [i, change] of (workload?.changes ?? []).entries()) {
      if (change.at > index || done.has(i)) {
        continue;
      }
      done.add(i);
      if (agent === "lethe") {
        const client = lethe.get(name);
        if (client === undefined) {
          throw new Error("Lethe asked for a move before its hive was ready");
        }
        await writeFiles(
          client,
          hiveOf(name),
          { [change.path]: change.content },
          `${factName(change.fact)} changes`,
        );
      } else {
        baselineFiles.get(tag)?.set(change.path, change.content);
      }
    }
  },
});
const hiveOf = (workload: string) => `horizon-${workload}`;

const out = (line = "") => process.stdout.write(`${line}\n`);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
const persistTo = mkdtempSync(path.join(tmpdir(), "lethe-bench-horizon-"));
const admin = newAdminToken();
let cluster: Cluster | null = null;
let exitCode = 0;

interface Row {
  agent: string;
  usage: AgentUsage;
  serviceCalls: number;
  serviceTokens: number;
  /** Every call's prompt tokens: steps, ref reads, router, compressor, summariser. */
  tokens: number;
  calls: number;
  inPrompt: number;
  stale: number;
  correct: number;
  note: string;
}

function score(workload: Workload, tag: string, answer: string, note: string): Row {
  const usage = model.usage(tag);
  const service = Object.values(model.serviceCalls(tag));
  const serviceCalls = service.reduce((n, s) => n + s.calls, 0);
  const serviceTokens = service.reduce((n, s) => n + s.promptTokens, 0);
  const final = model.final(tag);
  const stated = parseRecall(answer);
  let inPrompt = 0;
  let stale = 0;
  let correct = 0;
  for (const f of workload.facts) {
    const truth = workload.truth[f];
    const shown = final?.values.get(f);
    inPrompt += shown === truth ? 1 : 0;
    stale +=
      shown !== undefined && shown !== truth && (workload.values[f] ?? []).includes(shown) ? 1 : 0;
    correct += stated.get(f) === truth ? 1 : 0;
  }
  return {
    agent: tag.split(":")[1] ?? tag,
    usage,
    serviceCalls,
    serviceTokens,
    tokens: usage.promptTokens + serviceTokens,
    calls: usage.requests + serviceCalls,
    inPrompt,
    stale,
    correct,
    note,
  };
}

try {
  const started = performance.now();
  out(
    `long-horizon benchmark: HORIZON_CALLS=${CALLS} scheduled calls per workload, seeds ${[...workloads.values()].map((w) => `${w.name} ${w.seed}`).join(", ")} (HORIZON_SEED=${SEED} + i), load ${load()} (1/5/15 min, ${(await import("node:os")).cpus().length} cores)`,
  );
  for (const w of workloads.values()) {
    out(`  ${w.name}: ${w.description}; ${w.calls} scheduled calls`);
  }
  out(
    "  model: one stand-in policy for every agent (bench/horizon/rules.ts): the schedule names the file to read; it saves the value it read when a save tool is offered, reads a ref when a needed value is only referenced, and writes only values its prompt shows",
  );
  out(
    `  counted: prompt tokens of every request at the stand-in (${tokenizer.encoding}), messages with OpenAI's per-message overhead plus tool definitions as JSON; service calls (router, compressor, summariser) counted for the agent that made them`,
  );
  out(`starting the cluster on port ${CLUSTER_PORT}, the stand-in model on ${MODEL_PORT}...`);
  const booting = startCluster({
    port: CLUSTER_PORT,
    persistTo,
    vars: { LETHE_ADMIN_TOKEN: admin, LETHE_MODEL_BASE_URL: model.url },
    // The machine is shared: a loaded one boots wrangler slowly.
    readyTimeoutMs: 300_000,
  });
  // The baselines need no cluster: they run while it boots, one workload at a time.
  const baselineRuns = (async () => {
    const results = new Map<string, BaselineResult>();
    for (const w of workloads.values()) {
      await Promise.all(
        ARMS.map(async (arm) => {
          const tag = tagOf(w.name, armName(arm));
          baselineFiles.set(tag, new Map(Object.entries(w.files)));
          results.set(
            tag,
            await runBaseline({
              baseURL: model.url,
              tag,
              mission: missionText(tag, w),
              arm,
              files: baselineFiles.get(tag) ?? new Map(),
              tokenizer,
              maxSteps: 4 * w.calls,
            }),
          );
        }),
      );
    }
    return results;
  })();
  const [booted, ran] = await Promise.allSettled([booting, baselineRuns]);
  if (booted.status === "rejected") {
    throw booted.reason;
  }
  cluster = booted.value;
  if (ran.status === "rejected") {
    throw ran.reason;
  }
  const baselines = ran.value;
  out(`baselines done at ${((performance.now() - started) / 1000).toFixed(0)} s, load ${load()}`);

  const runs = new Map<string, LetheRun>();
  for (const w of workloads.values()) {
    const { key } = await createHiveKey(cluster.url, admin, hiveOf(w.name), "bench");
    const client = api(cluster.url, key);
    lethe.set(w.name, client);
    await writeFiles(client, hiveOf(w.name), w.files, `horizon ${w.name}: initial files`);
    const tag = tagOf(w.name, "lethe");
    letheRunning = tag;
    const run = await runLethe(client, {
      hive: hiveOf(w.name),
      mission: missionText(tag, w),
      stepBudget: 3 * w.calls,
      deadlineMs: LETHE_DEADLINE_MS,
    });
    letheRunning = "none";
    runs.set(w.name, run);
    const turns = await transcript(client, run.id);
    out(
      `Lethe on ${w.name}: session ${run.id}, ${run.status} after ${run.steps} steps (${turns.length} turns) in ${(run.elapsedMs / 1000).toFixed(1)} s; trace ${Object.entries(
        run.events,
      )
        .map(([k, n]) => `${k} ${n}`)
        .join(
          ", ",
        )}; failed tools ${run.toolErrors}${run.refusals.length > 0 ? `; refused: ${run.refusals.join("; ")}` : ""}; load ${load()}`,
    );
  }

  const verdicts: string[] = [];
  for (const w of workloads.values()) {
    const n = w.facts.length;
    const rows: Row[] = [
      score(w, tagOf(w.name, "lethe"), runs.get(w.name)?.summary ?? "", "strict, monitor"),
      ...ARMS.map((arm) => {
        const tag = tagOf(w.name, armName(arm));
        const r = baselines.get(tag);
        const note =
          arm.kind === "full"
            ? `cut to ${MODEL_WINDOW / 1000}k: up to ${r?.dropped ?? 0} messages dropped`
            : arm.kind === "summary"
              ? `${r?.compactions ?? 0} folds at ${arm.atTokens / 1000}k raw tokens`
              : "";
        return score(w, tag, r?.answer ?? "", note);
      }),
    ];
    const lethRow = rows[0] as Row;
    out();
    out(`${w.name} (seed ${w.seed}, ${w.calls} scheduled calls, ${n} facts): ${w.description}`);
    out(
      `${"agent".padEnd(16)} ${"calls".padStart(6)} ${"extra".padStart(5)} ${"service".padStart(8)} ${"prompt tokens".padStart(14)} ${"mean/call".padStart(10)} ${"largest".padStart(8)} ${"in-prompt".padStart(9)} ${"stale".padStart(6)} ${"correct".padStart(8)} ${"× Lethe".padStart(8)}  note`,
    );
    for (const r of rows) {
      out(
        `${r.agent.padEnd(16)} ${String(r.calls).padStart(6)} ${String(r.usage.refReads).padStart(5)} ${String(r.serviceCalls).padStart(8)} ${String(r.tokens).padStart(14)} ${String(Math.round(r.tokens / Math.max(1, r.calls))).padStart(10)} ${String(r.usage.largestPrompt).padStart(8)} ${`${r.inPrompt}/${n}`.padStart(9)} ${`${r.stale}/${n}`.padStart(6)} ${`${r.correct}/${n}`.padStart(8)} ${(r.tokens / Math.max(1, lethRow.tokens)).toFixed(3).padStart(8)}  ${r.note}`,
      );
    }
    const parts = Object.entries(lethRow.usage.parts)
      .sort((a, b) => b[1] - a[1])
      .map(([part, t]) => `${part} ${((100 * t) / Math.max(1, lethRow.tokens)).toFixed(0)}%`);
    const service = Object.entries(model.serviceCalls(tagOf(w.name, "lethe")))
      .map(([marker, s]) => `${marker} ${s.calls} calls ${s.promptTokens} tokens`)
      .join(", ");
    out(
      `  Lethe's tokens by part (of all its calls): ${parts.join(", ")}; service: ${service || "none"}`,
    );
    out("  tokens by call kind (calls / prompt tokens):");
    for (const r of rows) {
      const kinds = [
        `steps ${r.usage.requests - r.usage.refReads} / ${r.usage.promptTokens - r.usage.extraTokens}`,
        `extra reads ${r.usage.refReads} / ${r.usage.extraTokens}`,
        ...Object.entries(model.serviceCalls(tagOf(w.name, r.agent))).map(
          ([marker, s]) =>
            `${marker.replace(/^\[|\]$/g, "").toLowerCase()} ${s.calls} / ${s.promptTokens}`,
        ),
      ];
      out(`    ${r.agent.padEnd(16)} ${kinds.join(", ")}`);
    }
    // The judged row: the cheapest baseline that reaches Lethe's in-prompt recall.
    const peers = rows
      .slice(1)
      .filter((r) => r.inPrompt >= lethRow.inPrompt)
      .sort((a, b) => a.tokens - b.tokens);
    const cheapest = peers[0];
    const correctOk = lethRow.correct / n >= CORRECT_TARGET;
    const recallOk = lethRow.inPrompt / n >= RECALL_TARGET;
    const tokensOk = cheapest === undefined || lethRow.tokens <= cheapest.tokens;
    const pass = correctOk && recallOk && tokensOk;
    const ratio =
      cheapest === undefined
        ? "no baseline reaches that recall"
        : `${(lethRow.tokens / cheapest.tokens).toFixed(3)}× ${cheapest.agent} (${cheapest.tokens} tokens, in-prompt ${cheapest.inPrompt}/${n})`;
    const verdict = `${w.name}: ${pass ? "PASS" : "MISSED"} — Lethe correct ${lethRow.correct}/${n}, in-prompt ${lethRow.inPrompt}/${n}, stale-as-current ${lethRow.stale}/${n}, ${lethRow.tokens} tokens = ${ratio}${pass ? "" : ` [missed: ${[!correctOk ? "correct < 95%" : "", !recallOk ? "in-prompt recall < 95%" : "", !tokensOk ? "more tokens than the cheapest same-recall baseline" : ""].filter(Boolean).join(", ")}]`}`;
    verdicts.push(verdict);
    if (!pass) {
      exitCode = 1;
    }
  }
  out();
  out(
    `judged (target: Lethe ≥ 95% correct and in-prompt recall, tokens ≤ the cheapest baseline with the same in-prompt recall, all calls counted):`,
  );
  for (const v of verdicts) {
    out(`  ${v}`);
  }
  out(`untagged requests the stand-in refused: ${model.untagged()}`);
  out(`wall time ${((performance.now() - started) / 1000).toFixed(1)} s, load ${load()}`);
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
