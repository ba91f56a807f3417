// Which model the capability scenarios run against (the local stand-in, or a real
// model named by LETHE_SCENARIO_MODEL_BASE_URL) and, against a real one, each
// mission's reported outcome. Re-exported by harness.ts.
import { afterAll } from "vitest";

/** Which model the scenarios run against (see README "Capability scenarios"). */
export interface ScenarioTarget {
  kind: "local" | "external";
  /** Cluster vars that point the driver at the model. */
  vars: Record<string, string>;
  label: string;
}

export function scenarioTarget(env: NodeJS.ProcessEnv): ScenarioTarget {
  const baseURL = env.LETHE_SCENARIO_MODEL_BASE_URL?.trim();
  if (!baseURL) {
    return { kind: "local", vars: {}, label: "local endpoint (deterministic policy and scripts)" };
  }
  const vars: Record<string, string> = { LETHE_MODEL_BASE_URL: baseURL };
  if (env.LETHE_SCENARIO_MODEL_API_KEY) {
    vars.LETHE_MODEL_API_KEY = env.LETHE_SCENARIO_MODEL_API_KEY;
  }
  if (env.LETHE_SCENARIO_MODEL) {
    vars.LETHE_MODEL = env.LETHE_SCENARIO_MODEL;
  }
  return { kind: "external", vars, label: `${vars.LETHE_MODEL ?? "default model"} at ${baseURL}` };
}

export const TARGET = scenarioTarget(process.env);
export const OFFLINE = TARGET.kind === "local";

/** A mission waits at most this long for its loop (a real model is slower than the local one). */
export const MISSION_TIMEOUT_MS = OFFLINE ? 90_000 : 600_000;

const reports: Array<{ scenario: string; outcome: string }> = [];
afterAll(() => {
  if (!OFFLINE && reports.length > 0) {
    // The report is the point of a run against a real model: printed, not asserted.
    process.stdout.write(
      `\nScenario outcomes on ${TARGET.label}:\n${reports.map((r) => `  ${r.scenario}: ${r.outcome}`).join("\n")}\n`,
    );
  }
});

/**
 * The mission's outcome: asserted on the local model (whose moves are known), and
 * reported, not asserted, on a real model (whose moves are its own).
 */
export async function outcome(scenario: string, check: () => void | Promise<void>) {
  if (OFFLINE) {
    await check();
    return;
  }
  try {
    await check();
    reports.push({ scenario, outcome: "achieved" });
  } catch (error) {
    reports.push({
      scenario,
      outcome: `not achieved: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
    });
  }
}
