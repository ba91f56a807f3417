// Argument schemas of the agent's tools (issue 9). The gatekeeper validates every
// move against them and the router exports them as JSON Schema for the model.
import { z } from "zod";
import { ARTIFACT_KINDS, MAX_IDENTIFIER_CHARS } from "../hive/artifact.ts";

/** Longest text a single argument may carry; bigger payloads go through refs. */
export const MAX_ARG_TEXT = 200_000; // ~50k tokens: a whole large file, never a repo dump
/** Longest path, symbol, key or reference (Linux PATH_MAX is 4096; ours is tighter). */
export const MAX_ARG_NAME = 1024;

const name = (what: string) => z.string().min(1).max(MAX_ARG_NAME).describe(what);
const text = (what: string) => z.string().max(MAX_ARG_TEXT).describe(what);

// One flat object (OpenAI wants `type: object` at the top of a tool's parameters):
// a path, a symbol (optionally within a path) or a reference.
export const StageContextArgsSchema = z
  .strictObject({
    path: name("e.g. src/app.ts").optional(),
    symbol: name("e.g. Pager.evict").optional(),
    ref: name("e.g. ref:3f2a9c").optional(),
    start_line: z.int().min(1).max(10_000_000).optional(),
    end_line: z.int().min(1).max(10_000_000).optional(),
    version: z.int().min(1).max(1_000_000_000).optional().describe("a past workspace version"),
    prefetch: z.boolean().optional().describe("stage outside L1 for a later step"),
  })
  .refine((a) => a.path !== undefined || a.symbol !== undefined || a.ref !== undefined, {
    message: "give one of path, symbol or ref",
    path: ["path"],
  })
  .refine((a) => a.ref === undefined || (a.path === undefined && a.symbol === undefined), {
    message: "a ref stands alone: drop path and symbol",
    path: ["ref"],
  })
  .refine((a) => a.version === undefined || (a.path !== undefined && a.symbol === undefined), {
    message: "a version goes with a path",
    path: ["version"],
  });

export const UnstageContextArgsSchema = z.strictObject({
  page: name("page id, path or ref"),
});

export const SaveArtifactArgsSchema = z.strictObject({
  key: z
    .string()
    .min(1)
    .max(MAX_IDENTIFIER_CHARS)
    .regex(/^[a-z0-9][a-z0-9_.:/-]*$/, "a key is lowercase letters, digits and _.:/-")
    .describe("e.g. config.port"),
  value: z.union([
    z.string().max(MAX_ARG_TEXT),
    z.number(),
    z.boolean(),
    z.record(z.string(), z.unknown()),
  ]),
  // The Hive's own kinds (shared/hive/artifact.ts), so a saved artifact is never refused there.
  kind: z.enum(ARTIFACT_KINDS).default("fact"),
  evidence: z.array(name("path:line or ref")).max(20).default([]),
  supersedes: name("e.g. config.port@2").optional(),
});

export const SearchArgsSchema = z.strictObject({
  query: z.string().min(1).max(2000).describe("what to look for, in words or code"),
  mode: z.enum(["semantic", "text", "structural"]).default("semantic"),
  path: name("only search under this path, e.g. src/").optional(),
  limit: z.int().min(1).max(50).default(10),
});

export const FindDefinitionsArgsSchema = z.strictObject({
  symbol: name("the symbol to find, e.g. computeTotal"),
  path: name("only look in this file or directory").optional(),
});

export const FindCallersArgsSchema = z.strictObject({
  symbol: name("the function or method whose callers to list"),
  path: name("only look in this file or directory").optional(),
});

export const FindImportsArgsSchema = z.strictObject({
  path: name("the file whose imports (and importers) to list"),
  direction: z.enum(["imports", "importers"]).default("imports"),
});

export const ReadRefArgsSchema = z.strictObject({
  ref: name("e.g. ref:3f2a9c"),
  offset: z.int().min(0).default(0).describe("in characters"),
  length: z.int().min(1).max(MAX_ARG_TEXT).optional(),
});

export const CalculateArgsSchema = z.strictObject({
  expression: z
    .string()
    .min(1)
    .max(2000)
    .describe(
      "arithmetic over named values, e.g. (a + b) * 2, or rule:<artifact key> to apply a rule saved as an artifact",
    ),
  values: z
    .record(
      z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
      name("an artifact key or a decimal literal"),
    )
    .default({})
    .describe("names used in the expression, bound to artifact keys or literals"),
});

export const WriteFileArgsSchema = z.strictObject({
  path: name("workspace path relative to the root, e.g. src/app.ts"),
  content: text("the whole new content of the file"),
});

export const ApplyPatchArgsSchema = z.strictObject({
  path: name("workspace path of the file to patch"),
  patch: text("a unified diff with @@ hunks against the current version"),
});

export const CompareArgsSchema = z.strictObject({
  left: name("an artifact key, ref or path"),
  right: name("an artifact key, ref or path"),
  question: z.string().max(2000).optional().describe("what to check between the two"),
});

export const AskHumanArgsSchema = z.strictObject({
  question: z.string().min(1).max(4000).describe("one clear question"),
  options: z.array(z.string().min(1).max(200)).max(10).optional(),
});

export const FinishArgsSchema = z.strictObject({
  status: z.enum(["achieved", "partially_achieved", "not_achieved"]),
  summary: z.string().min(1).max(8000).describe("what was done; the answer"),
  next: z.string().max(4000).optional().describe("what remains"),
});
