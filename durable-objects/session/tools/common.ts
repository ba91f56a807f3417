// Helpers shared by the tool implementations under durable-objects/session/tools/: typed
// failures, read failures passed on with their hint, and text trimming for outputs.
import { PageInputSchema, type PageInput } from "../../../shared/context/page.ts";
import { failure, type ReadResult, type ToolOutcome } from "../../../shared/tools/tool-ports.ts";

/** Failures the tools raise themselves; read failures keep the reader's own code. */
export type ToolErrorCode =
  | "UNKNOWN_TOOL"
  | "INVALID_ARGUMENTS"
  | "TOOL_CRASHED"
  | "INVALID_RANGE"
  | "SYMBOL_NOT_FOUND"
  | "AMBIGUOUS_SYMBOL"
  | "INVALID_PAGE"
  | "BINARY_CONTENT"
  | "PAGE_NOT_IN_L1"
  | "PAGE_PROTECTED"
  | "OFFSET_BEYOND_END"
  | "STALE_VERSION"
  | "NOTHING_TO_SUPERSEDE"
  | "INVALID_VALUE"
  | "VALUE_TOO_LARGE"
  | "INVALID_ARTIFACT"
  | "NOT_NUMERIC"
  | "SAME_OPERAND"
  | "PATH_MISMATCH"
  | "EVIDENCE_MISMATCH"
  | "NOT_A_RULE";

/** The code every reader uses for "no such file / artifact / ref". */
export const NOT_FOUND = "NOT_FOUND";

export function fail(code: ToolErrorCode, message: string, hint: string): ToolOutcome {
  return failure(code, message, hint);
}

/** A read's failure as the tool's failure (its code, message and hint unchanged). */
export function readFailure(result: {
  ok: false;
  code: string;
  message: string;
  hint?: string;
}): ToolOutcome {
  return failure(result.code, result.message, result.hint);
}

export type ReadFailure = Extract<ReadResult<unknown>, { ok: false }>;

/** The `[TOOL ERROR] CODE:` of a failed outcome, or null: tests and the loop's traces read it. */
export function errorCodeOf(outcome: ToolOutcome): string | null {
  if (!outcome.error) {
    return null;
  }
  return /^\[TOOL ERROR\] ([A-Z0-9_]+):/.exec(outcome.output)?.[1] ?? null;
}

/** NUL or other C0 control characters (beyond tab, newline, CR, form feed) mean binary. */
export function looksBinary(content: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we look for
  return /[\u0000-\u0008\u000e-\u001a\u001c-\u001f]/.test(content);
}

/** A page the pager will accept, or a failure saying why not (ids ≤ 256 chars...). */
export function checkPage(page: PageInput): ToolOutcome | null {
  const parsed = PageInputSchema.safeParse(page);
  if (parsed.success) {
    return null;
  }
  const issue = parsed.error.issues[0];
  return fail(
    "INVALID_PAGE",
    `page ${page.id.slice(0, 80)} cannot enter L1: ${issue?.path.join(".") ?? ""} ${issue?.message ?? ""}`.trim(),
    "Use a shorter path or stage a line range.",
  );
}

/** One line of a snippet: whitespace collapsed, cut at `max` characters. */
export function oneLine(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

export function lineCount(content: string): number {
  if (content === "") {
    return 0;
  }
  return content.split("\n").length - (content.endsWith("\n") ? 1 : 0);
}
