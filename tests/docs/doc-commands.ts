// The commands of the docs' copyable shell blocks (```bash, ```sh, ```console in
// README.md and docs/*.md), and the table of those no unit test runs, each with
// why. tests/docs/commands.test.ts runs the rest and fails on a command in
// neither; tests/e2e/doc-commands.test.ts runs some listed here on a cluster.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const SHELL_LANGUAGES = new Set(["bash", "sh", "shell", "console", "zsh"]);

/** One command of a shell block: continuation lines joined, comments and prompts removed. */
export interface DocCommand {
  file: string;
  line: number;
  command: string;
}

/** The documents whose shell blocks are read: README.md and every docs/*.md. */
export function documents(): string[] {
  const docs = readdirSync(path.join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((f) => `docs/${f}`);
  return ["README.md", ...docs];
}

/** `line` without a trailing `# comment` (a `#` outside quotes, after whitespace). */
function withoutComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote !== null) {
      quote = c === quote ? null : quote;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === "#" && (i === 0 || /\s/.test(line[i - 1] ?? ""))) {
      return line.slice(0, i).trimEnd();
    }
  }
  return line.trimEnd();
}

/** The commands of one block's lines; a console block's commands are its `$ ` lines. */
function commandsOf(lines: readonly string[], prompted: boolean): string[] {
  const commands: string[] = [];
  let pending = "";
  for (const raw of lines) {
    let line = raw.trim();
    if (pending === "" && prompted) {
      if (!line.startsWith("$ ")) {
        continue; // output shown under a prompt, not a command
      }
      line = line.slice(2);
    }
    line = withoutComment(line);
    if (line.endsWith("\\")) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    const command = `${pending}${line}`.replace(/\s+/g, " ").trim();
    pending = "";
    if (command !== "") {
      commands.push(command);
    }
  }
  return commands;
}

/** Every command of every shell block of `file` (a path under the repository). */
export function shellCommands(file: string, text = readFileSync(path.join(ROOT, file), "utf8")) {
  const found: DocCommand[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^\s*(`{3,}|~{3,})\s*([\w-]*)/.exec(lines[i] ?? "");
    if (open === null) {
      continue;
    }
    const fence = open[1] ?? "```";
    const language = (open[2] ?? "").toLowerCase();
    const start = i + 1;
    let end = start;
    while (end < lines.length && !(lines[end] ?? "").trim().startsWith(fence)) {
      end++;
    }
    if (SHELL_LANGUAGES.has(language)) {
      for (const command of commandsOf(lines.slice(start, end), language === "console")) {
        found.push({ file, line: start, command });
      }
    }
    i = end;
  }
  return found;
}

/** Shell blocks (one per fence) and commands across the documents. */
export function allShellCommands(): DocCommand[] {
  return documents().flatMap((file) => shellCommands(file));
}

const NEEDS_API_KEY = "needs a hosted model's API key (sk-…) and network";
const NEEDS_ACCOUNT = "needs a Cloudflare account and its API token";

/** Commands no unit test runs, each with why (and the test that runs its path, if one does). */
export const NOT_RUN: Readonly<Record<string, string>> = {
  "npm install && npm start":
    "installs, then boots the whole cluster with its demo (about a minute); tests/e2e/start.test.ts runs scripts/start.ts, what npm start runs",
  "npm test": "the whole suite: what CI runs",
  'npx lethe run --hive mine --admin-token <printed token> --mission "Find PORT in src/server.ts and save it" ./my-project':
    "needs a running cluster and its printed token; tests/e2e/doc-commands.test.ts runs it on the shared e2e cluster",
  "npm run deploy -- --dry-run":
    "bundles every Worker with wrangler (tens of seconds); tests/scripts/deploy.test.ts runs the dry run",
  "npm run deploy": NEEDS_ACCOUNT,
  "cd examples/agents-chat && npm start":
    "boots Lethe and the example in one Miniflare; examples/agents-chat/tests/node/chat.test.ts runs it",
  'npm run chat -- --name bob "Which port does billing-api listen on?"':
    "needs the example running; examples/agents-chat/tests/node/chat.test.ts drives its chat client",
  "LETHE_MODEL_BASE_URL=https://api.openai.com/v1 LETHE_MODEL_API_KEY=sk-… LETHE_MODEL_COMPRESSION=gpt-4o-mini npm run bench:compression -- --model --seeds=1,2,3":
    NEEDS_API_KEY,
  'npx @modelcontextprotocol/inspector@2.12.0 --cli http://127.0.0.1:8787/mcp --transport http --header "Authorization: Bearer $LETHE_KEY" --method tools/list':
    "needs a running cluster; tests/e2e/doc-commands.test.ts runs it on the shared e2e cluster",
  "npm run docs:mcp":
    "rewrites docs/mcp.md, which other tests read meanwhile; its --check twin runs here",
  "LETHE_MODEL_BASE_URL=https://api.openai.com/v1 LETHE_MODEL_API_KEY=sk-... LETHE_MODEL=gpt-4o-mini":
    "settings, not a command (variables for npm start or the deploy); a hosted model's key",
  "LETHE_MODEL_BASE_URL=http://localhost:11434/v1 LETHE_MODEL_API_KEY=ollama LETHE_MODEL=qwen2.5-coder:7b":
    "settings, not a command (variables for npm start); needs Ollama serving the model",
  "LETHE_MODEL_BASE_URL=http://gpu:8000/v1 LETHE_MODEL=Qwen/Qwen2.5-7B-Instruct LETHE_MODEL_ROUTER=Qwen/Qwen2.5-0.5B-Instruct":
    "settings, not a command (variables for npm start); needs a vLLM server",
  "LETHE_MODEL_AGENT=@cf/meta/llama-4-scout-17b-16e-instruct npm run deploy": NEEDS_ACCOUNT,
  "LETHE_MODEL_BASE_URL=http://localhost:11434/v1 LETHE_MODEL_API_KEY=ollama LETHE_MODEL_COMPRESSION=qwen2.5:14b npm run bench:compression -- --model --seeds=1,2,3":
    "needs Ollama serving qwen2.5:14b",
  "LETHE_MODEL_BASE_URL=http://127.0.0.1:8788/v1 npm run dev":
    "boots the whole cluster (about a minute); tests/e2e/proxy-suite.ts boots it with the same test upstream as LETHE_MODEL_BASE_URL",
  "LETHE_KEY=lethe_demo_… node try-proxy.mjs":
    "needs the cluster above; tests/e2e/proxy-clients.test.ts drives the proxy with the openai client and the test upstream",
  "npm run test:scenarios": "an e2e suite itself (minutes; part of npm test)",
  "npm run mutations": "reruns the scenario suite once per mutation (tens of minutes)",
  "npm run mutations -- memory": "reruns part of the scenario suite per mutation (minutes)",
  "npm run mutations -- --lanes=1": "reruns the scenario suite once per mutation (tens of minutes)",
  "LETHE_SCENARIO_MODEL_BASE_URL=https://api.openai.com/v1 LETHE_SCENARIO_MODEL_API_KEY=sk-... LETHE_SCENARIO_MODEL=gpt-4o-mini npm run test:scenarios":
    NEEDS_API_KEY,
};
