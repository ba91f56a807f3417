// What one committed step of a session carries, and the session state a
// checkpoint restores. A step is applied whole or not at all.
import { z } from "zod";
import { ToolCallSchema } from "../context/messages.ts";
import { PagerOpSchema, type PagerState } from "../context/page.ts";
import type { SectionHitTracker } from "../context/section-hits.ts";
import type { GatekeeperState } from "../gatekeeper/state.ts";
import type { MissionOutcome } from "../governance/mission-outcome.ts";
import { LABEL_PATTERN } from "./checkpoint.ts";

/** A turn's content is stored as a blob; larger payloads go through the output gate. */
export const MAX_TURN_CHARS = 1_000_000;
export const MAX_TURNS_PER_STEP = 64;
export const MAX_OPS_PER_STEP = 64;

export const TurnInputSchema = z
  .strictObject({
    role: z.enum(["system", "user", "assistant", "tool"]),
    content: z.string().max(MAX_TURN_CHARS),
    name: z.string().max(64).optional(),
    /** A tool result answers one call of the assistant turn before it. */
    toolCallId: z.string().min(1).max(128).optional(),
    toolCalls: z.array(ToolCallSchema).max(16).optional(),
  })
  .refine((t) => t.role !== "tool" || t.toolCallId !== undefined, {
    message: "a tool turn needs the toolCallId of the call it answers",
    path: ["toolCallId"],
  });
export type TurnInputWire = z.infer<typeof TurnInputSchema>;

/** A step submitted from outside (an SDK's own loop) or built by the agent loop. */
export const SubmitStepSchema = z.strictObject({
  turns: z.array(TurnInputSchema).max(MAX_TURNS_PER_STEP).default([]),
  ops: z.array(PagerOpSchema).max(MAX_OPS_PER_STEP).default([]),
  label: z.string().regex(LABEL_PATTERN).optional(),
  /** The hive's sync marker this step has seen (Hive.syncMarker: its head, or the sum of its shards' heads). */
  hiveSeqSeen: z.number().int().min(0).optional(),
  /** The workspace manifest this step worked on. */
  workspaceManifest: z.string().max(128).optional(),
});
export type SubmitStep = z.input<typeof SubmitStepSchema>;
export type SubmitStepParsed = z.output<typeof SubmitStepSchema>;

export const SESSION_STATUSES = ["idle", "running", "paused", "finished", "halted"] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** Everything a rollback brings back, besides the transcript position. */
export interface SessionState {
  step: number;
  status: SessionStatus;
  pager: PagerState;
  /** The hash of each envelope section at this step. */
  sectionHashes: Record<string, string>;
  /** Per-step section-hash hits (prompt-cache friendliness). */
  hits: SectionHitTracker;
  /** Policies and routed tool schemas for the static section. */
  static: string[];
  /** Artifacts and long-term knowledge for the meta section. */
  meta: string[];
  /** The gatekeeper's per-session state (last move, error streak, active skills). */
  gatekeeper: GatekeeperState;
  /** The persona in force (a strategy switch changes it mid-mission). */
  persona: string;
  /** How the mission ended, once it has. */
  outcome: MissionOutcome | null;
  /** What the session waits for while paused. */
  pending: PendingHuman | null;
  /** Auto-fix attempts spent on the current failure (bounded). */
  autofix: number;
  /**
   * Model calls answered on this branch: the scripted endpoint's entry index
   * (shared/model/script.ts), so a script stays aligned however the envelope's
   * window trims history. Absent in checkpoints older than the field: 0.
   */
  modelCalls?: number;
  /** Workspace paths this session has written (a rollback restores them). */
  written: string[];
  /**
   * A speculative session's hypothesis layer: files it wrote that the workspace
   * does not hold yet, sorted by path (`content` is externalised into blobs by
   * checkpoints). Absent in checkpoints older than the field: empty.
   */
  overlay?: OverlayFile[];
  /** A move a person approved after an ASK: admitted once when made again. */
  approved: { tool: string; args: string } | null;
  hiveSeqSeen: number;
  workspaceManifest: string | null;
}

/** One file of a speculative session's overlay: its path and whole new content. */
export interface OverlayFile {
  path: string;
  content: string;
}

export interface PendingHuman {
  kind: "question" | "decision";
  question: string;
  options?: string[];
  /** For a gatekeeper ASK: the decision to approve or deny, and when it lapses. */
  decisionId?: string;
  tool?: string;
  args?: string;
  expiresAt?: number;
}
