// `npm run deploy`: decides the model of each role (Workers AI by default, refusing
// the stand-in unless --allow-stand-in), provisions what is missing (D1, queues,
// Vectorize), writes the production configs, sets the secrets, applies D1
// migrations remotely and deploys every Worker in an order that works on an empty
// account. `--dry-run` runs every step that needs no account and lists the others.
import { parseArgs } from "node:util";
import { DeployError, deployPlan, newContext } from "./lib/deploy/plan.ts";
import { wranglerRunner } from "./lib/deploy/wrangler-cli.ts";

const { values: flags } = parseArgs({
  options: {
    "dry-run": { type: "boolean", default: false },
    "without-workers-ai": { type: "boolean", default: false },
    "allow-stand-in": { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});

if (flags.help) {
  console.log(`npm run deploy [-- --dry-run] [--without-workers-ai] [--allow-stand-in]

Deploys Lethe to the Cloudflare account wrangler is logged into (Workers Paid plan).
Models: Workers AI by default (the AI binding in the gateway, router and compressor);
LETHE_MODEL_BASE_URL selects an OpenAI-compatible endpoint instead. --without-workers-ai
drops the binding; with no endpoint either, the deploy refuses, unless --allow-stand-in
lets the local deterministic stand-in answer (a demo, not a language model).
Environment: LETHE_ADMIN_TOKEN (required), LETHE_MODEL_API_KEY, LETHE_EMBEDDINGS_API_KEY
(secrets); LETHE_MODEL_BASE_URL, LETHE_MODEL, LETHE_MODEL_<ROLE>, LETHE_TEMPERATURE_<ROLE>,
LETHE_MODEL_TIMEOUT_MS and the other driver settings, LETHE_EMBEDDINGS_* (vars);
LETHE_D1_DATABASE_ID to use an existing database. The model settings and key go to
every Worker that calls the model (gateway, router, compressor); the admin token to
the gateway alone.`);
  process.exit(0);
}

const dryRun = flags["dry-run"];
const ctx = newContext({
  dryRun,
  wrangler: wranglerRunner(),
  env: process.env,
  modelFlags: {
    withoutWorkersAi: flags["without-workers-ai"],
    allowStandIn: flags["allow-stand-in"],
  },
  log: (line) => console.log(`      ${line}`),
});
const plan = deployPlan();
console.log(`lethe deploy${dryRun ? " --dry-run" : ""}: ${plan.length} steps`);
let n = 0;
for (const step of plan) {
  n++;
  const label = `[${String(n).padStart(2)}/${plan.length}] ${step.kind.padEnd(9)} ${step.title}`;
  if (dryRun && !step.offline) {
    console.log(`${label}\n      would run (needs the account)`);
    continue;
  }
  console.log(label);
  try {
    step.run(ctx);
  } catch (error) {
    if (error instanceof DeployError) {
      console.error(`lethe deploy: step ${n} failed: ${error.message}\n  hint: ${error.hint}`);
      console.error(`  steps 1-${n - 1} completed; nothing after step ${n} ran.`);
      process.exit(1);
    }
    throw error;
  }
}
console.log(dryRun ? "lethe deploy: dry run complete (nothing uploaded)" : "lethe deploy: done");
