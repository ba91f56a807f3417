// The ordered steps of `npm run deploy`: secrets first (nothing remote happens
// before every required value is known), then the model of each role, resources,
// configs, migrations and the Workers in an order that works on an empty account.
// Each step says whether it can run offline; `--dry-run` runs those and lists the rest.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { WORKERS, type WorkerInfo } from "../../../harness/cluster.ts";
import { DEPLOY_DIR, writeProductionConfig } from "./configs.ts";
import { DeployError, must, type DeployContext, type Step } from "./context.ts";
import { describeModelPlan, modelPlan } from "./model-plan.ts";
import {
  D1_NAME,
  ensureD1,
  ensureQueue,
  ensureVectorize,
  QUEUES,
  VECTORIZE_DIMENSIONS,
  VECTORIZE_INDEX,
} from "./resources.ts";
import { tail } from "./wrangler-cli.ts";
import {
  deployValues,
  deployWorker,
  encodingFor,
  OPTIONAL_SECRETS,
  REQUIRED_SECRETS,
} from "./workers.ts";

export { DeployError, newContext, type DeployContext, type Step } from "./context.ts";

function applyMigrations(ctx: DeployContext): void {
  const gateway = WORKERS[0];
  if (gateway === undefined) {
    return;
  }
  const config = writeProductionConfig(gateway, deployValues(ctx));
  const persist = ctx.dryRun ? mkdtempSync(path.join(tmpdir(), "lethe-deploy-d1-")) : undefined;
  const where = persist === undefined ? ["--remote"] : ["--local", "--persist-to", persist];
  const run = ctx.wrangler(["d1", "migrations", "apply", "DB", ...where, "-c", config]);
  if (persist !== undefined) {
    rmSync(persist, { recursive: true, force: true });
  }
  if (run.status !== 0) {
    throw new DeployError(
      `a D1 migration failed${ctx.dryRun ? " on a scratch local database" : ""}:\n${tail(run, 10)}`,
      "the migrations before it are applied and recorded in d1_migrations; fix the failing file in migrations/ and run `npm run deploy` again (applied ones are skipped)",
    );
  }
  ctx.log(
    ctx.dryRun
      ? "D1 migrations: all apply cleanly to a scratch local database"
      : "D1 migrations: applied",
  );
}

export function deployPlan(): Step[] {
  const byName = (name: string): WorkerInfo => {
    const w = WORKERS.find((x) => x.name === name);
    if (w === undefined) {
      throw new Error(`unknown Worker ${name}`);
    }
    return w;
  };
  const secretSteps: Step[] = [...REQUIRED_SECRETS, ...OPTIONAL_SECRETS].map((name) => ({
    kind: "secret",
    title: `secret ${name}${(REQUIRED_SECRETS as readonly string[]).includes(name) ? " (required)" : " (optional)"}`,
    offline: true,
    run: (ctx) => {
      const value = ctx.env[name];
      if (value !== undefined && value !== "") {
        ctx.secrets.set(name, value);
        ctx.log(`${name}: from the environment`);
      } else if ((REQUIRED_SECRETS as readonly string[]).includes(name)) {
        if (!ctx.dryRun) {
          throw new DeployError(
            `${name} is not set: without it the admin routes refuse and no hive key can be minted`,
            `export ${name}=$(openssl rand -hex 32) and run \`npm run deploy\` again; keep the value, it is the admin token`,
          );
        }
        ctx.log(`${name}: NOT SET (a real deploy stops here before touching the account)`);
      } else {
        ctx.log(`${name}: not set (optional)`);
      }
    },
  }));
  return [
    ...secretSteps,
    {
      kind: "check",
      title: "the model of each role (Workers AI by default; never the stand-in by accident)",
      offline: true,
      run: (ctx) => {
        const planned = modelPlan(ctx.env, ctx.modelFlags);
        if (!planned.ok) {
          throw new DeployError(planned.message, planned.hint);
        }
        ctx.model = planned.plan;
        for (const line of describeModelPlan(planned.plan)) {
          ctx.log(line);
        }
      },
    },
    {
      kind: "check",
      title: "Cloudflare login (wrangler whoami)",
      offline: false,
      run: (ctx) => {
        must(
          ctx,
          ["whoami", "--json"],
          "wrangler whoami",
          "run `npx wrangler login`, or set CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID",
        );
      },
    },
    { kind: "resource", title: `D1 database ${D1_NAME}`, offline: false, run: ensureD1 },
    ...QUEUES.map((q): Step => ({
      kind: "resource",
      title: `queue ${q}`,
      offline: false,
      run: (ctx) => ensureQueue(ctx, q),
    })),
    {
      kind: "resource",
      title: `Vectorize index ${VECTORIZE_INDEX} (${VECTORIZE_DIMENSIONS}, cosine)`,
      offline: false,
      run: ensureVectorize,
    },
    {
      kind: "config",
      title:
        "production configs in .deploy/ (D1 id, LETHE_ENV=production, Workers AI for the model callers)",
      offline: true,
      run: (ctx) => {
        if (
          ctx.env.LETHE_OPEN_MODEL_ROUTES !== undefined &&
          ctx.env.LETHE_OPEN_MODEL_ROUTES !== ""
        ) {
          throw new DeployError(
            "LETHE_OPEN_MODEL_ROUTES is set: it opens the model routes without a key and is for a local cluster only",
            "unset LETHE_OPEN_MODEL_ROUTES; clients of a deployed gateway send a hive key to /v1/model and /v1/embeddings",
          );
        }
        for (const w of WORKERS) {
          writeProductionConfig(w, deployValues(ctx));
        }
        ctx.log(`configs written to ${DEPLOY_DIR} (tokenizer encoding ${encodingFor(ctx)})`);
      },
    },
    {
      kind: "migration",
      title: "D1 migrations (remote; a scratch local database on --dry-run)",
      offline: true,
      run: applyMigrations,
    },
    {
      kind: "check",
      title: "does lethe-gateway exist yet (decides the compressor's first pass)",
      offline: false,
      run: (ctx) => {
        ctx.gatewayExists =
          ctx.wrangler(["deployments", "list", "--name", "lethe-gateway"]).status === 0;
        ctx.log(
          ctx.gatewayExists ? "lethe-gateway: deployed before" : "lethe-gateway: first deploy",
        );
      },
    },
    ...["lethe-model", "lethe-router", "lethe-gatekeeper"].map((name): Step => ({
      kind: "worker",
      title: `Worker ${name}`,
      offline: true,
      run: (ctx) => deployWorker(ctx, byName(name), ""),
    })),
    {
      kind: "worker",
      title:
        "Worker lethe-compressor, first pass without its bindings to the gateway's objects (the gateway does not exist yet)",
      offline: true,
      run: (ctx) => {
        if (ctx.gatewayExists && !ctx.dryRun) {
          ctx.log("lethe-compressor (first pass): skipped, the gateway exists");
          return;
        }
        deployWorker(ctx, byName("lethe-compressor"), "-first-pass");
      },
    },
    {
      kind: "worker",
      title:
        "Worker lethe-relay, first pass without its binding to the gateway's Hive (the gateway binds its Relay class)",
      offline: true,
      run: (ctx) => {
        if (ctx.gatewayExists && !ctx.dryRun) {
          ctx.log("lethe-relay (first pass): skipped, the gateway exists");
          return;
        }
        deployWorker(ctx, byName("lethe-relay"), "-first-pass");
      },
    },
    {
      kind: "worker",
      title: "Worker lethe-gateway (with its secrets)",
      offline: true,
      run: (ctx) => deployWorker(ctx, byName("lethe-gateway"), ""),
    },
    {
      kind: "worker",
      title: "Worker lethe-compressor (complete)",
      offline: true,
      run: (ctx) => deployWorker(ctx, byName("lethe-compressor"), ""),
    },
    {
      kind: "worker",
      title: "Worker lethe-relay (complete)",
      offline: true,
      run: (ctx) => deployWorker(ctx, byName("lethe-relay"), ""),
    },
  ];
}
