// The test projects: `unit` (Node: the pure code under shared/, the typed client, the
// CLI, scripts, benches' pure parts, the docs), `workers` (inside workerd with every
// binding real; `workers-evict` holds its files that evict every Durable Object), `e2e`
// (the whole cluster booted with wrangler, driven by real clients), `reliability`
// (hostile inputs and kills against a live cluster), `testing` (lethe/testing and
// lethe/agents from a user's side) and `agents-pool` (the agents-chat example in the pool).
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { cloudflareTest, readD1Migrations, type D1Migration } from "@cloudflare/vitest-plugin";
import { configDefaults, defineConfig } from "vitest/config";
import { WORKERS } from "./harness/cluster.ts";
import { E2E_PROJECT } from "./tests/e2e/project.ts";
import { buildWorkers, type BuiltWorker } from "./harness/build.ts";
import { isolatedConfig } from "./harness/config-paths.ts";
import { lethePoolMiniflare } from "./packages/testing/vitest-pool.ts";
import { newHiveKey, workerOptionsWithoutLocalSecrets } from "./packages/testing/miniflare.ts";

type PoolOptions = Exclude<Parameters<typeof cloudflareTest>[0], (...args: never[]) => unknown>;
type AuxiliaryWorker = NonNullable<NonNullable<PoolOptions["miniflare"]>["workers"]>[number];

/** The vitest pool's name for the main (gateway) Worker of a project (its runner). */
function runnerWorker(project: string): string {
  return `vitest-plugin-runner-${project}`;
}

function toRunner(
  durableObjects: AuxiliaryWorker["durableObjects"],
  runner: string,
): AuxiliaryWorker["durableObjects"] {
  if (durableObjects === undefined) {
    return undefined;
  }
  return Object.fromEntries(
    Object.entries(durableObjects).map(([name, d]) => [
      name,
      typeof d === "object" && d.scriptName === WORKERS[0]?.name
        ? { className: d.className, scriptName: runner }
        : d,
    ]),
  );
}

/** The sources the auxiliary Workers' bundles and the D1 migrations are made from. */
const AUXILIARY_SOURCES = ["workers", "shared", "durable-objects", "migrations"];

/** The newest modification time and the count of the files under `dirs`: changes when any is edited, added or removed. */
function sourcesFingerprint(dirs: readonly string[]): string {
  let newest = 0;
  let count = 0;
  for (const dir of dirs) {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) {
        count += 1;
        newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
      }
    }
  }
  return `${count}:${newest}`;
}

/** The bundles and the migrations of the last build, and the sources they were made from. */
let prepared: { fingerprint: string; built: Promise<[BuiltWorker[], D1Migration[]]> } | undefined;

/**
 * The auxiliary Workers bundled and the D1 migrations read, once per state of their
 * sources: the pool asks for its options each time it starts a runner, and four
 * `wrangler deploy --dry-run` (~12 s, blocking vitest's own process) each time
 * would cost the same again for every runner. An edit (watch mode) builds anew.
 */
function buildAuxiliary(): Promise<[BuiltWorker[], D1Migration[]]> {
  const fingerprint = sourcesFingerprint(AUXILIARY_SOURCES);
  if (prepared?.fingerprint !== fingerprint) {
    const built = Promise.all([
      Promise.resolve().then(() => buildWorkers(WORKERS.slice(1).map((w) => w.name))),
      readD1Migrations("./migrations"),
    ]);
    prepared = { fingerprint, built };
    // A failed build is not kept: the next runner tries again and reports its own error.
    built.catch(() => {
      if (prepared?.built === built) {
        prepared = undefined;
      }
    });
  }
  return prepared.built;
}

async function workersPoolOptions(project: string): Promise<PoolOptions> {
  // The gateway runs from source; the Workers it binds run as auxiliary Workers,
  // which must be pre-built bundles configured from their own wrangler.toml.
  const [builtWorkers, migrations] = await buildAuxiliary();
  // Fresh option objects for every runner: the pool edits the options it is given.
  const auxiliary = builtWorkers.map((built) => {
    // No .dev.vars or .env beside the Worker's config is read (lethe/testing's reader).
    const w = workerOptionsWithoutLocalSecrets(built.config).workerOptions as AuxiliaryWorker;
    // Only the bindings these Workers use: the full set carries options that
    // the vitest pool's v4 conversion refuses.
    return {
      name: built.name,
      modules: true,
      scriptPath: built.bundle,
      compatibilityDate: w.compatibilityDate,
      compatibilityFlags: w.compatibilityFlags,
      bindings: w.bindings,
      d1Databases: w.d1Databases,
      queueProducers: w.queueProducers,
      queueConsumers: w.queueConsumers,
      serviceBindings: w.serviceBindings,
      durableObjects: toRunner(w.durableObjects, runnerWorker(project)),
    } satisfies AuxiliaryWorker;
  });
  return {
    // A copy of the config with no .dev.vars or .env beside it: a developer's own never reaches a test.
    wrangler: { configPath: isolatedConfig("wrangler.toml", WORKERS[0]?.name ?? "gateway") },
    miniflare: {
      bindings: { TEST_MIGRATIONS: structuredClone(migrations) },
      workers: auxiliary,
      // The BPE rank tables (2.4 MB of plain ESM each) load straight from disk
      // instead of through vite's transform: transformed with their source maps
      // they weigh ~14 MB, and the pool sends every warm module of a file's graph
      // to workerd in one WebSocket message, which workerd refuses past 32 MiB
      // ("Message is too large") for the file after one that counted tokens.
      modulesRules: [{ type: "ESModule", include: ["**/gpt-tokenizer/esm/bpeRanks/*.js"] }],
    },
  };
}

/** The workerd test files: the Workers' and the Durable Objects'. */
const WORKERS_TESTS = ["tests/workers/**/*.test.ts", "tests/durable-objects/**/*.test.ts"];

/**
 * The workerd test files that call evictAllDurableObjects(): it evicts every object
 * of the runner and waits until none is referenced, and a file that leaves an RPC
 * stub undisposed (e.g. a pipelined `hive.workspace().write()`) keeps its object
 * referenced until the isolate's GC, so after such a file in the same runner the
 * eviction never ends. They get a runner of their own, which no other file uses.
 */
const EVICTING_TESTS = [
  "tests/durable-objects/hive.test.ts",
  "tests/durable-objects/hive-sockets.test.ts",
  "tests/durable-objects/agent-session-socket.test.ts",
];

/**
 * Pure code owned by one deployable, tested under Node in the unit project: the
 * source mapper (tree-sitter under Node) beside the Hive's workspace, and the model
 * stand-in's policy beside the model Worker.
 */
const NODE_TESTS_OF_DEPLOYABLES = [
  "tests/durable-objects/hive/workspace/mapper/**/*.test.ts",
  "tests/workers/model/policy/**/*.test.ts",
];

/** The project of the files in EVICTING_TESTS (`npm run test:workers` runs both). */
const EVICTING_PROJECT = "workers-evict";

/**
 * A project of workerd test files, the gateway from source and the other Workers
 * as auxiliary Workers. One runner (one workerd, one Miniflare, one module graph of
 * the gateway) serves every file of the project instead of one per file: a
 * runner's start cost ~20 s a file (workerd, the auxiliary Workers, the gateway's
 * graph through vite) against ~6 s of tests a file. Files share storage, so every
 * test names its own Durable Objects, hives and rows (a random suffix) and counts
 * only those.
 */
function workersProject(name: string, files: { include: string[]; exclude?: string[] }) {
  return {
    plugins: [cloudflareTest(() => workersPoolOptions(name))],
    test: {
      name,
      isolate: false,
      // The first tokenizer load in an isolate goes through vite's module runner (~2-3 s).
      testTimeout: 30_000,
      include: files.include,
      exclude: [...configDefaults.exclude, ...(files.exclude ?? [])],
      setupFiles: ["./tests/setup.ts"],
    },
  };
}

/** Removes each Node test file's temporary directories when the file ends. */
const TEMP_DIRS_SETUP = "./tests/fixtures/temp-dirs-setup.ts";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
          // One worker process for many files instead of a fork per file: no file
          // changes process-wide state it does not restore (env, cwd, globals, mocks).
          isolate: false,
          include: [
            "tests/shared/**/*.test.ts",
            ...NODE_TESTS_OF_DEPLOYABLES,
            "tests/packages/client/**/*.test.ts",
            "tests/cli/**/*.test.ts",
            "tests/scripts/**/*.test.ts",
            "tests/bench/**/*.test.ts",
            "tests/docs/**/*.test.ts",
            "tests/harness/**/*.test.ts",
          ],
          setupFiles: [TEMP_DIRS_SETUP],
        },
      },
      workersProject("workers", {
        include: WORKERS_TESTS,
        exclude: [...EVICTING_TESTS, ...NODE_TESTS_OF_DEPLOYABLES],
      }),
      workersProject(EVICTING_PROJECT, { include: EVICTING_TESTS }),
      E2E_PROJECT,
      {
        test: {
          // Hostile inputs, kills, reconnects and load against a running cluster:
          // a bounded slice here, the whole with `npm run test:reliability`.
          name: "reliability",
          environment: "node",
          include: ["tests/reliability/**/*.test.ts"],
          // One shared cluster for every file but the kill tests.
          globalSetup: ["tests/reliability/global-setup.ts"],
          testTimeout: 300_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          setupFiles: [TEMP_DIRS_SETUP],
        },
      },
      {
        // lethe/testing and lethe/agents from a user's side: Lethe inside the
        // test's own Miniflare (tests/packages/testing) and the agents-chat example.
        test: {
          name: "testing",
          environment: "node",
          include: [
            "tests/packages/testing/**/*.test.ts",
            "tests/packages/agents/**/*.test.ts",
            "examples/*/tests/node/**/*.test.ts",
          ],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          setupFiles: [TEMP_DIRS_SETUP],
        },
      },
      {
        // The agents-chat example inside the vitest pool, Lethe as auxiliary Workers (lethe/testing).
        plugins: [
          cloudflareTest(async () => {
            const key = newHiveKey("demo");
            const lethe = await lethePoolMiniflare({ adminToken: `admin-${crypto.randomUUID()}` });
            return {
              wrangler: {
                configPath: isolatedConfig("examples/agents-chat/wrangler.toml", "agents-chat"),
              },
              miniflare: {
                ...lethe,
                bindings: { ...lethe.bindings, LETHE_KEY: key, LETHE_SEED_KEYS: { demo: key } },
              },
            };
          }),
        ],
        // lethe/agents from its source here (an installed lethe gives dist/agents.js).
        resolve: {
          alias: {
            "lethe/agents": new URL("./packages/agents/index.ts", import.meta.url).pathname,
          },
        },
        test: {
          name: "agents-pool",
          testTimeout: 60_000,
          include: ["examples/*/tests/pool/**/*.test.ts"],
          setupFiles: ["./examples/agents-chat/tests/pool/setup.ts"],
        },
      },
    ],
  },
});
