// The reliability project's global setup (vitest.config.ts): one cluster for
// every test file but the kill tests (which boot their own), with a hive key
// and a session, handed to the files through vitest's provide/inject.
import type { TestProject } from "vitest/node";
import { createHiveKey } from "../../cli/commands/hive.ts";
import { E2E_ADMIN_TOKEN } from "../e2e/helpers.ts";
import { removeTempDirs, tempDir } from "../fixtures/temp-dirs.ts";
import { bootReliabilityCluster } from "./helpers.ts";

export interface ReliabilityCluster {
  url: string;
  port: number;
  persistTo: string;
  adminToken: string;
  hive: string;
  key: string;
  keyId: string;
  sessionId: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    reliability: ReliabilityCluster;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const persistTo = tempDir("reliability");
  const cluster = await bootReliabilityCluster(persistTo);
  const hive = "rel";
  const created = await createHiveKey(cluster.url, E2E_ADMIN_TOKEN, hive, "reliability");
  const session = await fetch(`${cluster.url}/v1/sessions`, {
    method: "POST",
    headers: { authorization: `Bearer ${created.key}`, "content-type": "application/json" },
    body: JSON.stringify({ hive, mission: "reliability" }),
  });
  const sessionId = ((await session.json()) as { id: string }).id;
  project.provide("reliability", {
    url: cluster.url,
    port: cluster.port,
    persistTo,
    adminToken: E2E_ADMIN_TOKEN,
    hive,
    key: created.key,
    keyId: created.id,
    sessionId,
  });
  return async () => {
    await cluster.stop();
    removeTempDirs();
  };
}
