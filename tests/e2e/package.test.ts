// The installable package: `npm pack` (which builds dist/ through `prepare`), the
// tarball installed into an empty directory with the system's Node 20 npm, then
// `npx lethe --help`, `--version`, a command's `--help`, a one-line error,
// `import { Lethe } from "lethe/client"` and lethe/agents (built JS) under Node 20;
// miniflare stays out until the user installs it, then lethe/testing starts Lethe's
// pre-built Workers inside the user's Miniflare.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "vitest";
import { tempDir } from "../fixtures/temp-dirs.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The system's npm and node (Node 20), not the project's Node 22. */
const SYSTEM_PATH = "/usr/bin:/bin";
const dir = tempDir("pack");

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

describe.skipIf(!existsSync("/usr/bin/npm"))("the packed tarball on system Node 20", () => {
  it("installs into an empty directory and runs `npx lethe`", async ({ expect }) => {
    const version = (
      JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }
    ).version;
    expect(system("node", ["--version"], dir).stdout).toMatch(/^v20\./);
    // `prepack` bundles Lethe's five Workers: minutes on a loaded machine.
    execFileSync("npm", ["pack", "--pack-destination", dir], {
      cwd: ROOT,
      stdio: "ignore",
      timeout: 600_000,
    });
    const tarball = readdirSync(dir).find((f) => f.endsWith(".tgz"));
    expect(tarball).toBeDefined();
    const app = path.join(dir, "app");
    execFileSync("mkdir", ["-p", app]);
    writeFileSync(
      path.join(app, "package.json"),
      JSON.stringify({ name: "empty", version: "1.0.0", private: true }),
    );
    const install = system(
      "npm",
      [
        "install",
        "--no-audit",
        "--no-fund",
        "--ignore-scripts",
        "--omit=dev",
        "--omit=optional",
        path.join(dir, tarball ?? ""),
      ],
      app,
    );
    expect(install.status, install.stderr).toBe(0);
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
