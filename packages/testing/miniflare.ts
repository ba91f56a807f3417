// `lethe/testing`: Lethe's Workers and Durable Objects inside the caller's own
// Miniflare instance (programmatic API), with the offline model; one call starts
// them beside the caller's Workers, migrates D1 and mints hive keys.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  Miniflare,
  convertV4MiniflareOptions,
  type V4MiniflareOptions,
  type V4WorkerOptions,
} from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { ROOT, WORKERS, wranglerCommand, wranglerEnv } from "../../harness/cluster.ts";
import { generateHiveKey, hashKey } from "../../shared/hive/keys.ts";

/** The Worker a caller's service binding names to reach Lethe's HTTP API. */
export const LETHE_GATEWAY = "lethe-gateway";
/** Bundles are written here, apart from `dist/` so a parallel test run never reads a half-written one. */
export const TESTING_BUILD_DIR = path.join(ROOT, ".lethe-testing");
/**
 * Beside the built lethe/testing (dist/testing.js) in an installed package: Lethe's
 * Workers pre-bundled at pack time (scripts/build-testing-workers.ts), one folder each
 * with the bundle and its options, and the D1 migrations in dist/migrations.
 */
export const PREBUILT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "workers");

/** The fields of a wrangler config's Miniflare options that lethe/testing passes on (plain JSON). */
export type WorkerConfigOptions = Pick<
  V4WorkerOptions,
  | "compatibilityDate"
  | "compatibilityFlags"
  | "bindings"
  | "d1Databases"
  | "queueProducers"
  | "queueConsumers"
  | "serviceBindings"
  | "durableObjects"
>;

/** wrangler's own reading of a config; `envFiles` is honoured at run time though its types omit it. */
type ReadConfig = (
  config: string,
  env: string | undefined,
  options: { envFiles: string[] },
) => ReturnType<typeof unstable_getMiniflareWorkerOptions>;

/** An env file that is never written: naming it stops wrangler reading `.dev.vars` or `.env`. */
const NO_ENV_FILE = path.join(TESTING_BUILD_DIR, "no-local-secrets.env");

/**
 * wrangler's Miniflare options of the config at `config`, with a missing env file
 * in place of the `.dev.vars` or `.env` wrangler would otherwise read beside it.
 */
export function workerOptionsWithoutLocalSecrets(
  config: string,
): ReturnType<typeof unstable_getMiniflareWorkerOptions> {
  return (unstable_getMiniflareWorkerOptions as ReadConfig)(config, undefined, {
    envFiles: [NO_ENV_FILE],
  });
}

/**
 * A wrangler config's vars, Durable Objects, D1, queues and service bindings as
 * Miniflare options. Only the config's own vars: the `.dev.vars` or `.env` beside
 * it is not read, so local secrets never leak into
 * a test; give secrets as bindings.
 */
export function configOptions(config: string): WorkerConfigOptions & { name?: string } {
  const { workerOptions } = workerOptionsWithoutLocalSecrets(config);
  const from = workerOptions as V4WorkerOptions;
  return {
    name: from.name,
    compatibilityDate: from.compatibilityDate,
    compatibilityFlags: from.compatibilityFlags,
    bindings: { ...from.bindings },
    d1Databases: from.d1Databases,
    queueProducers: from.queueProducers,
    queueConsumers: from.queueConsumers,
    serviceBindings: from.serviceBindings,
    durableObjects: from.durableObjects,
  };
}

/** True when Lethe's own Worker configs are here (a checkout); false in an installed package. */
function inCheckout(): boolean {
  return WORKERS.every((w) => existsSync(path.join(ROOT, w.config)));
}

/** Where the D1 migrations are: the checkout's, or the package's copy. */
export function migrationsDir(): string {
  return inCheckout() ? path.join(ROOT, "migrations") : path.join(PREBUILT_DIR, "..", "migrations");
}

export interface LetheWorkersOptions {
  /** The admin token the gateway accepts for minting hive keys. */
  adminToken: string;
  /**
   * Reuse bundles already in TESTING_BUILD_DIR (default: rebuild once per
   * process, or reuse when LETHE_TESTING_REUSE_BUILD=1).
   */
  reuseBuild?: boolean;
}

const built = new Map<string, string>();

function bundle(name: string, config: string, reuse: boolean): string {
  const outdir = path.join(TESTING_BUILD_DIR, name);
  const entry = path.join(outdir, "index.js");
  const cached = built.get(name);
  if (cached !== undefined || (reuse && existsSync(entry))) {
    return cached ?? entry;
  }
  const { command, args } = wranglerCommand();
  const run = spawnSync(
    command,
    [...args, "deploy", "--dry-run", "--outdir", outdir, "-c", config],
    { cwd: ROOT, env: wranglerEnv(), encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  if (run.status !== 0) {
    throw new Error(`bundling ${name} failed:\n${run.stdout}\n${run.stderr}`);
  }
  built.set(name, entry);
  return entry;
}

function bundleModules(entry: string): NonNullable<Extract<V4WorkerOptions["modules"], unknown[]>> {
  const dir = path.dirname(entry);
  const wasm = readdirSync(dir).filter((f) => f.endsWith(".wasm"));
  return [
    { type: "ESModule", path: entry, contents: readFileSync(entry, "utf8") },
    ...wasm.map((f) => ({
      type: "CompiledWasm" as const,
      path: path.join(dir, f),
      contents: readFileSync(path.join(dir, f)),
    })),
  ];
}

/**
 * Miniflare (v4-shaped) options of Lethe's six Workers, from their wrangler
 * configs and pre-built bundles: the gateway (with the AgentSession and Hive
 * Durable Objects, D1, the jobs queue), router, gatekeeper, compressor and the
 * offline model. Vectorize has no local simulator: the gateway falls back to
 * its in-process index when the binding is absent.
 */
export function letheWorkerOptions(options: LetheWorkersOptions): V4WorkerOptions[] {
  const checkout = inCheckout();
  if (!checkout && !existsSync(PREBUILT_DIR)) {
    throw new Error(
      `lethe/testing: neither Lethe's Worker configs (${ROOT}) nor pre-built Workers (${PREBUILT_DIR}) are here; reinstall lethe, or run from a checkout of the Lethe repository`,
    );
  }
  return WORKERS.map((w) => {
    const worker = checkout
      ? workerFromConfig(path.join(ROOT, w.config), {
          reuseBuild: options.reuseBuild,
          name: w.name,
        })
      : prebuiltWorker(w.name);
    if (w.name === LETHE_GATEWAY) {
      worker.bindings = { ...worker.bindings, LETHE_ADMIN_TOKEN: options.adminToken };
    }
    return worker;
  });
}

/**
 * A Worker from its wrangler config as Miniflare (v4) options: bundled with
 * `wrangler deploy --dry-run`, with its vars, Durable Objects, D1, queues and
 * service bindings (the caller's own Worker, or one of Lethe's).
 */
export function workerFromConfig(
  config: string,
  options: { reuseBuild?: boolean; name?: string } = {},
): V4WorkerOptions & { name: string; bindings: NonNullable<V4WorkerOptions["bindings"]> } {
  const { name: configName, ...from } = configOptions(config);
  const name = options.name ?? configName ?? path.basename(path.dirname(config));
  const scriptPath = bundle(
    name,
    config,
    options.reuseBuild ?? process.env.LETHE_TESTING_REUSE_BUILD === "1",
  );
  return {
    name,
    // The bundle and the .wasm modules wrangler wrote beside it, named as it imports them.
    modules: bundleModules(scriptPath),
    modulesRoot: path.dirname(scriptPath),
    ...from,
    bindings: { ...from.bindings },
  };
}

/** One of Lethe's Workers from the package's pre-built bundle and options (no wrangler run). */
function prebuiltWorker(
  name: string,
): V4WorkerOptions & { name: string; bindings: NonNullable<V4WorkerOptions["bindings"]> } {
  const dir = path.join(PREBUILT_DIR, name);
  const from = JSON.parse(
    readFileSync(path.join(dir, "options.json"), "utf8"),
  ) as WorkerConfigOptions;
  const entry = path.join(dir, "index.js");
  return {
    name,
    modules: bundleModules(entry),
    modulesRoot: dir,
    ...from,
    bindings: { ...from.bindings },
  };
}

/** wrangler's own record of applied migrations (`wrangler d1 migrations apply` keeps it). */
const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS d1_migrations(
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
)`;

/**
 * Applies Lethe's D1 migrations (migrations/*.sql, in order) through the gateway's
 * binding, recording each in d1_migrations as wrangler does (GET /health counts them).
 */
export async function migrateLethe(mf: Miniflare): Promise<void> {
  const db = await mf.getD1Database("DB", LETHE_GATEWAY);
  const dir = migrationsDir();
  await db.prepare(MIGRATIONS_TABLE).run();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    const statements = readFileSync(path.join(dir, file), "utf8")
      .split("--> statement-breakpoint")
      .flatMap((chunk) => chunk.split(/;\s*$/m))
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
    await db.batch([
      ...statements.map((s) => db.prepare(s)),
      db.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(file),
    ]);
  }
}

/** A hive key chosen before Miniflare starts (so a caller's Worker can carry it as a binding). */
export function newHiveKey(hive: string): string {
  return generateHiveKey(hive);
}

/** Registers keys made by newHiveKey in the gateway's D1 (stored hashed, as minted keys are). */
export async function registerHiveKeys(
  mf: Miniflare,
  keys: Readonly<Record<string, string>>,
): Promise<void> {
  const db = await mf.getD1Database("DB", LETHE_GATEWAY);
  for (const [hive, key] of Object.entries(keys)) {
    await db
      .prepare("INSERT INTO hive_keys (id, hive, hash, label, created_at) VALUES (?, ?, ?, ?, ?)")
      .bind(`k-${crypto.randomUUID()}`, hive, hashKey(key), "lethe-testing", Date.now())
      .run();
  }
}

export interface LetheInMiniflare {
  mf: Miniflare;
  /** A fetch straight into Lethe's gateway (no port needed). */
  gateway(path: string, init?: RequestInit): Promise<Response>;
  /** Mints a key of `hive` with the admin token. */
  hiveKey(hive: string): Promise<string>;
  /** Disposes the Miniflare instance: every Worker, Durable Object and database with it. */
  dispose(): Promise<void>;
}

/**
 * One call: the caller's Miniflare options (v4 shape, with `workers`)
 * plus Lethe's Workers, converted with convertV4MiniflareOptions, started, and
 * D1 migrated. The caller's Workers reach Lethe with
 * `serviceBindings: { LETHE: "lethe-gateway" }`.
 */
export async function startLetheMiniflare(
  user: V4MiniflareOptions & { workers: V4WorkerOptions[] },
  options: Partial<LetheWorkersOptions> & {
    /** Keys (from newHiveKey) by hive, valid from the start: e.g. the ones the caller's bindings carry. */
    keys?: Readonly<Record<string, string>>;
  } = {},
): Promise<LetheInMiniflare> {
  const adminToken = options.adminToken ?? `admin-${crypto.randomUUID()}`;
  const lethe = letheWorkerOptions({ adminToken, reuseBuild: options.reuseBuild });
  const { workers, ...shared } = user;
  const mf = new Miniflare(
    convertV4MiniflareOptions({ ...shared, workers: [...workers, ...lethe] }),
  );
  await mf.ready;
  await migrateLethe(mf);
  await registerHiveKeys(mf, options.keys ?? {});
  const gateway = async (p: string, init?: RequestInit) => {
    const fetcher = await mf.getWorker(LETHE_GATEWAY);
    return (await fetcher.fetch(`http://lethe.local${p}`, init as never)) as unknown as Response;
  };
  return {
    mf,
    gateway,
    async hiveKey(hive) {
      const response = await gateway(`/v1/admin/hives/${hive}/keys`, {
        method: "POST",
        headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
        body: JSON.stringify({ label: "lethe-testing" }),
      });
      const body = (await response.json()) as { key?: string };
      if (response.status !== 201 || typeof body.key !== "string") {
        throw new Error(
          `minting a key of ${hive} failed: ${response.status} ${JSON.stringify(body)}`,
        );
      }
      return body.key;
    },
    dispose: () => mf.dispose(),
  };
}
