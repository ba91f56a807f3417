// The L1 tools: stage_context (a path, a symbol or a ref), unstage_context and
// read_ref. They read through ToolReads and return pager ops; the content goes
// into L1 through the ops, never into the tool's output.
import type { z } from "zod";
import type { PageInput } from "../../../shared/context/page.ts";
import {
  filePage,
  outcome,
  type FileRead,
  type ToolOutcome,
  type ToolReads,
} from "../../../shared/tools/tool-ports.ts";
import type {
  ReadRefArgsSchema,
  StageContextArgsSchema,
  UnstageContextArgsSchema,
} from "../../../shared/tools/schemas.ts";
import { checkPage, fail, lineCount, looksBinary, plural, readFailure } from "./common.ts";

/** Characters read_ref returns when no length is given: ~2k tokens, under the output gate's cap. */
export const READ_REF_DEFAULT_CHARS = 8_000;
/** Definitions listed when a symbol is ambiguous; the model narrows with a path. */
const MAX_LISTED_DEFINITIONS = 20;

export type StageContextArgs = z.output<typeof StageContextArgsSchema>;
export type UnstageContextArgs = z.output<typeof UnstageContextArgsSchema>;
export type ReadRefArgs = z.output<typeof ReadRefArgsSchema>;

function stageOutcome(page: PageInput, what: string, prefetch = false): ToolOutcome {
  const bad = checkPage(page);
  if (bad !== null) {
    return bad;
  }
  if (looksBinary(page.content)) {
    return fail(
      "BINARY_CONTENT",
      `${page.id} looks binary (control characters)`,
      "Binary files cannot enter L1; search for a text file that describes it.",
    );
  }
  return prefetch
    ? outcome(`prefetched ${page.id} (${what}): outside L1 until you stage it`, {
        pagerOps: [{ type: "prefetch", page }],
      })
    : outcome(`staged ${page.id} (${what})`, { pagerOps: [{ type: "stage", page }] });
}

function fileWhat(read: FileRead): string {
  return read.totalLines === 0
    ? "empty file"
    : `lines ${read.startLine}-${read.endLine} of ${read.totalLines}`;
}

export async function stageContext(args: StageContextArgs, reads: ToolReads): Promise<ToolOutcome> {
  const { start_line: start, end_line: end } = args;
  if (start !== undefined && end !== undefined && end < start) {
    return fail(
      "INVALID_RANGE",
      `end_line ${end} is before start_line ${start}`,
      "Give start_line ≤ end_line.",
    );
  }
  if (args.ref !== undefined) {
    if (start !== undefined || end !== undefined) {
      return fail(
        "INVALID_RANGE",
        "a ref is staged whole",
        "Use read_ref with offset and length for a slice.",
      );
    }
    const content = await reads.ref(args.ref);
    if (!content.ok) {
      return readFailure(content);
    }
    const page: PageInput = {
      id: args.ref,
      kind: "tool_output",
      sourceRef: args.ref,
      content: content.value,
    };
    return stageOutcome(page, `${plural(lineCount(content.value), "line")}, reference`);
  }
  if (args.symbol !== undefined) {
    if (start !== undefined || end !== undefined) {
      return fail(
        "INVALID_RANGE",
        "start_line and end_line go with a path, not a symbol",
        "Stage the symbol alone, or its path with the lines you want.",
      );
    }
    return stageSymbol(args.symbol, args.path, reads);
  }
  // The schema guarantees one of ref, symbol or path.
  const path = args.path ?? "";
  const ahead = args.prefetch === true ? undefined : promotable(args, reads);
  if (ahead !== undefined) {
    // Promotion: the prefetched content enters L1 without reading the file again.
    return outcome(`staged ${ahead.id} (promoted from prefetch, read as ${ahead.sourceRef})`, {
      pagerOps: [{ type: "access", id: ahead.id }],
    });
  }
  const read = await reads.readFile(
    path,
    start === undefined && end === undefined ? undefined : { start, end },
    args.version,
  );
  if (!read.ok) {
    return readFailure(read);
  }
  const past = args.version !== undefined;
  return stageOutcome(
    filePage(read.value, past),
    `${fileWhat(read.value)}${past ? `, as of workspace version ${read.value.version}` : ""}`,
    args.prefetch === true,
  );
}

/** The prefetched page a plain `stage_context {path}` would stage, if there is one. */
function promotable(args: StageContextArgs, reads: ToolReads) {
  if (
    args.path === undefined ||
    args.version !== undefined ||
    args.start_line !== undefined ||
    args.end_line !== undefined
  ) {
    return undefined;
  }
  return reads.prefetched?.().find((p) => p.id === args.path);
}

async function stageSymbol(
  symbol: string,
  path: string | undefined,
  reads: ToolReads,
): Promise<ToolOutcome> {
  const found = await reads.definitions(symbol, path);
  if (!found.ok) {
    return readFailure(found);
  }
  const defs = found.value;
  const [only] = defs;
  if (only === undefined) {
    return fail(
      "SYMBOL_NOT_FOUND",
      `no definition of ${symbol}${path === undefined ? "" : ` under ${path}`}`,
      "Check the spelling, or search for it with search mode text.",
    );
  }
  if (defs.length > 1) {
    const listed = defs
      .slice(0, MAX_LISTED_DEFINITIONS)
      .map((d) => `  ${d.kind} ${d.name} ${d.path}:${d.startLine}-${d.endLine}`);
    if (defs.length > MAX_LISTED_DEFINITIONS) {
      listed.push(`  … and ${defs.length - MAX_LISTED_DEFINITIONS} more`);
    }
    return fail(
      "AMBIGUOUS_SYMBOL",
      `${symbol} has ${defs.length} definitions:\n${listed.join("\n")}`,
      `Stage it again with the path of the one you mean, e.g. {"symbol": "${symbol}", "path": "${only.path}"}.`,
    );
  }
  const read = await reads.readFile(only.path, { start: only.startLine, end: only.endLine });
  if (!read.ok) {
    return readFailure(read);
  }
  // A symbol's lines are a slice of its file: kind "file", so strict mode's
  // one-file rule covers them as it covers any other file page.
  return stageOutcome(filePage(read.value), `${only.kind} ${only.name}, ${fileWhat(read.value)}`);
}

/** Pages `page` designates: its id, its source ref, or (for a path) every slice of that file. */
function matchingPages(page: string, l1: ReturnType<ToolReads["l1"]>): string[] {
  const exact = l1.filter((p) => p.id === page || p.sourceRef === page);
  if (exact.length > 0) {
    return exact.map((p) => p.id);
  }
  return l1
    .filter(
      (p) =>
        p.kind === "file" &&
        (p.id.startsWith(`${page}:`) || p.sourceRef.startsWith(`file:${page}@`)),
    )
    .map((p) => p.id);
}

/** Kinds the loop keeps in L1 itself: the task anchor must never be dropped by the model. */
const PROTECTED_KINDS = new Set(["system", "mission"]);

export function unstageContext(args: UnstageContextArgs, reads: ToolReads): ToolOutcome {
  const l1 = reads.l1();
  const ids = [...new Set(matchingPages(args.page, l1))];
  if (ids.length === 0) {
    const present = l1.map((p) => p.id);
    return fail(
      "PAGE_NOT_IN_L1",
      `no L1 page is ${args.page}`,
      present.length === 0 ? "L1 is empty." : `L1 holds: ${present.slice(0, 20).join(", ")}.`,
    );
  }
  const protectedIds = ids.filter((id) =>
    PROTECTED_KINDS.has(l1.find((p) => p.id === id)?.kind ?? ""),
  );
  if (protectedIds.length > 0) {
    return fail(
      "PAGE_PROTECTED",
      `${protectedIds.join(", ")} holds the system prompt or the mission and stays in L1`,
      "Unstage file, symbol, artifact or tool output pages only.",
    );
  }
  return outcome(`unstaged ${ids.join(", ")}`, {
    pagerOps: ids.map((id) => ({ type: "unstage", id })),
  });
}

// Never cut a surrogate pair in half: the slice must stay valid UTF-16.
function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

export async function readRef(args: ReadRefArgs, reads: ToolReads): Promise<ToolOutcome> {
  const content = await reads.ref(args.ref);
  if (!content.ok) {
    return readFailure(content);
  }
  const text = content.value;
  if (args.offset > 0 && args.offset >= text.length) {
    return fail(
      "OFFSET_BEYOND_END",
      `offset ${args.offset} is beyond the end of ${args.ref} (${text.length} characters)`,
      "Read from offset 0.",
    );
  }
  let start = args.offset;
  let end = Math.min(text.length, start + (args.length ?? READ_REF_DEFAULT_CHARS));
  if (start > 0 && isLowSurrogate(text.charCodeAt(start))) {
    start--;
  }
  if (end < text.length && isLowSurrogate(text.charCodeAt(end))) {
    end--;
  }
  const more = end < text.length ? `\n[more: offset=${end}]` : "";
  return outcome(
    `[${args.ref} characters ${start}-${end} of ${text.length}]\n${text.slice(start, end)}${more}`,
  );
}
