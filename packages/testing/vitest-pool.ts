// `lethe/testing` for @cloudflare/vitest-plugin: Lethe's five Workers as
// auxiliary Workers of the caller's pool (pre-built bundles, as the pool
// requires), and the D1 binding + migrations the caller's setup file applies.
import { LETHE_GATEWAY, letheWorkerOptions, migrationsDir } from "./miniflare.ts";

/** The gateway's D1 database id (wrangler.toml): bound in the caller's Worker to apply migrations. */
export const LETHE_D1_ID = "00000000-0000-4000-8000-000000000000";

export interface LethePoolOptions {
  adminToken: string;
}

/**
 * Miniflare options to merge into `cloudflareTest({ miniflare })`: Lethe's
 * Workers as auxiliaries, plus for the caller's own (main) Worker a
 * `LETHE_DB` binding on the gateway's database and `LETHE_MIGRATIONS`, which a
 * setup file applies with `applyD1Migrations(env.LETHE_DB, env.LETHE_MIGRATIONS)`.
 */
export async function lethePoolMiniflare(options: LethePoolOptions) {
  // Bundles built here are reused by any test process this run starts.
  const workers = letheWorkerOptions({ adminToken: options.adminToken });
  process.env.LETHE_TESTING_REUSE_BUILD = "1";
  // Loaded here: importing lethe/testing needs only miniflare and wrangler, not the pool.
  const { readD1Migrations } = await import("@cloudflare/vitest-plugin");
  return {
    workers: workers.map((w) => ({ ...w, name: w.name ?? LETHE_GATEWAY })),
    d1Databases: { LETHE_DB: LETHE_D1_ID },
    bindings: { LETHE_MIGRATIONS: await readD1Migrations(migrationsDir()) },
  };
}
