// One mutation on one lane (scripts/mutations.ts): the source edited, its scenario run
// on the lane's cluster (or a cluster of its own), the file restored whatever happens,
// and the report's row. Files left mutated by a stopped run are restored by restorePending.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import type { LaneCluster } from "./lane-cluster.ts";
import { SCENARIO_FILE, type Mutation } from "./mutation.ts";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

interface Ran {
  status: number | null;
  output: string;
}

/** True when the family's scenario file runs on the e2e project's shared cluster. */
export function onSharedCluster(root: string, m: Mutation): boolean {
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

export function restorePending(): void {
  for (const [file, original] of pending) {
    writeFileSync(file, original);
  }
  pending.clear();
}

/** A lane: its tree, its cluster, and the reloads its last undone mutation started. */
export interface Lane {
  root: string;
  cluster: LaneCluster;
  /** Taken before the last mutation was undone: the next write settles from here. */
  undone: ReturnType<LaneCluster["mark"]> | undefined;
}

/** Vitest's own message for a test or hook past its timeout. */
const TIMED_OUT = /\b(?:Test|Hook) timed out in \d+ms/;

export async function mutate(lane: Lane, m: Mutation): Promise<{ killed: boolean; row: string }> {
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
