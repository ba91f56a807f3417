// write_file and apply_patch: each returns one FileWrite computed against the
// file's current hash (null for a new file); the loop applies it as a new
// workspace version with optimistic concurrency on that hash.
import type { z } from "zod";
import {
  failure,
  outcome,
  type FileRead,
  type ToolOutcome,
  type ToolReads,
} from "../../../shared/tools/tool-ports.ts";
import {
  applyParsedPatch,
  normalisePatchEol,
  parsePatch,
} from "../../../shared/tools/unified-diff.ts";
import type { ApplyPatchArgsSchema, WriteFileArgsSchema } from "../../../shared/tools/schemas.ts";
import { fail, lineCount, looksBinary, NOT_FOUND, plural, readFailure } from "./common.ts";

export type WriteFileArgs = z.output<typeof WriteFileArgsSchema>;
export type ApplyPatchArgs = z.output<typeof ApplyPatchArgsSchema>;

/** The whole current file, null when it does not exist, or the read's failure. */
async function current(path: string, reads: ToolReads): Promise<FileRead | null | ToolOutcome> {
  const read = await reads.readFile(path);
  if (read.ok) {
    return read.value;
  }
  return read.code === NOT_FOUND ? null : readFailure(read);
}

function isOutcome(value: FileRead | null | ToolOutcome): value is ToolOutcome {
  return value !== null && "output" in value;
}

function binaryFailure(path: string, what: string): ToolOutcome {
  return fail(
    "BINARY_CONTENT",
    `${what} ${path} looks binary (control characters)`,
    "The workspace tools edit text files only.",
  );
}

export async function writeFile(args: WriteFileArgs, reads: ToolReads): Promise<ToolOutcome> {
  if (looksBinary(args.content)) {
    return binaryFailure(args.path, "the new content of");
  }
  const base = await current(args.path, reads);
  if (isOutcome(base)) {
    return base;
  }
  if (base !== null && base.content === args.content) {
    return outcome(`unchanged ${args.path} (same content)`);
  }
  const what = base === null ? "new file" : `was ${plural(base.totalLines, "line")}`;
  return outcome(`wrote ${args.path} (${plural(lineCount(args.content), "line")}, ${what})`, {
    files: [{ path: args.path, content: args.content, baseHash: base?.hash ?? null }],
  });
}

/** Strips a/ b/ and ./ so header paths compare with the workspace path. */
function samePath(header: string, path: string): boolean {
  const norm = (p: string) => p.replace(/^\.\//, "");
  return norm(header) === norm(path);
}

export async function applyPatchTool(args: ApplyPatchArgs, reads: ToolReads): Promise<ToolOutcome> {
  const early = parsePatch(args.patch);
  if (!early.ok) {
    return failure(early.code, early.message, early.hint);
  }
  const { oldPath, newPath } = early.value;
  for (const header of [oldPath, newPath]) {
    if (header !== null && header !== "/dev/null" && !samePath(header, args.path)) {
      return fail(
        "PATH_MISMATCH",
        `the patch's header names ${header}, not ${args.path}`,
        "Send one apply_patch call per file, with path set to the file the diff changes.",
      );
    }
  }
  const base = await current(args.path, reads);
  if (isOutcome(base)) {
    return base;
  }
  if (base !== null && looksBinary(base.content)) {
    return binaryFailure(args.path, "the current content of");
  }
  const content = base?.content ?? "";
  // Parsed again once the file is known: CRLF patch line endings for an LF file are dropped.
  const parsed = parsePatch(normalisePatchEol(content, args.patch));
  if (!parsed.ok) {
    return failure(parsed.code, parsed.message, parsed.hint);
  }
  const { hunks } = parsed.value;
  const applied = applyParsedPatch(content, parsed.value);
  if (!applied.ok) {
    return failure(applied.code, applied.message, applied.hint);
  }
  if (looksBinary(applied.value)) {
    return binaryFailure(args.path, "the patched content of");
  }
  const added = hunks.reduce((n, h) => n + h.newLines.length - h.oldLines.length, 0);
  const delta = added >= 0 ? `+${added}` : `${added}`;
  const what = base === null ? "new file" : `${delta} lines`;
  if (base !== null && applied.value === base.content) {
    return outcome(`unchanged ${args.path} (the patch changes nothing)`);
  }
  return outcome(
    `patched ${args.path}: ${plural(hunks.length, "hunk")} applied, ${plural(lineCount(applied.value), "line")} (${what})`,
    { files: [{ path: args.path, content: applied.value, baseHash: base?.hash ?? null }] },
  );
}
