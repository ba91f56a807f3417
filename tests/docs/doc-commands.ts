// The commands of the docs' copyable shell blocks (```bash, ```sh, ```console in
// README.md and docs/*.md) and where each runs: tests/docs/commands.test.ts runs the
// cheap ones, RUN_ELSEWHERE names the test that runs one as written on its cluster or
// account, RUN_BY_CI the ones .ci/run runs itself, NOT_RUN says why the rest are not.
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

/** The one command of `file` that matches `pattern` (throws unless exactly one does). */
export function documented(file: string, pattern: RegExp): string {
  const found = shellCommands(file).filter((c) => pattern.test(c.command));
  if (found.length !== 1) {
    throw new Error(
      `${file}: expected one shell command matching ${pattern}, found ${found.length}`,
    );
  }
  return found[0]?.command ?? "";
}

/** The text of the first fenced block of `file` after the line that contains `marker`. */
export function blockAfter(file: string, marker: string): string {
  const lines = readFileSync(path.join(ROOT, file), "utf8").split("\n");
  const from = lines.findIndex((l) => l.includes(marker));
  const open = lines.findIndex((l, i) => i > from && /^\s*`{3,}/.test(l));
  const close = lines.findIndex((l, i) => i > open && /^\s*`{3,}\s*$/.test(l));
  if (from < 0 || open < 0 || close < 0) {
    throw new Error(`${file}: no fenced block after "${marker}"`);
  }
  return `${lines.slice(open + 1, close).join("\n")}\n`;
}

/**
 * Commands another test runs as the docs write them (only an address, a port, a
 * token, a key or a directory replaced), with that test's file.
 */
export const RUN_ELSEWHERE: Readonly<Record<string, string>> = {
  'npx lethe run --hive mine --admin-token <printed token> --mission "Find PORT in src/server.ts and save it" ./my-project':
    "tests/e2e/doc-commands.test.ts",
  'npx @modelcontextprotocol/inspector@2.12.0 --cli http://127.0.0.1:8787/mcp --transport http --header "Authorization: Bearer $LETHE_KEY" --method tools/list':
    "tests/e2e/doc-commands.test.ts",
  "LETHE_KEY=lethe_demo_... node try-proxy.mjs": "tests/e2e/proxy-clients.test.ts",
  // PORT and LETHE_STATE_DIR (the README's settings) added: a free port, a state of its own.
  "npm install && npm start": "tests/e2e/start.test.ts",
  "cd examples/agents-chat && npm start": "examples/agents-chat/tests/node/chat.test.ts",
  'npm run chat -- --name bob "Which port does billing-api listen on?"':
    "examples/agents-chat/tests/node/chat.test.ts",
  // Through proxySuite(), in each of proxy-clients.test.ts and proxy-hostile.test.ts.
  "LETHE_MODEL_BASE_URL=http://127.0.0.1:8788/v1 npm run dev": "tests/e2e/proxy-suite.ts",
  // The deploy test's own file: its runs rewrite .deploy/, which its other tests read.
  "npm run deploy -- --dry-run": "tests/scripts/deploy.test.ts",
  "npm run deploy": "tests/scripts/deploy.test.ts",
  "LETHE_MODEL_AGENT=@cf/meta/llama-4-scout-17b-16e-instruct npm run deploy":
    "tests/scripts/deploy.test.ts",
  // Against a local endpoint that answers as the stand-in.
  "LETHE_SCENARIO_MODEL_BASE_URL=https://api.openai.com/v1 LETHE_SCENARIO_MODEL_API_KEY=sk-... LETHE_SCENARIO_MODEL=gpt-4o-mini npm run test:scenarios -- -t prefetch":
    "tests/e2e/scenario-command.test.ts",
};

/** Commands CI runs as itself (.ci/run), with how commands.test.ts checks that it does. */
export const RUN_BY_CI: Readonly<Record<string, string>> = {
  "npm test": "a line of .ci/run",
  "npm run mutations": "a line of .ci/run (npm run --silent mutations)",
  "npm run test:scenarios": "its vitest run is a part of npm test's",
};

/** Commands no test runs as written, each with why (and the test that runs its path, if one does). */
export const NOT_RUN: Readonly<Record<string, string>> = {};
