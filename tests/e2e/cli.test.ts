// `lethe run` against the whole cluster on the local model: a small directory is
// uploaded, the mission runs step by step with a progress line each, and the
// patched file holds the computed sum. Then the session commands on that session.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, it } from "vitest";
import { main } from "../../cli/lethe.ts";
import { CliError, createContext } from "../../cli/commands/context.ts";
import { createHiveKey } from "../../cli/commands/hive.ts";
import { awaitOutcome } from "../../cli/commands/run.ts";
import { RUN_EXIT } from "../../cli/commands/run-outcome.ts";
import { sessionApi } from "../../cli/commands/sessions.ts";
import { encodeScript } from "../../shared/model/script.ts";
import { E2E_ADMIN_TOKEN, sharedCluster, type SharedCluster } from "./helpers.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";

let cluster: SharedCluster;

beforeAll(async () => {
  cluster = await sharedCluster();
});

async function lethe(argv: string[], env: Record<string, string | undefined>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: { LETHE_URL: cluster.url, ...env },
  });
  return { code, out, err };
}

/** The project `lethe run` works on, with things the scan must leave out. */
function project(): string {
  const root = tempDir("cli-e2e");
  const outside = tempDir("cli-outside");
  const files: Record<string, string | Uint8Array> = {
    "src/a.ts": "// Page size.\nexport const LIMIT = 40;\n",
    "src/b.ts": "export const OFFSET = 2;\n",
    "src/c.ts": "// Where the listing stops.\nexport const TOTAL = 0;\n",
    "node_modules/dep/index.js": "module.exports = 1;\n",
    "logo.png": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00]),
  };
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), content);
  }
  writeFileSync(path.join(outside, "secret.txt"), "not yours");
  symlinkSync(path.join(outside, "secret.txt"), path.join(root, "secret.txt"));
  return root;
}

describe("lethe run", () => {
  it("uploads a directory, streams a line per step and patches the sum into the code", async ({
    expect,
  }) => {
    const hive = `cli-${Math.random().toString(36).slice(2, 8)}`;
    const run = await lethe(
      [
        "run",
        "--mission",
        "Find LIMIT in src/a.ts and OFFSET in src/b.ts, save both, compute their sum and set TOTAL in src/c.ts to it.",
        "--hive",
        hive,
        "--l1",
        "512",
        "--timeout",
        "100",
        project(),
      ],
      { LETHE_ADMIN_TOKEN: E2E_ADMIN_TOKEN },
    );
    const text = run.out.join("\n");
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    expect(text).toContain("skipped logo.png (binary)");
    expect(text).toContain("skipped node_modules/ (ignored directory)");
    expect(text).toContain("skipped secret.txt (symlink out of the directory)");
    expect(text).toContain(`uploaded 3 files`);
    const steps = run.out.filter((l) => /^step \d+\/15 {2}\S/.test(l));
    expect(steps.length).toBeGreaterThanOrEqual(4);
    expect(steps.every((l) => /\[L1 [█░]{10} \d+\/512\]/.test(l))).toBe(true);
    expect(text).toMatch(/apply_patch|write_file/);
    expect(text).toMatch(/^outcome: achieved: /m);
    const id = /session (s-[\w-]+) \(budget/.exec(text)?.[1] ?? "";
    expect(text).toContain(`trace: GET ${cluster.url}/v1/sessions/${id}/trace`);

    const key = /LETHE_KEY=(\S+)/.exec(text)?.[1] ?? "";
    const file = await fetch(`${cluster.url}/v1/hives/${hive}/workspace/file?path=src/c.ts`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(await file.text()).toContain("TOTAL = 42");

    // The session commands on the finished session, with the key run printed.
    const status = await lethe(["status", id], { LETHE_KEY: key });
    expect(status.code).toBe(0);
    expect(status.out[0]).toMatch(new RegExp(`^session ${id}: finished at step \\d+$`));
    const checkpoints = await lethe(["checkpoints", id], { LETHE_KEY: key });
    expect(checkpoints.code).toBe(0);
    const second = checkpoints.out.at(-2)?.split(" ")[0] ?? "";
    expect(second).not.toBe("");
    const fork = await lethe(["fork", id, second], { LETHE_KEY: key });
    expect(fork.code).toBe(0);
    expect(fork.out.at(-1)).toMatch(/^s-/);
    const rollback = await lethe(["rollback", fork.out.at(-1) ?? "", second], { LETHE_KEY: key });
    expect(rollback.code).toBe(0);
    const answer = await lethe(["answer", id, "carry on"], { LETHE_KEY: key });
    expect(answer.code).toBe(1);
    expect(answer.err[0]).toContain("NOT_PAUSED");
  });

  it("exits 3 (not achieved) with one line when the budget runs out unachieved", async ({
    expect,
  }) => {
    const hive = `cli-${Math.random().toString(36).slice(2, 8)}`;
    const run = await lethe(
      ["run", "-m", "Find NOTHING_HERE.", "--hive", hive, "--budget", "2", project()],
      { LETHE_ADMIN_TOKEN: E2E_ADMIN_TOKEN },
    );
    expect(run.code).toBe(RUN_EXIT.not_achieved);
    expect(run.out.filter((l) => l.startsWith("step "))).toHaveLength(2);
    expect(run.out.some((l) => l.startsWith("after 2/2  self-assessment: "))).toBe(true);
    expect(run.err).toHaveLength(1);
    expect(run.err[0]).toMatch(/^lethe: mission not_achieved: .+ \(.*lethe checkpoints s-/);
  });

  it("stops at a pause with the question and how to answer, and the answer resumes it", async ({
    expect,
  }) => {
    const hive = `cli-${Math.random().toString(36).slice(2, 8)}`;
    const { key } = await createHiveKey(cluster.url, E2E_ADMIN_TOKEN, hive, "e2e");
    const api = sessionApi(cluster.url, key);
    // A model that repeats one move: loop detection pauses the session with a question.
    const same = { tool_calls: [{ name: "search", arguments: { query: "limit" } }] };
    const created = (await api.call("POST", "", {
      hive,
      mission: "Find LIMIT.",
      script: encodeScript([same, same, same, same]),
    })) as { id: string };
    await api.call("POST", `/${created.id}/start`);
    const out: string[] = [];
    const ctx = createContext({ url: cluster.url, key, out: (l) => out.push(l), env: {} });
    const failure = await awaitOutcome(ctx, api, created.id, 15, 60_000).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(CliError);
    expect((failure as CliError).message).toMatch(new RegExp(`^session ${created.id} is paused: `));
    expect((failure as CliError).exitCode).toBe(RUN_EXIT.paused);
    expect((failure as CliError).hint).toBe(
      `answer with \`lethe answer ${created.id} "<your answer>"\``,
    );
    expect(out.filter((l) => l.startsWith("step "))).not.toHaveLength(0);

    const status = await lethe(["status", created.id], { LETHE_KEY: key });
    expect(status.out[0]).toMatch(/: paused at step \d+$/);
    expect(status.out).toContain(`answer with: lethe answer ${created.id} "<your answer>"`);
    const answered = await lethe(["answer", created.id, "search for OFFSET instead"], {
      LETHE_KEY: key,
    });
    expect(answered.code).toBe(0);
    expect(answered.out[0]).toMatch(new RegExp(`^session ${created.id} is \\w+ again at step`));
  });

  it("gives up at the deadline with one line saying how to follow the session", async ({
    expect,
  }) => {
    const hive = `cli-${Math.random().toString(36).slice(2, 8)}`;
    const { key } = await createHiveKey(cluster.url, E2E_ADMIN_TOKEN, hive, "e2e");
    const api = sessionApi(cluster.url, key);
    // Never started: it stays idle, so only the deadline can end the wait.
    const created = (await api.call("POST", "", { hive, mission: "Find LIMIT." })) as {
      id: string;
    };
    const ctx = createContext({ url: cluster.url, key, out: () => undefined, env: {} });
    const failure = await awaitOutcome(ctx, api, created.id, 15, 1).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(CliError);
    expect((failure as CliError).message).toBe(
      `no result from session ${created.id} before the deadline (it is still idle)`,
    );
    expect((failure as CliError).exitCode).toBe(RUN_EXIT.deadline);
    expect((failure as CliError).hint).toContain(`lethe status ${created.id}`);
  });

  it("fails with one line for an unknown session and a bad key", async ({ expect }) => {
    const unknown = await lethe(["status", "s-does-not-exist"], { LETHE_KEY: "lethe_nope" });
    expect(unknown.code).toBe(1);
    expect(unknown.err).toHaveLength(1);
    expect(unknown.err[0]).toMatch(/^lethe: .+ \(.+\)$/);
    const empty = tempDir("cli-empty");
    const none = await lethe(["run", "-m", "m", empty], { LETHE_ADMIN_TOKEN: E2E_ADMIN_TOKEN });
    expect(none.code).toBe(1);
    expect(none.err[0]).toContain("has no text files to work on");
  });
});
