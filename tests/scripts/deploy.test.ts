// `npm run deploy`: the dry run works with no account and prints every bundle's
// size against the plan's limit, and the real run, against a simulated account
// (tests/fixtures/simulated-account.ts), provisions in an order an empty account
// accepts, is idempotent, binds Workers AI in every model caller, and stops with
// a clear message on a missing secret, no model for production, an unknown
// database id or a failing migration. README's deploy commands and models.md's
// Workers AI one run here as written (the account simulated, through LETHE_WRANGLER).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "vitest";
import { ROOT } from "../../harness/cluster.ts";
import { documented } from "../docs/doc-commands.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";

const SIMULATED = path.join(ROOT, "tests/fixtures/simulated-account.ts");

function deploy(args: string[], env: Record<string, string | undefined>) {
  return finished(
    spawnSync(process.execPath, [path.join(ROOT, "scripts/deploy.ts"), ...args], options(env)),
  );
}

/** Runs the docs' `commands` (lines of one shell block) in sh, as a reader would. */
function deployAsDocumented(commands: string[], env: Record<string, string | undefined>) {
  return finished(spawnSync("sh", ["-c", commands.join("\n")], options(env)));
}

function options(env: Record<string, string | undefined>) {
  const base = { ...process.env };
  delete base.LETHE_ADMIN_TOKEN;
  delete base.LETHE_D1_DATABASE_ID;
  return { cwd: ROOT, env: { ...base, ...env }, encoding: "utf8", timeout: 300_000 } as const;
}

function finished(run: { status: number | null; stdout: string; stderr: string }) {
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

interface Account {
  d1: { name: string; uuid: string }[];
  queues: string[];
  vectorize: { name: string; config: { dimensions: number } }[];
  workers: Record<string, { secrets: string[]; deploys: number }>;
  calls: string[];
  migrations: string[];
}

function simulated() {
  const file = path.join(tempDir("account"), "account.json");
  return {
    env: (extra: Record<string, string> = {}) => ({
      LETHE_WRANGLER: SIMULATED,
      SIMULATED_ACCOUNT: file,
      ...extra,
    }),
    read: (): Account => {
      try {
        return JSON.parse(readFileSync(file, "utf8")) as Account;
      } catch {
        // Nothing was ever called: an untouched account.
        return { d1: [], queues: [], vectorize: [], workers: {}, calls: [], migrations: [] };
      }
    },
  };
}

/**
 * Every test runs `npm run deploy` as a child process, which runs wrangler (or the
 * simulated account) as children of its own: a few Node starts, 2-3 s here alone and
 * past vitest's default 5 s when the machine is loaded.
 */
const DEPLOY_RUN_TIMEOUT_MS = 60_000;

describe("npm run deploy", { timeout: DEPLOY_RUN_TIMEOUT_MS }, () => {
  it("--dry-run passes with no account, lists every step in order, and sizes every bundle against the plan", ({
    expect,
  }) => {
    const { status, out } = deployAsDocumented(
      [documented("README.md", /^npm run deploy -- --dry-run$/)],
      {},
    );
    expect(status, out).toBe(0);
    const titles = [...out.matchAll(/^\[\s*\d+\/\d+\] (\w+)\s+(.*)$/gm)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    expect(titles.map((t) => t.split(" ")[0])).toEqual([
      "secret",
      "secret",
      "secret",
      "check",
      "check",
      "resource",
      "resource",
      "resource",
      "resource",
      "config",
      "migration",
      "check",
      "worker",
      "worker",
      "worker",
      "worker",
      "worker",
      "worker",
      "worker",
      "worker",
    ]);
    const workers = titles
      .filter((t) => t.startsWith("worker"))
      .map((t) => /Worker (\S+)/.exec(t)?.[1]);
    expect(workers).toEqual([
      "lethe-model",
      "lethe-router",
      "lethe-gatekeeper",
      "lethe-compressor,",
      "lethe-relay,",
      "lethe-gateway",
      "lethe-compressor",
      "lethe-relay",
    ]);
    expect(out).toContain("D1 migrations: all apply cleanly to a scratch local database");
    expect(out).toContain("lethe-gateway: bundled (dry run, not uploaded)");
    expect(out).toContain("LETHE_ADMIN_TOKEN: NOT SET");
    expect(out).toContain("models served by Workers AI (the AI binding)");
    expect(out).toMatch(/router\s+@cf\/meta\/llama-3\.1-8b-instruct/);
    // Each of the eight bundles (the compressor and the relay twice), against the Workers Paid plan's 10 MiB.
    const sizes = [
      ...out.matchAll(
        /([\d.]+) KiB gzip \([\d.]+ KiB raw\) of the Workers Paid plan's 10240\.0 KiB: \d+%, fits/g,
      ),
    ];
    expect(sizes).toHaveLength(8);
    for (const name of ["lethe-gateway", "lethe-router", "lethe-compressor"]) {
      const config = readFileSync(path.join(ROOT, `.deploy/${name}.toml`), "utf8");
      expect(config, name).toMatch(/LETHE_ENV = "production"/);
      expect(config, name).toMatch(/\[ai\]\nbinding = "AI"/);
    }
  }, 300_000);

  it("deploys onto an empty account in an order it accepts, then again with another agent model as a no-op for resources", ({
    expect,
  }) => {
    const account = simulated();
    // README's block: its token line, then its deploy line.
    const first = deployAsDocumented(
      [
        documented("README.md", /^export LETHE_ADMIN_TOKEN=/),
        documented("README.md", /^npm run deploy$/),
      ],
      account.env(),
    );
    expect(first.status, first.out).toBe(0);
    const after = account.read();
    expect(after.d1.map((d) => d.name)).toEqual(["lethe"]);
    expect(after.queues.sort()).toEqual(["lethe-jobs", "lethe-jobs-dlq"]);
    expect(after.vectorize).toEqual([
      { name: "lethe-l3", config: { dimensions: 384, metric: "cosine" } },
    ]);
    expect(Object.keys(after.workers).sort()).toEqual([
      "lethe-compressor",
      "lethe-gatekeeper",
      "lethe-gateway",
      "lethe-model",
      "lethe-relay",
      "lethe-router",
    ]);
    expect(after.workers["lethe-gateway"]?.secrets).toEqual(["LETHE_ADMIN_TOKEN"]);
    expect(after.workers["lethe-compressor"]?.deploys).toBe(2);
    expect(after.workers["lethe-relay"]?.deploys).toBe(2);
    expect(after.migrations).toEqual(["0000_init.sql", "0001_next.sql"]);
    expect(readFileSync(path.join(ROOT, ".deploy/lethe-gateway.toml"), "utf8")).toContain(
      after.d1[0]?.uuid ?? "?",
    );

    // Again, as docs/models.md redeploys with another Workers AI model for the agent.
    const callsBefore = after.calls.length;
    const redeploy = documented("docs/models.md", /^LETHE_MODEL_AGENT=\S+ npm run deploy$/);
    const agent = /^LETHE_MODEL_AGENT=(\S+)/.exec(redeploy)?.[1] ?? "?";
    const second = deployAsDocumented([redeploy], account.env({ LETHE_ADMIN_TOKEN: "t0ken" }));
    expect(second.status, second.out).toBe(0);
    const again = account.read();
    const calls = again.calls.slice(callsBefore);
    const creates = calls.filter((c) => / create /.test(` ${c} `));
    expect(creates).toEqual([]);
    expect(again.d1).toHaveLength(1);
    expect(second.out).toContain("lethe-compressor (first pass): skipped, the gateway exists");
    expect(again.workers["lethe-compressor"]?.deploys).toBe(3);
    for (const worker of ["gateway", "router", "compressor"]) {
      const call = calls.find((c) => c.startsWith("deploy ") && c.includes(`lethe-${worker}.toml`));
      expect(call, worker).toContain(`--var LETHE_MODEL_AGENT:${agent}`);
    }
  }, 60_000);

  it("gives every Worker that calls the model its settings and key, and the admin token to the gateway alone", ({
    expect,
  }) => {
    const account = simulated();
    const run = deploy(
      [],
      account.env({
        LETHE_ADMIN_TOKEN: "t0ken",
        LETHE_MODEL_BASE_URL: "https://models.example/v1",
        LETHE_MODEL_API_KEY: "sk-deploy-test",
        LETHE_MODEL_COMPRESSION: "small-summariser",
      }),
    );
    expect(run.status, run.out).toBe(0);
    const after = account.read();
    expect(after.workers["lethe-gateway"]?.secrets.sort()).toEqual([
      "LETHE_ADMIN_TOKEN",
      "LETHE_MODEL_API_KEY",
    ]);
    expect(after.workers["lethe-router"]?.secrets).toEqual(["LETHE_MODEL_API_KEY"]);
    expect(after.workers["lethe-compressor"]?.secrets).toEqual(["LETHE_MODEL_API_KEY"]);
    expect(after.workers["lethe-gatekeeper"]?.secrets).toEqual([]);
    expect(after.workers["lethe-model"]?.secrets).toEqual([]);
    const deploys = after.calls.filter((c) => c.startsWith("deploy "));
    for (const worker of ["gateway", "router", "compressor"]) {
      const call = deploys.find((c) => c.includes(`lethe-${worker}.toml`)) ?? "";
      expect(call).toContain("--var LETHE_MODEL_COMPRESSION:small-summariser");
      expect(call).toContain("--var LETHE_MODEL_BASE_URL:https://models.example/v1");
    }
    expect(after.calls.join("\n")).not.toContain("sk-deploy-test");
  }, 60_000);

  it("refuses a production with no model before touching the account, unless the stand-in is allowed", ({
    expect,
  }) => {
    const account = simulated();
    const refused = deploy(["--without-workers-ai"], account.env({ LETHE_ADMIN_TOKEN: "t" }));
    expect(refused.status).toBe(1);
    expect(refused.out).toMatch(/step 4 failed: no model would serve production/);
    expect(refused.out).toContain("hint: drop --without-workers-ai");
    expect(refused.out).not.toMatch(/at .*\.ts:\d+/);
    expect(account.read().calls).toEqual([]);
    const dry = deploy(["--dry-run", "--without-workers-ai"], {});
    expect(dry.status).toBe(1);
    expect(dry.out).toContain("no model would serve production");

    const demo = deploy(
      ["--without-workers-ai", "--allow-stand-in"],
      account.env({ LETHE_ADMIN_TOKEN: "t" }),
    );
    expect(demo.status, demo.out).toBe(0);
    expect(demo.out).toContain("models served by the local STAND-IN");
    const deploys = account.read().calls.filter((c) => c.startsWith("deploy "));
    for (const worker of ["gateway", "router", "compressor"]) {
      const call = deploys.find((c) => c.includes(`lethe-${worker}.toml`)) ?? "";
      expect(call, worker).toContain("--var LETHE_MODEL_STAND_IN:allow");
      const config = readFileSync(path.join(ROOT, `.deploy/lethe-${worker}.toml`), "utf8");
      expect(config, worker).not.toContain("[ai]");
    }
    const gatekeeper = deploys.find((c) => c.includes("lethe-gatekeeper.toml")) ?? "";
    expect(gatekeeper).not.toContain("LETHE_MODEL_STAND_IN");
  }, 60_000);

  it("stops before touching the account when the admin token is missing", ({ expect }) => {
    const account = simulated();
    const run = deploy([], account.env());
    expect(run.status).toBe(1);
    expect(run.out).toMatch(/step 1 failed: LETHE_ADMIN_TOKEN is not set/);
    expect(run.out).toContain("hint: export LETHE_ADMIN_TOKEN=");
    expect(run.out).not.toMatch(/at .*\.ts:\d+/);
    expect(account.read().calls).toEqual([]);
  });

  it("refuses the local-only var that opens the model routes without a key", ({ expect }) => {
    const account = simulated();
    const run = deploy([], account.env({ LETHE_ADMIN_TOKEN: "t", LETHE_OPEN_MODEL_ROUTES: "1" }));
    expect(run.status).toBe(1);
    expect(run.out).toContain("LETHE_OPEN_MODEL_ROUTES is set");
    expect(account.read().workers).toEqual({});
  }, 60_000);

  it("refuses a D1 id the account does not have, before deploying anything", ({ expect }) => {
    const account = simulated();
    const run = deploy(
      [],
      account.env({
        LETHE_ADMIN_TOKEN: "t",
        LETHE_D1_DATABASE_ID: "0c0ffee0-0000-4000-8000-000000000000",
      }),
    );
    expect(run.status).toBe(1);
    expect(run.out).toContain("does not exist in this account");
    expect(account.read().workers).toEqual({});
  });

  it("reports a migration that fails halfway, deploys no Worker, and finishes on the next run", ({
    expect,
  }) => {
    const account = simulated();
    const broken = deploy(
      [],
      account.env({ LETHE_ADMIN_TOKEN: "t", SIMULATED_FAIL_MIGRATION: "0001_next.sql" }),
    );
    expect(broken.status).toBe(1);
    expect(broken.out).toContain("a D1 migration failed");
    expect(broken.out).toContain("Migration 0001_next.sql failed");
    expect(broken.out).toContain("the migrations before it are applied");
    expect(account.read().migrations).toEqual(["0000_init.sql"]);
    expect(account.read().workers).toEqual({});
    const fixed = deploy([], account.env({ LETHE_ADMIN_TOKEN: "t" }));
    expect(fixed.status, fixed.out).toBe(0);
    expect(account.read().migrations).toEqual(["0000_init.sql", "0001_next.sql"]);
  }, 60_000);

  it("says how to log in when wrangler is not authenticated", ({ expect }) => {
    const account = simulated();
    const run = deploy([], account.env({ LETHE_ADMIN_TOKEN: "t", SIMULATED_LOGGED_OUT: "1" }));
    expect(run.status).toBe(1);
    expect(run.out).toContain("hint: run `npx wrangler login`");
  });
});
