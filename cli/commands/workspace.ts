// CLI commands for a hive's workspace: `workspace upload <hive> <dir>` (a local
// directory as one or more manifest versions) and the queries an engineer runs
// by hand (search, where, callers, missing, unreachable, stale). See docs/workspace.md.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { MAX_FILES_PER_WRITE } from "../../shared/workspace/requests.ts";
import { cliCall, clientFor } from "./client.ts";
import { CliError, type CliContext } from "./context.ts";

/** JSON per upload request: under the gateway's 1 MiB body limit with room for the envelope. */
export const UPLOAD_BATCH_BYTES = 768 * 1024;
/** Directories never uploaded: dependencies, build output, version control. */
const SKIPPED_DIRS = new Set([
  "node_modules",
  ".git",
  "dist",
  "build",
  ".state",
  ".wrangler",
  "__pycache__",
  ".venv",
]);

export interface LocalFile {
  path: string;
  content: string;
  encoding: "utf8" | "base64";
}

const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Files under `dir` (relative, `/`-separated), skipping dependency and hidden directories. */
export function collectFiles(dir: string, skipped: string[] = []): LocalFile[] {
  const out: LocalFile[] = [];
  const walk = (abs: string, rel: string) => {
    for (const name of readdirSync(abs).sort()) {
      const full = path.join(abs, name);
      const relative = rel === "" ? name : `${rel}/${name}`;
      const stat = statSync(full);
      if (stat.isDirectory()) {
        if (!SKIPPED_DIRS.has(name) && !name.startsWith(".")) {
          walk(full, relative);
        }
        continue;
      }
      if (!stat.isFile()) {
        continue;
      }
      if (stat.size > UPLOAD_BATCH_BYTES / 2) {
        skipped.push(`${relative} (${stat.size} bytes: over the upload limit)`);
        continue;
      }
      const bytes = readFileSync(full);
      let text: string | null = null;
      try {
        text = bytes.includes(0) ? null : strict.decode(bytes);
      } catch {
        // Not UTF-8: sent as base64; the Hive stores it without indexing it.
      }
      out.push(
        text === null
          ? { path: relative, content: bytes.toString("base64"), encoding: "base64" }
          : { path: relative, content: text, encoding: "utf8" },
      );
    }
  };
  walk(dir, "");
  return out;
}

/** Groups files into requests under UPLOAD_BATCH_BYTES and MAX_FILES_PER_WRITE. */
export function batches(files: readonly LocalFile[]): LocalFile[][] {
  const out: LocalFile[][] = [];
  let current: LocalFile[] = [];
  let size = 0;
  for (const f of files) {
    const bytes = f.content.length + f.path.length + 64;
    if (
      current.length > 0 &&
      (size + bytes > UPLOAD_BATCH_BYTES || current.length >= MAX_FILES_PER_WRITE)
    ) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(f);
    size += bytes;
  }
  if (current.length > 0) {
    out.push(current);
  }
  return out;
}

const USAGE =
  "usage: lethe workspace upload <hive> <dir> [--message m] | search <hive> <query> [--k n] | where|callers <hive> <name> | missing|unreachable|stale <hive>";

export async function workspaceCommand(args: string[], ctx: CliContext): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      message: { type: "string", default: "" },
      k: { type: "string", default: "10" },
      json: { type: "boolean", default: false },
    },
  });
  const [sub, hive, arg] = positionals;
  if (sub === undefined || hive === undefined) {
    throw new CliError(USAGE, "see docs/workspace.md");
  }
  const print = <T>(body: T, lines: (b: T) => string[]) => {
    for (const l of values.json ? [JSON.stringify(body, null, 2)] : lines(body)) {
      ctx.out(l);
    }
  };
  const routes = () => clientFor(ctx).workspace(hive);
  const ask = <T>(run: () => Promise<T>) => cliCall("workspace", "docs/workspace.md", run);
  switch (sub) {
    case "upload": {
      if (arg === undefined) {
        throw new CliError(
          "usage: lethe workspace upload <hive> <dir>",
          "name the directory to upload",
        );
      }
      const skipped: string[] = [];
      const files = collectFiles(arg, skipped);
      for (const s of skipped) {
        ctx.out(`skipped ${s}`);
      }
      for (const batch of batches(files)) {
        const body = await ask(() =>
          routes().writeFiles({
            files: batch,
            message: values.message || `lethe workspace upload ${arg}`,
          }),
        );
        ctx.out(
          `${body.manifest.id}: ${batch.length} files sent, ${body.manifest.files} in the workspace`,
        );
      }
      return;
    }
    case "search":
      print(
        await ask(() => routes().search({ query: arg ?? "", topK: Number(values.k) })),
        (hits) =>
          hits.map(
            (h) => `${h.score.toFixed(3)}  ${h.path}:${h.startLine}-${h.endLine}  ${h.name ?? ""}`,
          ),
      );
      return;
    case "where":
    case "callers": {
      const name = arg ?? "";
      print(
        await ask(() => (sub === "where" ? routes().definitions(name) : routes().callers(name))),
        (rows) =>
          rows.map((r) =>
            r.def
              ? `${r.path}:${r.def.startLine}-${r.def.endLine}  ${r.def.signature}`
              : `${r.path}:${r.line}  in ${r.caller ?? "(module)"}`,
          ),
      );
      return;
    }
    case "missing":
      print(await ask(() => routes().missing()), (rows) =>
        rows.map(
          (r) =>
            `${r.path}:${r.line}  ${r.specifier}${r.name ? ` { ${r.name} }` : ""}  ${r.reason}`,
        ),
      );
      return;
    case "unreachable":
      print(await ask(() => routes().unreachable()), (body) => body.files);
      return;
    case "stale":
      print(await ask(() => routes().stale()), (rows) =>
        rows.map((r) => `${r.identifier}  ${r.source}  ${r.freshness.reason}`),
      );
      return;
    default:
      throw new CliError(`unknown workspace command "${sub}"`, USAGE);
  }
}
