// Runs before every pool test file of the example: Lethe's D1 schema, applied
// through the LETHE_DB binding lethe/testing gives the example's Worker, and the
// example's hive key registered (stored as its SHA-256, as Lethe stores keys).
import { applyD1Migrations, type D1Migration } from "cloudflare:test";
import { env } from "cloudflare:workers";

const bindings = env as unknown as {
  LETHE_DB: D1Database;
  LETHE_MIGRATIONS: D1Migration[];
  LETHE_SEED_KEYS: Record<string, string>;
};
await applyD1Migrations(bindings.LETHE_DB, bindings.LETHE_MIGRATIONS);
for (const [hive, key] of Object.entries(bindings.LETHE_SEED_KEYS)) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
  const hash = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  await bindings.LETHE_DB.prepare(
    "INSERT OR IGNORE INTO hive_keys (id, hive, hash, label, created_at) VALUES (?, ?, ?, ?, ?)",
  )
    .bind(`k-${hive}-seed`, hive, hash, "vitest-pool", Date.now())
    .run();
}
