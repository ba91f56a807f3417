// The agent's tool catalogue: name, domain, description and argument schema of
// every tool. The router groups tools by domain; the gatekeeper validates moves.
import { z } from "zod";
import {
  ApplyPatchArgsSchema,
  AskHumanArgsSchema,
  CalculateArgsSchema,
  CompareArgsSchema,
  FindCallersArgsSchema,
  FindDefinitionsArgsSchema,
  FindImportsArgsSchema,
  FinishArgsSchema,
  ReadRefArgsSchema,
  SaveArtifactArgsSchema,
  SearchArgsSchema,
  StageContextArgsSchema,
  UnstageContextArgsSchema,
  WriteFileArgsSchema,
} from "./schemas.ts";

export interface ToolSpec {
  name: string;
  domain: string;
  description: string;
  schema: z.ZodType;
  /** Top-level argument fields that hold workspace paths (normalised and confined). */
  pathFields: readonly string[];
  /** One valid call, quoted in refusal hints so the model sees the expected shape. */
  example: Record<string, unknown>;
}

export interface DomainSpec {
  name: string;
  description: string;
}

export const DOMAINS: readonly DomainSpec[] = [
  {
    name: "context",
    description: "bring files, symbols or references into active context, or drop them",
  },
  { name: "artifacts", description: "record facts, contracts and decisions as durable artifacts" },
  { name: "search", description: "find candidates by meaning or text across the workspace" },
  { name: "code", description: "structural code queries: definitions, callers, imports" },
  { name: "math", description: "exact decimal arithmetic over artifact values" },
  { name: "edit", description: "change workspace files: write a file or apply a patch" },
  { name: "review", description: "compare two artifacts, references or files" },
  { name: "control", description: "ask the human a question or finish the mission" },
];

/** Domains offered with any tool set: the model can always ask or stop. */
export const ALWAYS_ROUTED_DOMAINS: readonly string[] = ["control"];

export const TOOL_CATALOGUE: readonly ToolSpec[] = [
  {
    name: "stage_context",
    domain: "context",
    description: "Load a file (or lines), a symbol or a ref into L1.",
    schema: StageContextArgsSchema,
    pathFields: ["path"],
    example: { path: "src/app.ts", start_line: 1, end_line: 80 },
  },
  {
    name: "unstage_context",
    domain: "context",
    description: "Drop a page from L1 (it stays behind its ref).",
    schema: UnstageContextArgsSchema,
    pathFields: [],
    example: { page: "src/app.ts" },
  },
  {
    name: "read_ref",
    domain: "context",
    description: "Read an offloaded payload by its ref, or a slice of it.",
    schema: ReadRefArgsSchema,
    pathFields: [],
    example: { ref: "ref:3f2a9c", offset: 0, length: 2000 },
  },
  {
    name: "save_artifact",
    domain: "artifacts",
    description: "Save a fact and its evidence as a shared artifact (L2).",
    schema: SaveArtifactArgsSchema,
    pathFields: [],
    example: { key: "config.port", value: 8080, kind: "fact", evidence: ["src/config.ts:12"] },
  },
  {
    name: "search",
    domain: "search",
    description: "Search the workspace by meaning (L3), by text, or structurally.",
    schema: SearchArgsSchema,
    pathFields: ["path"],
    example: { query: "where the port is configured", mode: "semantic", limit: 5 },
  },
  {
    name: "find_definitions",
    domain: "code",
    description: "List where a symbol is defined, with file and line.",
    schema: FindDefinitionsArgsSchema,
    pathFields: ["path"],
    example: { symbol: "computeTotal" },
  },
  {
    name: "find_callers",
    domain: "code",
    description: "List the call sites of a function or method.",
    schema: FindCallersArgsSchema,
    pathFields: ["path"],
    example: { symbol: "computeTotal" },
  },
  {
    name: "find_imports",
    domain: "code",
    description: "List what a file imports, or which files import it.",
    schema: FindImportsArgsSchema,
    pathFields: ["path"],
    example: { path: "src/app.ts", direction: "imports" },
  },
  {
    name: "calculate",
    domain: "math",
    description: "Evaluate arithmetic exactly (decimal) over artifact values or literals.",
    schema: CalculateArgsSchema,
    pathFields: [],
    example: { expression: "a + b", values: { a: "totals.file_a", b: "totals.file_b" } },
  },
  {
    name: "write_file",
    domain: "edit",
    description: "Write a whole file, creating a new workspace version.",
    schema: WriteFileArgsSchema,
    pathFields: ["path"],
    example: { path: "src/fix.ts", content: "export const total = 42;\n" },
  },
  {
    name: "apply_patch",
    domain: "edit",
    description: "Apply a unified diff to one file, creating a new workspace version.",
    schema: ApplyPatchArgsSchema,
    pathFields: ["path"],
    example: { path: "src/app.ts", patch: "@@ -1 +1 @@\n-const a = 1;\n+const a = 2;\n" },
  },
  {
    name: "compare",
    domain: "review",
    description: "Compare two artifacts, refs or files and report agreements and conflicts.",
    schema: CompareArgsSchema,
    pathFields: [],
    example: { left: "config.port", right: "src/config.ts", question: "do they agree?" },
  },
  {
    name: "ask_human",
    domain: "control",
    description: "Ask the person watching and wait for the answer.",
    schema: AskHumanArgsSchema,
    pathFields: [],
    example: { question: "Which branch should the fix target?", options: ["main", "release"] },
  },
  {
    name: "finish",
    domain: "control",
    description: "End the mission with a status and the answer.",
    schema: FinishArgsSchema,
    pathFields: [],
    example: { status: "achieved", summary: "The sum is 42; src/fix.ts now uses it." },
  },
];

const BY_NAME = new Map(TOOL_CATALOGUE.map((t) => [t.name, t]));

export function findTool(
  name: string,
  catalogue: readonly ToolSpec[] = TOOL_CATALOGUE,
): ToolSpec | undefined {
  return catalogue === TOOL_CATALOGUE ? BY_NAME.get(name) : catalogue.find((t) => t.name === name);
}

/** The id permissions and firewall rules match against: `domain:tool`. */
export function toolPermissionId(tool: ToolSpec): string {
  return `${tool.domain}:${tool.name}`;
}

// Interfaces (not a recursive type alias) keep the RPC stub types shallow enough for tsc.
export type JsonValue = string | number | boolean | null | JsonArray | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}
export interface JsonArray extends Array<JsonValue> {}

/** The tool definitions a model sees (OpenAI function-calling shape); plain JSON, so it crosses RPC typed. */
export interface ToolDefinition {
  type: "function";
  function: { name: string; description: string; parameters: JsonObject };
}

const definitionCache = new WeakMap<ToolSpec, ToolDefinition>();

/**
 * Size bounds (maxLength 1024, maximum 10000000...) guard the gatekeeper's
 * validation, which still applies them; sent to the model on every call they
 * only cost tokens (about a fifth of a definition). So do lower bounds, a key's
 * `pattern` and `default`s (a refused move comes back with a hint naming the
 * rule; `required` already says what may be left out) and `propertyNames` (an
 * object's keys are strings in JSON anyway).
 */
const MODEL_IRRELEVANT_BOUNDS = new Set([
  "maxLength",
  "maximum",
  "maxItems",
  "minLength",
  "minimum",
  "pattern",
  "default",
  "propertyNames",
]);

/**
 * `additionalProperties: false` (the gatekeeper refuses an unknown field with a hint)
 * or `{}` (anything, JSON Schema's default); a schema for a record's values stays.
 */
function closedOrOpen(key: string, value: unknown): boolean {
  return (
    key === "additionalProperties" &&
    (value === false ||
      (value !== null && typeof value === "object" && Object.keys(value).length === 0))
  );
}

/** `anyOf` of bare types (`[{type: "string"}, {type: "number"}]`) as one `type` list: same meaning, fewer tokens. */
function typeList(members: unknown): string[] | null {
  if (!Array.isArray(members)) {
    return null;
  }
  const types: string[] = [];
  for (const member of members) {
    const keys = member !== null && typeof member === "object" ? Object.keys(member) : [];
    const type: unknown = keys.length === 1 ? (member as { type?: unknown }).type : undefined;
    if (typeof type !== "string") {
      return null;
    }
    types.push(type);
  }
  return types;
}

function withoutBounds(schema: unknown): unknown {
  if (Array.isArray(schema)) {
    return schema.map((item) => withoutBounds(item));
  }
  if (schema === null || typeof schema !== "object") {
    return schema;
  }
  const entries = Object.entries(schema)
    .filter(([key, value]) => !MODEL_IRRELEVANT_BOUNDS.has(key) && !closedOrOpen(key, value))
    .map(([key, value]) => [key, key === "properties" ? mapValues(value) : withoutBounds(value)]);
  const out = Object.fromEntries(entries) as Record<string, unknown>;
  const types = "type" in out ? null : typeList(out.anyOf);
  if (types !== null) {
    delete out.anyOf;
    return { type: types, ...out };
  }
  return out;
}

/** `properties` maps names to schemas: a property may be called maxLength. */
function mapValues(properties: unknown): unknown {
  if (properties === null || typeof properties !== "object") {
    return properties;
  }
  return Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [name, withoutBounds(schema)]),
  );
}

export function toolDefinition(tool: ToolSpec): ToolDefinition {
  const cached = definitionCache.get(tool);
  if (cached) {
    return cached;
  }
  // "input": defaults make a field optional for the caller, which is what the model writes.
  const { $schema: _schema, ...parameters } = z.toJSONSchema(tool.schema, { io: "input" });
  const definition: ToolDefinition = {
    type: "function",
    // A JSON Schema document is JSON by construction.
    function: {
      name: tool.name,
      description: tool.description,
      parameters: withoutBounds(parameters) as JsonObject,
    },
  };
  definitionCache.set(tool, definition);
  return definition;
}

export function toolsInDomains(
  domains: readonly string[],
  catalogue: readonly ToolSpec[] = TOOL_CATALOGUE,
): ToolSpec[] {
  const wanted = new Set(domains);
  return catalogue.filter((t) => wanted.has(t.domain));
}
