import { afterAll, describe, it } from "vitest";
import { freePort, type Cluster } from "../../harness/dev-server.ts";
import { bootCluster, hiveClient } from "./helpers.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";

const PORT = await freePort();
const persistTo = tempDir("mission-crash");
let cluster: Cluster | undefined;

afterAll(async () => {
  await cluster?.stop();
});

const FILES = [
  { path: "src/config.ts", content: "export const TIMEOUT = 30;\n" },
  { path: "src/retry.ts", content: "export const RETRIES = 4;\n" },
  { path: "src/limits.ts", content: "export const MAX_WAIT = 0;\n" },
];
const MISSION =
  "Find TIMEOUT in src/config.ts and RETRIES in src/retry.ts, save both, compute their sum and set MAX_WAIT in src/limits.ts to it.";

describe("a mission killed mid-flight", () => {
  it("resumes after a SIGKILL and a restart from its last committed step, with the same answer", async ({
    expect,
  }) => {
    cluster = await bootCluster(PORT, "mission-crash", persistTo);
    const { call } = await hiveClient(cluster, "crash");
    expect((await call("POST", "/v1/hives/crash/workspace/files", { files: FILES })).status).toBe(
      201,
    );
    const created = await call("POST", "/v1/sessions", {
      hive: "crash",
      mission: MISSION,
      l1Tokens: 512,
    });
    const id = String(created.body.id);
    await call("POST", `/v1/sessions/${id}/start`);
    // Kill the whole cluster as soon as the mission has committed a step or two.
    let before = 0;
    for (let i = 0; i < 400 && before < 2; i++) {
      before = Number(
        ((await call("GET", `/v1/sessions/${id}`)).body.view as { step: number }).step,
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await cluster.kill();
    expect(before).toBeGreaterThanOrEqual(1);

    cluster = await bootCluster(PORT, "mission-crash", persistTo);
    const afterRestart = (await call("GET", `/v1/sessions/${id}`)).body.view as { step: number };
    expect(afterRestart.step).toBeGreaterThanOrEqual(before);
    // The pending alarm resumes the loop by itself; wait for the end.
    let state = (await call("GET", `/v1/sessions/${id}/state`)).body;
    for (let i = 0; i < 600 && state.status === "running"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (await call("GET", `/v1/sessions/${id}/state`)).body;
    }
    expect(state.status).toBe("finished");
    expect(state.outcome).toMatchObject({ status: "achieved" });
    const file = await fetch(`${cluster.url}/v1/hives/crash/workspace/file?path=src/limits.ts`, {
      headers: { authorization: `Bearer ${(await hiveClient(cluster, "crash")).key}` },
    });
    expect(await file.text()).toContain("MAX_WAIT = 34;");
    const transcript = (await call("GET", `/v1/sessions/${id}/transcript?limit=200`)).body as {
      turns: Array<{ content: string }>;
    };
    // Every step once: no half-written or repeated step after the crash.
    // The calculation's result turn (its operands in the order the mission names them).
    const calls = transcript.turns.filter((t) =>
      /^(timeout \+ retries = 30 \+ 4|retries \+ timeout = 4 \+ 30) = 34/.test(t.content),
    );
    expect(calls.length).toBe(1);
  });
});
