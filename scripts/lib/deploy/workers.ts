// Deploying one Worker: its production config, its vars and secrets (the model's
// settings and key to the Workers that call the model, the admin token to the
// gateway alone), and on --dry-run its bundle with the size the plan allows.
// Steps of scripts/lib/deploy/plan.ts.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { resolveEncoding } from "../../../shared/context/tokens.ts";
import { DRIVER_ENV_VARS } from "../../../shared/driver/config.ts";
import type { WorkerInfo } from "../../../harness/cluster.ts";
import { formatKiB, measureBundle } from "../bundle-size.ts";
import { DEPLOY_DIR, MODEL_CALLERS, writeProductionConfig, type DeployValues } from "./configs.ts";
import { must, type DeployContext } from "./context.ts";

/** Secrets the gateway needs: without LETHE_ADMIN_TOKEN no hive key can ever be minted. */
export const REQUIRED_SECRETS = ["LETHE_ADMIN_TOKEN"] as const;
export const OPTIONAL_SECRETS = ["LETHE_MODEL_API_KEY", "LETHE_EMBEDDINGS_API_KEY"] as const;
/**
 * The plan the deploy assumes: `cpu_ms` limits of 30 s (gateway) and 60 s (compressor)
 * and Queues need Workers Paid, whose Worker size limit is 10 MiB after compression
 * (developers.cloudflare.com/workers/platform/limits/#worker-size; Workers Free: 3 MiB).
 */
export const PLAN = { name: "Workers Paid", gzipLimit: 10 * 1024 * 1024 } as const;
/**
 * Plain settings passed through as `--var` when set in the environment. Not the
 * stand-in's allowance: only --allow-stand-in gives it (scripts/lib/deploy/model-plan.ts).
 */
export const PASSED_VARS = [
  ...DRIVER_ENV_VARS.filter(
    (name) => name !== "LETHE_MODEL_API_KEY" && name !== "LETHE_MODEL_STAND_IN",
  ),
  "LETHE_EMBEDDINGS_BASE_URL",
  "LETHE_EMBEDDINGS_MODEL",
  "LETHE_EMBEDDINGS_DIMENSIONS",
] as const;

function varsFor(ctx: DeployContext, worker: WorkerInfo): string[] {
  const callsModel = (MODEL_CALLERS as readonly string[]).includes(worker.name);
  const planned = callsModel ? Object.entries(ctx.model?.vars ?? {}) : [];
  const passed = PASSED_VARS.flatMap((k): [string, string][] => {
    const v = ctx.env[k];
    return v !== undefined && v !== "" && !planned.some(([p]) => p === k) ? [[k, v]] : [];
  });
  return [...passed, ...planned].flatMap(([k, v]) => ["--var", `${k}:${v}`]);
}

/** What every production config of this run carries: the D1 id, the encoding, Workers AI or not. */
export function deployValues(ctx: DeployContext): DeployValues {
  return { d1Id: ctx.d1Id, encoding: encodingFor(ctx), workersAi: ctx.model?.workersAi ?? true };
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

export function deployWorker(ctx: DeployContext, worker: WorkerInfo, suffix: string): void {
  const config = writeProductionConfig(
    worker,
    { ...deployValues(ctx), withoutSessionBinding: suffix !== "" },
    suffix,
  );
  if (ctx.dryRun) {
    const outdir = path.join(DEPLOY_DIR, "dist", `${worker.name}${suffix}`);
    rmSync(outdir, { recursive: true, force: true });
    must(
      ctx,
      ["deploy", "--dry-run", "--outdir", outdir, "-c", config],
      `bundling ${worker.name}`,
      "run `npm run check` to see the build error",
    );
    ctx.log(`${worker.name}${suffix}: bundled (dry run, not uploaded)`);
    ctx.log(`  ${bundleSizeLine(outdir)}`);
    return;
  }
  const args = ["deploy", "-c", config, ...varsFor(ctx, worker)];
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

/** A bundle's upload size against the plan's limit, as wrangler counts it (the script and its .wasm). */
export function bundleSizeLine(outdir: string): string {
  const size = measureBundle(outdir);
  const share = ((size.gzip / PLAN.gzipLimit) * 100).toFixed(0);
  const verdict = size.gzip <= PLAN.gzipLimit ? "fits" : "OVER THE LIMIT";
  return `${formatKiB(size.gzip)} gzip (${formatKiB(size.raw)} raw) of the ${PLAN.name} plan's ${formatKiB(PLAN.gzipLimit)}: ${share}%, ${verdict}`;
}

/** The encoding of the configured model: the only rank tables the bundles carry. */
export function encodingFor(ctx: DeployContext): string {
  return resolveEncoding(ctx.env.LETHE_MODEL).encoding;
}
