// A wrangler config's text with every relative path made absolute (main,
// migrations_dir, the assets directory, module aliases), so a copy of it works
// from any folder: the deploy's production configs in .deploy/ and the test pools'
// copies that no developer's .dev.vars or .env sits beside (isolatedConfig).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./cluster.ts";

const PATH_KEYS = /^(\s*)(main|migrations_dir|directory)(\s*=\s*)"([^"]+)"/;
const ALIAS_ENTRY = /^(\s*"[^"]+"\s*=\s*)"(\.{1,2}\/[^"]*)"/;

/** `source` (a config read from `configDir`) with its relative paths resolved against that folder. */
export function withAbsolutePaths(source: string, configDir: string): string {
  let table = "";
  return source
    .split("\n")
    .map((line) => {
      const header = /^\s*\[+([^\]]+)\]+/.exec(line);
      if (header) {
        table = header[1]?.trim() ?? "";
        return line;
      }
      if (line.startsWith("#:schema ")) {
        // The schema hint is relative to the config; a copy elsewhere only loses editor help.
        return "";
      }
      const key = PATH_KEYS.exec(line);
      if (key && !path.isAbsolute(key[4] ?? "")) {
        return `${key[1]}${key[2]}${key[3]}${JSON.stringify(path.resolve(configDir, key[4] ?? ""))}`;
      }
      const alias = table === "alias" ? ALIAS_ENTRY.exec(line) : null;
      if (alias) {
        return `${alias[1]}${JSON.stringify(path.resolve(configDir, alias[2] ?? ""))}`;
      }
      return line;
    })
    .join("\n");
}

/** Where the test pools' config copies go (under the git-ignored dist/). */
export const TEST_CONFIG_DIR = path.join(ROOT, "dist", "test-configs");

/**
 * A copy of the wrangler config at `config` (relative to the repository) in a
 * folder of its own, for a workerd test pool: wrangler reads `.dev.vars` and
 * `.env` beside a config into its bindings, and a developer's own must never
 * reach a test. Returns the copy's path.
 */
export function isolatedConfig(config: string, name: string): string {
  const source = path.resolve(ROOT, config);
  const dir = path.join(TEST_CONFIG_DIR, name);
  mkdirSync(dir, { recursive: true });
  const copy = path.join(dir, "wrangler.toml");
  writeFileSync(copy, withAbsolutePaths(readFileSync(source, "utf8"), path.dirname(source)));
  return copy;
}
