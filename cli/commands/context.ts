// What every CLI command gets: the gateway URL, credentials from flags or the
// environment, an output sink, and CliError for one-line failures with a hint.
import { trimEndRun } from "../../shared/base/text-edges.ts";

export class CliError extends Error {
  override readonly name = "CliError";
  readonly hint: string;
  /** The process's exit status: 1 unless a command gives its outcomes their own (`lethe run`). */
  readonly exitCode: number;
  constructor(message: string, hint: string, exitCode = 1) {
    super(message);
    this.hint = hint;
    this.exitCode = exitCode;
  }
}

export interface CliContext {
  url: string;
  out(line: string): void;
  requireAdminToken(): string;
  requireKey(): string;
}

/** `npm start` serves the gateway here unless told otherwise. */
export const DEFAULT_URL = "http://127.0.0.1:8787";

export function createContext(options: {
  url?: string | undefined;
  adminToken?: string | undefined;
  key?: string | undefined;
  env?: Record<string, string | undefined>;
  out?: (line: string) => void;
}): CliContext {
  const env = options.env ?? process.env;
  const url = trimEndRun(options.url ?? env.LETHE_URL ?? DEFAULT_URL, "/");
  const adminToken = options.adminToken ?? env.LETHE_ADMIN_TOKEN;
  const key = options.key ?? env.LETHE_KEY;
  return {
    url,
    out: options.out ?? ((line) => process.stdout.write(`${line}\n`)),
    requireAdminToken: () => {
      if (!adminToken) {
        throw new CliError(
          "this command needs the admin token",
          "set LETHE_ADMIN_TOKEN or pass --admin-token (npm start prints the local one)",
        );
      }
      return adminToken;
    },
    requireKey: () => {
      if (!key) {
        throw new CliError(
          "this command needs a hive API key",
          "set LETHE_KEY or pass --key (create one with `lethe hive create <name>`)",
        );
      }
      return key;
    },
  };
}
