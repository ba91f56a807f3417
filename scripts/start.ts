// `npm start`: boots the whole Lethe cluster locally in one process (state in
// .state/, git-ignored), waits until every component is healthy, prints what to
// try next, and stops everything on Ctrl-C.
import { createWriteStream, mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { HealthReportSchema, type HealthReport } from "../shared/health.ts";
import { STATE_DIR } from "../harness/cluster.ts";
import { createHiveKey, newAdminToken } from "../harness/admin.ts";
import { DEMO_HIVE, runDemo } from "./lib/demo.ts";
import { startCluster, stateOwner, type Cluster } from "../harness/dev-server.ts";
import { vendorDashboard } from "../harness/dashboard-vendor.ts";
import { DRIVER_ENV_VARS } from "../shared/driver/config.ts";

const HEALTH_DEADLINE_MS = 60_000;

const { values: flags } = parseArgs({
  options: {
    port: { type: "string", default: process.env.PORT ?? "8787" },
    "persist-to": { type: "string", default: process.env.LETHE_STATE_DIR ?? STATE_DIR },
    "no-demo": { type: "boolean", default: false },
    verbose: { type: "boolean", default: false },
  },
});

function fail(message: string, hint: string): never {
  console.error(`lethe: ${message}\n  hint: ${hint}`);
  process.exit(1);
}

const port = Number(flags.port);
if (!Number.isInteger(port) || port < 1 || port > 55_535) {
  fail(`invalid port ${JSON.stringify(flags.port)}`, "use --port 8787 or PORT=8787");
}
const persistTo = path.resolve(flags["persist-to"]);
mkdirSync(persistTo, { recursive: true });
const logPath = path.join(persistTo, "cluster.log");

async function portIsFree(): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1_000) });
    return false;
  } catch {
    // Nothing answered: the port is free (or firewalled, which wrangler will report).
    return true;
  }
}

async function waitForHealth(url: string): Promise<HealthReport> {
  const deadline = Date.now() + HEALTH_DEADLINE_MS;
  let last: HealthReport | undefined;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(15_000) });
      last = HealthReportSchema.parse(await response.json());
      if (last.ok) {
        return last;
      }
    } catch {
      // Still starting: poll again until the deadline.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const failing = last
    ? Object.values(last.components)
        .filter((c) => !c.ok)
        .map((c) => `${c.component}: ${c.error ?? "not ok"}`)
        .join("; ")
    : "no answer from /health";
  throw new Error(`the cluster is not healthy after ${HEALTH_DEADLINE_MS / 1000} s (${failing})`);
}

function printReady(
  url: string,
  directUrl: string | null,
  report: HealthReport,
  healthyAfterMs: number,
  adminToken: string,
  key: string,
): void {
  const seconds = (healthyAfterMs / 1000).toFixed(1);
  const lines = Object.values(report.components).map(
    (c) => `    ${c.ok ? "ok " : "BAD"}  ${c.component.padEnd(13)} ${c.latencyMs ?? "?"} ms`,
  );
  const models = Object.entries(report.models ?? {}).map(
    ([role, m]) =>
      `    model ${role.padEnd(12)} ${m.model ?? "none"} (${m.standIn ? "the local stand-in, not a language model" : m.source})`,
  );
  lines.push(...models);
  console.log(`
Lethe is running at ${url}  (healthy after ${seconds} s)
${lines.join("\n")}

  Dashboard: ${url}/dashboard/   (sign in with hive "${DEMO_HIVE}" and the LETHE_KEY below)

  Local development credentials (this run only):
    LETHE_ADMIN_TOKEN=${adminToken}
    LETHE_KEY=${key}          (hive "${DEMO_HIVE}")

  Try next:
    curl ${url}/health
    export LETHE_KEY=${key}
    npx lethe run --hive mine --admin-token ${adminToken} --mission "…" ./your-dir
    curl -H "authorization: Bearer $LETHE_KEY" ${url}/v1/hives/${DEMO_HIVE}/artifacts
    Watch a session live: ws://127.0.0.1:${port}/parties/agent-session/<id>?key=$LETHE_KEY
    A real model instead of the local stand-in: LETHE_MODEL_BASE_URL=https://api.openai.com/v1 \\
      LETHE_MODEL_API_KEY=sk-... LETHE_MODEL=gpt-4o-mini npm start
    npm test                      the whole test suite
  State: ${persistTo}   Logs: ${logPath}${directUrl === null ? "" : `\n  Runtime socket ${directUrl}   (workerd's own; a client's TCP reset here cancels its request)`}
  Press Ctrl-C to stop the cluster.
`);
}

async function demo(url: string, key: string): Promise<void> {
  console.log("lethe: running the demo on the local model (a deterministic stand-in, not an LLM)");
  const result = await runDemo(url, key, (line) => console.log(line));
  console.log("\nShared artifacts of the hive (L2):");
  for (const a of result.artifacts) {
    console.log(
      `  ${a.identifier}@${a.version} = ${JSON.stringify(a.value)}   by ${a.provenance.agent} from ${a.provenance.source}`,
    );
  }
  const line = result.limits.split("\n").find((l) => l.includes("MAX_WAIT ="));
  console.log(`\nThe fix in src/limits.ts: ${line?.trim() ?? "(not written)"}`);
  const ok =
    result.sessions.every((s) => s.outcome?.status === "achieved") &&
    line?.includes("= 34") === true;
  console.log(
    ok
      ? "Demo result: correct (TIMEOUT 30 + RETRIES 4 = 34)."
      : "Demo result: NOT as expected; see the trace routes above.",
  );
}

async function main(): Promise<void> {
  const started = performance.now();
  // The state first: another port does not make a second cluster on this state safe.
  const owner = stateOwner(persistTo);
  if (owner !== null) {
    fail(
      `the state in ${persistTo} is in use by a running cluster (pid ${owner})`,
      `use that cluster, or stop it first (Ctrl-C in its terminal, or kill ${owner}); a second cluster needs its own --persist-to`,
    );
  }
  if (!(await portIsFree())) {
    fail(
      `port ${port} is already in use by another server`,
      `stop what is running there, or start on another port with its own state: --port ${port + 1} --persist-to <another directory>`,
    );
  }
  console.log(`lethe: starting the cluster on 127.0.0.1:${port} (state in ${persistTo})`);
  const log = createWriteStream(logPath, { flags: "a" });
  const adminToken = process.env.LETHE_ADMIN_TOKEN ?? newAdminToken();
  const vars: Record<string, string> = { LETHE_ADMIN_TOKEN: adminToken };
  // Model settings reach every Worker of the cluster (see docs/models.md).
  for (const name of DRIVER_ENV_VARS) {
    const value = process.env[name];
    if (value !== undefined && value !== "") {
      vars[name] = value;
    }
  }
  let cluster: Cluster;
  try {
    // The dashboard's browser modules come from node_modules (npm install copies them too).
    vendorDashboard();
    // wrangler's first start on a loaded two-core machine can take well over a minute.
    cluster = await startCluster({
      port,
      persistTo,
      echo: flags.verbose,
      vars,
      readyTimeoutMs: 240_000,
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error), `see ${logPath}`);
  }
  cluster.child.stdout?.pipe(log);
  cluster.child.stderr?.pipe(log);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      return;
    }
    stopping = true;
    console.log(`\nlethe: ${signal}: stopping the cluster…`);
    await cluster.stop();
    console.log("lethe: stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  cluster.child.once("exit", (code) => {
    if (!stopping) {
      console.error(`lethe: the cluster exited unexpectedly (code ${code}); see ${logPath}`);
      process.exit(1);
    }
  });

  let key: string;
  try {
    const report = await waitForHealth(cluster.url);
    const healthyMs = performance.now();
    key = (await createHiveKey(cluster.url, adminToken, DEMO_HIVE, "local-dev")).key;
    if (!flags["no-demo"]) {
      await demo(cluster.url, key);
    }
    printReady(cluster.url, cluster.directUrl, report, healthyMs - started, adminToken, key);
  } catch (error) {
    await cluster.stop();
    fail(error instanceof Error ? error.message : String(error), `see ${logPath}`);
  }
}

await main();
