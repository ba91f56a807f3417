// CLI commands for a hive's workspace: `workspace upload <hive> <dir>` (a local
// directory as one or more manifest versions) and the queries an engineer runs
// by hand (search, where, callers, missing, unreachable, stale). See docs/workspace.md.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ErrorBodySchema } from "../../shared/errors.ts";
import { MAX_FILES_PER_WRITE } from "../../shared/workspace/requests.ts";
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

export async function request(
  ctx: CliContext,
  hive: string,
  route: string,
  init: RequestInit = {},
): Promise<unknown> {
  const url = `${ctx.url}/v1/hives/${encodeURIComponent(hive)}/workspace${route}`;
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { authorization: `Bearer ${ctx.requireKey()}`, "content-type": "application/json" },
    });
  } catch {
    throw new CliError(
      `cannot reach the gateway at ${ctx.url}`,
      "start the cluster with `npm start`, or pass --url <gateway>",
    );
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's error page): reported below with its status.
  }
  if (!response.ok) {
    const parsed = ErrorBodySchema.safeParse(body);
    throw parsed.success
      ? new CliError(
          `${parsed.data.error.code}: ${parsed.data.error.message}`,
          parsed.data.error.hint ?? "see docs/workspace.md",
        )
      : new CliError(`HTTP ${response.status} from ${route}`, "is --url a Lethe gateway?");
  }
  return body;
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
  const print = (body: unknown, lines: (b: never) => string[]) => {
    for (const l of values.json ? [JSON.stringify(body, null, 2)] : lines(body as never)) {
      ctx.out(l);
    }
  };
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
        const body = (await request(ctx, hive, "/files", {
          method: "POST",
          body: JSON.stringify({
            files: batch,
            message: values.message || `lethe workspace upload ${arg}`,
          }),
        })) as { manifest: { id: string; version: number; files: number } };
        ctx.out(
          `${body.manifest.id}: ${batch.length} files sent, ${body.manifest.files} in the workspace`,
        );
      }
      return;
    }
    case "search":
      print(
        await request(ctx, hive, "/search", {
          method: "POST",
          body: JSON.stringify({ query: arg ?? "", topK: Number(values.k) }),
        }),
        (
          hits: {
            path: string;
            startLine: number;
            endLine: number;
            name: string | null;
            score: number;
          }[],
        ) =>
          hits.map(
            (h) => `${h.score.toFixed(3)}  ${h.path}:${h.startLine}-${h.endLine}  ${h.name ?? ""}`,
          ),
      );
      return;
    case "where":
    case "callers": {
      const route = sub === "where" ? "definitions" : "callers";
      print(
        await request(ctx, hive, `/${route}?name=${encodeURIComponent(arg ?? "")}`),
        (
          rows: {
            path: string;
            line?: number;
            caller?: string | null;
            def?: { startLine: number; endLine: number; signature: string };
          }[],
        ) =>
          rows.map((r) =>
            r.def
              ? `${r.path}:${r.def.startLine}-${r.def.endLine}  ${r.def.signature}`
              : `${r.path}:${r.line}  in ${r.caller ?? "(module)"}`,
          ),
      );
      return;
    }
    case "missing":
      print(
        await request(ctx, hive, "/missing"),
        (
          rows: { path: string; line: number; specifier: string; name?: string; reason: string }[],
        ) =>
          rows.map(
            (r) =>
              `${r.path}:${r.line}  ${r.specifier}${r.name ? ` { ${r.name} }` : ""}  ${r.reason}`,
          ),
      );
      return;
    case "unreachable":
      print(await request(ctx, hive, "/unreachable"), (body: { files: string[] }) => body.files);
      return;
    case "stale":
      print(
        await request(ctx, hive, "/stale"),
        (rows: { identifier: string; source: string; freshness: { reason: string } }[]) =>
          rows.map((r) => `${r.identifier}  ${r.source}  ${r.freshness.reason}`),
      );
      return;
    default:
      throw new CliError(`unknown workspace command "${sub}"`, USAGE);
  }
}
