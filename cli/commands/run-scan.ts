// The directory scan behind `lethe run DIR`: the text files an agent can work on,
// and a reason for everything left out (binaries, symlinks leaving the tree,
// dependency and hidden directories, files over the upload limit).
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { MAX_FILE_BYTES } from "../../shared/workspace/content.ts";
import { CliError } from "./context.ts";
import { UPLOAD_BATCH_BYTES, type LocalFile } from "./workspace.ts";

/** Directories never uploaded: dependencies, build output, version control, local state. */
export const IGNORED_DIRS = new Set([
  "node_modules",
  ".git",
  "dist",
  "build",
  ".state",
  ".wrangler",
  "__pycache__",
  ".venv",
]);

/**
 * The largest file sent: the workspace stores up to MAX_FILE_BYTES, but one
 * upload request must stay under the gateway's 1 MiB body, and JSON escaping can
 * grow text, so a file gets at most half a batch (as `lethe workspace upload`).
 */
export const MAX_RUN_FILE_BYTES = Math.min(MAX_FILE_BYTES, UPLOAD_BATCH_BYTES / 2);
/** Files per run: a mission works on a project, not a disk (hostile "huge directory" input). */
export const MAX_RUN_FILES = 5_000;

export interface ScanResult {
  files: LocalFile[];
  /** `path (reason)` for each thing left out, in walk order. */
  skipped: string[];
  bytes: number;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Whether `bytes` is text an agent can read: no NUL byte and valid UTF-8. */
export function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) {
    return false;
  }
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    // Invalid UTF-8: a binary for the agent's purposes.
    return false;
  }
}

function inside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

/** Checks that `dir` is a readable directory, or says what to do. */
export function requireDirectory(dir: string): string {
  let stat;
  try {
    stat = statSync(dir);
  } catch {
    throw new CliError(`no directory ${dir}`, "pass the path of the project to work on");
  }
  if (!stat.isDirectory()) {
    throw new CliError(`${dir} is not a directory`, "pass the directory that holds the files");
  }
  return realpathSync(dir);
}

/** Walks `dir` in name order; fails with a CliError when nothing is left to upload. */
export function scanDirectory(dir: string): ScanResult {
  const root = requireDirectory(dir);
  const files: LocalFile[] = [];
  const skipped: string[] = [];
  let bytes = 0;
  let overflow = 0;
  const walk = (abs: string, rel: string) => {
    for (const name of readdirSync(abs).sort()) {
      const full = path.join(abs, name);
      const relative = rel === "" ? name : `${rel}/${name}`;
      const link = lstatSync(full);
      let stat = link;
      if (link.isSymbolicLink()) {
        let target: string;
        try {
          target = realpathSync(full);
        } catch {
          skipped.push(`${relative} (broken symlink)`);
          continue;
        }
        if (!inside(root, target)) {
          skipped.push(`${relative} (symlink out of the directory)`);
          continue;
        }
        stat = statSync(target);
        if (stat.isDirectory()) {
          // Its files are uploaded under their real path; following it could loop.
          skipped.push(`${relative}/ (symlink to a directory inside the tree)`);
          continue;
        }
      }
      if (stat.isDirectory()) {
        if (IGNORED_DIRS.has(name) || name.startsWith(".")) {
          skipped.push(`${relative}/ (ignored directory)`);
        } else {
          walk(full, relative);
        }
        continue;
      }
      if (!stat.isFile()) {
        skipped.push(`${relative} (not a regular file)`);
        continue;
      }
      if (stat.size > MAX_RUN_FILE_BYTES) {
        skipped.push(`${relative} (${stat.size} bytes: over the ${MAX_RUN_FILE_BYTES}-byte limit)`);
        continue;
      }
      if (files.length >= MAX_RUN_FILES) {
        overflow++;
        continue;
      }
      const content = readFileSync(full);
      if (!isText(content)) {
        skipped.push(`${relative} (binary)`);
        continue;
      }
      files.push({ path: relative, content: content.toString("utf8"), encoding: "utf8" });
      bytes += content.byteLength;
    }
  };
  walk(root, "");
  if (overflow > 0) {
    skipped.push(`${overflow} more files (over the ${MAX_RUN_FILES}-file limit)`);
  }
  if (files.length === 0) {
    throw new CliError(
      `${dir} has no text files to work on${skipped.length > 0 ? ` (${skipped.length} skipped)` : ""}`,
      "point lethe run at a directory with source or text files",
    );
  }
  return { files, skipped, bytes };
}
