// runTool: the one entry the agent loop calls to run a tool by name. Arguments
// are parsed with the catalogue's schema (the gatekeeper validated them already;
// parsing again applies defaults and types them), then dispatched.
import type { z } from "zod";
import { findTool } from "../../../shared/tools/catalogue.ts";
import type { ToolOutcome, ToolReads } from "../../../shared/tools/tool-ports.ts";
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
} from "../../../shared/tools/schemas.ts";
import { calculateTool } from "./calculate.ts";
import { findCallers, findDefinitions, findImports, search } from "./code-queries.ts";
import { fail } from "./common.ts";
import { compare } from "./compare.ts";
import { readRef, stageContext, unstageContext } from "./context-tools.ts";
import { askHuman, finish } from "./control.ts";
import { applyPatchTool, writeFile } from "./edit.ts";
import { saveArtifact } from "./save-artifact.ts";

export { errorCodeOf, type ToolErrorCode } from "./common.ts";

/** Each tool's schema, keyed by name: the source of the typed argument map. */
const SCHEMAS = {
  stage_context: StageContextArgsSchema,
  unstage_context: UnstageContextArgsSchema,
  read_ref: ReadRefArgsSchema,
  save_artifact: SaveArtifactArgsSchema,
  search: SearchArgsSchema,
  find_definitions: FindDefinitionsArgsSchema,
  find_callers: FindCallersArgsSchema,
  find_imports: FindImportsArgsSchema,
  calculate: CalculateArgsSchema,
  write_file: WriteFileArgsSchema,
  apply_patch: ApplyPatchArgsSchema,
  compare: CompareArgsSchema,
  ask_human: AskHumanArgsSchema,
  finish: FinishArgsSchema,
} as const;

export type ToolName = keyof typeof SCHEMAS;
/** Parsed (output) arguments of each tool. */
export type ToolArgs = { [N in ToolName]: z.output<(typeof SCHEMAS)[N]> };

type Runners = {
  [N in ToolName]: (args: ToolArgs[N], reads: ToolReads) => ToolOutcome | Promise<ToolOutcome>;
};

const RUNNERS: Runners = {
  stage_context: stageContext,
  unstage_context: unstageContext,
  read_ref: readRef,
  save_artifact: saveArtifact,
  search,
  find_definitions: findDefinitions,
  find_callers: findCallers,
  find_imports: findImports,
  calculate: calculateTool,
  write_file: writeFile,
  apply_patch: applyPatchTool,
  compare,
  ask_human: askHuman,
  finish,
};

export const TOOL_NAMES = Object.keys(SCHEMAS) as readonly ToolName[];

export function isToolName(name: string): name is ToolName {
  return Object.hasOwn(SCHEMAS, name);
}

/** Runs a tool whose arguments are already typed (tests, scripted loops). */
export async function runTypedTool<N extends ToolName>(
  name: N,
  args: ToolArgs[N],
  reads: ToolReads,
): Promise<ToolOutcome> {
  const run = RUNNERS[name] as (
    args: ToolArgs[N],
    reads: ToolReads,
  ) => ToolOutcome | Promise<ToolOutcome>;
  return run(args, reads);
}

/**
 * Runs the tool `name` with `args` (JSON from the model, validated by the
 * gatekeeper) against `reads`. Never throws: an unknown tool, invalid arguments
 * or a tool that throws comes back as a failed outcome (`error: true`).
 * Deterministic: the same reads give the same outcome.
 */
export async function runTool(name: string, args: unknown, reads: ToolReads): Promise<ToolOutcome> {
  if (!isToolName(name) || findTool(name) === undefined) {
    return fail(
      "UNKNOWN_TOOL",
      `there is no tool ${JSON.stringify(name.slice(0, 80))}`,
      `Use one of: ${TOOL_NAMES.join(", ")}.`,
    );
  }
  const parsed = SCHEMAS[name].safeParse(args);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".") ?? "";
    return fail(
      "INVALID_ARGUMENTS",
      `${name}: ${field === "" ? "" : `${field}: `}${issue?.message ?? "invalid arguments"}`,
      `Example: ${JSON.stringify(findTool(name)?.example ?? {})}`,
    );
  }
  try {
    return await runTypedTool(name, parsed.data as ToolArgs[typeof name], reads);
  } catch (error) {
    // A read that throws breaks its own contract (failures are values); the step
    // still ends with a failed outcome instead of an exception inside the loop.
    const message = error instanceof Error ? error.message : String(error);
    return fail(
      "TOOL_CRASHED",
      `${name} failed: ${oneLineMessage(message)}`,
      "Try again; if it repeats, report it.",
    );
  }
}

function oneLineMessage(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}
