// What a tool may read and what it may ask for. Tools are functions
// `(args, reads) -> ToolOutcome`: they read through `ToolReads` (the Hive's
// artifacts and workspace, the session's references) and never write anything
// themselves; the agent loop applies the outcome's effects (pager operations,
// artifact writes, file writes) and commits the step. Pure and testable.
import type { PageInput, PagerOp } from "../context/page.ts";
import type { Artifact, ArtifactInputIn } from "../hive/artifact.ts";

export interface FileRead {
  path: string;
  /** The workspace manifest version the content was read at. */
  version: string;
  /** Content hash (sha256 hex) of the whole file. */
  hash: string;
  content: string;
  /** Lines of the whole file (the content may be a slice). */
  totalLines: number;
  startLine: number;
  endLine: number;
}

export interface SymbolLocation {
  name: string;
  kind: string;
  path: string;
  startLine: number;
  endLine: number;
  signature?: string;
  /** Hash of the symbol's source text (AST-verified artifacts cite it). */
  hash?: string;
}

export interface SearchHit {
  path: string;
  score: number;
  startLine?: number;
  endLine?: number;
  symbol?: string;
  snippet?: string;
}

export interface ImportEdge {
  from: string;
  to: string | null;
  specifier: string;
  /** False when the import resolves to nothing in the workspace (missing dependency). */
  resolved: boolean;
}

/** The reads a tool may do; each failure is a value with a hint, never a throw. */
export interface ToolReads {
  session: string;
  agent: string;
  step: number;
  /** A file (or a line range of it) at the head, or at a past workspace `version`. */
  readFile(
    path: string,
    lines?: { start?: number; end?: number },
    version?: number,
  ): Promise<ReadResult<FileRead>>;
  definitions(symbol: string, path?: string): Promise<ReadResult<SymbolLocation[]>>;
  callers(symbol: string, path?: string): Promise<ReadResult<SymbolLocation[]>>;
  imports(path: string, direction: "imports" | "importers"): Promise<ReadResult<ImportEdge[]>>;
  search(query: {
    query: string;
    mode: "semantic" | "text" | "structural";
    path?: string;
    limit: number;
  }): Promise<ReadResult<SearchHit[]>>;
  /** The active version of an artifact (by key), or NOT_FOUND. */
  artifact(key: string): Promise<ReadResult<Artifact>>;
  /** Content behind a `ref:` of this session. */
  ref(ref: string): Promise<ReadResult<string>>;
  /** L1 as it is now (ids, kinds, source refs; content included). */
  l1(): readonly { id: string; kind: string; sourceRef: string; content: string }[];
  /** The prefetch area (outside L1): pages staged ahead with stage_context prefetch. */
  prefetched?(): readonly { id: string; kind: string; sourceRef: string; content: string }[];
}

export type ReadResult<T> =
  | { ok: true; value: T }
  | { ok: false; code: string; message: string; hint?: string };

/** A file write the loop applies to the workspace (a new manifest version). */
export interface FileWrite {
  path: string;
  content: string;
  /** The file hash the change was computed against (optimistic concurrency). */
  baseHash: string | null;
}

/** What a tool asks the loop to do. */
export interface ToolOutcome {
  /** What enters history as the tool's result (gated by the output gate). */
  output: string;
  /** True when the tool failed (counts toward the gatekeeper's error streak). */
  error: boolean;
  pagerOps: PagerOp[];
  artifacts: Array<{ expectedVersion: number; artifact: ArtifactInputIn }>;
  files: FileWrite[];
  /** The mission ends (finish) with this assessment. */
  finish?: {
    status: "achieved" | "partially_achieved" | "not_achieved";
    summary: string;
    next?: string;
  };
  /** The session pauses until a person answers. */
  ask?: { question: string; options?: string[] };
  /** The session halts with a reason (a kernel policy, a missing dependency...). */
  halt?: { reason: string };
}

export function outcome(output: string, extra: Partial<ToolOutcome> = {}): ToolOutcome {
  return { output, error: false, pagerOps: [], artifacts: [], files: [], ...extra };
}

export function failure(code: string, message: string, hint?: string): ToolOutcome {
  const text =
    hint === undefined
      ? `[TOOL ERROR] ${code}: ${message}`
      : `[TOOL ERROR] ${code}: ${message}\n[HINT] ${hint}`;
  return outcome(text, { error: true });
}

/** A page to stage from a file read (id = path or path:start-end). */
export function filePage(read: FileRead, past = false): PageInput {
  const whole = read.startLine === 1 && read.endLine === read.totalLines;
  // A past version is its own page, beside the current one: `path@v<N>`.
  const id = past ? `${read.path}@v${read.version}` : read.path;
  return {
    id: whole ? id : `${id}:${read.startLine}-${read.endLine}`,
    kind: "file",
    sourceRef: `file:${read.path}@${read.version}:${read.startLine}-${read.endLine}`,
    content: read.content,
  };
}
