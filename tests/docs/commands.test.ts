// Docs that run: every command of a copyable shell block in README.md and
// docs/*.md is either run here (the cheap ones, as written) or listed in
// NOT_RUN (tests/docs/doc-commands.ts) with why; a new command in neither fails.
import { spawn, spawnSync } from "node:child_process";
import { describe, it } from "vitest";
import { allShellCommands, NOT_RUN, ROOT, shellCommands } from "./doc-commands.ts";

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
};

describe("the docs' shell blocks", () => {
  const found = allShellCommands();

  it("are all either run here or listed with why they are not", ({ expect }) => {
    const unknown = found
      .filter((c) => RUN[c.command] === undefined && NOT_RUN[c.command] === undefined)
      .map((c) => `${c.file}:${c.line}: ${c.command}`);
    expect(unknown, "add each to RUN (commands.test.ts) or NOT_RUN (doc-commands.ts)").toEqual([]);
  });

  it("list no command that no document has any more", ({ expect }) => {
    const present = new Set(found.map((c) => c.command));
    const stale = [...Object.keys(RUN), ...Object.keys(NOT_RUN)].filter((c) => !present.has(c));
    expect(stale).toEqual([]);
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
    it.concurrent(`runs as written: ${command}`, { timeout: 90_000 }, async ({ expect }) => {
      expect(await run.run(command)).toMatch(run.shows);
    });
  }
});
