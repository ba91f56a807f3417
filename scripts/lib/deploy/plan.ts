// The ordered steps of `npm run deploy`: secrets first (nothing remote happens
// before every required value is known), then resources, configs, migrations and
// the Workers in an order that works on an empty account. Each step says whether
// it can run offline; `--dry-run` runs those and lists the rest.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { resolveEncoding } from "../../../shared/context/tokens.ts";
import { DRIVER_ENV_VARS } from "../../../shared/driver/config.ts";
import { WORKERS, type WorkerInfo } from "../../../harness/cluster.ts";
import { DEPLOY_DIR, PLACEHOLDER_D1_ID, writeProductionConfig } from "./configs.ts";
import { tail, type Wrangler } from "./wrangler-cli.ts";

export const D1_NAME = "lethe";
export const QUEUES = ["lethe-jobs", "lethe-jobs-dlq"] as const;
export const VECTORIZE_INDEX = "lethe-l3";
/** Matches the Workers AI embedder (@cf/baai/bge-small-en-v1.5, 384 dimensions). */
export const VECTORIZE_DIMENSIONS = 384;

/** Secrets the gateway needs: without LETHE_ADMIN_TOKEN no hive key can ever be minted. */
export const REQUIRED_SECRETS = ["LETHE_ADMIN_TOKEN"] as const;
export const OPTIONAL_SECRETS = ["LETHE_MODEL_API_KEY", "LETHE_EMBEDDINGS_API_KEY"] as const;
/** The Workers that call the model (agent and proxy, router, compressor) and so need its key. */
export const MODEL_CALLERS = ["lethe-gateway", "lethe-router", "lethe-compressor"] as const;
/** Plain settings passed through as `--var` when set in the environment. */
export const PASSED_VARS = [
  ...DRIVER_ENV_VARS.filter((name) => name !== "LETHE_MODEL_API_KEY"),
  "LETHE_EMBEDDINGS_BASE_URL",
  "LETHE_EMBEDDINGS_MODEL",
  "LETHE_EMBEDDINGS_DIMENSIONS",
] as const;

export class DeployError extends Error {
  readonly hint: string;
  constructor(message: string, hint: string) {
    super(message);
    this.name = "DeployError";
    this.hint = hint;
  }
}

export interface DeployContext {
  dryRun: boolean;
  wrangler: Wrangler;
  env: NodeJS.ProcessEnv;
  secrets: Map<string, string>;
  d1Id: string;
  gatewayExists: boolean;
  log(line: string): void;
}

export interface Step {
  kind: "secret" | "check" | "resource" | "config" | "migration" | "worker";
  title: string;
  /** True when --dry-run runs it for real (no account needed). */
  offline: boolean;
  run(ctx: DeployContext): void;
}

function must(ctx: DeployContext, args: string[], what: string, hint: string): string {
  const run = ctx.wrangler(args);
  if (run.status !== 0) {
    throw new DeployError(`${what} failed:\n${tail(run)}`, hint);
  }
  return run.stdout;
}

function parseJson(text: string): unknown {
  const start = text.search(/[[{]/);
  try {
    return JSON.parse(start >= 0 ? text.slice(start) : text);
  } catch {
    return undefined;
  }
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

function ensureD1(ctx: DeployContext): void {
  const given = ctx.env.LETHE_D1_DATABASE_ID;
  if (given !== undefined && given !== "") {
    const info = ctx.wrangler(["d1", "info", given, "--json"]);
    if (info.status !== 0) {
      throw new DeployError(
        `the D1 database ${given} (LETHE_D1_DATABASE_ID) does not exist in this account`,
        "unset LETHE_D1_DATABASE_ID to create or reuse `lethe`, or give an id that `wrangler d1 list` shows",
      );
    }
    ctx.d1Id = given;
    ctx.log(`D1: using ${given}`);
    return;
  }
  const list = parseJson(
    must(ctx, ["d1", "list", "--json"], "listing D1 databases", "run `npx wrangler login` first"),
  );
  const found = Array.isArray(list)
    ? list.find((d: { name?: unknown }) => d.name === D1_NAME)
    : undefined;
  if (found && typeof found.uuid === "string") {
    ctx.d1Id = found.uuid;
    ctx.log(`D1: ${D1_NAME} exists (${found.uuid})`);
    return;
  }
  const created = must(
    ctx,
    ["d1", "create", D1_NAME],
    `creating D1 ${D1_NAME}`,
    "check the account's D1 quota",
  );
  const id = UUID.exec(created)?.[0];
  if (id === undefined) {
    throw new DeployError(
      "wrangler created the D1 database but printed no id",
      "run `npx wrangler d1 list` and set LETHE_D1_DATABASE_ID",
    );
  }
  ctx.d1Id = id;
  ctx.log(`D1: created ${D1_NAME} (${id})`);
}

function ensureQueue(ctx: DeployContext, name: string): void {
  if (ctx.wrangler(["queues", "info", name]).status === 0) {
    ctx.log(`queue ${name}: exists`);
    return;
  }
  must(
    ctx,
    ["queues", "create", name],
    `creating queue ${name}`,
    "check the account has Queues enabled (Workers Paid)",
  );
  ctx.log(`queue ${name}: created`);
}

function ensureVectorize(ctx: DeployContext): void {
  const list = parseJson(
    must(
      ctx,
      ["vectorize", "list", "--json"],
      "listing Vectorize indexes",
      "run `npx wrangler login` first",
    ),
  );
  const found = Array.isArray(list)
    ? list.find((v: { name?: unknown }) => v.name === VECTORIZE_INDEX)
    : undefined;
  if (found) {
    const dims = (found as { config?: { dimensions?: unknown } }).config?.dimensions;
    if (dims !== undefined && dims !== VECTORIZE_DIMENSIONS) {
      throw new DeployError(
        `the Vectorize index ${VECTORIZE_INDEX} has ${String(dims)} dimensions; Lethe embeds with ${VECTORIZE_DIMENSIONS}`,
        `delete it (\`npx wrangler vectorize delete ${VECTORIZE_INDEX}\`) and deploy again`,
      );
    }
    ctx.log(`Vectorize ${VECTORIZE_INDEX}: exists`);
    return;
  }
  must(
    ctx,
    [
      "vectorize",
      "create",
      VECTORIZE_INDEX,
      `--dimensions=${VECTORIZE_DIMENSIONS}`,
      "--metric=cosine",
    ],
    `creating Vectorize ${VECTORIZE_INDEX}`,
    "check the account has Vectorize enabled",
  );
  ctx.log(`Vectorize ${VECTORIZE_INDEX}: created`);
}

function varsFor(ctx: DeployContext): string[] {
  return PASSED_VARS.flatMap((k) => {
    const v = ctx.env[k];
    return v !== undefined && v !== "" ? ["--var", `${k}:${v}`] : [];
  });
}

/**
 * The secrets a Worker gets: the gateway every one set, the other model callers
 * the model's key alone (never the admin token), the rest none.
 */
function secretsFor(ctx: DeployContext, worker: WorkerInfo): Map<string, string> {
  if (worker.name === "lethe-gateway") {
    return ctx.secrets;
  }
  const key = ctx.secrets.get("LETHE_MODEL_API_KEY");
  const callsModel = (MODEL_CALLERS as readonly string[]).includes(worker.name);
  return new Map(callsModel && key !== undefined ? [["LETHE_MODEL_API_KEY", key]] : []);
}

function deployWorker(ctx: DeployContext, worker: WorkerInfo, suffix: string): void {
  const config = writeProductionConfig(
    worker,
    {
      d1Id: ctx.d1Id,
      withoutSessionBinding: suffix !== "",
    },
    suffix,
  );
  if (ctx.dryRun) {
    must(
      ctx,
      [
        "deploy",
        "--dry-run",
        "--outdir",
        path.join(DEPLOY_DIR, "dist", `${worker.name}${suffix}`),
        "-c",
        config,
      ],
      `bundling ${worker.name}`,
      "run `npm run check` to see the build error",
    );
    ctx.log(`${worker.name}${suffix}: bundled (dry run, not uploaded)`);
    return;
  }
  const args = ["deploy", "-c", config, ...varsFor(ctx)];
  let secretsFile: string | undefined;
  const secrets = secretsFor(ctx, worker);
  if (secrets.size > 0) {
    const dir = mkdtempSync(path.join(tmpdir(), "lethe-secrets-"));
    secretsFile = path.join(dir, "secrets.json");
    writeFileSync(secretsFile, JSON.stringify(Object.fromEntries(secrets)), { mode: 0o600 });
    args.push("--secrets-file", secretsFile);
  }
  try {
    must(
      ctx,
      args,
      `deploying ${worker.name}`,
      "fix the error above and run `npm run deploy` again: finished steps are skipped or repeated safely",
    );
  } finally {
    if (secretsFile !== undefined) {
      rmSync(path.dirname(secretsFile), { recursive: true, force: true });
    }
  }
  ctx.log(`${worker.name}${suffix}: deployed`);
}

/** The encoding of the configured model: the only rank tables the bundles carry. */
function encodingFor(ctx: DeployContext): string {
  return resolveEncoding(ctx.env.LETHE_MODEL).encoding;
}

function applyMigrations(ctx: DeployContext): void {
  const gateway = WORKERS[0];
  if (gateway === undefined) {
    return;
  }
  const config = writeProductionConfig(gateway, { d1Id: ctx.d1Id });
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
      title: "production configs in .deploy/ (D1 id, LETHE_ENV=production, AI binding)",
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
          writeProductionConfig(w, { d1Id: ctx.d1Id, encoding: encodingFor(ctx) });
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
  ];
}

export function newContext(options: {
  dryRun: boolean;
  wrangler: Wrangler;
  env: NodeJS.ProcessEnv;
  log(line: string): void;
}): DeployContext {
  return { ...options, secrets: new Map(), d1Id: PLACEHOLDER_D1_ID, gatewayExists: false };
}
