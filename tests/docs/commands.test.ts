// Docs that run: every command of a copyable shell block in README.md and
// docs/*.md is run here (the cheap ones, as written), run as written by the test
// RUN_ELSEWHERE names, run by CI itself (RUN_BY_CI, checked here against .ci/run), or
// listed in NOT_RUN with why (tables in tests/docs/doc-commands.ts); a new one fails.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { describe, it } from "vitest";
import { answerWithStandIn } from "../../harness/service-calls.ts";
import { driverConfigFromEnv, MODEL_ROLES } from "../../shared/driver/config.ts";
import { Driver } from "../../shared/driver/driver.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";
import {
  allShellCommands,
  NOT_RUN,
  ROOT,
  RUN_BY_CI,
  RUN_ELSEWHERE,
  shellCommands,
} from "./doc-commands.ts";

/** Runs `command` in sh from the repository root; its exit code and output. */
function sh(command: string): { status: number | null; out: string } {
  const run = spawnSync("sh", ["-c", command], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

/** Starts `command` (a server that prints its URL), returns what `probe` reads of it, stops it. */
async function whileServing(
  command: string,
  ready: RegExp,
  probe: (url: string) => Promise<string>,
): Promise<string> {
  const child = spawn("sh", ["-c", command], { cwd: ROOT, detached: true, stdio: "pipe" });
  let out = "";
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        out += chunk.toString("utf8");
        const found = ready.exec(out)?.[1];
        if (found !== undefined) {
          resolve(found);
        }
      };
      child.stdout.on("data", onData);
      child.stderr.on("data", onData);
      child.once("exit", (code) => reject(new Error(`exited ${code} before ready:\n${out}`)));
    });
    return await probe(url);
  } finally {
    if (child.pid !== undefined && child.exitCode === null) {
      // The whole group: sh, npm exec and the node it started.
      process.kill(-child.pid, "SIGTERM");
    }
  }
}

/** Runs `command` in sh without blocking this process (an endpoint here may serve it). */
function shAsync(command: string): Promise<{ status: number | null; out: string }> {
  // The command sets its own model settings; none of the developer's may reach it.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith("LETHE_MODEL")),
  ) as NodeJS.ProcessEnv;
  const child = spawn("sh", ["-c", command], { cwd: ROOT, env, stdio: "pipe" });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString("utf8")));
  child.stderr.on("data", (d: Buffer) => (out += d.toString("utf8")));
  return new Promise((resolve) => child.on("close", (status) => resolve({ status, out })));
}

/**
 * A local OpenAI-compatible endpoint for the whole of one `use`: it answers with the
 * local stand-in's policy and records each request's model and bearer token.
 */
async function withEndpoint(
  use: (baseURL: string) => Promise<string>,
): Promise<{ shown: string; calls: { model: string; key: string }[] }> {
  const calls: { model: string; key: string }[] = [];
  const server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    req.on("end", () => {
      const body = JSON.parse(text) as { model?: string };
      const key = (req.headers.authorization ?? "").replace(/^Bearer /, "");
      calls.push({ model: body.model ?? "", key });
      void answerWithStandIn(body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return { shown: await use(`http://127.0.0.1:${port}/v1`), calls };
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** `command` with its LETHE_MODEL_BASE_URL pointed at `baseURL` (its key, a placeholder, as written). */
function atEndpoint(command: string, baseURL: string): string {
  return command.replace(/LETHE_MODEL_BASE_URL=\S+/, `LETHE_MODEL_BASE_URL=${baseURL}`);
}

/**
 * The compression bench with `--model`, as written, against a local endpoint: the
 * models its calls named, the key they sent, and the run's verdict on "your model".
 */
async function benchAtEndpoint(command: string): Promise<string> {
  const { shown, calls } = await withEndpoint(async (baseURL) => {
    const run = await shAsync(atEndpoint(command, baseURL));
    const requests = /your model: (\d+) HTTP requests \((\d+) not ok/.exec(run.out);
    const fellBack = run.out.includes("fell back");
    const verdicts = [...run.out.matchAll(/^ {2}Lethe, your model: .* -> (\w+)$/gm)].map(
      (m) => m[1],
    );
    return `exit ${run.status}; ${requests?.[1]} requests, ${requests?.[2]} not ok; fell back ${fellBack}; ${verdicts.join(",")}`;
  });
  const seen = new Set(calls.map((c) => `${c.model} with ${c.key}`));
  return `${shown}; ${calls.length} calls: ${[...seen].join(", ")}`;
}

/**
 * A line of settings (models.md: variables for npm start or the deploy): given to
 * the driver as its environment, base URL pointed at a local endpoint, one call per
 * role; the model and key each call sent.
 */
async function settingsAtEndpoint(line: string): Promise<string> {
  const { calls } = await withEndpoint(async (baseURL) => {
    const env: Record<string, string> = {};
    for (const word of atEndpoint(line, baseURL).split(" ")) {
      const assignment = /^([A-Z_]+)=(\S+)$/.exec(word);
      if (assignment === null) {
        return `not a setting: ${word}`;
      }
      env[assignment[1] as string] = assignment[2] as string;
    }
    const config = driverConfigFromEnv(env, { maxAttempts: 1 });
    if (!config.ok) {
      return config.message;
    }
    const driver = new Driver(config.value);
    for (const role of MODEL_ROLES) {
      await driver.call({ role, messages: [{ role: "user", content: "hello" }] });
    }
    return "";
  });
  return MODEL_ROLES.map((role, i) => `${role} ${calls[i]?.model} with ${calls[i]?.key}`).join(
    "; ",
  );
}

/** A command run here: how to run it, and what its run must read as. */
interface Runnable {
  run(command: string): Promise<string>;
  shows: RegExp;
}

/** The commands run here. */
const RUN: Readonly<Record<string, Runnable>> = {
  "export LETHE_ADMIN_TOKEN=$(openssl rand -hex 32)": {
    run: async (command) => {
      const run = sh(`${command} && printf %s "$LETHE_ADMIN_TOKEN"`);
      return `exit ${run.status}: ${run.out}`;
    },
    shows: /^exit 0: [0-9a-f]{64}$/,
  },
  // As written, on a copy of the page whose table is stale (LETHE_DOCS_MCP_FILE names
  // the copy): what it writes there must be docs/mcp.md as committed.
  "npm run docs:mcp": {
    run: async (command) => {
      const page = readFileSync(path.join(ROOT, "docs/mcp.md"), "utf8");
      const stale = path.join(tempDir("docs-mcp"), "mcp.md");
      // The table's rows (between its two marker comments) replaced by a tool that is gone.
      const table = /(<!-- mcp-tools:start[^\n]*-->)[\s\S]*?(<!-- mcp-tools:end -->)/;
      if (!table.test(page)) {
        return "docs/mcp.md has no table between its markers";
      }
      writeFileSync(stale, page.replace(table, "$1\n\n| Tool |\n| --- |\n| `gone` |\n\n$2"));
      const run = sh(`LETHE_DOCS_MCP_FILE=${stale} ${command}`);
      const same = readFileSync(stale, "utf8") === page;
      return `exit ${run.status}: ${run.out.trim().split("\n").at(-1)}; the copy is docs/mcp.md: ${same}`;
    },
    shows: /^exit 0: docs\/mcp\.md: wrote the table of \d+ tools; the copy is docs\/mcp\.md: true$/,
  },
  "npm run docs:mcp -- --check": {
    run: async (command) => {
      const run = sh(command);
      return `exit ${run.status}: ${run.out}`;
    },
    shows: /^exit 0: [\s\S]*the tool table lists the server's \d+ tools/,
  },
  // Port 0 instead of 8788: a free one, so a run beside a developer's own upstream passes.
  "npm exec -- node harness/proxy-upstream.ts --port 8788": {
    run: (command) =>
      whileServing(
        command.replace("--port 8788", "--port 0"),
        /test upstream at (http:\/\/127\.0\.0\.1:\d+\/v1)/,
        async (url) => {
          const models = (await (await fetch(`${url}/models`)).json()) as {
            data: { id: string }[];
          };
          const answer = await fetch(`${url}/chat/completions`, {
            method: "POST",
            body: JSON.stringify({ messages: [{ role: "user", content: "PLAN: read_log" }] }),
          });
          const body = (await answer.json()) as {
            choices: { message: { tool_calls?: { function: { name: string } }[] } }[];
          };
          const call = body.choices[0]?.message.tool_calls?.[0]?.function.name;
          return `models ${models.data.map((m) => m.id).join(",")}; calls ${call}`;
        },
      ),
    shows: /^models test-upstream; calls read_log$/,
  },
  // The bench as written, its base URL a local endpoint that answers as the stand-in:
  // about 30 s each on a loaded 2-core machine (the other rows dominate).
  "LETHE_MODEL_BASE_URL=https://api.openai.com/v1 LETHE_MODEL_API_KEY=sk-... LETHE_MODEL_COMPRESSION=gpt-4o-mini npm run bench:compression -- --model --seeds=1,2,3":
    {
      run: benchAtEndpoint,
      shows:
        /^exit 0; [1-9]\d* requests, 0 not ok; fell back false; PASS,PASS,PASS,PASS; [1-9]\d* calls: gpt-4o-mini with sk-\.\.\.$/,
    },
  "LETHE_MODEL_BASE_URL=http://localhost:11434/v1 LETHE_MODEL_API_KEY=ollama LETHE_MODEL_COMPRESSION=qwen2.5:14b npm run bench:compression -- --model --seeds=1,2,3":
    {
      run: benchAtEndpoint,
      shows:
        /^exit 0; [1-9]\d* requests, 0 not ok; fell back false; PASS,PASS,PASS,PASS; [1-9]\d* calls: qwen2\.5:14b with ollama$/,
    },
  "LETHE_MODEL_BASE_URL=https://api.openai.com/v1 LETHE_MODEL_API_KEY=sk-... LETHE_MODEL=gpt-4o-mini":
    {
      run: settingsAtEndpoint,
      shows:
        /^router gpt-4o-mini with sk-\.\.\.; compression gpt-4o-mini with sk-\.\.\.; agent gpt-4o-mini with sk-\.\.\.$/,
    },
  "LETHE_MODEL_BASE_URL=http://localhost:11434/v1 LETHE_MODEL_API_KEY=ollama LETHE_MODEL=qwen2.5-coder:7b":
    {
      run: settingsAtEndpoint,
      shows:
        /^router qwen2\.5-coder:7b with ollama; compression qwen2\.5-coder:7b with ollama; agent qwen2\.5-coder:7b with ollama$/,
    },
  "LETHE_MODEL_BASE_URL=http://gpu:8000/v1 LETHE_MODEL=Qwen/Qwen2.5-7B-Instruct LETHE_MODEL_ROUTER=Qwen/Qwen2.5-0.5B-Instruct":
    {
      run: settingsAtEndpoint,
      shows:
        /^router Qwen\/Qwen2\.5-0\.5B-Instruct with local; compression Qwen\/Qwen2\.5-7B-Instruct with local; agent Qwen\/Qwen2\.5-7B-Instruct with local$/,
    },
};

/** .ci/run's commands (continuations joined, comments dropped), as CI runs them. */
function ciCommands(): string[] {
  const text = readFileSync(path.join(ROOT, ".ci/run"), "utf8");
  return shellCommands("x.md", `\`\`\`sh\n${text}\n\`\`\``).map((c) => c.command);
}

describe("the docs' shell blocks", () => {
  const found = allShellCommands();

  it("are all either run here or listed with why they are not", ({ expect }) => {
    const tables = [RUN, RUN_ELSEWHERE, RUN_BY_CI, NOT_RUN];
    const unknown = found
      .filter((c) => tables.every((t) => t[c.command] === undefined))
      .map((c) => `${c.file}:${c.line}: ${c.command}`);
    expect(
      unknown,
      "add each to RUN (commands.test.ts), or to RUN_ELSEWHERE, RUN_BY_CI or NOT_RUN (doc-commands.ts)",
    ).toEqual([]);
    const twice = found.filter((c) => tables.filter((t) => t[c.command] !== undefined).length > 1);
    expect(twice).toEqual([]);
  });

  it("list no command that no document has any more", ({ expect }) => {
    const present = new Set(found.map((c) => c.command));
    const listed = [RUN, RUN_ELSEWHERE, RUN_BY_CI, NOT_RUN].flatMap((t) => Object.keys(t));
    expect(listed.filter((c) => !present.has(c))).toEqual([]);
  });

  it("that run elsewhere name a test that reads them from the docs", ({ expect }) => {
    const missing = Object.entries(RUN_ELSEWHERE)
      .filter(([, file]) => {
        const test = path.join(ROOT, file);
        return !existsSync(test) || !readFileSync(test, "utf8").includes("documented(");
      })
      .map(([command, file]) => `${file}: ${command}`);
    expect(missing).toEqual([]);
  });

  it("that are test suites are CI's own: .ci/run runs them", ({ expect }) => {
    const ci = ciCommands();
    const scripts = (
      JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    // CI pipes npm test through tee and quiets npm run's banner; the commands are the docs'.
    expect(ci.some((c) => c.startsWith("npm test "))).toBe(true);
    expect(ci.some((c) => c.includes("npm run --silent mutations"))).toBe(true);
    // test:scenarios runs the e2e project's scenario files, which npm test (every project) runs.
    expect(scripts.test).toBe("vitest run");
    expect(scripts["test:scenarios"]).toBe("vitest run --project e2e tests/e2e/scenarios");
    expect(Object.keys(RUN_BY_CI).sort()).toEqual([
      "npm run mutations",
      "npm run test:scenarios",
      "npm test",
    ]);
  });

  it("are read as commands: continuations joined, comments and output dropped", ({ expect }) => {
    const text = [
      "```sh",
      "npm start   # boots it",
      "# a comment line",
      "A=1 \\",
      '  npx x --header "a # b"',
      "```",
      "```console",
      "$ lethe --version",
      "0.1.0",
      "```",
      "```ts",
      "npm not-shell",
      "```",
    ].join("\n");
    expect(shellCommands("x.md", text).map((c) => c.command)).toEqual([
      "npm start",
      'A=1 npx x --header "a # b"',
      "lethe --version",
    ]);
  });

  // Concurrent: each waits mostly on npm's and node's start.
  for (const [command, run] of Object.entries(RUN)) {
    it.concurrent(`runs as written: ${command}`, { timeout: 240_000 }, async ({ expect }) => {
      expect(await run.run(command)).toMatch(run.shows);
    });
  }
});
