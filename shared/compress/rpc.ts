// The compressor Worker's RPC inputs, validated once at the boundary: callers
// (gateway, AgentSession, the agent loop) import the types, the Worker the schemas.
import { z } from "zod";
import { ChatMessageSchema } from "../context/messages.ts";
import { PRUNE_PRESETS, type PrunePresetName } from "../context/prune.ts";
import { CompressBudgetSchema } from "./budget.ts";

/** Conversations past this many messages are paged by the caller (transcript pages hold 500). */
export const MAX_RPC_MESSAGES = 10_000;

export const SummariseOptionsSchema = z.strictObject({
  /** The summariser's window in tokens (default 8,192). */
  windowTokens: z.number().int().min(256).max(2_000_000).optional(),
  /** The model whose tokenizer counts (default: the compression role's model). */
  model: z.string().min(1).max(128).optional(),
  section: z.string().min(1).max(64).optional(),
  turnNumbers: z.array(z.number().int()).max(MAX_RPC_MESSAGES).optional(),
  /** "structural" skips the model; "auto" (default) tries map-reduce first. */
  method: z.enum(["auto", "structural"]).optional(),
  /** The local endpoint's scripted mode (encodeScript), for tests and demos. */
  script: z.string().max(200_000).optional(),
  /** What the whole output may weigh: {tokens} or {ratio} of the input. */
  budget: CompressBudgetSchema.optional(),
});
export type SummariseOptions = z.infer<typeof SummariseOptionsSchema>;

export const SummariseRequestSchema = z.object({
  messages: z.array(ChatMessageSchema).max(MAX_RPC_MESSAGES),
  options: SummariseOptionsSchema.default({}),
});

export const CountTokensRequestSchema = z.object({
  text: z.string(),
  model: z.string().min(1).max(128).optional(),
});

const PRESETS = Object.keys(PRUNE_PRESETS) as [PrunePresetName, ...PrunePresetName[]];

export const PruneRequestSchema = z.object({
  messages: z.array(ChatMessageSchema).max(MAX_RPC_MESSAGES),
  error: z.union([
    z.string().min(1).max(4_000),
    z.object({ code: z.string().max(64).optional(), message: z.string().min(1).max(4_000) }),
  ]),
  preset: z.enum(PRESETS).default("small"),
  model: z.string().min(1).max(128).optional(),
});

/** The first issue of a failed parse as one line: "options.windowTokens: too small". */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}`;
}

/** POST /v1/hives/:hive/compress: OpenAI-style messages and the budget to meet. */
export const CompressRequestSchema = SummariseOptionsSchema.pick({
  budget: true,
  method: true,
  windowTokens: true,
  model: true,
}).extend({ messages: z.array(ChatMessageSchema).max(MAX_RPC_MESSAGES) });
export type CompressRequest = z.infer<typeof CompressRequestSchema>;
