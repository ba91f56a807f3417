// Builds the native addons the benches load for the project's own Node: today
// better-sqlite3 (LangGraph's SqliteSaver, bench/checkpoints-langgraph.ts). npm's own
// install builds it with the headers its `nodedir` names (/usr here: the system Node 20),
// which Node 22 cannot load. Run by `npm run build:native` and npm's `prepare`, so a
// bench never compiles (about 95 s of CPU) while it runs. Never fails the install: the
// bench then says why it could not measure.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

function loads(): boolean {
  const probe = spawnSync(process.execPath, ["-e", "new (require('better-sqlite3'))(':memory:')"], {
    encoding: "utf8",
  });
  return probe.status === 0;
}

/**
 * Builds better-sqlite3 for this Node when it does not load: null when it loads
 * (now or after the build), else why it does not.
 */
export function ensureBetterSqlite(): string | null {
  if (loads()) {
    return null;
  }
  const require = createRequire(import.meta.url);
  let addonDir: string;
  try {
    addonDir = path.dirname(require.resolve("better-sqlite3/package.json"));
  } catch {
    return "better-sqlite3 is not installed";
  }
  const nodeDir = path.resolve(path.dirname(process.execPath), "..");
  const npmRoot = spawnSync("npm", ["root", "-g"], { encoding: "utf8" }).stdout.trim();
  const gyp = path.join(npmRoot, "npm", "node_modules", "node-gyp", "bin", "node-gyp.js");
  process.stdout.write(
    `building better-sqlite3 for ${process.version} (node-gyp, headers of ${nodeDir})...\n`,
  );
  // npm exports a user's `nodedir` setting as npm_config_nodedir, which node-gyp prefers
  // to --nodedir: headers of another Node would build an addon this Node cannot load.
  const built = spawnSync(process.execPath, [gyp, "rebuild", "--release", `--nodedir=${nodeDir}`], {
    cwd: addonDir,
    encoding: "utf8",
    env: { ...process.env, npm_config_nodedir: nodeDir },
  });
  if (built.status !== 0 || !loads()) {
    return `better-sqlite3 does not load and its build failed: ${(built.stderr || built.stdout).trim().split("\n").at(-1) ?? ""}`;
  }
  return null;
}

if (import.meta.main) {
  const failed = ensureBetterSqlite();
  process.stdout.write(
    failed === null
      ? `native addons: better-sqlite3 loads in Node ${process.version}\n`
      : `native addons: ${failed} (bench:checkpoints will not measure SqliteSaver)\n`,
  );
}
