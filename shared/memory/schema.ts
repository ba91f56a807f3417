// Long-term memory's wire schemas: knowledge triplets with provenance and
// validity, steward candidates, runs, versions and changelog entries. Validated
// by the Hive's knowledge store, the memory routes, the steward job and the CLI.
import { z } from "zod";
import type { Result } from "../base/result.ts";

/** Subjects and predicates are names, not text: short, one line. */
export const MAX_SUBJECT_CHARS = 200;
export const MAX_PREDICATE_CHARS = 100;
/** An object is one statement an agent reads in its meta section, not a document. */
export const MAX_OBJECT_CHARS = 2_000;
/** Candidates one steward run applies; the surplus is kept as rejected (FLOOD_LIMIT). */
export const MAX_APPLIED_PER_RUN = 500;
/** Candidates one run accepts in its request; more is refused before anything is read. */
export const MAX_CANDIDATES_PER_RUN = 20_000;
/** A rejected candidate is kept whole up to this size, else as a prefix plus its SHA-256. */
export const MAX_KEPT_REJECTED_CHARS = 256 * 1024;

export const FactKindSchema = z.enum(["fact", "lesson", "failed-strategy"]);
export type FactKind = z.infer<typeof FactKindSchema>;

/**
 * "one": a single current value (a new object closes the old fact);
 * "many": values accumulate (an aggregation across sessions).
 */
export const CardinalitySchema = z.enum(["one", "many"]);
export type Cardinality = z.infer<typeof CardinalitySchema>;

/** Where a triplet came from: the session and step, and the artifact or cited code lines. */
export const MemoryProvenanceSchema = z.strictObject({
  session: z.string().min(1).max(128),
  step: z.number().int().min(0),
  /** An artifact ("artifact:<identifier>@v<version>"), cited lines ("path@manifest:10-14") or a transcript turn. */
  source: z.string().min(1).max(512),
  agent: z.string().min(1).max(128).optional(),
  /** The artifact the fact was read from ("<identifier>@v<version>"). */
  artifact: z.string().min(1).max(160).optional(),
});
export type MemoryProvenance = z.infer<typeof MemoryProvenanceSchema>;

/**
 * A candidate as the steward receives it. Lengths are NOT limited here: an
 * oversized or malformed candidate is rejected with its reason and kept, not
 * refused with the whole run (see validate.ts).
 */
export const CandidateSchema = z.object({
  subject: z.string(),
  predicate: z.string(),
  object: z.string(),
  kind: FactKindSchema.default("fact"),
  cardinality: CardinalitySchema.default("one"),
  /** When the fact became true (epoch ms); the run's time when absent. */
  at: z.number().int().min(0).optional(),
  provenance: MemoryProvenanceSchema,
});
export type Candidate = z.infer<typeof CandidateSchema>;
export type CandidateIn = z.input<typeof CandidateSchema>;

export const StewardTriggerSchema = z.enum(["session", "cron", "manual", "rollback"]);
export type StewardTrigger = z.infer<typeof StewardTriggerSchema>;

export const StewardRunRequestSchema = z.object({
  /** Idempotency: a job delivered twice returns the first run's outcome. */
  jobId: z.string().min(1).max(128),
  /** Who runs it: "meta-steward" for the job, a key or user for manual runs. */
  writer: z.string().min(1).max(128),
  reason: z.string().min(1).max(1_000),
  trigger: StewardTriggerSchema,
  /** The finished session replayed, when the run is about one session. */
  session: z.string().min(1).max(128).optional(),
  /** Candidates extracted outside the Hive (the transcript's lessons and failures). */
  candidates: z.array(z.unknown()).max(MAX_CANDIDATES_PER_RUN).default([]),
  /** The run's time (epoch ms); now when absent. */
  at: z.number().int().min(0).optional(),
});
export type StewardRunRequest = z.infer<typeof StewardRunRequestSchema>;
export type StewardRunRequestIn = z.input<typeof StewardRunRequestSchema>;

export interface Fact {
  id: number;
  subject: string;
  predicate: string;
  object: string;
  kind: FactKind;
  cardinality: Cardinality;
  provenance: MemoryProvenance;
  validFrom: number;
  validTo: number | null;
  /** The steward version that recorded it, and the one that closed it. */
  version: number;
  closedBy: number | null;
  closedReason: string | null;
}

export const RejectionCodeSchema = z.enum([
  "SCHEMA",
  "OBJECT_TOO_LARGE",
  "EMPTY",
  "CONFUSABLE_SUBJECT",
  "LOOKALIKE_SUBJECT",
  "CITATION_MISMATCH",
  "CITATION_UNREADABLE",
  "FLOOD_LIMIT",
]);
export type RejectionCode = z.infer<typeof RejectionCodeSchema>;

export interface Rejection {
  index: number;
  code: RejectionCode;
  reason: string;
}

export interface DriftFlag {
  kind: "contradiction" | "delta";
  subject: string;
  predicate: string;
  before: string | null;
  after: string | null;
  message: string;
}

export interface ChangelogEntry {
  version: number;
  at: number;
  writer: string;
  reason: string;
  trigger: StewardTrigger;
  jobId: string;
  session: string | null;
  status: "applied" | "rolled-back";
  added: number;
  closed: number;
  rejected: number;
  drift: DriftFlag[];
  /** The version this one rolled back, for rollbacks. */
  rollbackOf: number | null;
}

export interface StewardOutcome {
  /** The version applied, or the current one when the run changed nothing. */
  version: number;
  applied: boolean;
  /** The job id had already run: this is that run's outcome. */
  replayed: boolean;
  added: number;
  closed: number;
  rejected: Rejection[];
  drift: DriftFlag[];
}

/** Counters the metrics export reads (names as the issue states them). */
export interface MemoryCounters {
  "meta_steward.run.count": number;
  "schema_violation.count": number;
  "drift.detected": number;
}

export const SearchQuerySchema = z.object({
  q: z.string().min(1).max(1_000),
  /** As of this time (epoch ms); now when absent. */
  at: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(50).default(8),
  /** Share of the query's terms a fact must contain (retrieve.ts's MIN_SIMILARITY when absent). */
  minSimilarity: z.number().min(0).max(1).optional(),
  /** "attribute" (a question, the default) or "subject" (a mission: facts about what it names). */
  anchor: z.enum(["attribute", "subject"]).optional(),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;
export type SearchQueryIn = z.input<typeof SearchQuerySchema>;

export interface ScoredFact {
  fact: Fact;
  similarity: number;
  decay: number;
  weight: number;
}

export type MemoryErrorCode =
  | "INVALID_REQUEST"
  | "NOT_FOUND"
  | "NOT_LATEST"
  | "ALREADY_ROLLED_BACK";
export type MemoryResult<T> = Result<T, MemoryErrorCode>;
