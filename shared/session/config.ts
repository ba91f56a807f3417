// A session's configuration, validated at the gateway and stored by AgentSession.
import { z } from "zod";
import { L1ModeSchema } from "../context/page.ts";
import { PRESET_NAMES } from "../governance/presets.ts";
import { parseSkill } from "../gatekeeper/skills.ts";
import { HIVE_NAME_PATTERN } from "../hive/name.ts";
import { RetentionPolicySchema } from "./checkpoint.ts";

/** Up to 128 characters: an id carries its hive (shared/contracts/session-id.ts). */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
/** Missions are instructions, not documents: long inputs belong in the workspace. */
export const MAX_MISSION_CHARS = 8_000;

/** Skills a session follows at once: more is a cognitive-load problem, not a protocol. */
export const MAX_SESSION_SKILLS = 8;
/** A SKILL.md is a page of procedure; 16k characters is ~4k tokens, a quarter of a big L1. */
export const MAX_SKILL_CHARS = 16_000;

/** A workspace root the agent may touch: relative, no `..`, no leading slash. */
const RootSchema = z
  .string()
  .min(1)
  .max(256)
  .regex(
    /^(\.|[A-Za-z0-9_][A-Za-z0-9_.-]*(\/[A-Za-z0-9_][A-Za-z0-9_.-]*)*)$/,
    'a workspace-relative directory such as "." or "services/api" (no "..", no leading "/")',
  )
  .refine((r) => !r.split("/").includes(".."), 'a root may not contain ".."');

/** L1's default capacity: room for one file page, a few artifacts and the anchor. */
export const DEFAULT_L1_TOKENS = 2_048;

export const SessionConfigSchema = z.strictObject({
  hive: z
    .string()
    .regex(HIVE_NAME_PATTERN, "lowercase letters, digits and dashes, up to 63 characters"),
  mission: z.string().min(1).max(MAX_MISSION_CHARS),
  mode: L1ModeSchema.default("strict"),
  model: z.string().min(1).max(128).default("lethe-local"),
  persona: z.enum(PRESET_NAMES as [string, ...string[]]).default("code-agent"),
  /**
   * Strategy switch: personas that take over in turn when the previous one
   * finishes its phase (e.g. ["architect", "implementer"]); the first replaces `persona`.
   */
  strategy: z
    .array(z.enum(PRESET_NAMES as [string, ...string[]]))
    .min(1)
    .max(5)
    .optional(),
  /** Who the agent is in the hive's provenance (several agents share a hive). */
  agent: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/)
    .default("agent"),
  /**
   * Scripted answers for the local model endpoint (shared/model/script.ts's
   * encodeScript), sent with every model call: tests and demos only; a real
   * model ignores it.
   */
  script: z.string().max(200_000).optional(),
  /**
   * Failure isolation: the session's file writes stay in its own hypothesis layer
   * (durable-objects/session/step/speculation.ts) and reach the workspace as one version
   * only when the mission is achieved; a halt or a failed mission discards them.
   */
  speculative: z.boolean().default(false),
  stepBudget: z.number().int().min(1).max(1_000).default(15),
  /** L1 capacity in exact tokens of the model's encoding. */
  l1Tokens: z.number().int().min(64).max(200_000).default(DEFAULT_L1_TOKENS),
  retention: RetentionPolicySchema.default({ keepLast: 50, everyNth: 10 }),
  /**
   * The directories the agent may read and write (path isolation): every path
   * argument is confined to one of them by the gatekeeper. Default: the whole workspace.
   */
  roots: z.array(RootSchema).min(1).max(16).default(["."]),
  /**
   * SKILL.md texts the agent follows from its first step: the gatekeeper refuses
   * a move outside their allowed tools and re-anchors the model by quoting the protocol.
   */
  skills: z
    .array(
      z
        .string()
        .min(1)
        .max(MAX_SKILL_CHARS)
        .superRefine((text, ctx) => {
          const parsed = parseSkill(text);
          if (!parsed.ok) {
            ctx.addIssue({ code: "custom", message: `${parsed.message} (${parsed.hint ?? ""})` });
          }
        }),
    )
    .max(MAX_SESSION_SKILLS)
    .default([]),
});
export type SessionConfig = z.output<typeof SessionConfigSchema>;
export type SessionConfigInput = z.input<typeof SessionConfigSchema>;
