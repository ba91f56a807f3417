// The Lethe command-line client's commands and `main`; the executable is cli/bin.ts
// (`npx lethe <command> ...`, or `npx node cli/bin.ts` from source). Each
// command lives in cli/commands/; failures print one line with what to do.
import { parseArgs } from "node:util";
import { CliError, createContext, type CliContext } from "./commands/context.ts";
import { compressCommand } from "./commands/compress.ts";
import { firewallCommand } from "./commands/firewall.ts";
import { followCommand } from "./commands/follow.ts";
import { artifactsCommand, hiveCommand } from "./commands/hive.ts";
import { runCommand } from "./commands/run.ts";
import {
  answerCommand,
  checkpointsCommand,
  forkCommand,
  rollbackCommand,
  statusCommand,
} from "./commands/sessions.ts";
import { workspaceCommand } from "./commands/workspace.ts";
import { packageVersion } from "./version.ts";
import { langgraphCommand } from "./commands/langgraph.ts";
import { MEMORY_USAGE, memoryCommand } from "./commands/memory.ts";

type Command = (args: string[], ctx: CliContext) => Promise<void>;

export const COMMANDS: Record<string, { run: Command; usage: string }> = {
  run: {
    run: runCommand,
    usage:
      'run --mission "..." [--hive H] [--mode strict|elastic] [--persona P] [--budget N] [--l1 TOKENS] [--timeout S] DIR',
  },
  status: { run: statusCommand, usage: "status <session>   state, outcome, pending question" },
  checkpoints: { run: checkpointsCommand, usage: "checkpoints <session>   list checkpoints" },
  rollback: {
    run: rollbackCommand,
    usage: "rollback <session> <checkpoint|label>   bring the session back",
  },
  fork: { run: forkCommand, usage: "fork <session> <checkpoint|label>   a new session from there" },
  answer: {
    run: answerCommand,
    usage: 'answer <session> "<text>" | --approve | --deny   resume a paused session',
  },
  hive: {
    run: hiveCommand,
    usage: "hive create <name> [--label <label>]   create a hive API key (admin)",
  },
  follow: {
    run: followCommand,
    usage: "follow <hive> [--since <seq>]   print the hive's events as they happen",
  },
  artifacts: {
    run: artifactsCommand,
    usage: "artifacts <hive> [--kind] [--tag] [--prefix] [--json]   list active artifacts",
  },
  compress: {
    run: compressCommand,
    usage:
      "compress FILE --hive H [--budget 25%|0.25|1200] [--structural] [--json] | compress --hive H --ref <ref>",
  },
  langgraph: {
    run: langgraphCommand,
    usage:
      "langgraph list <hive> [<thread>] [--limit N] [--json] | delete <hive> <thread>   LangGraph threads",
  },
  firewall: {
    run: firewallCommand,
    usage: "firewall set <hive> <firewall.yaml> | show <hive> | clear <hive>   the hive's firewall",
  },
  workspace: {
    run: workspaceCommand,
    usage:
      "workspace upload <hive> <dir> | search <hive> <q> | where|callers <hive> <name> | missing|unreachable|stale <hive>",
  },
  memory: { run: memoryCommand, usage: MEMORY_USAGE },
};

const USAGE = [
  "usage: lethe [--url <gateway>] [--admin-token <t>] [--key <k>] <command> ...",
  ...Object.values(COMMANDS).map((c) => `  ${c.usage}`),
  "environment: LETHE_URL, LETHE_ADMIN_TOKEN, LETHE_KEY",
  "lethe --version prints the version; lethe <command> --help a command's usage",
].join("\n");

const GLOBAL_OPTIONS = {
  url: { type: "string" },
  "admin-token": { type: "string" },
  key: { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;
type Globals = {
  url?: string;
  "admin-token"?: string;
  key?: string;
  help?: boolean;
  version?: boolean;
};

/** Takes the global options out wherever they appear; the rest goes to the command. */
export function splitGlobals(argv: string[]): { globals: Globals; rest: string[] } {
  const { tokens } = parseArgs({
    args: argv,
    strict: false,
    allowPositionals: true,
    tokens: true,
    options: GLOBAL_OPTIONS,
  });
  const globals: Globals = {};
  const taken = new Set<number>();
  for (const token of tokens) {
    if (token.kind !== "option" || !(token.name in GLOBAL_OPTIONS)) {
      continue;
    }
    taken.add(token.index);
    if (token.name === "help" || token.name === "version") {
      globals[token.name] = true;
    } else if (typeof token.value === "string") {
      globals[token.name as "url" | "admin-token" | "key"] = token.value;
      if (!token.inlineValue) {
        taken.add(token.index + 1);
      }
    } else {
      throw new CliError(`--${token.name} needs a value`, `pass --${token.name} <value>`);
    }
  }
  return { globals, rest: argv.filter((_, i) => !taken.has(i)) };
}

/** Runs one invocation; returns the exit code. */
export async function main(
  argv: string[],
  io: {
    out: (line: string) => void;
    err: (line: string) => void;
    env?: Record<string, string | undefined>;
  } = {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  },
): Promise<number> {
  try {
    const { globals, rest } = splitGlobals(argv);
    const [name, ...args] = rest;
    if (globals.version === true) {
      io.out(packageVersion());
      return 0;
    }
    const asked = name === undefined ? undefined : COMMANDS[name];
    if (globals.help === true && asked !== undefined) {
      io.out(`usage: lethe ${asked.usage}`);
      return 0;
    }
    if (globals.help === true || name === undefined) {
      io.out(USAGE);
      return name === undefined && globals.help !== true ? 1 : 0;
    }
    const command = COMMANDS[name];
    if (!command) {
      throw new CliError(
        `unknown command "${name}"`,
        `commands: ${Object.keys(COMMANDS).join(", ")}`,
      );
    }
    const ctx = createContext({
      url: globals.url,
      adminToken: globals["admin-token"],
      key: globals.key,
      out: io.out,
      ...(io.env ? { env: io.env } : {}),
    });
    await command.run(args, ctx);
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      io.err(`lethe: ${error.message} (${error.hint})`);
      return error.exitCode;
    } else if (
      error instanceof Error &&
      "code" in error &&
      String(error.code).startsWith("ERR_PARSE_ARGS")
    ) {
      io.err(`lethe: ${error.message} (run \`lethe --help\`)`);
    } else {
      io.err(
        `lethe: unexpected failure: ${error instanceof Error ? error.message : String(error)} (please report it)`,
      );
    }
    return 1;
  }
}
