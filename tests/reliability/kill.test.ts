// Kill tests: SIGKILL the whole cluster while a mission is mid-flight and a
// burst of writes is under way, restart it on the same state, and check every
// acknowledged write, every mission's answer and the D1 mirror (reconciled, no
// gap); and SIGKILL `npm start` itself, then start again on the same state: the
// owner-only env file holding the admin token that the kill left is removed, and
// the new one is owner-only (0600) too.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, it } from "vitest";
import { createHiveKey } from "../../cli/commands/hive.ts";
import { ROOT, nodeForWrangler } from "../../harness/cluster.ts";
import { freePort, type Cluster } from "../../harness/dev-server.ts";
import { E2E_ADMIN_TOKEN } from "../e2e/helpers.ts";
import { makeArtifact } from "../shared/hive/fixtures.ts";
import { FULL, bootReliabilityCluster, report } from "./helpers.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";

const clusters: Cluster[] = [];
/** `npm start` processes this file started (each owns its cluster's supervisor). */
const starts: ChildProcess[] = [];

afterAll(async () => {
  for (const c of clusters) {
    await c.stop().catch(() => undefined);
  }
  for (const child of starts) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
    }
  }
});

const FILES = [
  { path: "src/config.ts", content: "export const TIMEOUT = 30;\n" },
  { path: "src/retry.ts", content: "export const RETRIES = 4;\n" },
  { path: "src/limits.ts", content: "export const MAX_WAIT = 0;\n" },
];
const MISSION =
  "Find TIMEOUT in src/config.ts and RETRIES in src/retry.ts, save both, compute their sum and set MAX_WAIT in src/limits.ts to it.";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(url: string, key: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as Record<string, unknown> };
}

describe("reliability: kills", () => {
  it(
    "loses no acknowledged write, resumes every mission and leaves no mirror gap across SIGKILLs mid-mission and mid-burst",
    async ({ expect }) => {
      const persistTo = tempDir("kill");
      const hive = "killed";
      const rounds = FULL ? 5 : 1;
      // Writes acknowledged in a round before its kill (the writers keep going).
      const burst = FULL ? 40 : 30;
      const started = performance.now();
      let cluster = await bootReliabilityCluster(persistTo);
      clusters.push(cluster);
      const bootMs = [Math.round(performance.now() - started)];
      const { key } = await createHiveKey(cluster.url, E2E_ADMIN_TOKEN, hive, "kill");
      const acked = new Set<string>();
      const missions: Array<{
        hive: string;
        key: string;
        id: string;
        stepAtKill: number;
        running: boolean;
      }> = [];
      let n = 0;
      for (let round = 0; round < rounds; round++) {
        const url = cluster.url;
        // A mission of its own hive (its own files), started before the burst.
        const mHive = `crash-${round}`;
        const m = await createHiveKey(url, E2E_ADMIN_TOKEN, mHive, "kill");
        expect(
          (await call(url, m.key, "POST", `/v1/hives/${mHive}/workspace/files`, { files: FILES }))
            .status,
        ).toBe(201);
        const created = await call(url, m.key, "POST", "/v1/sessions", {
          hive: mHive,
          mission: MISSION,
          l1Tokens: 512,
        });
        const id = String(created.body.id);
        let killed = false;
        const writer = async () => {
          while (!killed) {
            n++;
            const wid = `k.${n}`;
            try {
              const response = await fetch(`${url}/v1/hives/${hive}/artifacts`, {
                method: "POST",
                headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
                body: JSON.stringify({
                  idempotencyKey: wid,
                  artifact: makeArtifact({ identifier: wid, value: n }),
                }),
                signal: AbortSignal.timeout(10_000),
              });
              if (response.status === 200) {
                acked.add(wid);
              }
            } catch {
              // The cluster died under this request: it was never acknowledged.
              return;
            }
          }
        };
        const writers = Array.from({ length: 8 }, writer);
        const before = acked.size;
        // The burst first (or 60 s on a slow machine), then the mission: the kill
        // lands as soon as the mission has committed a step, while it still runs.
        const deadline = Date.now() + 60_000;
        while (Date.now() < deadline && acked.size - before < burst) {
          await sleep(20);
        }
        await call(url, m.key, "POST", `/v1/sessions/${id}/start`);
        let step = 0;
        let status = "";
        const stepDeadline = Date.now() + 60_000;
        while (Date.now() < stepDeadline && step < 1) {
          const view = await call(url, m.key, "GET", `/v1/sessions/${id}`).catch(() => null);
          const v = view?.body.view as { step?: number; status?: string } | undefined;
          step = Number(v?.step ?? 0);
          status = String(v?.status ?? "");
          await sleep(step < 1 ? 20 : 0);
        }
        await cluster.kill();
        killed = true;
        await Promise.all(writers);
        const running = status === "running";
        missions.push({ hive: mHive, key: m.key, id, stepAtKill: step, running });
        const boot = performance.now();
        cluster = await bootReliabilityCluster(persistTo);
        clusters.push(cluster);
        bootMs.push(Math.round(performance.now() - boot));
      }
      let lost = 0;
      for (const wid of acked) {
        const response = await fetch(`${cluster.url}/v1/hives/${hive}/artifacts/${wid}`, {
          headers: { authorization: `Bearer ${key}` },
        });
        if (response.status !== 200) {
          lost++;
        }
      }
      // Every mission resumes from its last committed step and finishes with the answer.
      let resumed = 0;
      for (const m of missions) {
        let state = (await call(cluster.url, m.key, "GET", `/v1/sessions/${m.id}/state`)).body;
        const until = Date.now() + 120_000;
        while (state.status === "running" && Date.now() < until) {
          await sleep(250);
          state = (await call(cluster.url, m.key, "GET", `/v1/sessions/${m.id}/state`)).body;
        }
        const file = await fetch(
          `${cluster.url}/v1/hives/${m.hive}/workspace/file?path=src/limits.ts`,
          { headers: { authorization: `Bearer ${m.key}` } },
        );
        const achieved = (state.outcome as { status?: string } | undefined)?.status === "achieved";
        if (state.status === "finished" && achieved && (await file.text()).includes("= 34;")) {
          resumed++;
        }
      }
      // The mirror: reconcile until D1 holds every event through the head.
      const events = await fetch(`${cluster.url}/v1/hives/${hive}/events?since=0&limit=1`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const head = ((await events.json()) as { head: number }).head;
      let mirror = { sent: 0, confirmed: 0, resent: 0 };
      let resent = 0;
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        const r = await fetch(`${cluster.url}/v1/hives/${hive}/mirror/reconcile`, {
          method: "POST",
          headers: { authorization: `Bearer ${key}` },
        });
        mirror = (await r.json()) as typeof mirror;
        resent += mirror.resent;
        if (mirror.confirmed >= head) {
          break;
        }
        await sleep(1_000);
      }
      report("kills", {
        kills: rounds,
        bootMs,
        missionsKilled: missions.length,
        missionsKilledAfterAStep: missions.filter((m) => m.stepAtKill >= 1).length,
        missionsRunningAtKill: missions.filter((m) => m.running).length,
        missionsResumedWithAnswer: resumed,
        acknowledgedWrites: acked.size,
        acknowledgedLost: lost,
        head,
        mirrorConfirmed: mirror.confirmed,
        mirrorGaps: head - mirror.confirmed,
        mirrorResent: resent,
        seconds: Math.round((performance.now() - started) / 1000),
      });
      expect(lost).toBe(0);
      expect(resumed).toBe(missions.length);
      expect(mirror.confirmed).toBe(head);
    },
    FULL ? 1_500_000 : 300_000,
  );
});

/** The owner-only variables files harness/dev-server.ts writes into the state directory. */
const VARS_FILE = /^\.cluster-vars-\d+\.env$/;

function varsFiles(persistTo: string) {
  return readdirSync(persistTo)
    .filter((name) => VARS_FILE.test(name))
    .map((name) => {
      const file = path.join(persistTo, name);
      return { name, mode: statSync(file).mode & 0o777, text: readFileSync(file, "utf8") };
    });
}

/** `npm start --no-demo` on `port` and `persistTo`, resolved once it prints that it is running. */
async function npmStart(port: number, persistTo: string, adminToken: string) {
  const child = spawn(
    nodeForWrangler(),
    [
      path.join(ROOT, "scripts", "start.ts"),
      "--no-demo",
      "--port",
      String(port),
      "--persist-to",
      persistTo,
    ],
    {
      cwd: ROOT,
      env: { ...process.env, LETHE_ADMIN_TOKEN: adminToken },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  starts.push(child);
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const ready = new Promise<boolean>((resolve) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (output.includes("Lethe is running at")) {
        resolve(true);
      }
    };
    child.stdout?.on("data", seen);
    child.stderr?.on("data", seen);
    void exited.then(() => resolve(false));
    setTimeout(() => resolve(false), 300_000);
  });
  return { child, exited, ready, output: () => output };
}

async function portAnswers(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    // Refused or no answer: nothing serves the port any more.
    return false;
  }
}

describe("reliability: kills of npm start", () => {
  it("the env file holding the admin token that a SIGKILL of npm start left is removed at the next start; the new one is 0600", async ({
    expect,
  }) => {
    const persistTo = tempDir("kill-start");
    const port = await freePort();
    const adminToken = `admin-${crypto.randomUUID()}`;
    const first = await npmStart(port, persistTo, adminToken);
    expect(await first.ready, first.output().slice(-2_000)).toBe(true);
    const before = varsFiles(persistTo);
    first.child.kill("SIGKILL");
    await first.exited;
    // The supervisor ends wrangler and workerd once its parent is gone.
    const downBy = Date.now() + 60_000;
    while ((await portAnswers(port)) && Date.now() < downBy) {
      await new Promise((r) => setTimeout(r, 250));
    }
    const clusterDown = !(await portAnswers(port));
    // What the kill left: the cleanup that removes the file on exit never ran.
    const left = varsFiles(persistTo);

    const second = await npmStart(port, persistTo, adminToken);
    const restarted = await second.ready;
    const after = varsFiles(persistTo);
    const admin = await fetch(`http://127.0.0.1:${port}/v1/admin/hives/demo/keys`, {
      headers: { authorization: `Bearer ${adminToken}` },
    }).then((r) => r.status);
    second.child.kill("SIGTERM");
    await Promise.race([second.exited, new Promise((r) => setTimeout(r, 30_000))]);
    const afterStop = varsFiles(persistTo);
    report("kills.npm-start.vars-file", {
      firstPid: first.child.pid,
      secondPid: second.child.pid,
      before: before.map((f) => [f.name, f.mode.toString(8)]),
      clusterDownAfterKill: clusterDown,
      leftByKill: left.map((f) => f.name),
      afterRestart: after.map((f) => [f.name, f.mode.toString(8)]),
      adminAfterRestart: admin,
      afterCleanStop: afterStop.map((f) => f.name),
    });
    const firstFile = `.cluster-vars-${first.child.pid}.env`;
    const secondFile = `.cluster-vars-${second.child.pid}.env`;
    // While running: one file, owner-only, holding the token (never the command line).
    expect(before.map((f) => [f.name, f.mode])).toEqual([[firstFile, 0o600]]);
    expect(before[0]?.text).toContain(adminToken);
    expect(clusterDown).toBe(true);
    expect(left.map((f) => f.name)).toEqual([firstFile]);
    // The next start removed it and wrote its own, owner-only.
    expect(restarted, second.output().slice(-2_000)).toBe(true);
    expect(after.map((f) => [f.name, f.mode])).toEqual([[secondFile, 0o600]]);
    expect(admin).toBe(200);
    // A clean stop removes its own.
    expect(afterStop).toEqual([]);
  }, 900_000);
});
