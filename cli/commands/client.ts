// The typed client as the CLI uses it: built from the command's context, and its
// LetheError turned into the CLI's one-line error with a hint.
import { Lethe, LetheError } from "../../packages/client/lethe.ts";
import { CliError, type CliContext } from "./context.ts";

/** A client with the hive key (or, for `admin`, the admin token) the context requires. */
export function clientFor(ctx: CliContext, auth: "key" | "admin" = "key"): Lethe {
  return auth === "key"
    ? new Lethe({ url: ctx.url, key: ctx.requireKey() })
    : new Lethe({ url: ctx.url, adminToken: ctx.requireAdminToken() });
}

/**
 * Runs one typed-client call; a refusal becomes "`what` failed: CODE: message" with
 * the gateway's hint (or `doc` when it gave none), a transport failure its own line.
 */
export async function cliCall<T>(what: string, doc: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof LetheError)) {
      throw error;
    }
    if (error.status === undefined) {
      throw new CliError(error.message, error.hint);
    }
    if (error.code.startsWith("HTTP_")) {
      throw new CliError(`${what} failed: ${error.message}`, "is --url a Lethe gateway?");
    }
    throw new CliError(
      `${what} failed: ${error.code}: ${error.message}`,
      error.hint === "GET / lists the routes" ? `see ${doc}` : error.hint,
    );
  }
}
