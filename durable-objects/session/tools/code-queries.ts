// search, find_definitions, find_callers and find_imports: compact listings with
// paths and line ranges (the output gate caps their size later). Missing imports
// are flagged first, so the loop's kernel policy sees them even in a capped output.
import type { z } from "zod";
import {
  outcome,
  type SearchHit,
  type SymbolLocation,
  type ToolOutcome,
  type ToolReads,
} from "../../../shared/tools/tool-ports.ts";
import type {
  FindCallersArgsSchema,
  FindDefinitionsArgsSchema,
  FindImportsArgsSchema,
  SearchArgsSchema,
} from "../../../shared/tools/schemas.ts";
import { oneLine, plural, readFailure } from "./common.ts";

export type SearchArgs = z.output<typeof SearchArgsSchema>;
export type FindDefinitionsArgs = z.output<typeof FindDefinitionsArgsSchema>;
export type FindCallersArgs = z.output<typeof FindCallersArgsSchema>;
export type FindImportsArgs = z.output<typeof FindImportsArgsSchema>;

/** The marker the loop's kernel policy halts on (issue 9: halting on a missing dependency). */
export const MISSING_DEPENDENCY = "[MISSING DEPENDENCY]";

function range(start?: number, end?: number): string {
  if (start === undefined) {
    return "";
  }
  return end === undefined || end === start ? `:${start}` : `:${start}-${end}`;
}

function hitLine(hit: SearchHit): string {
  const symbol = hit.symbol === undefined ? "" : ` ${hit.symbol}`;
  const snippet =
    hit.snippet === undefined || hit.snippet.trim() === "" ? "" : ` | ${oneLine(hit.snippet)}`;
  return `${hit.path}${range(hit.startLine, hit.endLine)}${symbol} (${hit.score.toFixed(3)})${snippet}`;
}

export async function search(args: SearchArgs, reads: ToolReads): Promise<ToolOutcome> {
  const hits = await reads.search({
    query: args.query,
    mode: args.mode,
    path: args.path,
    limit: args.limit,
  });
  if (!hits.ok) {
    return readFailure(hits);
  }
  const where = args.path === undefined ? "" : ` under ${args.path}`;
  const head = `${plural(hits.value.length, "hit")} for ${JSON.stringify(oneLine(args.query, 80))} (${args.mode}${where})`;
  if (hits.value.length === 0) {
    const other = args.mode === "text" ? "semantic" : "text";
    return outcome(`${head}. Try mode ${other}, other words, or a wider path.`);
  }
  return outcome([`${head}:`, ...hits.value.slice(0, args.limit).map(hitLine)].join("\n"));
}

function locationLine(loc: SymbolLocation): string {
  const signature = loc.signature === undefined ? "" : ` | ${oneLine(loc.signature, 120)}`;
  return `${loc.path}${range(loc.startLine, loc.endLine)} ${loc.kind} ${loc.name}${signature}`;
}

export async function findDefinitions(
  args: FindDefinitionsArgs,
  reads: ToolReads,
): Promise<ToolOutcome> {
  const found = await reads.definitions(args.symbol, args.path);
  if (!found.ok) {
    return readFailure(found);
  }
  const where = args.path === undefined ? "" : ` under ${args.path}`;
  if (found.value.length === 0) {
    return outcome(`no definition of ${args.symbol}${where}. Try search with mode text.`);
  }
  const head = `${plural(found.value.length, "definition")} of ${args.symbol}${where}:`;
  return outcome([head, ...found.value.map(locationLine)].join("\n"));
}

export async function findCallers(args: FindCallersArgs, reads: ToolReads): Promise<ToolOutcome> {
  const found = await reads.callers(args.symbol, args.path);
  if (!found.ok) {
    return readFailure(found);
  }
  const where = args.path === undefined ? "" : ` under ${args.path}`;
  if (found.value.length === 0) {
    return outcome(`no callers of ${args.symbol}${where}`);
  }
  const files = new Set(found.value.map((c) => c.path)).size;
  const head = `${plural(found.value.length, "call site")} of ${args.symbol} in ${plural(files, "file")}${where}:`;
  // A caller's kind is the enclosing symbol's kind when the index knows it; "call"
  // (the session's reads) says nothing more than the line does, so it is left out.
  const lines = found.value.map(
    (c) =>
      `${c.path}${range(c.startLine, c.endLine)} in ${c.name}${c.kind === "call" ? "" : ` (${c.kind})`}`,
  );
  return outcome([head, ...lines].join("\n"));
}

export async function findImports(args: FindImportsArgs, reads: ToolReads): Promise<ToolOutcome> {
  const edges = await reads.imports(args.path, args.direction);
  if (!edges.ok) {
    return readFailure(edges);
  }
  if (args.direction === "importers") {
    if (edges.value.length === 0) {
      return outcome(`no file imports ${args.path}`);
    }
    const lines = edges.value.map((e) => `${e.from} (as ${e.specifier})`);
    return outcome(
      [`${plural(edges.value.length, "file")} import ${args.path}:`, ...lines].join("\n"),
    );
  }
  if (edges.value.length === 0) {
    return outcome(`${args.path} imports nothing`);
  }
  // An external package (resolved, but to no workspace file) is not a missing dependency.
  const missing = edges.value.filter((e) => !e.resolved);
  const resolved = edges.value.filter((e) => e.resolved);
  const lines = [
    ...missing.map(
      (e) => `${MISSING_DEPENDENCY} ${e.specifier} (imported by ${e.from}) resolves to nothing`,
    ),
    ...resolved.map((e) => `${e.specifier} -> ${e.to ?? "(external package)"}`),
  ];
  const flag = missing.length === 0 ? "" : `, ${missing.length} missing`;
  return outcome([`${args.path} imports ${edges.value.length}${flag}:`, ...lines].join("\n"));
}
