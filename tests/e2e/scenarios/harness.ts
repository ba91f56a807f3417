// The capability scenarios' harness: the project's shared cluster (a cluster of the
// file's own against a real model), hives with fixture files, missions run by the real agent loop, and everything a scenario
// asserts read back over the public HTTP API (L1 at every step, moves and their
// results, artifacts, files, trace). The model is the local endpoint (its generic
// policy, or answers scripted in the test) unless LETHE_SCENARIO_MODEL_BASE_URL
// points the cluster at a real OpenAI-compatible model: then scripts are not sent,
// Lethe's invariants are still asserted, and each mission's outcome is reported.
// The view types and run queries live in mission-run.ts, the target in
// scenario-target.ts; this module re-exports them so a scenario has one import.
import { afterAll, beforeAll } from "vitest";
import type { Cluster } from "../../../harness/dev-server.ts";
import { startCluster } from "../../../harness/dev-server.ts";
import { encodeScript, type ScriptEntry } from "../../../shared/model/script.ts";
import {
  CLUSTER_BOOT_TIMEOUT_MS,
  E2E_ADMIN_TOKEN,
  hiveClient,
  sharedCluster,
  type SharedCluster,
} from "../helpers.ts";
import { scriptValueLeaks, type ScriptValueLeak } from "./script-check.ts";
import { tempDir } from "../../fixtures/temp-dirs.ts";
import type { ArtifactBody, HiveHandle } from "./mission-run.ts";
import { promptOf, readRun, waitForStop } from "./read-run.ts";
import { OFFLINE, TARGET } from "./scenario-target.ts";

export * from "./mission-run.ts";
export * from "./scenario-target.ts";

export interface ScenarioCluster {
  cluster: SharedCluster;
  /** A new hive named `name` plus this file's run suffix, so runs on one cluster never meet. */
  hive(name: string, files?: Record<string, string>): Promise<HiveHandle>;
}

/** Tells this file's hives apart from another run's of the same scenario on the same cluster. */
const RUN = Math.random().toString(36).slice(2, 8);

/**
 * The cluster of a scenario file (in beforeAll): the project's shared one on the local
 * model; against a real model (LETHE_SCENARIO_MODEL_BASE_URL), one of the file's own on
 * `port` (0: a free one).
 */
export function scenarioCluster(port: number, label: string): () => ScenarioCluster {
  let cluster: SharedCluster | undefined;
  let own: Cluster | undefined;
  // Longer than the project's hook timeout: it waits for a boot (its own, or the shared
  // cluster's on the first ask), which may take CLUSTER_BOOT_TIMEOUT_MS.
  beforeAll(async () => {
    if (OFFLINE) {
      cluster = await sharedCluster();
      return;
    }
    own = await startCluster({
      port,
      persistTo: tempDir(label),
      vars: { LETHE_ADMIN_TOKEN: E2E_ADMIN_TOKEN, ...TARGET.vars },
      readyTimeoutMs: CLUSTER_BOOT_TIMEOUT_MS,
    });
    cluster = own;
  }, CLUSTER_BOOT_TIMEOUT_MS + 30_000);
  afterAll(async () => {
    await own?.stop();
  });
  return () => {
    const up = cluster;
    if (up === undefined) {
      throw new Error("the scenario cluster is not up");
    }
    return { cluster: up, hive: (name, files) => openHive(up, `${name}-${RUN}`, files) };
  };
}

/** A hive on a running cluster (the shared one, or one the caller booted with its own vars). */
export async function openHive(
  cluster: { url: string },
  name: string,
  files: Record<string, string> = {},
): Promise<HiveHandle> {
  const { key, call } = await hiveClient(cluster, name);
  const auth = { authorization: `Bearer ${key}` };
  const handle: HiveHandle = {
    name,
    key,
    call,
    async write(more, message = "fixture") {
      const written = await call("POST", `/v1/hives/${name}/workspace/files`, {
        files: Object.entries(more).map(([path, content]) => ({ path, content })),
        message,
      });
      if (written.status !== 201) {
        throw new Error(`workspace write failed: ${JSON.stringify(written.body)}`);
      }
    },
    async file(path, version) {
      const response = await fetch(
        `${cluster.url}/v1/hives/${name}/workspace/file?path=${encodeURIComponent(path)}${version === undefined ? "" : `&version=${version}`}`,
        { headers: auth },
      );
      return response.status === 200 ? await response.text() : null;
    },
    async artifact(artifactKey, version) {
      const got = await call(
        "GET",
        `/v1/hives/${name}/artifacts/${artifactKey}${version === undefined ? "" : `?version=${version}`}`,
      );
      return got.status === 200 ? (got.body as unknown as ArtifactBody) : null;
    },
    async create(config) {
      const { script, hostileValues = [], handsAnswer, ...rest } = config;

      const created = await call("POST", "/v1/sessions", {
        hive: name,
        ...rest,
        ...(OFFLINE && script !== undefined ? { script: encodeScript(script) } : {}),
      });
      if (created.status !== 201) {
        throw new Error(`session refused: ${JSON.stringify(created.body)}`);
      }
      if (OFFLINE && script !== undefined) {
        scripts.set(String(created.body.id), { script, hostileValues, handsAnswer });
      }
      return String(created.body.id);
    },
    async start(id) {
      const started = await call("POST", `/v1/sessions/${id}/start`);
      if (started.status !== 200) {
        throw new Error(`start refused: ${JSON.stringify(started.body)}`);
      }
      const run = await waitForStop(handle, id);
      const scripted = scripts.get(id);
      if (scripted !== undefined) {
        const leaks = (
          await scriptValueLeaks(scripted.script, (i, calls) => promptOf(handle, run, i, calls))
        ).filter((l) => !scripted.hostileValues.some((h) => h.includes(l.value)));
        if (leaks.length > 0 && scripted.handsAnswer === undefined) {
          throw new ScriptLeakError(leaks);
        }
        if (leaks.length > 0) {
          process.stdout.write(
            `\n[script hands the answer: ${scripted.handsAnswer}] ${leaks.map((l) => l.value).join(", ")}\n`,
          );
        }
      }
      return run;
    },
    async run(config) {
      return handle.start(await handle.create(config));
    },
    read: (id) => readRun(handle, id),
  };
  if (Object.keys(files).length > 0) {
    await handle.write(files);
  }
  return handle;
}

/** The script each offline session was created with, by session id. */
const scripts = new Map<
  string,
  { script: ScriptEntry[]; hostileValues: string[]; handsAnswer: string | undefined }
>();

/** A scenario whose script carried a value the model was never shown. */
export class ScriptLeakError extends Error {
  readonly code = "SCRIPT_VALUE_NOT_IN_PROMPT";
  readonly leaks: ScriptValueLeak[];
  constructor(leaks: ScriptValueLeak[]) {
    super(leaks.map((l) => l.message).join("\n"));
    this.leaks = leaks;
  }
}

export type { ScriptEntry };
