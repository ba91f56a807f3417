// The gatekeeper's RPC surface as pure code: request schemas, per-isolate caches
// of compiled firewalls and parsed skills, and Result values for every outcome.
// workers/gatekeeper wraps it in a WorkerEntrypoint; tests drive it directly.
import { z } from "zod";
import { sha256Hex } from "../base/hash.ts";
import { err, ok, type Err, type Result } from "../base/result.ts";
import { admit, type Admission } from "./admit.ts";
import { FirewallCache } from "./firewall-cache.ts";
import { type FirewallAction } from "./firewall-schema.ts";
import { MAX_FIREWALL_SIZE } from "../hive/firewall.ts";
import type { FirewallIssue, FirewallLoadError } from "./firewall.ts";
import { parseSkill, type Skill } from "./skills.ts";
import { GatekeeperStateSchema, initialGatekeeperState } from "./state.ts";

/** Parsed skills kept per isolate (by content hash): a hive uses a handful. */
export const SKILL_CACHE_ENTRIES = 256;

export const AdmitRequestSchema = z.strictObject({
  move: z.object({ tool: z.string().max(200), args: z.unknown() }),
  /** The session's gatekeeper state; a fresh session sends none. */
  state: GatekeeperStateSchema.optional(),
  persona: z.object({ name: z.string().max(200), grants: z.array(z.string().max(200)).max(1000) }),
  /** SKILL.md texts of the skills the session knows (state.activeSkills names the active ones). */
  skills: z.array(z.string().max(100_000)).max(64).default([]),
  /** The hive's firewall.yaml text, if it has one. */
  firewall: z.string().max(MAX_FIREWALL_SIZE).optional(),
  roots: z.array(z.string().max(1024)).min(1).max(64).default(["."]),
  /** Epoch ms; the Worker's clock when absent. */
  now: z.number().optional(),
});
export type AdmitRequest = z.input<typeof AdmitRequestSchema>;

export interface FirewallSummary {
  hash: string;
  defaultAction: FirewallAction;
  ruleCount: number;
  askTimeoutMs: number;
}

export type AdmitErrorCode = "BAD_REQUEST" | "FIREWALL_INVALID" | "SKILL_INVALID";

function badRequest(error: z.ZodError): Err<"BAD_REQUEST"> {
  const issue = error.issues[0];
  return err(
    "BAD_REQUEST",
    `invalid request at ${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "unknown"}`,
    "send { move: { tool, args }, persona: { name, grants }, state?, skills?, firewall?, roots? }",
  );
}

export class GatekeeperService {
  readonly firewalls = new FirewallCache();
  readonly #skills = new Map<string, Result<Skill, "SKILL_INVALID">>();

  admit(
    request: unknown,
    clock: () => number = Date.now,
  ): Result<Admission, AdmitErrorCode> | FirewallLoadError {
    const parsed = AdmitRequestSchema.safeParse(request);
    if (!parsed.success) {
      return badRequest(parsed.error);
    }
    const req = parsed.data;
    const firewall = req.firewall === undefined ? undefined : this.firewalls.load(req.firewall);
    if (firewall && !firewall.ok) {
      return firewall;
    }
    const skills: Skill[] = [];
    for (const text of req.skills) {
      const skill = this.#skill(text);
      if (!skill.ok) {
        return skill;
      }
      skills.push(skill.value);
    }
    return ok(
      admit(req.move, {
        state: req.state ?? initialGatekeeperState(),
        persona: req.persona,
        skills,
        firewall: firewall?.value,
        roots: req.roots,
        now: req.now ?? clock(),
      }),
    );
  }

  loadFirewall(
    yamlText: unknown,
  ): Result<FirewallSummary, "FIREWALL_INVALID" | "BAD_REQUEST"> | FirewallLoadError {
    if (typeof yamlText !== "string") {
      return err(
        "BAD_REQUEST",
        "loadFirewall takes the text of firewall.yaml",
        "pass the file's content as a string",
      );
    }
    const loaded = this.firewalls.load(yamlText);
    if (!loaded.ok) {
      return loaded;
    }
    const fw = loaded.value;
    return ok({
      hash: fw.hash,
      defaultAction: fw.defaultAction,
      ruleCount: fw.ruleCount,
      askTimeoutMs: fw.askTimeoutMs,
    });
  }

  #skill(text: string): Result<Skill, "SKILL_INVALID"> {
    const key = sha256Hex(text);
    const cached = this.#skills.get(key);
    if (cached) {
      return cached;
    }
    const parsed = parseSkill(text);
    if (this.#skills.size >= SKILL_CACHE_ENTRIES) {
      // A full cache is simply emptied: skills are cheap to parse again.
      this.#skills.clear();
    }
    this.#skills.set(key, parsed);
    return parsed;
  }
}

export type { FirewallIssue };
