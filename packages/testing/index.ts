// `lethe/testing`: Lethe's Workers and Durable Objects inside a user's own
// tests — Miniflare's programmatic API (miniflare.ts) or the
// @cloudflare/vitest-plugin pool (vitest-pool.ts).
export {
  LETHE_GATEWAY,
  newHiveKey,
  registerHiveKeys,
  startLetheMiniflare,
  workerFromConfig,
  letheWorkerOptions,
  migrateLethe,
  type LetheInMiniflare,
} from "./miniflare.ts";
export { LETHE_D1_ID, lethePoolMiniflare } from "./vitest-pool.ts";
