// Three projects: `unit` (Node, the pure code under shared/ and the CLI),
// `workers` (inside workerd with every binding real) and `e2e` (the whole
// cluster booted with wrangler, driven by real clients).
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { WORKERS } from "./harness/cluster.ts";
import { E2E_PROJECT } from "./tests/e2e/project.ts";
import { buildWorkers } from "./harness/build.ts";
import { isolatedConfig } from "./harness/config-paths.ts";
import { lethePoolMiniflare } from "./shared/testing/vitest-pool.ts";
import { newHiveKey, workerOptionsWithoutLocalSecrets } from "./shared/testing/miniflare.ts";

type PoolOptions = Exclude<Parameters<typeof cloudflareTest>[0], (...args: never[]) => unknown>;
type AuxiliaryWorker = NonNullable<NonNullable<PoolOptions["miniflare"]>["workers"]>[number];

/** The vitest pool's name for the main (gateway) Worker of the `workers` project. */
const RUNNER_WORKER = "vitest-plugin-runner-workers";

/** Durable Object bindings of an auxiliary Worker that name the gateway point at the runner instead. */
function toRunner(
  durableObjects: AuxiliaryWorker["durableObjects"],
): AuxiliaryWorker["durableObjects"] {
  if (durableObjects === undefined) {
    return undefined;
  }
  return Object.fromEntries(
    Object.entries(durableObjects).map(([name, d]) => [
      name,
      typeof d === "object" && d.scriptName === WORKERS[0]?.name
        ? { className: d.className, scriptName: RUNNER_WORKER }
        : d,
    ]),
  );
}

async function workersPoolOptions(): Promise<PoolOptions> {
  // The gateway runs from source; the Workers it binds run as auxiliary Workers,
  // which must be pre-built bundles configured from their own wrangler.toml.
  const auxiliary = buildWorkers(WORKERS.slice(1).map((w) => w.name)).map((built) => {
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
      durableObjects: toRunner(w.durableObjects),
    } satisfies AuxiliaryWorker;
  });
  return {
    // A copy of the config with no .dev.vars or .env beside it: a developer's own never reaches a test.
    wrangler: { configPath: isolatedConfig("wrangler.toml", WORKERS[0]?.name ?? "gateway") },
    miniflare: {
      bindings: { TEST_MIGRATIONS: await readD1Migrations("./migrations") },
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

/** Removes each Node test file's temporary directories when the file ends. */
const TEMP_DIRS_SETUP = "./tests/fixtures/temp-dirs-setup.ts";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
          include: [
            "tests/shared/**/*.test.ts",
            "tests/cli/**/*.test.ts",
            "tests/scripts/**/*.test.ts",
            "tests/bench/**/*.test.ts",
            "tests/docs/**/*.test.ts",
            "tests/harness/**/*.test.ts",
          ],
          setupFiles: [TEMP_DIRS_SETUP],
        },
      },
      {
        plugins: [cloudflareTest(workersPoolOptions)],
        test: {
          name: "workers",
          // The first tokenizer load in an isolate goes through vite's module runner (~2-3 s).
          testTimeout: 30_000,
          include: ["tests/workers/**/*.test.ts", "tests/durable-objects/**/*.test.ts"],
          setupFiles: ["./tests/setup.ts"],
        },
      },
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
        // test's own Miniflare (tests/testing) and the agents-chat example.
        test: {
          name: "testing",
          environment: "node",
          include: ["tests/testing/**/*.test.ts", "examples/*/tests/node/**/*.test.ts"],
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
          alias: { "lethe/agents": new URL("./shared/agents/index.ts", import.meta.url).pathname },
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
