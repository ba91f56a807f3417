// Skills as SKILL.md files: YAML front matter (name, description, allowed tools)
// and a Markdown protocol. The gatekeeper re-anchors a drifting model by quoting
// the protocol of the skill it is following.
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { err, ok, type Result } from "../base/result.ts";
import { isValidGrant } from "./permissions.ts";

/** Protocol text quoted in a refusal: a SKILL.md body is usually 1-3k characters. */
export const MAX_PROTOCOL_QUOTE = 4000;

export type SkillErrorCode = "SKILL_INVALID";

const ToolListSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : v.split(/[\s,]+/)).map((s) => s.trim()).filter((s) => s !== ""),
  )
  .pipe(
    z.array(
      z
        .string()
        .refine(isValidGrant, { message: "expected a tool grant such as edit:* or search" }),
    ),
  );

const FrontMatterSchema = z.looseObject({
  name: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, "expected a skill name in kebab-case"),
  description: z.string().max(1000).default(""),
  "allowed-tools": ToolListSchema.optional(),
  allowed_tools: ToolListSchema.optional(),
});

export interface Skill {
  name: string;
  description: string;
  /** Grants (permissions.ts syntax) the skill's protocol uses; its permission set. */
  allowedTools: readonly string[];
  /** The Markdown body: the procedure the model must follow. */
  protocol: string;
}

const FRONT_MATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

export function parseSkill(text: string): Result<Skill, SkillErrorCode> {
  const match = FRONT_MATTER.exec(text);
  if (!match) {
    return err(
      "SKILL_INVALID",
      "the skill file has no YAML front matter",
      "start SKILL.md with ---, then name:, description:, allowed-tools:, then --- and the protocol",
    );
  }
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? "");
  } catch (error) {
    // The YAML error message names the line; the exception itself is not needed.
    return err(
      "SKILL_INVALID",
      `the skill's front matter is not valid YAML: ${error instanceof Error ? error.message : String(error)}`,
      "fix the YAML between the --- lines",
    );
  }
  const parsed = FrontMatterSchema.safeParse(data ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return err(
      "SKILL_INVALID",
      `the skill's front matter is invalid at ${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "unknown"}`,
      "give name (kebab-case), description and allowed-tools (a list of tools or grants)",
    );
  }
  const front = parsed.data;
  return ok({
    name: front.name,
    description: front.description,
    allowedTools: front["allowed-tools"] ?? front.allowed_tools ?? [],
    protocol: text.slice(match[0].length).trim(),
  });
}

export function quoteProtocol(skill: Skill): string {
  const body =
    skill.protocol.length > MAX_PROTOCOL_QUOTE
      ? `${skill.protocol.slice(0, MAX_PROTOCOL_QUOTE)}\n[... protocol truncated]`
      : skill.protocol;
  return `--- protocol of skill ${skill.name} ---\n${body}\n--- end of protocol ---`;
}
