// Production configs for `npm run deploy`: each Worker's committed wrangler.toml
// rewritten into .deploy/ with absolute paths, the real D1 id, LETHE_ENV set to
// "production" and, for every Worker that calls the model, the Workers AI binding
// (the default production model; the gateway's L3 embeds with it too).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT, type WorkerInfo } from "../../../harness/cluster.ts";
import { withAbsolutePaths } from "../../../harness/config-paths.ts";

/** Where the derived configs and dry-run bundles go (git-ignored). */
export const DEPLOY_DIR = path.join(ROOT, ".deploy");

/** The placeholder D1 id the committed configs carry for local use. */
export const PLACEHOLDER_D1_ID = "00000000-0000-4000-8000-000000000000";

export interface DeployValues {
  d1Id: string;
  /** The tokenizer encoding the bundles carry (from LETHE_MODEL). */
  encoding?: string;
  /** Drop the compressor's bindings to the gateway's Durable Objects (first deploy of a cycle). */
  withoutSessionBinding?: boolean;
  /** Bind Workers AI (`[ai] binding = "AI"`) in the Workers that call the model (default true). */
  workersAi?: boolean;
}

/** The Workers that call the model (agent and proxy, router, compressor): each gets `AI` and the model's key. */
export const MODEL_CALLERS = ["lethe-gateway", "lethe-router", "lethe-compressor"] as const;

const AI_BINDING: Readonly<Record<string, string>> = {
  "lethe-gateway":
    "# Workers AI: the model of agent steps and the proxy (docs/models.md), and the embedder of\n# production L3 (384 dimensions, as the Vectorize index).",
  "lethe-router": "# Workers AI: the model that classifies intents in JSON mode (docs/models.md).",
  "lethe-compressor": "# Workers AI: the summariser's model (docs/models.md).",
};

/**
 * Removes every `[[durable_objects.bindings]]` table that names another script
 * (the gateway's AgentSession and Hive), with the comment lines above each.
 */
function dropGatewayBindings(lines: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (line.trim() === "[[durable_objects.bindings]]") {
      const block: string[] = [line];
      let j = i + 1;
      while (j < lines.length && !(lines[j] ?? "").trim().startsWith("[")) {
        block.push(lines[j] ?? "");
        j++;
      }
      if (block.some((l) => /^\s*script_name\s*=/.test(l))) {
        while (out.length > 0 && (out.at(-1) ?? "").trim().startsWith("#")) {
          out.pop();
        }
        i = j - 1;
        continue;
      }
    }
    out.push(line);
  }
  return out;
}

/** The production text of one Worker's config. Pure: used by the plan and its tests. */
export function productionConfig(worker: WorkerInfo, source: string, values: DeployValues): string {
  const configDir = path.join(ROOT, worker.dir);
  let lines = withAbsolutePaths(source, configDir)
    .split("\n")
    .map((line) =>
      line
        .replace(/^(\s*database_id\s*=\s*)"[^"]*"/, `$1${JSON.stringify(values.d1Id)}`)
        .replace(/^(\s*LETHE_ENV\s*=\s*)"[^"]*"/, '$1"production"')
        .replace(
          /^(\s*LETHE_ENCODING\s*=\s*)'"[^"]*"'/,
          `$1'"${values.encoding ?? "o200k_base"}"'`,
        ),
    );
  if (values.withoutSessionBinding) {
    lines = dropGatewayBindings(lines);
  }
  let text = lines.join("\n");
  const comment = AI_BINDING[worker.name];
  if (values.workersAi !== false && comment !== undefined && !/^\[ai\]/m.test(text)) {
    text += `\n${comment}\n[ai]\nbinding = "AI"\n`;
  }
  return text;
}

/** Writes the production config of a Worker under .deploy/ and returns its path. */
export function writeProductionConfig(
  worker: WorkerInfo,
  values: DeployValues,
  suffix = "",
): string {
  const source = readFileSync(path.join(ROOT, worker.config), "utf8");
  const file = path.join(DEPLOY_DIR, `${worker.name}${suffix}.toml`);
  mkdirSync(DEPLOY_DIR, { recursive: true });
  writeFileSync(file, productionConfig(worker, source, values));
  return file;
}
