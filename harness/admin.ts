// Admin helpers of a local cluster, shared by `npm start`, the benchmarks and the
// e2e tests: a fresh admin token, and hive keys minted through the typed client.
import { randomBytes } from "node:crypto";
import { Lethe, type CreatedKey } from "../packages/client/lethe.ts";

/** A random admin token for a local cluster (passed to wrangler with --var). */
export function newAdminToken(): string {
  return `lethe-admin-${randomBytes(24).toString("hex")}`;
}

/** POST /v1/admin/hives/:hive/keys through the typed client: a new key, shown once. */
export async function createHiveKey(
  url: string,
  adminToken: string,
  hive: string,
  label: string,
): Promise<CreatedKey> {
  return new Lethe({ url, adminToken }).createHiveKey(hive, label);
}
