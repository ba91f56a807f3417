// The shared parts of `npm run deploy`'s steps: the run's context (flags, what
// earlier steps decided), the typed refusal every step throws, and a wrangler
// call that turns a failure into that refusal. Used by plan.ts and its helpers.
import type { ModelFlags, ModelPlan } from "./model-plan.ts";
import { PLACEHOLDER_D1_ID } from "./configs.ts";
import { tail, type Wrangler } from "./wrangler-cli.ts";

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
  /** --without-workers-ai, --allow-stand-in. */
  modelFlags: ModelFlags;
  /** Decided by the model step, before anything touches the account. */
  model?: ModelPlan;
  log(line: string): void;
}

export interface Step {
  kind: "secret" | "check" | "resource" | "config" | "migration" | "worker";
  title: string;
  /** True when --dry-run runs it for real (no account needed). */
  offline: boolean;
  run(ctx: DeployContext): void;
}

export function must(ctx: DeployContext, args: string[], what: string, hint: string): string {
  const run = ctx.wrangler(args);
  if (run.status !== 0) {
    throw new DeployError(`${what} failed:\n${tail(run)}`, hint);
  }
  return run.stdout;
}

export function newContext(options: {
  dryRun: boolean;
  wrangler: Wrangler;
  env: NodeJS.ProcessEnv;
  modelFlags?: ModelFlags;
  log(line: string): void;
}): DeployContext {
  return {
    ...options,
    modelFlags: options.modelFlags ?? { withoutWorkersAi: false, allowStandIn: false },
    secrets: new Map(),
    d1Id: PLACEHOLDER_D1_ID,
    gatewayExists: false,
  };
}
